import { payments as tp } from '@arreglaya/shared/i18n/payments';
import { invitations as ti } from '@arreglaya/shared/i18n/invitations';
import { CURRENCIES, type BankAccountType, type Currency } from '@arreglaya/shared/domain';
import { bankName, type PayoutDocumentType } from '@arreglaya/shared/payout-banks';
import type { Balance, CurrencyBalance, PayoutAccountInputSchema, PayoutStatus, WithdrawResult } from '@arreglaya/shared/schemas/payments';
import { todayIn } from '@arreglaya/shared/schemas/projects';
import { formatMoney } from '@arreglaya/shared/format-money';
import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DataCipher } from '../../lib/data-encryption.ts';
import type { DlocalPayout } from '../dlocal/dlocal-types.ts';
import { payoutState } from '../dlocal/dlocal-outcomes.ts';
import type { PayoutRail } from './dlocal-payouts.ts';
import { balanceOf, post } from './ledger.repository.ts';
import { queueReceipt, type ReceiptDeps } from './receipts.ts';
import { claimMoneyRequest, lockMoneyRequest, storeMoneyResponse } from './money-requests.repository.ts';
import {
  accountFailedSinceSaved,
  contractorBalances,
  contractorMovements,
  findPayout,
  findPayoutAccount,
  hasProfileCedula,
  insertPayout,
  listPendingPayouts,
  lockPayoutsOf,
  payoutCurrencyOf,
  notePayoutStatusCode,
  projectsOfPayout,
  payableBalances,
  payoutRunDone,
  recordPayoutRun,
  transitionPayout,
  tryLockDailyPayouts,
  upsertPayoutAccount,
  type PayoutRow,
} from './payouts.repository.ts';

// Payouts (decisions 021 and 052): a contractor's account at a Dominican bank (the number and the
// holder's document sealed as decision 010 does), their balance, and the payout run that sends what
// is available through dLocal's Payouts v3 (its stand-in outside production). A payout is pending
// (in the ledger, not sent), sent (dLocal has it), then paid or failed by dLocal's notification; a
// failed one puts its money back in the contractor's available balance, once, with the reason.

export interface PayoutsDeps {
  db: Db;
  /** dLocal's payouts (null: none configured, e.g. production without DLOCAL_API_URL; payouts wait). */
  rail: PayoutRail | null;
  cipher: DataCipher;
  log: { warn(obj: object, msg: string): void };
  /** Payout receipts by mail to the contractor; without it none are sent. */
  mail?: ReceiptDeps;
}

export async function getPayoutAccount(deps: Pick<PayoutsDeps, 'db'>, userId: string) {
  const a = await findPayoutAccount(deps.db, userId);
  return a
    ? {
        bank: a.bank,
        bankName: bankName(a.bank),
        accountType: a.accountType,
        last4: a.last4,
        holderName: a.holderName,
        documentType: (a.documentType as PayoutDocumentType | null) ?? null,
        documentLast4: a.documentLast4 ?? null,
      }
    : null;
}

export async function savePayoutAccount(deps: PayoutsDeps, userId: string, input: z.output<typeof PayoutAccountInputSchema>) {
  await upsertPayoutAccount(deps.db, {
    userId,
    bank: input.bank,
    accountType: input.accountType as BankAccountType,
    accountNumberEnc: deps.cipher.seal(input.accountNumber),
    last4: input.accountNumber.slice(-4),
    holderName: input.holderName,
    documentType: input.documentType,
    documentNumberEnc: deps.cipher.seal(input.documentNumber),
    documentLast4: input.documentNumber.slice(-4),
  });
  return getPayoutAccount(deps, userId);
}

/** A failure reason as the contractor reads it (the catalogue; an unknown code reads as the bank's refusal). */
export function reasonText(reason: string | null): string | null {
  if (reason === null) return null;
  return tp.payout.reasons[reason] ?? tp.payout.reasons.other!;
}

