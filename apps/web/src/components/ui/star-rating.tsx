import { useId } from 'react';
import { shell } from '@arreglaya/shared/i18n/shell';
import { formatRating } from '@/lib/format.ts';
import { cx } from '@/lib/cx.ts';

const STAR = 'M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z';

/**
 * Spec §9's star widget sizes, by place (docs/spec-decisions.md): 25 px where the rating is the
 * page's subject (a profile's header, the account sidebar), 20 px on a card or in a list, 17 px in
 * a compact line (the navbar, the chat's conversation list).
 */
export const STAR_SIZES_PX = { lg: 25, md: 20, sm: 17 } as const;
export type StarSize = keyof typeof STAR_SIZES_PX;

interface StarRatingProps {
  /** 0–5; rounded to the nearest half star. */
  value: number;
  /** Show the number next to the stars. */
  showValue?: boolean;
  /** By place: 'lg' 25 px, 'md' 20 px (the default), 'sm' 17 px. */
  size?: StarSize;
  className?: string;
}

/** Read-only star rating; announced as one image, e.g. "Calificación: 4.5 de 5 estrellas". */
export function StarRating({ value, showValue = true, size = 'md', className }: StarRatingProps) {
  const px = STAR_SIZES_PX[size];
  const clipId = useId();
  const rating = Math.min(5, Math.max(0, Number.isFinite(value) ? value : 0));
  const halves = Math.round(rating * 2);
  const text = formatRating(rating);
  return (
    <span role="img" aria-label={shell.rating.label(text)} className={cx('inline-flex items-center gap-1', className)}>
      <span className="inline-flex" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => {
          const fill = halves >= (i + 1) * 2 ? 'full' : halves === i * 2 + 1 ? 'half' : 'empty';
          return (
            <svg key={i} viewBox="0 0 24 24" width={px} height={px} className="shrink-0" focusable="false">
              {fill === 'half' && (
                <defs>
                  <clipPath id={`${clipId}-${i}`}>
                    <rect x="0" y="0" width="12" height="24" />
                  </clipPath>
                </defs>
              )}
              <path d={STAR} className={fill === 'full' ? 'fill-star' : 'fill-star-empty'} />
              {fill === 'half' && <path d={STAR} className="fill-star" clipPath={`url(#${clipId}-${i})`} />}
            </svg>
          );
        })}
      </span>
      {showValue && (
        <span className="text-sm font-medium text-slate-700" aria-hidden="true">
          {text}
        </span>
      )}
    </span>
  );
}
