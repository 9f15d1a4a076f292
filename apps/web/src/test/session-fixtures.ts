import type { Session, SessionUser } from '@/lib/session-user.ts';

/** A signed-in client's session for component tests (Yolanda Peña, nothing unread unless told). */
export function testSession(extra: Partial<SessionUser> = {}): Session {
  return {
    user: {
      id: '0c9a1f3e-2b4d-4e6f-8a1b-2c3d4e5f6a7b',
      role: 'client',
      firstName: 'Yolanda',
      lastName: 'Peña',
      email: 'y@correo.do',
      phone: null,
      avatarUrl: null,
      rating: 0,
      unreadMessages: 0,
      unreadNotices: 0,
      country: 'DO',
      profileListed: null,
      ...extra,
    },
    expiresAt: null,
  };
}
