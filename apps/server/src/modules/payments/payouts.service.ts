import { payments as tp } from '@arreglaya/shared/i18n/payments';
import type { BankAccountType, Currency } from '@arreglaya/shared/domain';
import type { Balance, PayoutAccountInputSchema, WithdrawResult } from '@arreglaya/shared/schemas/payments';
import { todayIn } from '@arreglaya/shared/schemas/projects';
import { formatMoney } from '@arreglaya/shared/format-money';
import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DataCipher } from '../../lib/data-encryption.ts';
import { balanceOf, post } from './ledger.repository.ts';
import type { CardProcessor } from './processor.ts';
import { queueReceipt, type ReceiptDeps } from './receipts.ts';
import { claimMoneyRequest, lockMoneyRequest, storeMoneyResponse } from './payments.repository.ts';
import {
  contractorMovements,
  findPayout,
  findPayoutAccount,
  heldForContractor,
  insertPayout,
  listPendingPayouts,
  lockPayoutsOf,
  markPayoutSent,
  projectsOfPayout,
  payableBalances,
  payoutRunDone,
  recordPayoutRun,
  tryLockDailyPayouts,
  upsertPayoutAccount,
  type PayoutRow,
} from './payouts.repository.ts';

// Payouts (decision 021): a contractor's bank account (the number sealed as decision 010 does),
// their balance, and the payout run that sends what is available through the processor.

export interface PayoutsDeps {
  db: Db;
  processor: CardProcessor;
  cipher: DataCipher;
  log: { warn(obj: object, msg: string): void };
  /** Payout receipts by mail to the contractor; without it none are sent. */
  mail?: ReceiptDeps;
}

export async function getPayoutAccount(deps: PayoutsDeps, userId: string) {
  const a = await findPayoutAccount(deps.db, userId);
  return a ? { bank: a.bank, accountType: a.accountType, last4: a.last4, holderName: a.holderName } : null;
}

export async function savePayoutAccount(deps: PayoutsDeps, userId: string, input: z.output<typeof PayoutAccountInputSchema>) {
  await upsertPayoutAccount(deps.db, {
    userId,
    bank: input.bank,
    accountType: input.accountType as BankAccountType,
    accountNumberEnc: deps.cipher.seal(input.accountNumber),
    last4: input.accountNumber.slice(-4),
    holderName: input.holderName,
  });
  return getPayoutAccount(deps, userId);
}

/** The contractor's balance: held in escrow on their projects, available, paid out, and each movement with its project. */
export async function getBalance(deps: Pick<PayoutsDeps, 'db'>, userId: string, now = new Date()): Promise<Balance> {
  const currency: Currency = 'DOP';
  const [pendingMinor, availableMinor, paidOutMinor, movements, nextRun] = await Promise.all([
    heldForContractor(deps.db, userId),
    balanceOf(deps.db, { kind: 'contractor_payable', userId, currency }),
    balanceOf(deps.db, { kind: 'payouts', userId, currency }),
    contractorMovements(deps.db, userId),
    nextDailyPayoutAt(deps.db, now),
  ]);
  return {
    currency,
    pendingMinor,
    availableMinor,
    paidOutMinor,
    movements: movements.map((m) => ({
      kind: m.kind as 'release' | 'payout',
      amountMinor: Number(m.amountMinor),
      projectId: m.projectId,
      projectTitle: m.projectTitle,
      createdAt: m.createdAt.toISOString(),
    })),
    nextPayoutAt: nextRun.toISOString(),
  };
}

/**
 * Moves one contractor's available balance (in one currency) from their payable to payouts in the
 * ledger and writes its pending `payouts` row, in the caller's transaction, under the
 * contractor's lock. Null when nothing is available. The one place a payout is made: the run and
 * Retirar both come here, and both send it with `sendPayout`.
 */
async function movePayable(tx: DbOrTx, userId: string, currency: Currency): Promise<PayoutRow | null> {
  await lockPayoutsOf(tx, userId);
  const available = await balanceOf(tx, { kind: 'contractor_payable', userId, currency });
  if (available <= 0) return null;
  const id = crypto.randomUUID();
  const ledgerId = await post(tx, {
    kind: 'payout',
    idempotencyKey: `payout:${id}`,
    entries: [
      { account: { kind: 'contractor_payable', userId, currency }, amountMinor: -available },
      { account: { kind: 'payouts', userId, currency }, amountMinor: available },
    ],
  });
  return insertPayout(tx, { id, contractorId: userId, amountMinor: available, currency, ledgerTransactionId: ledgerId! });
}

/**
 * Sends a pending payout through the processor with the key `payout_<id>` (a repeat never pays
 * twice) and, once, marks it paid with its receipt and notice. False when it could not be sent
 * now (no account, or the processor failed: logged, and the next run sends it).
 */
async function sendPayout(deps: PayoutsDeps, p: PayoutRow): Promise<boolean> {
  const account = await findPayoutAccount(deps.db, p.contractorId);
  if (!account) return false;
  try {
    const destination = { bank: account.bank, accountType: account.accountType, accountNumber: deps.cipher.open(account.accountNumberEnc), holderName: account.holderName };
    const { id } = await deps.processor.payout({ destination, amountMinor: p.amountMinor, currency: p.currency, idempotencyKey: `payout_${p.id}` });
    await deps.db.transaction(async (tx) => {
      if (!(await markPayoutSent(tx, p.id, id)) || !deps.mail) return;
      const projects = await projectsOfPayout(tx, p.contractorId, p.ledgerTransactionId);
      const bank = `${account.bank} •••• ${account.last4}`;
      await queueReceipt(tx, deps.mail, p.contractorId, null, id, { kind: 'payout', amountMinor: p.amountMinor, currency: p.currency, bank, projects });
      // And on the outside channels the contractor chose (decision 038), once per payout.
      const m = tp.receipts.payout;
      await deps.mail.notifications?.queue(tx, {
        userId: p.contractorId,
        type: 'payoutSent',
        body: `${m.title}. ${m.amount(formatMoney(p.amountMinor, p.currency))}`,
        url: `${deps.mail.appUrl}/profile/pagos`,
        // WhatsApp's payoutSent template: the amount, the link.
        templateParams: [formatMoney(p.amountMinor, p.currency), `${deps.mail.appUrl}/profile/pagos`],
        sourceKey: `payout:${p.id}`,
      });
    });
    return true;
  } catch (err) {
    deps.log.warn({ payoutId: p.id, err }, 'payout failed; retried on the next run');
    return false;
  }
}

