import type { CountryCode } from '@arreglaya/shared/countries';
import type { Currency } from '@arreglaya/shared/domain';
import { payments as tp } from '@arreglaya/shared/i18n/payments';
import { projects as tprojects } from '@arreglaya/shared/i18n/projects';
import type { FundResult, PendingPayment } from '@arreglaya/shared/schemas/payments';
import { pendingOf } from './pending-payment.ts';
import { payerDocumentFor, type LocalMethod, type LocalMethodId } from '@arreglaya/shared/local-payment-methods';
import { localMethodFor, openedMessage } from './local-methods.ts';
import { newTransferReference } from '@arreglaya/shared/transfer-reference';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { post } from './ledger.repository.ts';
import { ProcessorUnavailable } from './processor.ts';
import {
  findPayment,
  findPaymentByKey,
  findProjectPeople,
  insertPayment,
  listProjectPayments,
  lockPayment,
  lockProjectForFunding,
  lockProjectWithPeople,
  updatePayment,
  type PaymentRow,
} from './payments.repository.ts';
import { claimMoneyRequest, lockMoneyRequest, storeMoneyResponse } from './money-requests.repository.ts';
import { insertProcessorRefund } from './refunds.repository.ts';
import { recordMoneyEvent, withAnnouncements } from './money-events.repository.ts';
import { announced } from './money-requests.ts';
import { afterFunding, fundingPosting, hashOf, paymentKey, whatToFund, type Actor, type Answer, type PaymentsDeps } from './payments.service.ts';

// Payment protection for people who pay in cash or by transfer (issue 47, decision 051). Opening
// one records a pending payment with its due time and what the client pays with (the processor's
// cash voucher, or ArreglaYa's account and a reference unique to the funding); it holds nothing.
// The money is held only when the processor says PAID (cash) or the bank's statement brings the
// whole amount (transfer: statement-matching.ts, then transfer-credits.ts): then the funding is
// posted exactly as a card's.

/** ArreglaYa's bank account shown for transfers (TRANSFER_* settings). */
export interface TransferAccount {
  bank: string;
  accountType: string;
  accountNumber: string;
  holder: string;
  taxId: string;
}

/** Issues cash vouchers at the processor (dLocal's cash tickets: funding-rails' only processor call). */
export interface CashVoucherIssuer {
  issue(req: {
    paymentId: string;
    amountMinor: number;
    currency: Currency;
    country: CountryCode;
    /** The country's local method (decision 067): its dLocal payment_method_id and flow. */
    method: LocalMethod;
    /** document: the cédula de ciudadanía or CURP dLocal asks in Colombia and Mexico (decision 067). */
    payer: { name: string; email: string; document?: string };
    expiresAt: Date;
    /** The project page, where a payer sent to their bank's site (PSE) comes back. */
    returnPath: string;
  }): Promise<{ processorRef: string; voucher: NonNullable<PendingPayment['voucher']>; expiresAt: Date }>;
}

export interface RailsDeps {
  payments: PaymentsDeps;
  /** HIRE_PAYMENT_HOURS: a hire's first funding is due by then, or it lapses. */
  hireHours: number;
  transfer: TransferAccount | null;
  cash: CashVoucherIssuer | null;
}

const HOUR = 3_600_000;
/** A voucher is valid three days at most (and always ends an hour before the hire would lapse). */
export const CASH_VOUCHER_HOURS = 72;
/** A transfer reference for a later stage (no lapse) is valid a week. */
export const TRANSFER_HOURS = 168;
/** Less time than this before the due time: too late to pay in cash or by transfer. */
const MIN_WINDOW = HOUR;

/**
 * When an offline payment stops holding the hire: never after the hire would lapse (a voucher an
 * hour before, so the counter's payment is known in time), and within its own validity. Null when
 * less than an hour would be left.
 */
