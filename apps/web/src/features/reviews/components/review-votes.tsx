import { useState } from 'react';
import { useLocation } from 'react-router';
import { reviewVotes } from '@arreglaya/shared/i18n/review-votes';
import type { ReviewVotes, ReviewVoteValue } from '@arreglaya/shared/schemas/reviews';
import { authModals } from '@/lib/auth-modals.ts';
import { cx } from '@/lib/cx.ts';
import { formatNumber } from '@/lib/format.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';

interface ReviewVoteButtonsProps {
  votes: ReviewVotes | undefined;
  /** Signed in: a tap votes; a visitor's tap opens the sign-in dialog and comes back here. */
  signedIn: boolean;
  locale: string;
  onVote: (value: ReviewVoteValue | null) => Promise<unknown>;
}

const buttonClasses = (pressed: boolean) =>
  cx(
    'inline-flex min-h-11 min-w-11 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold transition-colors',
    pressed ? 'border-brand-700 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-700 hover:border-brand-400',
  );

/**
 * "Me gusta" / "No me gusta" under a public review (spec §3's counts, real since issue 55). Each
 * button is a toggle (aria-pressed) named with its count; tapping the pressed one takes the vote
 * back, the other one changes it. One tap, one request. The review's author and the contractor it
 * is about see the counts only.
 */
export function ReviewVoteButtons({ votes, signedIn, locale, onVote }: ReviewVoteButtonsProps) {
  const location = useLocation();
  const inFlight = useInFlight();
  const [failed, setFailed] = useState(false);
  if (!votes) return null;
  const likes = formatNumber(votes.likes, locale);
  const dislikes = formatNumber(votes.dislikes, locale);
  if (votes.own) return <p className="mt-2 text-sm text-slate-700">{reviewVotes.summary(likes, dislikes)}</p>;

  const press = (value: ReviewVoteValue) => {
    if (!signedIn) {
      authModals.openSignIn({ redirectTo: location.pathname + location.search });
      return;
    }
    setFailed(false);
    void inFlight.run(() => onVote(votes.mine === value ? null : value).catch(() => setFailed(true)));
  };
  return (
    <div className="mt-2">
      <div role="group" aria-label={reviewVotes.groupLabel} className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-pressed={votes.mine === 1}
          aria-busy={inFlight.busy || undefined}
          onClick={() => press(1)}
          className={buttonClasses(votes.mine === 1)}
          aria-label={reviewVotes.likeNamed(likes)}
        >
          <Thumb up />
          <span aria-hidden="true">{likes}</span>
        </button>
        <button
          type="button"
          aria-pressed={votes.mine === -1}
          aria-busy={inFlight.busy || undefined}
          onClick={() => press(-1)}
          className={buttonClasses(votes.mine === -1)}
          aria-label={reviewVotes.dislikeNamed(dislikes)}
        >
          <Thumb up={false} />
          <span aria-hidden="true">{dislikes}</span>
        </button>
      </div>
      <p role="status" className={failed ? 'mt-1 text-sm font-medium text-red-800' : 'sr-only'}>
        {failed ? reviewVotes.failed : ''}
      </p>
    </div>
  );
}

function Thumb({ up }: { up: boolean }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={cx('size-5', !up && 'rotate-180')}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h3Zm0 0 4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.1 21H7" />
    </svg>
  );
}
