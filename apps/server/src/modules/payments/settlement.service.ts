import { amountToBegin, coveredMinor } from '@arreglaya/shared/lifecycles';
import { payments as tp } from '@arreglaya/shared/i18n/payments';
import type { FundResult } from '@arreglaya/shared/schemas/payments';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { post, type Posting } from './ledger.repository.ts';
import { ProcessorUnavailable, type ChargeResult } from './processor.ts';
import { paidWithText, queueReceipt } from './receipts.ts';
import { moneyCoverOf } from './money-cover.ts';
import {
  findPayment,
  findProjectPeople,
  findProjectPeopleAndEscrow,
  lockPayment,
  lockProjectForMoney,
  lockProjectWithPeople,
  markMilestones,
  settleUnsettledPayment,
  updatePayment,
  type PaymentRow,
} from './payments.repository.ts';
import { findMethodById, type PaymentMethodRow } from './payment-methods.repository.ts';
import { findMoneyRequestByPayment, lockMoneyRequestById, storeFirstMoneyResponse } from './money-requests.repository.ts';
import { settleFunding } from './funding.repository.ts';
import { announced, processorKey, type Actor, type Answer, type PaymentsDeps } from './money-requests.ts';
import { refundHeld, releaseHeld } from './release.service.ts';
import { recordMoneyEvent, withAnnouncements } from './money-events.repository.ts';

// Settlement (decision 021, 074): a payment settled with the processor's answer, the funding posted
// to the ledger, and what follows it (the receipt; the money held announced: money-events.ts).

/** The processor's reason for refusing a card, in the client's words (a charge or a card's verification); `cancelled` for a challenge the client cancelled. */
export function refusalMessage(failureCode: string | null, texts: { cancelled: string; other: string }): string {
  if (failureCode === 'declined') return tp.fund.declined;
  if (failureCode === 'insufficient_funds') return tp.fund.insufficientFunds;
  if (failureCode === 'processing_error') return tp.fund.processingError;
  if (failureCode === 'challenge_canceled') return texts.cancelled;
  return texts.other;
}

export function answerFor(p: PaymentRow): Answer<FundResult> {
  const base = { paymentId: p.id, status: p.status, amountMinor: p.amountMinor, currency: p.currency, actionUrl: null, pending: null };
  if (p.status === 'succeeded') return { statusCode: 200, body: { ...base, message: tp.fund.funded } };
  if (p.status === 'requires_action') return { statusCode: 202, body: { ...base, message: tp.fund.requiresAction, actionUrl: p.nextActionUrl } };
  if (p.status === 'pending') return { statusCode: 503, body: { error: { code: 'UNAVAILABLE', message: tp.fund.unknown } } };
  if (p.status === 'expired') return { statusCode: 409, body: { error: { code: 'CONFLICT', message: tp.fund.expired } } };
  const message = refusalMessage(p.failureCode, { cancelled: tp.fund.cancelled, other: tp.fund.declined });
  return { statusCode: 402, body: { error: { code: 'PAYMENT_FAILED', message } } };
}

/** What the caller already knows of a payment being settled (saves reading it again): its project, and its saved card (null: none). */
export interface KnownPayment {
  projectId: string;
  /** The payment as this request wrote it (pending), when it did. */
  payment?: PaymentRow;
  card: { brand: PaymentMethodRow['brand']; last4: string | null } | null | undefined;
}

/**
 * Settles a payment with the processor's answer (once: a payment already settled stays as it is),
 * posting the funding when it succeeded, and stores the answer under its idempotency key.
 */
export async function settlePayment(
  deps: PaymentsDeps,
  paymentId: string,
  result: ChargeResult | null,
  requestId: string | null,
  known?: KnownPayment,
): Promise<Answer<FundResult>> {
  const { value: answer, events } = await settlePaymentIn(deps, paymentId, result, requestId, known);
  await announced(deps, events);
  return answer;
}

const statusOf = (result: ChargeResult) => (result.status === 'succeeded' ? 'succeeded' : result.status === 'requires_action' ? 'requires_action' : 'failed');

