import { createHash, randomBytes } from 'node:crypto';
import { quotes as tq } from '@arreglaya/shared/i18n/projects';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { quoteActionTokens } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { isActiveUser, lockIfActive } from '../users/users.service.ts';

// The 'Aprobar oferta' / 'Rechazar oferta' buttons of the new-offer mail. Each is a random
// 256-bit token (only its SHA-256 is stored) bound to one quote, one client and one action.
// Opening the link (GET) shows the offer and asks to confirm, changing nothing: mail scanners
// open links. Confirming (POST) spends it, in the transaction that does the action; any use of
// one of a quote's links, or any decision on the quote, spends both.
//
// A link acts only for an active account (users.service.ts, `mayAct`): the client it was sent to
// banned or deleted, both the read and the confirmation answer as for a spent link and nothing is
// written, not even the link's use (a refused link stays unspent; it can never act while the
// account is not active, and a ban or a deletion closes the offer anyway, spending it: issue 29).

export type LinkAction = 'accept' | 'reject';

/** Links stay usable this long at most (the quote's own expiry usually comes first). */
const LINK_TTL_MS = 30 * 86_400_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Two fresh links for a quote about to be inserted (stored with it in one statement,
 * `offerOnCommit` in quotes.repository.ts): the hashes to store, the latest they may expire, the URLs to mail.
 */
export function newQuoteLinks(appUrl: string): { rows: { tokenHash: string; action: LinkAction }[]; maxExpiresAt: Date; urls: Record<LinkAction, string> } {
  const tokens = { accept: randomBytes(32).toString('base64url'), reject: randomBytes(32).toString('base64url') };
  return {
    rows: (['accept', 'reject'] as const).map((action) => ({ tokenHash: hashOf(tokens[action]), action })),
    maxExpiresAt: new Date(Date.now() + LINK_TTL_MS),
    urls: { accept: `${appUrl}/oferta/confirmar/${tokens.accept}`, reject: `${appUrl}/oferta/confirmar/${tokens.reject}` },
  };
}

/** An unspent, unexpired link of an active account, or 404 'Este enlace no es válido o ya fue usado.'. */
export async function findQuoteLink(db: Db | Tx, token: string): Promise<{ quoteId: string; userId: string; action: LinkAction }> {
  const [row] = await db
    .select({ quoteId: quoteActionTokens.quoteId, userId: quoteActionTokens.userId, action: quoteActionTokens.action })
    .from(quoteActionTokens)
    .where(and(eq(quoteActionTokens.tokenHash, hashOf(token)), isNull(quoteActionTokens.usedAt), gt(quoteActionTokens.expiresAt, new Date())));
  if (!row || !(await isActiveUser(db, row.userId))) throw new AppError('NOT_FOUND', tq.linkInvalid);
  return { ...row, action: row.action as LinkAction };
}

/**
 * Spends a link for good (the row is locked: two confirmations at once, one wins). The account's
 * row is share-locked first and must be active: a ban or a deletion committing meanwhile is
 * waited for and refuses the link; one that comes later waits for this transaction. Always the
 * account before the link, the project and the quote, as a ban and a deletion take them.
 */
export async function spendQuoteLink(tx: Tx, token: string): Promise<{ quoteId: string; userId: string; action: LinkAction }> {
  const { userId } = await findQuoteLink(tx, token);
  if (!(await lockIfActive(tx, userId))) throw new AppError('NOT_FOUND', tq.linkInvalid);
  const [row] = await tx
    .update(quoteActionTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(quoteActionTokens.tokenHash, hashOf(token)), isNull(quoteActionTokens.usedAt), gt(quoteActionTokens.expiresAt, new Date())))
    .returning({ quoteId: quoteActionTokens.quoteId, userId: quoteActionTokens.userId, action: quoteActionTokens.action });
  if (!row) throw new AppError('NOT_FOUND', tq.linkInvalid);
  return { ...row, action: row.action as LinkAction };
}

/** Every link of a quote stops working (it was decided, withdrawn or expired). */
export async function spendQuoteLinks(tx: Tx, quoteId: string): Promise<void> {
  await tx
    .update(quoteActionTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(quoteActionTokens.quoteId, quoteId), isNull(quoteActionTokens.usedAt)));
}
