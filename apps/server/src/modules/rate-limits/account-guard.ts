import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { hit, holdAfterFailure, lockCounter, readCounters, unhit } from './rate-limits.repository.ts';

/**
 * Guessing against one account (a password, a code) and asking for mail to one account, limited
 * so that nobody can lock its owner out (issue 30; decision 019, "The account guard").
 *
 * Counted per account AND address together, and per account:
 * - one address may make `perPair` counted attempts on one account per window; past that this
 *   address (only) waits until the window ends;
 * - the account's first `free` counted attempts in the window (from anywhere) go through; after
 *   each further one the account is held min(baseMs · 2^k, maxMs) (k = 0, 1, 2 …): 1, 2, 4 … 30 s
 *   for passwords. During a hold, an address with a counted attempt on the account in the window
 *   waits; an address without one (the owner on their own phone) goes through, up to
 *   `freshPasses` such passes per window (so a botnet of fresh addresses is slowed too, and then
 *   the owner waits at most `maxMs`).
 *
 * A counted attempt is counted before it is judged (so parallel attempts cannot pass the limits
 * together) and taken back when it turns out not to count (a right password). Everything is in
 * the `rate_limits` table, exact across instances: attempts on one account take turns on its
 * counter's row for the few milliseconds of the decision, never while the password is hashed.
 */
export interface GuardPolicy {
  /** Names the counters ('sign-in', 'forgot'…). */
  name: string;
  windowMs: number;
  perPair: number;
  free: number;
  baseMs: number;
  maxMs: number;
  freshPasses: number;
}

const MIN = 60_000;
/** Passwords: 8 failures per address and account; the account slowed after 5 failures by 1, 2, 4, 8, 16, 30, 30 … s. */
export const SIGN_IN_GUARD: GuardPolicy = { name: 'sign-in', windowMs: 15 * MIN, perPair: 8, free: 5, baseMs: 1000, maxMs: 30_000, freshPasses: 10 };
/** Codes (confirm the e-mail, reset the password): 10 wrong codes per address and account; slowed as passwords. */
export const CODE_GUARD = { windowMs: 15 * MIN, perPair: 10, free: 5, baseMs: 1000, maxMs: 30_000, freshPasses: 10 } as const;
/** Mailed codes (forgot-password, resend-code): 3 per address and account; after 3 from anywhere, 10, 20, 40, 60, 60 … s apart. */
export const MAIL_GUARD = { windowMs: 15 * MIN, perPair: 3, free: 3, baseMs: 10_000, maxMs: 60_000, freshPasses: 3 } as const;

export type GuardAnswer =
  | { ok: true; attempt: GuardedAttempt }
  /** Refused: `held` when the account's slow-down (seconds), otherwise this address's own count (until its window ends). */
  | { ok: false; retryAfterSeconds: number; held: boolean };

export interface GuardedAttempt {
  /** The attempt counts (a wrong password or code, a mail sent): the account's slow-down follows it. */
  failed(): Promise<void>;
  /** It does not count (a right password): taken back. */
  succeeded(): Promise<void>;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Counts an attempt on `account` from `address`, or says how long to wait. */
export async function claimAttempt(db: Db, policy: GuardPolicy, email: string, address: string): Promise<GuardAnswer> {
  // The e-mail's digest: a 254-character address plus an IPv6 one must fit the 300-character key, and the table holds no addresses.
  const account = createHash('sha256').update(email).digest('base64url');
  const accountKey = `guard:${policy.name}:account:${account}`;
  const pairKey = `guard:${policy.name}:pair:${account}|${address}`;
  const holdKey = `guard:${policy.name}:hold:${account}`;
  const freshKey = `guard:${policy.name}:fresh:${account}`;
  const decision = await db.transaction(async (tx) => {
    await lockCounter(tx, accountKey, policy.windowMs);
    const rows = await readCounters(tx, [pairKey, holdKey, freshKey]);
    const pair = rows.get(pairKey);
    if (pair && pair.hits >= policy.perPair) return { ok: false as const, retryAfterSeconds: seconds(pair.leftMs), held: false };
    const hold = rows.get(holdKey);
    if (hold) {
      const fresh = (pair?.hits ?? 0) === 0 && (rows.get(freshKey)?.hits ?? 0) < policy.freshPasses;
      if (!fresh) return { ok: false as const, retryAfterSeconds: seconds(hold.leftMs), held: true };
      await hit(tx, freshKey, policy.windowMs);
    }
    await hit(tx, accountKey, policy.windowMs);
    await hit(tx, pairKey, policy.windowMs);
    return { ok: true as const };
  });
  if (!decision.ok) return decision;
  return {
    ok: true,
    attempt: {
      failed: () => holdAfterFailure(db, accountKey, holdKey, { free: policy.free, baseMs: policy.baseMs, maxMs: policy.maxMs }),
      succeeded: () => unhit(db, [accountKey, pairKey]),
    },
  };
}
