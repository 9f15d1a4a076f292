import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { auth as t } from '@arreglaya/shared/i18n/auth';
import { Spinner } from '@/components/ui/spinner.tsx';
import { SESSION_QUERY_KEY, SIGNED_OUT } from '@/lib/session-user.ts';
import { signOut } from '../api/auth-api.ts';

/** Spec §2 Sign out: the page shows for about 3 seconds in all. */
const SIGN_OUT_PAGE_MS = 3_000;

/** /signout: ends the session, clears everything cached, then replaces the route with /. */
export function SignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Once per visit, even if React mounts the effect twice (StrictMode in development).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const wait = new Promise((resolve) => window.setTimeout(resolve, SIGN_OUT_PAGE_MS));
    // A failed call (already signed out, offline) still ends the session in this browser.
    void Promise.all([signOut().catch(() => undefined), wait]).then(() => {
      // Everything but the session entry, which the navbar is watching: set rather than removed.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, SIGNED_OUT);
      void navigate('/', { replace: true });
    });
  }, [navigate, queryClient]);

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t.signOut.busy}</h1>
      <Spinner />
    </div>
  );
}
