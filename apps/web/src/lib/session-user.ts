import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '@arreglaya/shared/domain';
import type { Session, SessionUser } from '@arreglaya/shared/schemas/auth';

// Type-only imports: the shell renders the session user without pulling zod into the first bundle.
export type { Session, SessionUser };

/**
 * The react-query key of GET /api/auth/session. Lives here, not in the auth feature, because
 * other features (account deletion) and route files must clear it too.
 */
export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

export const SIGNED_OUT: Session = { user: null, expiresAt: null };

/**
 * Reads the session again after a change the navbar shows (names, avatar, expiry). useViewer
 * watches the cache without an observer, so the entry counts as inactive: refetch it whatever its state.
 */
export function refreshSession(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY, refetchType: 'all' });
}

/** The account area differs by role: clients use /perfil, everyone else /profile (spec §2). */
export function accountPath(user: Pick<SessionUser, 'role'> | null): string {
  return user?.role === 'client' ? '/perfil' : '/profile';
}

/** Where a person lands after signing in (spec §4 Login success; sysadmins have their own area). */
export function homeFor(role: Role): string {
  if (role === 'sysadmin') return '/admin';
  return role === 'client' ? '/perfil/info' : '/profile/info';
}

/**
 * Where a person lands once their sign-up is confirmed: a contractor on the spec's registration
 * screen, /contractor/profile ('Completa tu perfil de contratista': nobody finds them until the
 * profile has a name, a service and a city); anyone else where a sign-in leads.
 */
export function homeAfterSignUp(role: Role): string {
  return role === 'contractor' ? '/contractor/profile' : homeFor(role);
}

/** A same-site path (`/x`, not `//evil.example` or `https://…`), or null: guards `redirect` values. */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