export function offlineDueAt(
  rail: 'cash' | 'transfer',
  project: { status: string; assignedAt: Date | null },
  hireHours: number,
  fundedBefore: boolean,
  now = new Date(),
): Date | null {
  const lapse = project.status === 'assigned' && !fundedBefore && project.assignedAt ? project.assignedAt.getTime() + hireHours * HOUR : Infinity;
  const due = rail === 'cash' ? Math.min(lapse - HOUR, now.getTime() + CASH_VOUCHER_HOURS * HOUR) : Math.min(lapse, now.getTime() + TRANSFER_HOURS * HOUR);
  return due - now.getTime() < MIN_WINDOW ? null : new Date(due);
}

function offlineAnswer(p: PaymentRow): Answer<FundResult> {
  return {
    statusCode: 202,
    body: {
      message: p.rail === 'cash' ? openedMessage(p.method as LocalMethodId | null) : tp.fund.transferOpened,
      paymentId: p.id,
      status: p.status,
      amountMinor: p.amountMinor,
      currency: p.currency,
      actionUrl: null,
      pending: pendingOf(p),
    },
  };
}

type OpenStep = { answer: Answer<FundResult> } | { payment: PaymentRow; requestId: string; country: CountryCode };

/**
 * POST /api/projects/:id/fund with rail cash or transfer. Under the project's lock, the key is
 * taken and the pending payment recorded (the same rules as a card's: hired, nothing under way,
 * something due); a transfer's answer is complete then. A voucher is asked of the processor after
 * that commit, by the payment's id (a retry with the same key asks again and gets the same voucher).
 */
export async function openOfflineFunding(
  d: RailsDeps,
  actor: Actor,
  projectId: string,
  rail: 'cash' | 'transfer',
  key: string,
  method?: LocalMethodId,
  payerDocument?: string,
): Promise<Answer<FundResult>> {
  if (rail === 'transfer' && !d.transfer) throw new AppError('CONFLICT', tp.fund.transferUnavailable);
  if (rail === 'cash' && !d.cash) throw new AppError('CONFLICT', tp.fund.cashUnavailable);
  const db = d.payments.db;
  const hash = hashOf({ op: 'fund', projectId, input: { rail, ...(method ? { method } : {}), ...(payerDocument ? { payerDocument } : {}) } });
  const { value: step, events } = await withAnnouncements(db, async (tx): Promise<OpenStep> => {
    const project = await lockProjectForFunding(tx, projectId);
    if (!project || project.clientId !== actor.id) throw new AppError('NOT_FOUND', tprojects.notFound);
    // The methods of the project's country only (decision 067): another country's is a 400 naming the field.
    const local = localMethodFor(project.country, rail, method);
    const taken = await claimMoneyRequest(tx, actor.id, key, hash);
    const request = taken ?? (await lockMoneyRequest(tx, actor.id, key))!;
    if (request.requestHash !== hash) throw new AppError('CONFLICT', tp.idempotency.reused);
    if (request.response !== null) return { answer: { statusCode: request.statusCode!, body: request.response as FundResult } };
    const earlier = taken ? undefined : await findPaymentByKey(tx, paymentKey(actor.id, key));
    if (earlier) return { payment: earlier, requestId: request.id, country: project.country };
    const pays = await listProjectPayments(tx, projectId);
    // dLocal asks the payer's document in Colombia and Mexico (decision 067): missing or invalid, a 400 naming the field (whatToFund).
    const target = await whatToFund(tx, project, pays, { rail, payerDocument }, undefined);
    const due = offlineDueAt(
      rail,
      project,
      d.hireHours,
      pays.some((p) => p.status === 'succeeded'),
    );
    if (!due) throw new AppError('CONFLICT', tp.fund.tooLateForOffline);
    const payment = await insertPayment(tx, {
      projectId,
      milestoneId: target.milestoneId,
      payerId: actor.id,
      amountMinor: target.amountMinor,
      currency: target.currency,
      status: 'pending',
      rail,
      method: local?.id ?? null,
      expiresAt: due,
      idempotencyKey: paymentKey(actor.id, key),
      ...(rail === 'transfer' ? { reference: newTransferReference(), instructions: { ...d.transfer! } } : {}),
    });
    if (rail === 'cash') return { payment, requestId: request.id, country: project.country };
    await announceHowToPay(tx, payment, project);
    const answer = offlineAnswer(payment);
    await storeMoneyResponse(tx, request.id, answer.statusCode, answer.body);
    return { answer };
  });
  await announced(d.payments, events);
  if ('answer' in step) return step.answer;
  return issueVoucher(d, step.payment, step.requestId, step.country, payerDocumentFor(step.country, payerDocument));
}

