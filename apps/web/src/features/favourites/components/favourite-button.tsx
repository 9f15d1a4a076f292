import { useLocation } from 'react-router';
import { favourites as t } from '@arreglaya/shared/i18n/favourites';
import { authModals } from '@/lib/auth-modals.ts';
import { cx } from '@/lib/cx.ts';
import { useFavouriteIds, useToggleFavourite } from '../api/favourites-queries.ts';
import { useViewer } from '@/lib/use-viewer.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';

interface FavouriteButtonProps {
  contractorId: string;
  contractorName: string;
}

/**
 * The heart on a contractor (spec §4): a toggle for clients; a visitor gets the sign-in dialog
 * and comes back here; contractors and sysadmins see no heart (favourites are a client feature).
 */
export function FavouriteButton({ contractorId, contractorName }: FavouriteButtonProps) {
  const { user, isLoading } = useViewer();
  const location = useLocation();
  const clientId = user?.role === 'client' ? user.id : null;
  const ids = useFavouriteIds(clientId);
  const toggle = useToggleFavourite(clientId ?? '', contractorId);
  // One press, one request: a second press while the first is answered does nothing.
  const inFlight = useInFlight();

  if (isLoading || (user && !clientId)) return null;
  const pressed = clientId !== null && (ids.data?.includes(contractorId) ?? false);
  // Until a client's favourites are known the heart cannot say its state, and a press would
  // add a favourite the person meant to remove (Mis favoritos draws its cards first).
  const unknown = clientId !== null && ids.data === undefined;

  const onClick = () => {
    if (unknown || inFlight.busy) return;
    if (!clientId) {
      authModals.openSignIn({ redirectTo: location.pathname + location.search });
      return;
    }
    void inFlight.send(toggle, { contractorId, favourite: !pressed });
  };

  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-disabled={unknown || undefined}
      aria-busy={inFlight.busy || undefined}
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
