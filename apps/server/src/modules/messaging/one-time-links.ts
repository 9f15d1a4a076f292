import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { oneTimeLinks } from '../../db/schema/index.ts';

// One-time links in the notices about money (decision 062): a random 256-bit token, only its
// SHA-256 stored, bound to the person and the page it opens; it expires, and its first use by that
// person, signed in, spends it. It opens the page: the action is still taken there, signed in.

/** How long a one-time link opens its page. */
export const ONE_TIME_LINK_TTL_MS = 7 * 86_400_000;
/** Where a link is opened (GET, public: the route itself asks for the session). */
export const ONE_TIME_LINK_PATH = '/api/links';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Stores a new link to `path` (an app path, /proyectos/…) for the person and gives its URL. */
export async function createOneTimeLink(db: DbOrTx, input: { appUrl: string; userId: string; path: string; now: Date }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(oneTimeLinks).values({ tokenHash: hashOf(token), userId: input.userId, path: input.path, expiresAt: new Date(input.now.getTime() + ONE_TIME_LINK_TTL_MS) });
  return `${input.appUrl}${ONE_TIME_LINK_PATH}/${token}`;
}

export type LinkUse = { kind: 'gone' } | { kind: 'signIn'; path: string } | { kind: 'otherAccount' } | { kind: 'open'; path: string };

/**
 * Opening a link: unknown, spent or expired is `gone`; without a session, `signIn` to its page (the
 * web asks to sign in and comes back to it; the link stays unspent); another person's session,
 * `otherAccount` (unspent); the person's own, it is spent (once, also when opened twice at once) and opens.
 */
export async function useOneTimeLink(db: DbOrTx, token: string, viewerId: string | null, now: Date): Promise<LinkUse> {
  const live = and(eq(oneTimeLinks.tokenHash, hashOf(token)), isNull(oneTimeLinks.usedAt), gt(oneTimeLinks.expiresAt, now));
  const [link] = await db.select({ userId: oneTimeLinks.userId, path: oneTimeLinks.path }).from(oneTimeLinks).where(live);
  if (!link) return { kind: 'gone' };
  if (viewerId === null) return { kind: 'signIn', path: link.path };
  if (viewerId !== link.userId) return { kind: 'otherAccount' };
  const [spent] = await db.update(oneTimeLinks).set({ usedAt: now }).where(live).returning({ path: oneTimeLinks.path });
  return spent ? { kind: 'open', path: spent.path } : { kind: 'gone' };
}