/**
 * The contractor's balance in each currency (decision 067: nothing mixes currencies): held in
 * escrow on their projects, available, paid out; the payout currency (what Retirar and the daily run
 * pay: payoutCurrencyOf) first and always, then any other they have money in. Each movement in its
 * own currency, with its project (a payout with its state and, failed, its reason).
 */
export async function getBalance(deps: Pick<PayoutsDeps, 'db'>, userId: string, now = new Date()): Promise<Balance> {
  const [payoutCurrency, totals, movements, nextRun] = await Promise.all([
    payoutCurrencyOf(deps.db, userId),
    contractorBalances(deps.db, userId),
    contractorMovements(deps.db, userId),
    nextDailyPayoutAt(deps.db, now),
  ]);
  const zero = (currency: Currency): CurrencyBalance => ({ currency, pendingMinor: 0, availableMinor: 0, paidOutMinor: 0 });
  const hasMoney = (t: CurrencyBalance) => t.pendingMinor !== 0 || t.availableMinor !== 0 || t.paidOutMinor !== 0;
  const others = CURRENCIES.flatMap((c) => totals.filter((t) => t.currency === c && c !== payoutCurrency && hasMoney(t)));
  return {
    payoutCurrency,
    balances: [totals.find((t) => t.currency === payoutCurrency) ?? zero(payoutCurrency), ...others],
    movements: movements.map((m) => ({
      kind: m.kind,
      amountMinor: m.amountMinor,
      currency: m.currency,
      projectId: m.projectId,
      projectTitle: m.projectTitle,
      createdAt: m.createdAt.toISOString(),
      payoutStatus: m.kind === 'release' ? null : ((m.payoutStatus as PayoutStatus | null) ?? null),
      reason: m.kind === 'release' || m.payoutStatus !== 'failed' ? null : reasonText(m.failureReason),
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
 * Sends a pending payout to dLocal with external_id = its id (a repeat finds the same payout and
 * never pays twice) and records what dLocal said: sent (awaiting its notification), or at once
 * paid or failed. False when it could not be sent now (no complete account, no rail, or the outcome
 * is unknown: a network error, a timeout, a 5xx; logged, and the next run sends it again).
 */
async function sendPayout(deps: PayoutsDeps, p: PayoutRow): Promise<boolean> {
  const account = await findPayoutAccount(deps.db, p.contractorId);
  if (!account || !account.documentType || !account.documentNumberEnc || !deps.rail) return false;
  try {
    const destination = {
      bank: account.bank,
      accountType: account.accountType,
      accountNumber: deps.cipher.open(account.accountNumberEnc),
      holderName: account.holderName,
      documentType: account.documentType as PayoutDocumentType,
      documentNumber: deps.cipher.open(account.documentNumberEnc),
    };
    const submission = await deps.rail.send({ payoutId: p.id, destination, amountMinor: p.amountMinor, currency: p.currency });
    if (submission.kind === 'refused') await settlePayout(deps, p.id, { state: 'failed', ref: null, statusCode: submission.reason, reason: submission.reason });
    else await settlePayout(deps, p.id, { state: submission.state, ref: submission.ref, statusCode: submission.statusCode, reason: submission.reason });
    return true;
  } catch (err) {
    deps.log.warn({ payoutId: p.id, err }, 'payout not sent (outcome unknown); sent again with the same external_id on the next run');
    return false;
  }
}

export type PayoutSettlement = 'paid' | 'failed' | 'sent' | 'unchanged' | 'unknown';

/**
 * Records a payout's outcome, once, whatever the replays or their order: sent (dLocal has it),
 * paid (with its receipt and notice), or failed (dLocal's status code and reason stored, the money
 * back from `payouts` to the contractor's payable in the ledger and their notice, in one
 * transaction). Only a pending or sent payout moves: of 50 identical notifications one moves it,
 * the others answer 'unchanged'; a late PENDING after PAID changes nothing.
 */
export async function settlePayout(
  deps: PayoutsDeps,
  payoutId: string,
  o: { state: 'sent' | 'paid' | 'failed'; ref: string | null; statusCode: string; reason: string | null },
): Promise<PayoutSettlement> {
  const settled = await deps.db.transaction(async (tx) => {
    const ref = o.ref === null ? {} : { processorRef: o.ref };
    if (o.state === 'sent') {
      const moved = await transitionPayout(tx, payoutId, ['pending'], { status: 'sent', ...ref, processorStatusCode: o.statusCode });
      if (!moved) await notePayoutStatusCode(tx, payoutId, o.statusCode);
      return moved ? 'sent' : 'unchanged';
    }
    if (o.state === 'paid') {
      const p = await transitionPayout(tx, payoutId, ['pending', 'sent'], { status: 'paid', ...ref, processorStatusCode: o.statusCode });
      if (!p) return 'unchanged';
      if (deps.mail) await tellPaid(tx, deps.mail, p);
      return 'paid';
    }
    const p = await transitionPayout(tx, payoutId, ['pending', 'sent'], {
      status: 'failed',
      ...ref,
      processorStatusCode: o.statusCode,
      failureReason: (o.reason ?? o.statusCode).slice(0, 60),
    });
    if (!p) return 'unchanged';
    await lockPayoutsOf(tx, p.contractorId);
    // The money back where it came from, under a key of its own: posted once, whatever happens.
    await post(tx, {
      kind: 'payout_return',
      idempotencyKey: `payout_return:${p.id}`,
      entries: [
        { account: { kind: 'payouts', userId: p.contractorId, currency: p.currency }, amountMinor: -p.amountMinor },
        { account: { kind: 'contractor_payable', userId: p.contractorId, currency: p.currency }, amountMinor: p.amountMinor },
      ],
    });
    if (deps.mail) await tellReturned(tx, deps.mail, p, reasonText(p.failureReason)!);
    return 'failed';
  });
  if (settled === 'paid' || settled === 'failed') deps.mail?.mailer.kick();
  return settled;
}

/** A dLocal payout notification (or a payout read back): settled by its external_id, our payout's id. */
export async function applyPayoutNotification(deps: PayoutsDeps, payout: DlocalPayout): Promise<PayoutSettlement> {
  const isOurs = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(payout.external_id);
  const ours = isOurs ? await findPayout(deps.db, payout.external_id) : undefined;
  if (!ours) return 'unknown';
  const { state, reason } = payoutState(payout);
  return settlePayout(deps, ours.id, { state, ref: payout.id, statusCode: payout.status_code, reason });
}

async function tellPaid(tx: DbOrTx, mail: ReceiptDeps, p: PayoutRow): Promise<void> {
  const account = await findPayoutAccount(tx, p.contractorId);
  const projects = await projectsOfPayout(tx, p.contractorId, p.ledgerTransactionId);
  const bank = account ? `${bankName(account.bank)} •••• ${account.last4}` : '';
  await queueReceipt(tx, mail, p.contractorId, null, p.processorRef ?? p.id, { kind: 'payout', amountMinor: p.amountMinor, currency: p.currency, bank, projects });
  // And on the outside channels the contractor chose (decision 038), once per payout.
  const m = tp.receipts.payout;
  await mail.notifications?.queue(tx, {
    userId: p.contractorId,
    type: 'payoutSent',
    body: `${m.title}. ${m.amount(formatMoney(p.amountMinor, p.currency))}`,
    url: `${mail.appUrl}/profile/pagos`,
    // WhatsApp's payoutSent template: the amount, the link.
    templateParams: [formatMoney(p.amountMinor, p.currency), `${mail.appUrl}/profile/pagos`],
    sourceKey: `payout:${p.id}`,
  });
}

/** A failed payout's mail (always: it is about their money) and its notice on the outside channels, with the reason in Spanish. */
async function tellReturned(tx: DbOrTx, mail: ReceiptDeps, p: PayoutRow, reason: string): Promise<void> {
  const amount = formatMoney(p.amountMinor, p.currency);
  await queueReceipt(tx, mail, p.contractorId, null, p.processorRef ?? p.id, { kind: 'payoutReturned', amountMinor: p.amountMinor, currency: p.currency, reason });
  await mail.notifications?.queue(tx, {
    userId: p.contractorId,
    type: 'payoutFailed',
    body: tp.payout.returnedShort(amount, reason),
    url: `${mail.appUrl}/profile/pagos`,
    // WhatsApp's payoutFailed template: the amount, the reason, the link.
    templateParams: [amount, reason, `${mail.appUrl}/profile/pagos`],
    sourceKey: `payout_return:${p.id}`,
  });
}

/**
 * The payout run (sysadmin button, and daily: `runDailyPayouts`): for each contractor with an available balance and
 * a bank account, the ledger moves it from their payable to payouts and a `payouts` row is written
 * (one transaction, under a per-contractor lock); then each pending payout goes to dLocal with
 * external_id = its id, so a run repeated or crashed half-way never pays twice.
 */
export async function runPayouts(deps: PayoutsDeps): Promise<number> {
  for (const b of await payableBalances(deps.db)) await deps.db.transaction((tx) => movePayable(tx, b.userId, b.currency));
  let sent = 0;
  for (const p of await listPendingPayouts(deps.db)) if (await sendPayout(deps, p)) sent++;
  if (sent > 0) deps.mail?.mailer.kick();
  return sent;
}

/** The payout account's documents that are a person's identity document, in each country. */
const PERSONAL_PAYOUT_DOCUMENTS: readonly string[] = ['cedula', 'cc', 'curp'];

/**
 * Retirar (issue 46): the contractor's own available balance paid out now to their saved payout
 * account, through the run's path (`movePayable`, `sendPayout`). Idempotent by the request's key
 * (`money_requests`, as funding): the key is taken under the contractor's payout lock, so 50
 * identical requests at once move the money once and all answer the first answer. Refused (409,
 * nothing stored) without a payout account or with nothing available. In the currency the bank is
 * paid in (payoutCurrencyOf: the payout bank's country's, decision 067); money in another currency
 * stays in the balance (neither Retirar nor the daily run sends it to that bank, and nothing is
 * exchanged) until the payout account is of a bank of that currency's country.
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
    // Cédula and bank are asked only before the first payout (decision 064: an invited técnico joins with neither).
    const account = await findPayoutAccount(tx, userId);
    // A person's document of any country counts (decision 067): the cédula, Colombia's cédula de ciudadanía, Mexico's CURP.
    const personal = account?.documentType != null && PERSONAL_PAYOUT_DOCUMENTS.includes(account.documentType);
    const missing = [...(personal || (await hasProfileCedula(tx, userId)) ? [] : [ti.missingCedula]), ...(account ? [] : [ti.missingBank])];
    if (missing.length > 0) throw new AppError('CONFLICT', ti.payoutMissing(missing));
    // The bank refused the last payout to this account: not again until it is corrected (the daily run waits too).
    if (await accountFailedSinceSaved(tx, userId)) throw new AppError('CONFLICT', tp.payout.fixAccount);
    const payout = await movePayable(tx, userId, await payoutCurrencyOf(tx, userId));
    if (!payout) throw new AppError('CONFLICT', tp.payout.nothingAvailable);
    await storeMoneyResponse(tx, request.id, 200, answerFor(payout));
    return { payoutId: payout.id, fresh: payout };
  });
  if (done.fresh && (await sendPayout(deps, done.fresh))) deps.mail?.mailer.kick();
  // A repeat answers the payout as it stands now (sent since, paid, failed, or still waiting for the run).
  return answerFor((await findPayout(deps.db, done.payoutId))!);
}

function answerFor(p: PayoutRow): WithdrawResult {
  const amount = formatMoney(p.amountMinor, p.currency);
  const status = p.status as PayoutStatus;
  const message =
    status === 'paid'
      ? tp.payout.withdrawn(amount)
      : status === 'sent'
        ? tp.payout.withdrawSent(amount)
        : status === 'failed'
          ? tp.payout.returnedShort(amount, reasonText(p.failureReason)!)
          : tp.payout.withdrawQueued(amount);
  return { message, payout: { id: p.id, amountMinor: p.amountMinor, currency: p.currency, status } };
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
