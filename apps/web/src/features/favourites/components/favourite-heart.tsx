import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { authModals } from '@/lib/auth-modals.ts';
import { useViewer } from '@/lib/use-viewer.ts';
import { HeartButton } from './heart-button.tsx';

// The toggle (the favourites' queries, the mutation, its error message) is a chunk of its own.
const FavouriteButton = lazy(() => import('./favourite-button.tsx').then((m) => ({ default: m.FavouriteButton })));

interface FavouriteHeartProps {
  contractorId: string;
  contractorName: string;
}

/**
 * The heart on a contractor card or page (spec §4), light for a visitor's first load (decision
 * 070): a visitor's tap opens the sign-in dialog and comes back here, which needs nothing more; a
 * client gets the toggle (favourite-button.tsx), whose code comes once the session says so, the
 * heart's place kept meanwhile by the card; contractors and sysadmins see no heart.
 */
export function FavouriteHeart({ contractorId, contractorName }: FavouriteHeartProps) {
  const { user, isLoading } = useViewer();
  const location = useLocation();
  if (isLoading || (user && user.role !== 'client')) return null;
  if (user) {
    return (
      <Suspense fallback={null}>
        <FavouriteButton contractorId={contractorId} contractorName={contractorName} />
      </Suspense>
    );
  }
  return <HeartButton contractorName={contractorName} pressed={false} onClick={() => authModals.openSignIn({ redirectTo: location.pathname + location.search })} />;
}