/** The voucher of a pending cash payment, from the processor (by the payment's id: asked twice, one voucher), recorded with the answer. */
async function issueVoucher(d: RailsDeps, payment: PaymentRow, requestId: string, country: CountryCode, document: string | undefined): Promise<Answer<FundResult>> {
  const db = d.payments.db;
  if (payment.instructions !== null || payment.status !== 'pending') return offlineAnswer(payment);
  const people = await findProjectPeople(db, payment.projectId);
  let issued: Awaited<ReturnType<CashVoucherIssuer['issue']>>;
  try {
    issued = await d.cash!.issue({
      paymentId: payment.id,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      country,
      method: localMethodFor(country, 'cash', (payment.method ?? undefined) as LocalMethodId | undefined)!,
      payer: { name: people?.client.name ?? '', email: people?.client.email ?? '', ...(document ? { document } : {}) },
      expiresAt: payment.expiresAt!,
      returnPath: `/proyectos/${payment.projectId}`,
    });
  } catch (err) {
    if (!(err instanceof ProcessorUnavailable)) throw err;
    d.payments.log.warn({ paymentId: payment.id, kind: err.kind }, 'processor did not answer a cash voucher; the same key asks again');
    throw new AppError('UNAVAILABLE', tp.fund.unknown);
  }
  const { value: answer, events } = await withAnnouncements(db, async (tx) => {
    const project = await lockProjectForFunding(tx, payment.projectId);
    const row = (await lockPayment(tx, payment.id))!;
    const expiresAt = new Date(Math.min(row.expiresAt!.getTime(), issued.expiresAt.getTime()));
    let updated = row;
    // The voucher is recorded once (the first of concurrent retries to get here), and told once with it.
    if (row.instructions === null) {
      updated = (await updatePayment(tx, row.id, { processorRef: issued.processorRef, instructions: issued.voucher, expiresAt })) ?? row;
      if (project) await announceHowToPay(tx, updated, project);
    }
    const answer = offlineAnswer(updated);
    await storeMoneyResponse(tx, requestId, answer.statusCode, answer.body);
    return answer;
  });
  await announced(d.payments, events);
  return answer;
}

/**
 * How to pay a cash or transfer payment just recorded (issue 47: the voucher "is shown on the phone,
 * mailed and sent where the client takes notices"): announced in the transaction that records the
 * transfer or the voucher, which happens once per payment, and told after its commit
 * (notifications/payment-notices.ts, decision 074).
 */
async function announceHowToPay(tx: Tx, p: PaymentRow, project: { clientId: string; contractorId: string | null; country: CountryCode }): Promise<void> {
  if (!project.contractorId) return;
  await recordMoneyEvent(tx, {
    kind: 'payment-instructions',
    projectId: p.projectId,
    payload: { paymentId: p.id, clientId: project.clientId, contractorId: project.contractorId, country: project.country },
  });
}

/**
 * The client cancels a cash or transfer payment nothing has arrived for, to pay another way: it
 * stops holding the hire at once. A voucher paid at the counter after this is refunded (settleOffline).
 */
