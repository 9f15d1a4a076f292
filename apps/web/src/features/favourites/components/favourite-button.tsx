import { useLocation } from 'react-router';
import { authModals } from '@/lib/auth-modals.ts';
import { useFavouriteIds, useToggleFavourite } from '../api/favourites-queries.ts';
import { useViewer } from '@/lib/use-viewer.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';
import { HeartButton } from './heart-button.tsx';

interface FavouriteButtonProps {
  contractorId: string;
  contractorName: string;
}

/**
 * The heart on a contractor (spec §4): a toggle for clients; a visitor gets the sign-in dialog
 * and comes back here; contractors and sysadmins see no heart (favourites are a client feature).
 * Cards and the contractor's page show `FavouriteHeart`, which loads this for a client only.
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

  return <HeartButton contractorName={contractorName} pressed={pressed} unknown={unknown} busy={inFlight.busy} onClick={onClick} />;
}
