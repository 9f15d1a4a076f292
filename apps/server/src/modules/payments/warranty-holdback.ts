import type { Currency } from '@arreglaya/shared/domain';
import { holdbackMinor } from '@arreglaya/shared/schemas/warranty';
import type { Tx } from '../../db/client.ts';
import type { Escrow } from './ledger.repository.ts';
import { findHoldbackTerms, insertHoldback } from './warranty.repository.ts';

const DAY_MS = 86_400_000;

/** What a release leaves in escrow as the warranty holdback (decision 055), and whether this release is the one that kept it. */
export interface Kept {
  currency: Currency;
  amountMinor: number;
  releaseAt: Date;
  /** This release (the approval's) recorded it: its receipt says what was withheld. */
  isNew: boolean;
}

/**
 * The part of the escrow a release must leave where it is (called by releaseHeld, under the
 * project's lock). The approval's release (`key` 'approval') records the offer's holdback, its
 * percent of the agreed price, at most what the escrow holds, until `now` + the warranty days;
 * any later release (a late charge's) leaves a held or claimed holdback alone; the holdback's own
 * release (`key` 'warranty', by the job or a sysadmin's decision) keeps nothing.
 */
export async function holdbackToKeep(tx: Tx, projectId: string, key: string, escrows: Escrow[], now: Date): Promise<Kept | null> {
  if (key === 'warranty' || key === 'decision') return null;
  const terms = await findHoldbackTerms(tx, projectId);
  if (!terms) return null;
  const h = terms.holdback;
  if (h) return h.status === 'held' || h.status === 'claimed' ? { currency: h.currency, amountMinor: h.amountMinor, releaseAt: h.releaseAt, isNew: false } : null;
  if (key !== 'approval' || !terms.warrantyDays || terms.warrantyDays <= 0) return null;
  const held = escrows.find((e) => e.currency === terms.currency)?.held ?? 0;
  const amountMinor = Math.min(holdbackMinor(terms.priceMinor, terms.percent), held);
  if (amountMinor <= 0) return null;
  const row = await insertHoldback(tx, { projectId, amountMinor, currency: terms.currency, releaseAt: new Date(now.getTime() + terms.warrantyDays * DAY_MS) });
  return { currency: row.currency, amountMinor: row.amountMinor, releaseAt: row.releaseAt, isNew: true };
}
