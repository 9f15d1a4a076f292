import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { photos as t } from '@arreglaya/shared/i18n/photos';
import { PHOTO_WIDTHS, photoSrcSet, photoVariantUrl, type PhotoWidth } from '@arreglaya/shared/photo-widths';
import { savesData } from '@/lib/connection.ts';
import { cx } from '@/lib/cx.ts';
import { formatKilobytes } from '@/lib/format.ts';

import { PhotoPicture, photoJpegUrl } from './photo-picture.tsx';

export { photoJpegUrl };

/** The narrowest width that fills `cssPixels` on this screen (the widest when none does). */
export function widthFor(cssPixels: number, devicePixelRatio = 1): PhotoWidth {
  const needed = cssPixels * devicePixelRatio;
  return PHOTO_WIDTHS.find((w) => w >= needed) ?? PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
}

interface PhotoProps {
  /** A stored photo's id (`/api/photos/:id`); a chat photo passes `urls` instead. */
  photoId?: string;
  /** Other routes (a conversation's photos): the URL of each WebP width, and the JPEG fallback. */
  urls?: { width: (w: PhotoWidth) => string; fallback: string };
  /** From the catalogue or the record ('Baño remodelado, foto 2'); '' only when the text beside it says the same. */
  alt: string;
  /** How wide the photo shows, for the browser's choice of width (`(min-width: 640px) 33vw, 50vw`). */
  sizes: string;
  /** The box's width and height in CSS pixels (its aspect ratio): no layout shift while it loads. */
  width: number;
  height: number;
  /** The JPEG a browser without WebP shows (md unless told). */
  fallback?: 'sm' | 'md' | 'lg';
  /** 'eager' only for a photo at the top of the page; every other waits until it is near. */
  loading?: 'lazy' | 'eager';
  /** Portfolio and gallery photos: with Save-Data on, they wait for a tap (decision 073). Avatars and small thumbnails never do. */
  waitsOnSaveData?: boolean;
  className?: string;
}

const noSubscription = () => () => {};

/**
 * Every stored photo the web app shows (decision 073): a `<picture>` whose WebP `srcset` lets the
 * browser take the narrowest width that fills the box on its screen, the JPEG as the fallback of a
 * browser without WebP, width and height so nothing moves while it loads, lazy unless told.
 *
 * With Save-Data on (`navigator.connection.saveData`), a portfolio or gallery photo shows a
 * 'Ver foto (24 kB)' button in its place: the weight is the width this box needs, read with a HEAD
 * request (no image bytes), and the tap loads exactly that file. Server-rendered HTML has the photo
 * (lazy, so not fetched before the page runs); the button replaces it once the page runs.
 */
export function Photo({ photoId, urls, alt, sizes, width, height, fallback = 'md', loading = 'lazy', waitsOnSaveData = false, className }: PhotoProps) {
  const widthUrl = urls?.width ?? ((w: PhotoWidth) => photoVariantUrl(photoId ?? '', w));
  const fallbackUrl = urls?.fallback ?? photoJpegUrl(photoId ?? '', fallback);
  const saveData = useSyncExternalStore(noSubscription, savesData, () => false);
  const [shown, setShown] = useState<PhotoWidth | null>(null);

  if (waitsOnSaveData && saveData) {
    if (shown === null) return <SaveDataButton widthUrl={widthUrl} width={width} height={height} className={className} onShow={setShown} />;
    return <img src={widthUrl(shown)} alt={alt} width={width} height={height} decoding="async" className={className} />;
  }
  return <PhotoPicture srcSet={photoSrcSet(widthUrl)} fallbackUrl={fallbackUrl} alt={alt} sizes={sizes} width={width} height={height} loading={loading} className={className} />;
}

function SaveDataButton({
  widthUrl,
  width,
  height,
  className,
  onShow,
}: {
  widthUrl: (w: PhotoWidth) => string;
  width: number;
  height: number;
  className?: string;
  onShow: (w: PhotoWidth) => void;
}) {
  const box = useRef<HTMLButtonElement>(null);
  const [choice, setChoice] = useState<{ width: PhotoWidth; bytes: number | null } | null>(null);

  useEffect(() => {
    const shownWidth = box.current?.clientWidth || width;
    const w = widthFor(shownWidth, window.devicePixelRatio || 1);
    let live = true;
    setChoice({ width: w, bytes: null });
    fetch(widthUrl(w), { method: 'HEAD', credentials: 'same-origin' })
      .then((res) => {
        const bytes = Number(res.headers.get('content-length'));
        if (live && res.ok && bytes > 0) setChoice({ width: w, bytes });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
    // The box's width is read once, when the button first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const label = choice?.bytes ? t.show(formatKilobytes(choice.bytes)) : t.showUnknown;
  return (
    <button
      ref={box}
      type="button"
      onClick={() => onShow(choice?.width ?? widthFor(width))}
      style={{ aspectRatio: `${width} / ${height}` }}
      className={cx('flex w-full flex-col items-center justify-center gap-1 bg-slate-100 p-2 text-center text-sm font-medium text-brand-800 underline', className)}
    >
      <span>{label}</span> <span className="text-xs font-normal text-slate-700 no-underline">{t.savingData}</span>
    </button>
  );
}