export async function cancelOfflineFunding(d: RailsDeps, actor: Actor, projectId: string, paymentId: string): Promise<PaymentRow> {
  return d.payments.db.transaction(async (tx) => {
    const project = await lockProjectForFunding(tx, projectId);
    if (!project || project.clientId !== actor.id) throw new AppError('NOT_FOUND', tprojects.notFound);
    const p = await lockPayment(tx, paymentId);
    if (!p || p.projectId !== projectId || p.payerId !== actor.id) throw new AppError('NOT_FOUND', tp.fund.paymentNotFound);
    if (p.rail === 'card' || p.status !== 'pending') throw new AppError('CONFLICT', tp.fund.cannotCancel);
    if (p.receivedMinor > 0) throw new AppError('CONFLICT', tp.fund.partlyReceived);
    return (await updatePayment(tx, p.id, { status: 'failed', failureCode: 'cancelled_by_client' }))!;
  });
}

/**
 * Money confirmed for an offline payment (the processor's PAID, or the statement's last part), in
 * the caller's transaction: the payment succeeds and the funding is posted, once. When the funding
 * came too late (the payment had expired or been cancelled, the hire ended, or what it was for was
 * paid another way meanwhile) the same money is refunded at once, and the client told by the refund
 * notice. Returns null when this call did not settle it, else whether the money came late (a refund may be due).
 */
export async function settleOffline(
  tx: Tx,
  deps: PaymentsDeps,
  paymentId: string,
  set: { processorRef?: string; receivedMinor?: number } = {},
  /** The payment's project when the caller has read it (a payment never changes project): one read fewer. */
  knownProjectId?: string,
): Promise<{ late: boolean } | null> {
  const projectId = knownProjectId ?? (await findPayment(tx, paymentId))?.projectId;
  if (!projectId) return null;
  // The project first, then the payment: the order every money step locks in.
  const locked = await lockProjectWithPeople(tx, projectId);
  const p = (await lockPayment(tx, paymentId))!;
  if (!locked || p.status === 'succeeded') return null;
  const late = p.status !== 'pending';
  // What it pays for was paid another way meanwhile (a card after an expired voucher): this money goes back.
  const paidOtherwise = (await listProjectPayments(tx, p.projectId)).some((x) => x.id !== p.id && x.status === 'succeeded' && x.milestoneId === p.milestoneId);
  const settled = (await updatePayment(tx, p.id, { status: 'succeeded', failureCode: late ? 'late' : null, ...set }))!;
  const ledgerId = await post(tx, fundingPosting(settled));
  if (paidOtherwise) await refundPayment(tx, settled, `late:${p.id}`);
  // Otherwise as a card's funding: held for the hire; a hire that ended (lapsed, cancelled) refunds it there.
  else await afterFunding(tx, deps, settled, locked.project, ledgerId, null, locked.people);
  // Late money is where a refund may have been decided (here, or by afterFunding for a hire that ended).
  return { late: late || paidOtherwise };
}

/** Gives one payment's money back (the escrow to the client's refunds), recorded for the processor or the bank return queue. */
async function refundPayment(tx: Tx, p: PaymentRow, reason: string): Promise<void> {
  const ledgerId = await post(tx, {
    kind: 'refund',
    idempotencyKey: `refund:${p.projectId}:${p.currency}:${reason}`,
    projectId: p.projectId,
    paymentId: p.id,
    createdBy: null,
    entries: [
      { account: { kind: 'escrow', projectId: p.projectId, currency: p.currency }, amountMinor: -p.amountMinor },
      { account: { kind: 'refunds', userId: p.payerId, currency: p.currency }, amountMinor: p.amountMinor },
    ],
  });
  if (ledgerId) await insertProcessorRefund(tx, { paymentId: p.id, ledgerTransactionId: ledgerId, amountMinor: p.amountMinor, currency: p.currency });
}

/** PaymentsDeps' `rails`: cash and transfer funding for the fund route. */
export function fundingRails(d: RailsDeps): NonNullable<PaymentsDeps['rails']> {
  return {
    open: (actor, projectId, rail, key, method, payerDocument) => openOfflineFunding(d, actor, projectId, rail, key, method, payerDocument),
    cancel: async (actor, projectId, paymentId) => void (await cancelOfflineFunding(d, actor, projectId, paymentId)),
  };
}