function settlePaymentIn(deps: PaymentsDeps, paymentId: string, result: ChargeResult | null, requestId: string | null, known?: KnownPayment) {
  return withAnnouncements(deps.db, async (tx): Promise<Answer<FundResult>> => {
    if (known?.payment && result && requestId !== null) {
      const answer = await settleKnownPayment(tx, deps, known.payment, result, requestId, known.card);
      if (answer) return answer;
    }
    const projectId = known?.projectId ?? (await findPayment(tx, paymentId))!.projectId;
    const project = (await lockProjectForMoney(tx, projectId))!;
    // Under the project's lock: the payment changes only while pending or challenged, and only to
    // another state (one conditional update; the row is read only when it did not apply).
    const status = result ? statusOf(result) : undefined;
    let payment = status && (await settleUnsettledPayment(tx, paymentId, status, { processorRef: result!.id, failureCode: result!.failureCode, nextActionUrl: result!.actionUrl }));
    if (payment) {
      if (status === 'succeeded') await recordFunding(tx, deps, payment, project, known?.card);
    } else {
      payment = (await lockPayment(tx, paymentId))!;
      if (result && !payment.processorRef) payment = (await updatePayment(tx, paymentId, { processorRef: result.id, nextActionUrl: result.actionUrl }))!;
    }
    const answer = answerFor(payment);
    if (answer.statusCode === 503 || requestId === null) return answer;
    if (await storeFirstMoneyResponse(tx, requestId, answer.statusCode, answer.body)) return answer;
    const request = (await lockMoneyRequestById(tx, requestId))!;
    return { statusCode: request.statusCode!, body: request.response as FundResult };
  });
}

/** The ledger's funding of a settled payment: the client's processor clearing to the project's escrow. */
export function fundingPosting(p: PaymentRow): Posting {
  return {
    kind: 'fund',
    idempotencyKey: `fund:${p.id}`,
    projectId: p.projectId,
    milestoneId: p.milestoneId,
    paymentId: p.id,
    createdBy: p.payerId,
    entries: [
      { account: { kind: 'processor_clearing', userId: p.payerId, currency: p.currency }, amountMinor: -p.amountMinor },
      { account: { kind: 'escrow', projectId: p.projectId, currency: p.currency }, amountMinor: p.amountMinor },
    ],
  };
}

/**
 * The settling of a payment this request just wrote (its row known), in two statements: the
 * project locked with its people, then the payment settled, the funding posted and the answer
 * stored at once (settleFunding). Null when the payment was settled before (by a retry or the
 * reconciliation): the caller reads it as it is.
 */
async function settleKnownPayment(
  tx: Tx,
  deps: PaymentsDeps,
  payment: PaymentRow,
  result: ChargeResult,
  requestId: string,
  card: KnownPayment['card'],
): Promise<Answer<FundResult> | null> {
  const locked = await lockProjectWithPeople(tx, payment.projectId);
  if (!locked) return null;
  const settled: PaymentRow = { ...payment, status: statusOf(result), processorRef: result.id, failureCode: result.failureCode, nextActionUrl: result.actionUrl };
  const answer = answerFor(settled);
  const r = await settleFunding(tx, {
    paymentId: payment.id,
    status: settled.status,
    processorRef: result.id,
    failureCode: result.failureCode,
    nextActionUrl: result.actionUrl,
    posting: settled.status === 'succeeded' ? fundingPosting(settled) : null,
    requestId,
    statusCode: answer.statusCode,
    response: answer.body,
  });
  if (!r.settled) return null;
  if (settled.status === 'succeeded') await afterFunding(tx, deps, settled, locked.project, r.ledgerId, card, locked.people);
  if (r.stored) return answer;
  const request = (await lockMoneyRequestById(tx, requestId))!;
  return { statusCode: request.statusCode!, body: request.response as FundResult };
}

async function recordFunding(
  tx: Tx,
  deps: PaymentsDeps,
  p: PaymentRow,
  project: { id: string; status: string; clientId: string; contractorId: string | null },
  knownCard?: KnownPayment['card'],
) {
  const ledgerId = await post(tx, fundingPosting(p));
  await afterFunding(tx, deps, p, project, ledgerId, knownCard);
}

/**
 * What follows a funding posted to the ledger (`ledgerId`; null: it was posted before): the
 * milestone marked funded, the client's receipt, the money held announced, and a late charge's money
 * following the project's outcome. `people`: the project's people when the caller read them.
 */
