import { replace, type LoaderFunction } from 'react-router';
import type { Role } from '@arreglaya/shared/domain';
import { queryClient } from '@/lib/query-client.ts';
import { homeFor, type SessionUser } from '@/lib/session-user.ts';
import { authModals } from '@/lib/auth-modals.ts';
import { sessionQuery } from './session-query.ts';

/**
 * The one guard of the protected areas (a route loader, so the page is never shown to the
 * wrong person). Signed out: the navigation is cancelled — the app stays on the page it was
 * on (home on a direct visit) — and the sign-in dialog opens, remembering the page asked for.
 * Wrong role: the person's own area.
 *
 * `currentPath` is the page shown before this navigation, or null on the first load.
 */
export function requireSession(roles: readonly Role[] | null, currentPath: () => string | null): LoaderFunction {
  return async ({ request }) => {
    const session = await queryClient.ensureQueryData(sessionQuery).catch(() => null);
    const user = session?.user ?? null;
    if (!user) {
      const url = new URL(request.url);
      authModals.openSignIn({ redirectTo: url.pathname + url.search });
      throw replace(currentPath() ?? '/');
    }
    if (roles && !roles.includes(user.role)) throw replace(homeFor(user.role));
    return null;
  };
}

/**
 * /login: the sign-in dialog over the landing page (a signed-in person goes to their area). A
 * Google / Facebook sign-in that failed lands here with `?error=<code>` (the server's
 * SOCIAL_ERROR_PATH): the dialog opens saying so.
 */
export const openSignInLoader: LoaderFunction = async ({ request }) => {
  const session = await queryClient.ensureQueryData(sessionQuery).catch(() => null);
  if (session?.user) throw replace(homeFor(session.user.role));
  // The auth catalogue stays out of the first bundle (this loader is in it): loaded only for the failure.
  const failed = new URL(request.url).searchParams.has('error');
  authModals.openSignIn(failed ? { error: (await import('@arreglaya/shared/i18n/auth')).auth.socialFailed } : {});
  return null;
};

/** For route loaders that prefetch a signed-in person's data: who is signed in (null when nobody, or unknown). */
export async function loaderViewer(): Promise<SessionUser | null> {
  const session = await queryClient.ensureQueryData(sessionQuery).catch(() => null);
  return session?.user ?? null;
}
