import type { SessionUser } from '@/lib/session-user.ts';

export type { SessionUser };

/**
 * The signed-in user. Always anonymous for now: the accounts issue fills this in with a
 * react-query call to the session endpoint (and keeps this signature, which the shell relies on).
 */
export function useSession(): { user: SessionUser | null; isLoading: boolean } {
  return { user: null, isLoading: false };
}
