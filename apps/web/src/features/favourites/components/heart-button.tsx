import { favouriteHeart as t } from '@arreglaya/shared/i18n/favourite-heart';
import { cx } from '@/lib/cx.ts';

interface HeartButtonProps {
  contractorName: string;
  pressed: boolean;
  /** While a client's favourites are not known: the heart cannot say its state. */
  unknown?: boolean;
  busy?: boolean;
  onClick: () => void;
}

/** The heart's look: a toggle named after the contractor (favourite-button.tsx and favourite-heart.tsx draw the same). */
export function HeartButton({ contractorName, pressed, unknown, busy, onClick }: HeartButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-disabled={unknown || undefined}
      aria-busy={busy || undefined}
      // A toggle keeps one name (WAI-ARIA APG); aria-pressed says whether it is a favourite.
      aria-label={t.toggle(contractorName)}
      title={pressed ? t.removeHint : t.addHint}
      onClick={onClick}
      className={cx(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-full border bg-white transition-colors hover:bg-red-50',
        pressed ? 'border-red-700 text-red-700' : 'border-slate-400 text-slate-700 hover:text-red-700',
      )}
    >
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 24 24"
        className="size-6"
        fill={pressed ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      >
        <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.4 7.7 3.6 4 7.2 4c2 0 3.6 1.1 4.8 2.8C13.2 5.1 14.8 4 16.8 4c3.6 0 5.8 3.7 4.5 7.1-1.8 4.8-9.3 9.4-9.3 9.4z" />
      </svg>
    </button>
  );
}