export async function afterFunding(
  tx: Tx,
  deps: PaymentsDeps,
  p: PaymentRow,
  project: { id: string; status: string; clientId: string; contractorId: string | null },
  ledgerId: string | null,
  knownCard?: KnownPayment['card'],
  knownPeople?: Awaited<ReturnType<typeof findProjectPeople>>,
) {
  if (p.milestoneId) await markMilestones(tx, p.projectId, 'pending', 'funded', [p.milestoneId]);
  if (ledgerId && deps.mail) {
    const method = knownCard !== undefined ? knownCard : p.paymentMethodId ? await findMethodById(tx, p.paymentMethodId) : undefined;
    const card = paidWithText(p.rail, method);
    // The payer (the project's client) and the title in one read, for the receipt.
    const people = knownPeople ?? (await findProjectPeople(tx, p.projectId));
    const payer = people && p.payerId === project.clientId ? { ...people.client, title: people.title } : undefined;
    await queueReceipt(tx, deps.mail, p.payerId, p.projectId, p.processorRef ?? p.id, { kind: 'charge', amountMinor: p.amountMinor, currency: p.currency, card }, payer);
  }
  if (ledgerId) {
    // Announced, not told here (decision 074): the contractor learns the work is paid for, and the
    // funding that first holds the money to begin shares both people's contact details (issue 29).
    const tell = project.contractorId && project.status !== 'cancelled' && project.status !== 'completado' ? project.contractorId : null;
    const cover = project.status === 'assigned' || project.status === 'in_progress' ? await moneyCoverOf(tx, p.projectId) : null;
    const sharesContacts = !!cover && coveredMinor(cover) >= amountToBegin(cover) && coveredMinor(cover) - p.amountMinor < amountToBegin(cover);
    if (tell || sharesContacts)
      await recordMoneyEvent(tx, {
        kind: 'funding-held',
        projectId: p.projectId,
        payload: { paymentId: p.id, clientId: project.clientId, amountMinor: p.amountMinor, currency: p.currency, tell, sharesContacts },
      });
  }
  // A charge confirmed after the project closed (a late 3-D Secure answer): the money follows the project's outcome.
  // A project reopened to offers (its hire ended before funding) holds nothing either: refunded the same way.
  if (project.status === 'cancelled' || project.status === 'created') await refundHeld(tx, project, { reason: `late:${p.id}`, by: null });
  if (project.status === 'completado') await releaseHeld(tx, project, { feePercent: deps.feePercent, by: null, key: `late:${p.id}`, mail: deps.mail });
}

/** A project's title and its client and contractor (contact and immediate-mail preference), in one read: for the notices and receipts of a project move. */
export function projectPeople(tx: DbOrTx, projectId: string) {
  return findProjectPeople(tx, projectId);
}

/** projectPeople with what the project holds in escrow, in one read (an approval's release takes it as `escrows`); call it under the project's lock. */
export function projectPeopleAndEscrow(tx: DbOrTx, projectId: string) {
  return findProjectPeopleAndEscrow(tx, projectId);
}

/** The signed-in client's own charges (only theirs: the payer is the filter), newest first. */
/** After a challenge page (3-D Secure): asks the processor how the charge ended and settles it. */
export async function confirmPayment(deps: PaymentsDeps, actor: Actor, paymentId: string): Promise<Answer<FundResult>> {
  const payment = await findPayment(deps.db, paymentId);
  if (!payment || payment.payerId !== actor.id) throw new AppError('NOT_FOUND', tp.fund.paymentNotFound);
  // An expired challenge is asked too: answered after all, the money moved (and follows the hire).
  if (payment.status !== 'pending' && payment.status !== 'requires_action' && !(payment.status === 'expired' && payment.rail === 'card')) return answerFor(payment);
  let result: ChargeResult | null;
  try {
    result = await deps.processor.retrieveCharge(processorKey(payment.id));
  } catch (err) {
    if (err instanceof ProcessorUnavailable) throw new AppError('UNAVAILABLE', tp.fund.unknown);
    throw err;
  }
  return settleFromProcessor(deps, payment, result);
}

/** A card payment settled with what the processor says of its charge, the funding request's answer stored if it was not yet. */
async function settleFromProcessor(deps: PaymentsDeps, payment: PaymentRow, result: ChargeResult | null): Promise<Answer<FundResult>> {
  const request = await findMoneyRequestByPayment(deps.db, payment.idempotencyKey);
  return settlePayment(deps, payment.id, result, request?.response === null ? request.id : null);
}

/**
 * A card charge's final outcome learnt without the client (dLocal's notification after 3-D Secure):
 * settled through the client's return path (confirmPayment's), so the ledger, receipt and notices
 * are the same; once, whatever the replays: a payment settled before stays as it is. `processorKey`
 * is the charge's key (pay_<payment id>).
 */
export async function settleCardCharge(deps: PaymentsDeps, result: ChargeResult): Promise<'settled' | 'unchanged' | 'unknown'> {
  const id = /^pay_([0-9a-f-]{36})$/.exec(result.idempotencyKey)?.[1];
  const payment = id ? await findPayment(deps.db, id) : undefined;
  if (!payment || payment.rail !== 'card') return 'unknown';
  const open = payment.status === 'pending' || payment.status === 'requires_action' || (payment.status === 'expired' && result.status === 'succeeded');
  if (!open || result.status === 'requires_action') return 'unchanged';
  const answer = await settleFromProcessor(deps, payment, result);
  return answer.statusCode === 503 ? 'unchanged' : 'settled';
}
