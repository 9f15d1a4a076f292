import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { auth as t } from '@arreglaya/shared/i18n/auth';
import { Spinner } from '@/components/ui/spinner.tsx';
import { SESSION_QUERY_KEY, SIGNED_OUT } from '@/lib/session-user.ts';
import { clearDrafts } from '@/lib/form-drafts.ts';
import { signOut } from '../api/auth-api.ts';
import { sessionQuery } from '../session-query.ts';

/** Spec §2 Sign out: the page shows for about 3 seconds in all. */
const SIGN_OUT_PAGE_MS = 3_000;

/**
 * /signout: ends the session, clears everything cached, then replaces the route with /.
 * `releaseDevice` stops this browser's pushes and gives its endpoint, which the sign-out deletes
 * on the server (decision 039).
 */
export function SignOut({ releaseDevice }: { releaseDevice?: () => Promise<string | undefined> }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Once per visit, even if React mounts the effect twice (StrictMode in development).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const wait = new Promise((resolve) => window.setTimeout(resolve, SIGN_OUT_PAGE_MS));
    // Only a live session is ended on the server (nobody signed in, or an account just deleted,
    // would get a 401). A failed call (offline) still ends the session in this browser.
    const end = queryClient
      .ensureQueryData(sessionQuery)
      .then(async (session) => (session.user ? signOut(await releaseDevice?.()) : undefined))
      .catch(() => undefined);
    // A form draft kept for after signing in (photos included) does not stay for the next person.
    const forget = clearDrafts();
    void Promise.all([end, wait, forget]).then(() => {
      // Everything but the session entry, which the navbar is watching: set rather than removed.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, SIGNED_OUT);
      void navigate('/', { replace: true });
    });
  }, [navigate, queryClient, releaseDevice]);

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t.signOut.busy}</h1>
      <Spinner />
    </div>
  );
}
