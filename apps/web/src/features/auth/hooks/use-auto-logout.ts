import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { focusManager, useQueryClient } from '@tanstack/react-query';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { clearDrafts } from '@/lib/form-drafts.ts';
import { SESSION_QUERY_KEY, SIGNED_OUT } from '@/lib/session-user.ts';
import { fetchSession } from '../api/auth-api.ts';
import { authModals } from '@/lib/auth-modals.ts';
import { sessionQuery } from '../session-query.ts';
import { useViewer } from '@/lib/use-viewer.ts';

// Asked a moment after the expiry so the server's clock has surely passed it too.
const EXPIRY_MARGIN_MS = 1_000;
// setTimeout treats longer delays as 0.
const MAX_TIMER_MS = 2_147_000_000;
/** How often a visible, signed-in page asks the session again (its unread-messages count). */
const SESSION_POLL_MS = 30_000;

/**
 * Spec §4 Session: at expiry the app signs out by itself, returns home and says so. The session
 * slides on the server, so when the timer fires the session is asked again: a session extended
 * meanwhile only moves the timer. The session is also asked again when the window gets the focus
 * and every SESSION_POLL_MS while the page is visible, so the unread-messages badge of the navbar
 * and the account menu (spec §2) follows new messages without a reload.
 */
export function useAutoLogout(): void {
  const { user, expiresAt } = useViewer();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const messageBox = useMessageBox();
  const signedIn = user !== null;

  // A person who signed in or out in another tab sees it here when they come back.
  useEffect(
    () =>
      focusManager.subscribe((focused) => {
        if (focused) queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 }).catch(() => undefined);
      }),
    [queryClient],
  );

  // Polled by hand rather than with useQuery's refetchInterval: useViewer stays off the query
  // observer to keep the first bundle small. Only a signed-in answer is written; an ended session
  // is for the expiry timer below (or the next focus) to announce. The chat will push it later.
  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    const timer = window.setInterval(() => {
      if (!focusManager.isFocused()) return;
      fetchSession()
        .then((session) => {
          if (!cancelled && session.user) queryClient.setQueryData(SESSION_QUERY_KEY, session);
        })
        .catch(() => undefined);
    }, SESSION_POLL_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [signedIn, queryClient]);

  useEffect(() => {
    if (!signedIn || !expiresAt) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, Date.parse(expiresAt) - Date.now() + EXPIRY_MARGIN_MS));
    let cancelled = false;
    const timer = window.setTimeout(() => {
      // Asked outside the cache: writing the answer there first would end this effect (and its
      // `cancelled` flag) before the sign-out below could run.
      fetchSession()
        .catch(() => null)
        .then((session) => {
          if (cancelled) return;
          if (session?.user) {
            // Extended meanwhile: the new expiry restarts the timer.
            queryClient.setQueryData(SESSION_QUERY_KEY, session);
            return;
          }
          // Everything cached belonged to the person who was signed in.
          queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
          queryClient.setQueryData(SESSION_QUERY_KEY, SIGNED_OUT);
          // As on sign-out: no form draft stays for the next person at this browser.
          void clearDrafts();
          authModals.close();
          void navigate('/', { replace: true });
          // The auth texts (mail templates included) stay out of the first bundle.
          void import('@arreglaya/shared/i18n/auth').then(({ auth }) => messageBox.show({ text: auth.sessionEnded, kind: 'info' }));
        });
    }, delay);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [signedIn, expiresAt, queryClient, navigate, messageBox]);
}
