import { useState } from 'react';
import { photoSrcSet, photoVariantUrl } from '@arreglaya/shared/photo-widths';
import { cx } from '@/lib/cx.ts';

export const DEFAULT_AVATAR_URL = '/default-avatar.svg';

const SIZES = {
  sm: { px: 32, className: 'size-8' },
  md: { px: 40, className: 'size-10' },
  lg: { px: 96, className: 'size-24' },
} as const;

interface AvatarProps {
  src: string | null | undefined;
  /** Leave empty when the person's name is shown next to the picture. */
  alt?: string;
  size?: keyof typeof SIZES;
  className?: string;
}

/** A stored photo's JPEG URL (`/api/photos/<id>/<size>`, what the API answers for avatars): its id, to offer the WebP widths. */
const STORED_PHOTO = /^\/api\/photos\/([0-9a-f-]{36})\/(?:sm|md|lg)$/i;

/**
 * A round profile picture; a missing or broken image falls back to the default avatar (spec §2).
 * A stored photo is offered in its WebP widths (decision 073), so a 40 px avatar downloads the
 * 160 px file, not the 320 px JPEG; the JPEG stays the fallback. Avatars load with Save-Data on.
 */
export function Avatar({ src, alt = '', size = 'md', className }: AvatarProps) {
  // Remember which URL failed rather than a boolean, so a new `src` gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const url = !src || src === failedSrc ? DEFAULT_AVATAR_URL : src;
  const { px, className: sizeClass } = SIZES[size];
  const stored = STORED_PHOTO.exec(url)?.[1];
  const img = (
    <img
      src={url}
      alt={alt}
      width={px}
      height={px}
      loading="lazy"
      decoding="async"
      className={cx('shrink-0 rounded-full bg-brand-50 object-cover', sizeClass, className)}
      onError={() => {
        if (src && url === src) setFailedSrc(src);
      }}
    />
  );
  if (!stored) return img;
  return (
    <picture className="contents">
      <source type="image/webp" srcSet={photoSrcSet((w) => photoVariantUrl(stored, w))} sizes={`${px}px`} />
      {img}
    </picture>
  );
}