/**
 * The payout run (sysadmin button, and daily: `runDailyPayouts`): for each contractor with an available balance and
 * a bank account, the ledger moves it from their payable to payouts and a `payouts` row is written
 * (one transaction, under a per-contractor lock); then each pending payout goes to the processor
 * with the key `payout_<id>`, so a run repeated or crashed half-way never pays twice.
 */
export async function runPayouts(deps: PayoutsDeps): Promise<number> {
  for (const b of await payableBalances(deps.db)) await deps.db.transaction((tx) => movePayable(tx, b.userId, b.currency as Currency));
  let sent = 0;
  for (const p of await listPendingPayouts(deps.db)) if (await sendPayout(deps, p)) sent++;
  if (sent > 0) deps.mail?.mailer.kick();
  return sent;
}

/**
 * Retirar (issue 46): the contractor's own available balance paid out now to their saved payout
 * account, through the run's path (`movePayable`, `sendPayout`). Idempotent by the request's key
 * (`money_requests`, as funding): the key is taken under the contractor's payout lock, so 50
 * identical requests at once move the money once and all answer the first answer. Refused (409,
 * nothing stored) without a payout account or with nothing available. Only DOP, the currency the
 * balance shows; another currency waits for the daily run.
 */
export async function withdrawPayout(deps: PayoutsDeps, userId: string, key: string): Promise<WithdrawResult> {
  const hash = crypto
    .createHash('sha256')
    .update(JSON.stringify({ op: 'withdraw' }))
    .digest('hex');
  const done = await deps.db.transaction(async (tx) => {
    await lockPayoutsOf(tx, userId);
    const request = (await claimMoneyRequest(tx, userId, key, hash)) ?? (await lockMoneyRequest(tx, userId, key))!;
    if (request.requestHash !== hash) throw new AppError('CONFLICT', tp.idempotency.reused);
    if (request.response !== null) return { payoutId: (request.response as WithdrawResult).payout.id, fresh: null };
    if (!(await findPayoutAccount(tx, userId))) throw new AppError('CONFLICT', tp.payout.noAccount);
    const payout = await movePayable(tx, userId, 'DOP');
    if (!payout) throw new AppError('CONFLICT', tp.payout.nothingAvailable);
    await storeMoneyResponse(tx, request.id, 200, answerFor(payout));
    return { payoutId: payout.id, fresh: payout };
  });
  if (done.fresh && (await sendPayout(deps, done.fresh))) deps.mail?.mailer.kick();
  // A repeat answers the payout as it stands now (sent since, or still waiting for the run).
  return answerFor((await findPayout(deps.db, done.payoutId))!);
}

function answerFor(p: PayoutRow): WithdrawResult {
  const amount = formatMoney(p.amountMinor, p.currency);
  const status = p.status === 'paid' ? 'paid' : 'pending';
  return {
    message: status === 'paid' ? tp.payout.withdrawn(amount) : tp.payout.withdrawQueued(amount),
    payout: { id: p.id, amountMinor: p.amountMinor, currency: p.currency, status },
  };
}

/** The daily payout run starts after this hour in the Dominican Republic (after the night's automatic approvals). */
export const PAYOUT_HOUR = 9;
/** The Dominican Republic keeps UTC−4 all year (no daylight saving time). */
const DR_UTC_OFFSET = '-04:00';

/** 9:00 of a day ('2026-12-07') in the Dominican Republic. */
const payoutMomentOf = (day: string) => new Date(`${day}T${String(PAYOUT_HOUR).padStart(2, '0')}:00:00${DR_UTC_OFFSET}`);

/** When the daily run next sends what is available: today's 9:00 until today's run is done, then tomorrow's (what the contractor's page states). */
export async function nextDailyPayoutAt(db: DbOrTx, now = new Date()): Promise<Date> {
  const day = todayIn('DO', now);
  if (!(await payoutRunDone(db, day))) return payoutMomentOf(day);
  const tomorrow = new Date(`${day}T12:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  return payoutMomentOf(tomorrow.toISOString().slice(0, 10));
}

/**
 * Today's payout run, once per day in the Dominican Republic whatever restarts or how many
 * instances run: the run happens inside a transaction holding an advisory lock (another instance
 * skips), and that transaction records the day in `payout_runs` when the run has finished. A crash
 * half-way rolls the record back and the next sweep runs again, which `runPayouts` makes harmless.
 * Returns the day and the payouts sent, or null when it was not due or already done.
 */
export async function runDailyPayouts(deps: PayoutsDeps, now = new Date()): Promise<{ day: string; sent: number } | null> {
  const day = todayIn('DO', now);
  if (now < payoutMomentOf(day)) return null;
  if (await payoutRunDone(deps.db, day)) return null;
  return deps.db.transaction(async (tx) => {
    if (!(await tryLockDailyPayouts(tx))) return null;
    if (await payoutRunDone(tx, day)) return null;
    const sent = await runPayouts(deps);
    await recordPayoutRun(tx, day, sent);
    return { day, sent };
  });
}
