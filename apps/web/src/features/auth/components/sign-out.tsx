import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { auth as t } from '@arreglaya/shared/i18n/auth';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { SESSION_QUERY_KEY, SIGNED_OUT } from '@/lib/session-user.ts';
import { clearDrafts } from '@/lib/form-drafts.ts';
import { signOut } from '../api/auth-api.ts';
import { sessionQuery } from '../session-query.ts';

/**
 * /signout: ends the session, clears everything cached, then replaces the route with / and says
 * so. As soon as the server has answered: the spec's three-second wait made a phone user think
 * nothing happened (issue 46; docs/spec-decisions.md).
 * `releaseDevice` stops this browser's pushes and gives its endpoint, which the sign-out deletes
 * on the server (decision 039).
 */
export function SignOut({ releaseDevice }: { releaseDevice?: () => Promise<string | undefined> }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  // Once per visit, even if React mounts the effect twice (StrictMode in development).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Only a live session is ended on the server (nobody signed in, or an account just deleted,
    // would get a 401). A failed call (offline) still ends the session in this browser.
    const end = queryClient
      .ensureQueryData(sessionQuery)
      .then(async (session) => {
        if (!session.user) return false;
        await signOut(await releaseDevice?.()).catch(() => undefined);
        return true;
      })
      .catch(() => false);
    // A form draft kept for after signing in (photos included) does not stay for the next person.
    const forget = clearDrafts();
    void Promise.all([end, forget]).then(([signedOut]) => {
      // Everything but the session entry, which the navbar is watching: set rather than removed.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, SIGNED_OUT);
      void navigate('/', { replace: true });
      // Said only when this page ended a session (an account just deleted has said its own).
      if (signedOut) messageBox.show({ text: t.signOut.done, kind: 'info' });
    });
  }, [navigate, queryClient, releaseDevice, messageBox]);

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t.signOut.busy}</h1>
      <Spinner />
    </div>
  );
}
