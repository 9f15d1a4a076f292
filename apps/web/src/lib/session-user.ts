import type { Role } from '@arreglaya/shared/domain';

/**
 * The signed-in user as the shell needs it (navbar, breadcrumb). Lives in lib, not in the
 * auth feature, because shared layout components render it without importing a feature.
 */
export interface SessionUser {
  id: string;
  role: Role;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  /** 0–5; 0 when the user has no reviews yet. */
  rating: number;
  unreadMessages: number;
}

/** The account area differs by role: clients use /perfil, everyone else /profile (spec §2). */
export function accountPath(user: Pick<SessionUser, 'role'> | null): string {
  return user?.role === 'client' ? '/perfil' : '/profile';
}
