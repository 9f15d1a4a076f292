import type { LocalMethodId } from '@arreglaya/shared/local-payment-methods';
import type { Currency } from '@arreglaya/shared/domain';
import { amountToBegin, claimShares, coveredMinor, DEFAULT_HIRE_PAYMENT_HOURS, platformFeeMinor } from '@arreglaya/shared/lifecycles';
import type { ApiErrorBody } from '@arreglaya/shared/errors';
import { payments as tp } from '@arreglaya/shared/i18n/payments';
import { projectMail as tpm, projects as tprojects } from '@arreglaya/shared/i18n/projects';
import { IDEMPOTENCY_KEY, type ClaimDecision, type FundRequest, type FundResult, type ProjectMoney } from '@arreglaya/shared/schemas/payments';
import { formatMoney } from '@arreglaya/shared/format-money';
import crypto from 'node:crypto';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { escrowOf, post, type Escrow, type Posting } from './ledger.repository.ts';
import { ProcessorUnavailable, type CardProcessor, type ChargeResult } from './processor.ts';
import { paidWithText, queueReceipt, type ReceiptDeps } from './receipts.ts';
import { pendingOf } from './pending-payment.ts';
import { holdbackToKeep } from './warranty-holdback.ts';
import { moneyCoverOf } from './money-cover.ts';
import { notify, projectUrl, tellContactsShared } from '../projects/project-notify.ts';
import {
  findAcceptedPrice,
  findMethod,
  findPayment,
  findPaymentByKey,
  findProjectPeople,
  findProjectPeopleAndEscrow,
  findProjectForMoney,
  insertPayment,
  insertProcessorRefund,
  listMilestones,
  lockMilestone,
  listPendingRefunds,
  listProjectPayments,
  listUnsettledPayments,
  lockMoneyRequest,
  lockMoneyRequestById,
  lockPayment,
  lockProjectForMoney,
  lockProjectForFunding,
  readForFunding,
  claimKeyAndInsertPayment,
  lockProjectWithPeople,
  settleFunding,
  claimMoneyRequest,
  markMilestones,
  refundedByPayment,
  settleRefund,
  storeMoneyResponse,
  storeFirstMoneyResponse,
  updatePayment,
  settleUnsettledPayment,
  findMoneyRequestByPayment,
  findMethodById,
  findLastMoneyMoves,
  findLastOfflinePayment,
  findRefundReceipt,
  type PaymentMethodRow,
  type PaymentRow,
} from './payments.repository.ts';

// Payment protection (decision 021): funding a hired project, the escrow's release and refunds,
// and the reconciliation with the processor. Money moves only in ledger transactions (ledger.repository.ts).

export interface PaymentsDeps {
  db: Db;
  processor: CardProcessor;
  /** PLATFORM_FEE_PERCENT. */
  feePercent: number;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Receipts by mail (charges and refunds to the client); without it none are sent. */
  mail?: ReceiptDeps;
  /** Refunds of cash vouchers, through the processor that collected them (dlocal-cash.ts). */
  cashRefunds?: { refund(req: { chargeId: string; amountMinor: number; currency: Currency; idempotencyKey: string }): Promise<{ id: string }> };
  /** PAYMENT_ACTION_MINUTES: how long a card payment may wait in its 3-D Secure challenge (payment-expiry.ts). */
  actionMinutes?: number;
  /** Cash and transfer (funding-rails.ts, decision 051); without it only cards fund. */
  /** Wakes the refunds sweep after a commit that decided one (a late voucher's money going back); else the minute's run sends it. */
  kickRefunds?: () => void;
  rails?: {
    open(actor: Actor, projectId: string, rail: 'cash' | 'transfer', key: string, method?: LocalMethodId, payerDocument?: string): Promise<Answer<FundResult>>;
    cancel(actor: Actor, projectId: string, paymentId: string): Promise<void>;
  };
}

export const DEFAULT_PLATFORM_FEE_PERCENT = 10;

export interface Answer<T> {
  statusCode: number;
  body: T | ApiErrorBody;
}

export interface Actor {
  id: string;
  role: string;
}

/** The Idempotency-Key header, checked; a 400 naming it otherwise. */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !IDEMPOTENCY_KEY.test(key)) throw new AppError('VALIDATION', tp.idempotency.missing, { 'Idempotency-Key': tp.idempotency.missing });
  return key;
}

/** An optional Idempotency-Key header (approve, claim): checked when sent. */
export function optionalIdempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  const key = Array.isArray(header) ? header[0] : header;
  return key === undefined ? undefined : idempotencyKeyOf(key);
}

/**
 * A money move with an optional idempotency key (approving releases, a claim freezes), in the
 * caller's transaction: the project is locked first (as funding does), then the key; the same key
 * replays the first answer without doing anything, the same key with another request is a 409,
 * and the answer is stored in the transaction that did the move. A refusal stores nothing.
 */
export async function onceForKey<T>(tx: Tx, userId: string, key: string | undefined, projectId: string, request: unknown, run: () => Promise<T>): Promise<T> {
  if (key === undefined) return run();
  await lockProjectForMoney(tx, projectId);
  const hash = hashOf({ projectId, request });
  const row = (await claimMoneyRequest(tx, userId, key, hash)) ?? (await lockMoneyRequest(tx, userId, key))!;
  if (row.requestHash !== hash) throw new AppError('CONFLICT', tp.idempotency.reused);
  if (row.response !== null) return row.response as T;
  const answer = await run();
  await storeMoneyResponse(tx, row.id, 200, answer);
  return answer;
}

export const hashOf = (v: unknown) => crypto.createHash('sha256').update(JSON.stringify(v)).digest('hex');
export const paymentKey = (userId: string, key: string) => `${userId}:${key}`;
const processorKey = (paymentId: string) => `pay_${paymentId}`;
const returnUrlOf = (projectId: string, paymentId: string) => `/proyectos/${projectId}?pago=${paymentId}`;

// ---- Funding ----

/** What the project still needs funded: its first pending milestone, or the whole agreed price (`price`: its accepted quote's, read with the project). */
async function nextToFund(
  tx: DbOrTx,
  project: { id: string; acceptedQuoteId: string | null; price: { agreedPriceMinor: number; currency: Currency; staged: boolean } | undefined },
  pays: { status: PaymentRow['status']; milestoneId: string | null }[],
) {
  if (!project.acceptedQuoteId) return null;
  const price = project.price;
  // Milestones are made from the accepted quote's plan: a quote without one has none to read.
  const milestones = price?.staged ? await listMilestones(tx, project.id) : [];
  const succeeded = pays.filter((p) => p.status === 'succeeded');
  if (milestones.length > 0) {
    const paid = new Set(succeeded.map((p) => p.milestoneId));
    const next = milestones.find((m) => m.status === 'pending' && !paid.has(m.id));
    return next ? { amountMinor: next.amountMinor, currency: next.currency, milestoneId: next.id } : null;
  }
  if (succeeded.length > 0) return null;
  return price && price.agreedPriceMinor > 0 ? { amountMinor: price.agreedPriceMinor, currency: price.currency, milestoneId: null } : null;
}

/** The processor's reason for refusing a card, in the client's words (a charge or a card's verification); `cancelled` for a challenge the client cancelled. */
export function refusalMessage(failureCode: string | null, texts: { cancelled: string; other: string }): string {
  if (failureCode === 'declined') return tp.fund.declined;
  if (failureCode === 'insufficient_funds') return tp.fund.insufficientFunds;
  if (failureCode === 'processing_error') return tp.fund.processingError;
  if (failureCode === 'challenge_canceled') return texts.cancelled;
  return texts.other;
}

function answerFor(p: PaymentRow): Answer<FundResult> {
  const base = { paymentId: p.id, status: p.status, amountMinor: p.amountMinor, currency: p.currency, actionUrl: null, pending: null };
  if (p.status === 'succeeded') return { statusCode: 200, body: { ...base, message: tp.fund.funded } };
  if (p.status === 'requires_action') return { statusCode: 202, body: { ...base, message: tp.fund.requiresAction, actionUrl: p.nextActionUrl } };
  if (p.status === 'pending') return { statusCode: 503, body: { error: { code: 'UNAVAILABLE', message: tp.fund.unknown } } };
  if (p.status === 'expired') return { statusCode: 409, body: { error: { code: 'CONFLICT', message: tp.fund.expired } } };
  const message = refusalMessage(p.failureCode, { cancelled: tp.fund.cancelled, other: tp.fund.declined });
  return { statusCode: 402, body: { error: { code: 'PAYMENT_FAILED', message } } };
}

type FundStep =
  | { replay: Answer<FundResult> }
  | { payment: PaymentRow; requestId: string; token: string | undefined; card: { brand: PaymentMethodRow['brand']; last4: string | null } | null | undefined };

/** The funding's rules, one place: the project is hired, no payment under way, something left to fund, the saved card is the payer's. */
export async function whatToFund(
  tx: DbOrTx,
  project: { id: string; status: string; acceptedQuoteId: string | null; price: { agreedPriceMinor: number; currency: Currency; staged: boolean } | undefined },
  pays: { status: PaymentRow['status']; milestoneId: string | null }[],
  input: FundRequest,
  method: { id: string; status: PaymentMethodRow['status'] } | undefined,
) {
  if (project.status !== 'assigned' && project.status !== 'in_progress') throw new AppError('CONFLICT', tp.fund.notAssigned);
  if (pays.some((p) => p.status === 'pending' || p.status === 'requires_action')) throw new AppError('CONFLICT', tp.fund.inProgress);
  const target = await nextToFund(tx, project, pays);
  if (!target) throw new AppError('CONFLICT', tp.fund.alreadyFunded);
  if (input.paymentMethodId && !method) throw new AppError('NOT_FOUND', tp.methodNotFound, { paymentMethodId: tp.methodNotFound });
  // A card whose bank's challenge is not answered yet is never charged (issue 29).
  if (method && method.status !== 'active') throw new AppError('CONFLICT', tp.verification.notVerified, { paymentMethodId: tp.verification.notVerified });
  return target;
}

/**
 * The funding's first step read by parts, each after the project's lock: for a key used before
 * (a replay, or carrying on an attempt that did not finish) and when the two-statement path found
 * the key or the payments changed while it waited.
 */
async function fundStepWithKey(tx: Tx, actor: Actor, projectId: string, input: FundRequest, key: string, hash: string, oneOff: OneOffCard): Promise<FundStep> {
  const project = await lockProjectForFunding(tx, projectId);
  if (!project || project.clientId !== actor.id) throw new AppError('NOT_FOUND', tprojects.notFound);
  // A new key is this transaction's row (locked by its insert); a used one is locked and read.
  const taken = await claimMoneyRequest(tx, actor.id, key, hash);
  const request = taken ?? (await lockMoneyRequest(tx, actor.id, key))!;
  if (request.requestHash !== hash) throw new AppError('CONFLICT', tp.idempotency.reused);
  if (request.response !== null) return { replay: { statusCode: request.statusCode!, body: request.response as FundResult | ApiErrorBody } };
  if (!taken) {
    // An earlier attempt with this key did not finish: carry it on.
    const payment = await findPaymentByKey(tx, paymentKey(actor.id, key));
    if (payment) return { payment, requestId: request.id, token: undefined, card: undefined };
  }
  const pays = await listProjectPayments(tx, projectId);
  const method = input.paymentMethodId ? await findMethod(tx, actor.id, input.paymentMethodId) : undefined;
  const target = await whatToFund(tx, project, pays, input, method);
  const payment = await insertPayment(tx, {
    projectId,
    milestoneId: target.milestoneId,
    payerId: actor.id,
    paymentMethodId: method?.id ?? null,
    amountMinor: target.amountMinor,
    currency: target.currency,
    status: 'pending',
    idempotencyKey: paymentKey(actor.id, key),
    ...cardOf(method, oneOff),
  });
  return { payment, requestId: request.id, token: input.token ?? method?.processorToken, card: method ? { brand: method.brand, last4: method.last4 } : null };
}

/**
 * POST /api/projects/:id/fund. The amount comes from the accepted quote (or the next milestone),
 * never from the request; only the project's client pays. Three steps: (1) under the project's
 * lock, take the idempotency key and record a pending payment; (2) charge at the processor with
 * a key of that payment (a repeated call charges once); (3) under the lock again, settle the
 * payment and post the funding to the ledger. A processor that does not answer leaves the payment
 * pending: a retry with the same key, or reconciliation, finishes it.
 */
export async function fundProject(deps: PaymentsDeps, actor: Actor, projectId: string, input: FundRequest, key: string): Promise<Answer<FundResult>> {
  if (input.rail !== 'card') {
    if (!deps.rails) throw new AppError('CONFLICT', input.rail === 'cash' ? tp.fund.cashUnavailable : tp.fund.transferUnavailable);
    return deps.rails.open(actor, projectId, input.rail, key, input.method, input.payerDocument);
  }
  const hash = hashOf({ op: 'fund', projectId, input });
  // A new card's brand and last 4 for the client's payments list and receipt (never the number).
  const oneOff = input.token ? await describeOneOff(deps, input.token) : null;
  const step = await deps.db.transaction(async (tx): Promise<FundStep> => {
    // The usual case in two statements: one read under the project's lock, one write.
    const read = await readForFunding(tx, projectId, actor.id, key, input.paymentMethodId ?? null);
    if (!read || read.project.clientId !== actor.id) throw new AppError('NOT_FOUND', tprojects.notFound);
    // A key used before (a retry, a replay, or the same key elsewhere): the full path below.
    if (read.keyUsed) return fundStepWithKey(tx, actor, projectId, input, key, hash, oneOff);
    // Refused on what the read saw: read again after the lock, so the refusal names what is true now.
    const target = await whatToFund(tx, read.project, read.pays, input, read.method).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'CONFLICT') return null;
      throw err;
    });
    if (!target) return fundStepWithKey(tx, actor, projectId, input, key, hash, oneOff);
    const written = await claimKeyAndInsertPayment(
      tx,
      { userId: actor.id, key, requestHash: hash },
      {
        projectId,
        milestoneId: target.milestoneId,
        payerId: actor.id,
        paymentMethodId: read.method?.id ?? null,
        amountMinor: target.amountMinor,
        currency: target.currency,
        idempotencyKey: paymentKey(actor.id, key),
        ...cardOf(read.method, oneOff),
      },
      read.pays.length,
    );
    // Taken at the same moment, or a payment came in while the read waited for the lock: read again.
    if (!written) return fundStepWithKey(tx, actor, projectId, input, key, hash, oneOff);
    return {
      payment: written.payment,
      requestId: written.requestId,
      token: input.token ?? read.method?.processorToken,
      card: read.method ? { brand: read.method.brand, last4: read.method.last4 } : null,
    };
  });
  if ('replay' in step) return step.replay!;
  const { payment, requestId } = step;
  const known = { projectId: payment.projectId, card: step.card, payment: payment.status === 'pending' ? payment : undefined };
  if (payment.status !== 'pending') return settlePayment(deps, payment.id, null, requestId, known);
  const token = step.token ?? input.token ?? (await findMethod(deps.db, actor.id, input.paymentMethodId!))?.processorToken;
  if (!token) throw new AppError('NOT_FOUND', tp.methodNotFound, { paymentMethodId: tp.methodNotFound });
  let result: ChargeResult;
  try {
    result = await deps.processor.charge({
      token,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      idempotencyKey: processorKey(payment.id),
      returnUrl: returnUrlOf(projectId, payment.id),
    });
  } catch (err) {
    if (!(err instanceof ProcessorUnavailable)) throw err;
    deps.log.warn({ paymentId: payment.id, kind: err.kind }, 'card processor did not answer a charge; left pending for a retry or reconciliation');
    throw new AppError('UNAVAILABLE', tp.fund.unknown);
  }
  return settlePayment(deps, payment.id, result, requestId, known);
}

type OneOffCard = { brand: PaymentMethodRow['brand']; last4: string } | null;

/** What a new card's token stands for (brand, last 4); null when the processor cannot say (the payment goes on without). */
async function describeOneOff(deps: PaymentsDeps, token: string): Promise<OneOffCard> {
  try {
    const d = await deps.processor.describeToken(token);
    return d ? { brand: d.brand, last4: d.last4 } : null;
  } catch (err) {
    if (err instanceof ProcessorUnavailable) return null;
    throw err;
  }
}

/** The card columns of a payment: the saved card's, else the new card's. */
function cardOf(method: { brand: PaymentMethodRow['brand']; last4: string | null } | undefined, oneOff: OneOffCard) {
  const card = method ?? oneOff;
  return { cardBrand: card?.brand ?? null, cardLast4: card?.last4 ?? null };
}

/** What the caller already knows of a payment being settled (saves reading it again): its project, and its saved card (null: none). */
interface KnownPayment {
  projectId: string;
  /** The payment as this request wrote it (pending), when it did. */
  payment?: PaymentRow;
  card: { brand: PaymentMethodRow['brand']; last4: string | null } | null | undefined;
}

/**
 * Settles a payment with the processor's answer (once: a payment already settled stays as it is),
 * posting the funding when it succeeded, and stores the answer under its idempotency key.
 */
async function settlePayment(deps: PaymentsDeps, paymentId: string, result: ChargeResult | null, requestId: string | null, known?: KnownPayment): Promise<Answer<FundResult>> {
  const answer = await settlePaymentIn(deps, paymentId, result, requestId, known);
  deps.mail?.mailer.kick();
  return answer;
}

const statusOf = (result: ChargeResult) => (result.status === 'succeeded' ? 'succeeded' : result.status === 'requires_action' ? 'requires_action' : 'failed');

function settlePaymentIn(deps: PaymentsDeps, paymentId: string, result: ChargeResult | null, requestId: string | null, known?: KnownPayment): Promise<Answer<FundResult>> {
  return deps.db.transaction(async (tx) => {
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
 * milestone marked funded, the client's receipt, the contractor told, and a late charge's money
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
    // The payer (the project's client), the contractor and the title in one read, for the receipt and the notice.
    const people = knownPeople ?? (await findProjectPeople(tx, p.projectId));
    const payer = people && p.payerId === project.clientId ? { ...people.client, title: people.title } : undefined;
    await queueReceipt(tx, deps.mail, p.payerId, p.projectId, p.processorRef ?? p.id, { kind: 'charge', amountMinor: p.amountMinor, currency: p.currency, card }, payer);
    // The contractor learns the work is paid for, in the conversation (live) and by mail when they keep it on.
    if (project.contractorId && project.status !== 'cancelled' && project.status !== 'completado') {
      const m = tpm.projectFunded;
      await notify(tx, deps.mail, {
        kind: 'projectFunded',
        to: project.contractorId,
        known: people?.contractor ?? undefined,
        pair: { clientId: project.clientId, contractorId: project.contractorId, projectId: p.projectId },
        subject: m.subject,
        title: m.title,
        paragraphs: [m.intro(people?.title ?? '', formatMoney(p.amountMinor, p.currency))],
        actions: [{ label: tpm.open, url: projectUrl(deps.mail.appUrl, p.projectId) }],
        facts: { project: people?.title ?? '', amount: formatMoney(p.amountMinor, p.currency) },
      });
    }
  }
  // The funding that first holds the money to begin shares both people's contact details (issue 29).
  if (ledgerId && deps.mail && (project.status === 'assigned' || project.status === 'in_progress')) {
    const cover = await moneyCoverOf(tx, p.projectId);
    if (cover && coveredMinor(cover) >= amountToBegin(cover) && coveredMinor(cover) - p.amountMinor < amountToBegin(cover)) await tellContactsShared(tx, deps.mail, p.projectId);
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

// ---- Release and refund (called by the projects service inside its transaction, under the project's lock) ----

interface MoneyProject {
  id: string;
  clientId: string;
  contractorId: string | null;
}

/** Releases everything held to the contractor's payable, less the platform fee. Returns the amount released. */
export async function releaseHeld(
  tx: Tx,
  project: MoneyProject,
  opts: {
    feePercent: number;
    by: string | null;
    key?: string;
    percent?: number;
    mail?: ReceiptDeps;
    /** The contractor and the project's title for the receipt, when the caller has read them. */
    receiptTo?: { email: string; firstName: string; title: string };
    /** The project's escrows, when the caller read them under the project's lock (projectPeopleAndEscrow). */
    escrows?: Escrow[];
    /** The approval's instant: the warranty holdback's window starts there (decision 055); default now. */
    now?: Date;
  },
): Promise<number> {
  let released = 0;
  const escrows = opts.escrows ?? (await escrowOf(tx, project.id));
  // The warranty holdback stays in escrow (decision 055): the approval keeps it back, a later release leaves it alone.
  const kept = await holdbackToKeep(tx, project.id, opts.key ?? 'approval', escrows, opts.now ?? new Date());
  for (const e of escrows) {
    const keep = kept?.currency === e.currency ? kept : null;
    const amount = claimShares(e.held - (keep?.amountMinor ?? 0), opts.percent === undefined ? 'release' : 'split', opts.percent, opts.feePercent).releasedMinor;
    if (amount <= 0 || !project.contractorId) continue;
    const fee = platformFeeMinor(amount, opts.feePercent);
    const posted = await post(tx, {
      kind: 'release',
      idempotencyKey: `release:${project.id}:${e.currency}:${opts.key ?? 'approval'}`,
      projectId: project.id,
      createdBy: opts.by,
      metadata: { feePercent: opts.feePercent, feeMinor: fee },
      entries: [
        { account: { kind: 'escrow', projectId: project.id, currency: e.currency }, amountMinor: -amount },
        { account: { kind: 'contractor_payable', userId: project.contractorId, currency: e.currency }, amountMinor: amount - fee },
        { account: { kind: 'platform_revenue', currency: e.currency }, amountMinor: fee },
      ],
    });
    if (!posted) continue;
    released += amount;
    if (opts.mail)
      await queueReceipt(
        tx,
        opts.mail,
        project.contractorId,
        project.id,
        posted,
        {
          kind: 'release',
          amountMinor: amount,
          feeMinor: fee,
          currency: e.currency,
          ...(keep?.isNew ? { withheld: { amountMinor: keep.amountMinor, releaseAt: keep.releaseAt } } : {}),
          ...(opts.key === 'warranty' ? { holdback: true } : {}),
        },
        opts.receiptTo,
      );
  }
  // Only a staged plan has milestones to mark; a split (a percent) marks them itself: part of what is held went back to the client.
  if (released > 0 && opts.percent === undefined && escrows.some((e) => e.milestones)) await markMilestones(tx, project.id, 'funded', 'released');
  return released;
}

/**
 * A staged plan's milestone released on its own (decision 021): the project's client releases a
 * funded milestone while the work is in progress; it leaves the escrow (less the fee) for the
 * contractor's payable and the next milestone must be funded before the work goes on. The last
 * milestone is released by the final approval of the delivered project; a claim (disputed) freezes
 * what is held, since only an in-progress project releases a milestone. With a key, a repeat answers as the first did.
 */
export async function releaseMilestone(deps: PaymentsDeps, actor: Actor, projectId: string, milestoneId: string, key?: string): Promise<{ message: string }> {
  const answer = await deps.db.transaction((tx) =>
    onceForKey(tx, actor.id, key, projectId, { op: 'release-milestone', milestoneId }, () => releaseMilestoneIn(tx, deps, actor, projectId, milestoneId)),
  );
  deps.mail?.mailer.kick();
  return answer;
}

async function releaseMilestoneIn(tx: Tx, deps: PaymentsDeps, actor: Actor, projectId: string, milestoneId: string): Promise<{ message: string }> {
  const project = await lockProjectForMoney(tx, projectId);
  if (!project || project.clientId !== actor.id) throw new AppError('NOT_FOUND', tprojects.notFound);
  const milestone = await lockMilestone(tx, projectId, milestoneId);
  if (!milestone) throw new AppError('NOT_FOUND', tp.milestones.notFound);
  if (project.status !== 'in_progress' || !project.contractorId) throw new AppError('CONFLICT', tp.milestones.notInProgress);
  if (milestone.status !== 'funded') throw new AppError('CONFLICT', milestone.status === 'pending' ? tp.milestones.notFunded : tp.milestones.alreadyReleased);
  const all = await listMilestones(tx, projectId);
  if (all[all.length - 1]!.id === milestone.id) throw new AppError('CONFLICT', tp.milestones.lastOnApproval);
  const held = (await escrowOf(tx, projectId)).find((e) => e.currency === milestone.currency)?.held ?? 0;
  if (held < milestone.amountMinor) throw new AppError('CONFLICT', tp.milestones.notFunded);
  const fee = platformFeeMinor(milestone.amountMinor, deps.feePercent);
  const posted = await post(tx, {
    kind: 'release',
    idempotencyKey: `release:${projectId}:${milestone.currency}:milestone:${milestone.id}`,
    projectId,
    milestoneId: milestone.id,
    createdBy: actor.id,
    metadata: { feePercent: deps.feePercent, feeMinor: fee },
    entries: [
      { account: { kind: 'escrow', projectId, currency: milestone.currency }, amountMinor: -milestone.amountMinor },
      { account: { kind: 'contractor_payable', userId: project.contractorId, currency: milestone.currency }, amountMinor: milestone.amountMinor - fee },
      { account: { kind: 'platform_revenue', currency: milestone.currency }, amountMinor: fee },
    ],
  });
  if (!posted) throw new AppError('CONFLICT', tp.milestones.alreadyReleased);
  await markMilestones(tx, projectId, 'funded', 'released', [milestone.id]);
  if (deps.mail)
    await queueReceipt(tx, deps.mail, project.contractorId, projectId, posted, {
      kind: 'release',
      amountMinor: milestone.amountMinor,
      feeMinor: fee,
      currency: milestone.currency,
      milestone: milestone.title,
    });
  return { message: tp.milestones.released(milestone.title) };
}

/**
 * Refunds everything held to the client: one ledger transaction now, and a refund to the card of
 * each payment (newest first) sent to the processor after the transaction commits (flushRefunds).
 */
export async function refundHeld(tx: Tx, project: MoneyProject, opts: { reason: string; by: string | null; keepMilestones?: boolean }): Promise<number> {
  let refunded = 0;
  const escrows = await escrowOf(tx, project.id);
  for (const e of escrows) {
    if (e.held <= 0) continue;
    const ledgerId = await post(tx, {
      kind: 'refund',
      idempotencyKey: `refund:${project.id}:${e.currency}:${opts.reason}`,
      projectId: project.id,
      createdBy: opts.by,
      entries: [
        { account: { kind: 'escrow', projectId: project.id, currency: e.currency }, amountMinor: -e.held },
        { account: { kind: 'refunds', userId: project.clientId, currency: e.currency }, amountMinor: e.held },
      ],
    });
    if (!ledgerId) continue;
    refunded += e.held;
    const pays = (await listProjectPayments(tx, project.id)).filter((p) => p.status === 'succeeded' && p.currency === e.currency).reverse();
    const already = await refundedByPayment(
      tx,
      pays.map((p) => p.id),
    );
    let left = e.held;
    for (const p of pays) {
      const part = Math.min(left, p.amountMinor - (already.get(p.id) ?? 0));
      if (part <= 0) continue;
      await insertProcessorRefund(tx, { paymentId: p.id, ledgerTransactionId: ledgerId, amountMinor: part, currency: e.currency as Currency });
      left -= part;
      if (left === 0) break;
    }
  }
  if (refunded > 0 && !opts.keepMilestones && escrows.some((e) => e.milestones)) await markMilestones(tx, project.id, 'funded', 'refunded');
  return refunded;
}

/**
 * After a split decision on a staged plan, each funded milestone says what became of its money:
 * the released amount covers the funded milestones in the plan's order (the work done first), so
 * those it covers whole are `released`, the one it covers in part is `split`, and the rest
 * `refunded`. A project without a plan has no milestones and nothing changes.
 */
async function markSplitMilestones(tx: Tx, projectId: string, released: number): Promise<void> {
  const funded = (await listMilestones(tx, projectId)).filter((m) => m.status === 'funded');
  if (funded.length === 0) return;
  const to = { released: [] as string[], split: [] as string[], refunded: [] as string[] };
  let left = released;
  for (const m of funded) {
    const state = left >= m.amountMinor ? 'released' : left > 0 ? 'split' : 'refunded';
    to[state].push(m.id);
    left = Math.max(0, left - m.amountMinor);
  }
  for (const state of ['released', 'split', 'refunded'] as const) if (to[state].length > 0) await markMilestones(tx, projectId, 'funded', state, to[state]);
}

/** A sysadmin's decision on a claim: release all, refund all, or split (the contractor's percent released, the rest refunded). */
export async function settleClaim(
  tx: Tx,
  project: MoneyProject,
  decision: ClaimDecision,
  opts: { feePercent: number; by: string; mail?: ReceiptDeps; key?: 'decision' | 'warranty' },
): Promise<{ released: number; refunded: number }> {
  // 'warranty': a warranty claim's decision on the holdback, the only money its project still holds (decision 055).
  const key = opts.key ?? 'decision';
  if (decision.outcome === 'release') return { released: await releaseHeld(tx, project, { feePercent: opts.feePercent, by: opts.by, key, mail: opts.mail }), refunded: 0 };
  if (decision.outcome === 'refund') return { released: 0, refunded: await refundHeld(tx, project, { reason: key, by: opts.by }) };
  const released = await releaseHeld(tx, project, { feePercent: opts.feePercent, by: opts.by, key, percent: decision.contractorPercent, mail: opts.mail });
  const refunded = await refundHeld(tx, project, { reason: key, by: opts.by, keepMilestones: true });
  await markSplitMilestones(tx, project.id, released);
  return { released, refunded };
}

/**
 * What a project's money looks like (project page); null before hiring. With a staged plan, its
 * milestones and which one is due; while the hire waits for its first funding, when it lapses.
 */
export async function projectMoney(db: DbOrTx, projectId: string, hireHours = DEFAULT_HIRE_PAYMENT_HOURS, feePercent = DEFAULT_PLATFORM_FEE_PERCENT): Promise<ProjectMoney | null> {
  const project = await findProjectForMoney(db, projectId);
  if (!project?.acceptedQuoteId) return null;
  const price = await findAcceptedPrice(db, project.acceptedQuoteId);
  if (!price) return null;
  const [escrows, plan, last, offline] = await Promise.all([
    escrowOf(db, projectId),
    price.staged ? listMilestones(db, projectId) : [],
    findLastMoneyMoves(db, projectId),
    // The newest cash or transfer payment: the one under way (at most one is), or the last that ran out.
    findLastOfflinePayment(db, projectId),
  ]);
  const open = offline?.status === 'pending' ? offline : undefined;
  const e = escrows.find((x) => x.currency === price.currency) ?? { funded: 0, released: 0, refunded: 0, held: 0 };
  // The milestone the work is on: the first not released nor refunded; it must be funded before the work goes on.
  const current = plan.find((m) => m.status === 'pending' || m.status === 'funded');
  const funded = plan.length > 0 ? e.funded > 0 && current?.status !== 'pending' : e.funded > 0;
  // Due: the plan's first stage not paid yet, whatever is held or released before it (DOMAIN: funding
  // never waits for a release, so a client with the deposit held can pay the final stage now).
  const nextToPay = plan.find((m) => m.status === 'pending');
  const dueMinor = plan.length > 0 ? (nextToPay?.amountMinor ?? 0) : e.funded > 0 ? 0 : price.agreedPriceMinor;
  const waiting = project.status === 'assigned' && e.funded - e.refunded <= 0 && project.assignedAt !== null;
  return {
    currency: price.currency,
    priceMinor: price.agreedPriceMinor,
    fundedMinor: e.funded,
    releasedMinor: e.released,
    refundedMinor: e.refunded,
    heldMinor: e.held,
    funded,
    dueMinor,
    feePercent,
    payBy: waiting ? new Date(project.assignedAt!.getTime() + hireHours * 3_600_000).toISOString() : null,
    pending: open ? pendingOf(open) : null,
    expired:
      offline?.status === 'expired' && offline.rail !== 'card' && dueMinor > 0 && offline.expiresAt
        ? { rail: offline.rail, method: (offline.method as LocalMethodId | null) ?? null, expiresAt: offline.expiresAt.toISOString() }
        : null,
    releasedAt: last.releasedAt?.toISOString() ?? null,
    refundedAt: last.refundedAt?.toISOString() ?? null,
    milestones: plan.map((m, i) => ({
      id: m.id,
      title: m.title,
      amountMinor: m.amountMinor,
      status: m.status,
      last: i === plan.length - 1,
    })),
  };
}

// moneyCoverOf lives in money-cover.ts (the chat reads it too: decision 068).
export { moneyCoverOf };

// ---- After commit and on the minute sweep ----

/** Sends decided refunds to the processor (each once, by its own key); failures stay pending for the next run. */
export async function flushRefunds(deps: PaymentsDeps): Promise<number> {
  let sent = 0;
  for (const r of await listPendingRefunds(deps.db)) {
    if (!r.chargeRef) continue;
    // A cash voucher's money was taken by dLocal: it refunds it (decision 051); cards go to the card processor.
    const refunder = r.rail === 'cash' ? deps.cashRefunds : deps.processor;
    if (!refunder) continue;
    try {
      const { id } = await refunder.refund({ chargeId: r.chargeRef, amountMinor: r.amountMinor, currency: r.currency, idempotencyKey: `refund_${r.id}` });
      await deps.db.transaction(async (tx) => {
        // Two sweeps (a kick and the minute's, or two instances) may send one refund: the processor
        // refunds once (its key), and only the sweep that settles it sends the receipt and the notice.
        const settled = await settleRefund(tx, r.id, id, true);
        const receipt = settled && deps.mail && (await findRefundReceipt(tx, r.id));
        if (receipt && deps.mail) {
          await queueReceipt(tx, deps.mail, receipt.payerId, receipt.projectId, id, {
            kind: 'refund',
            amountMinor: receipt.amountMinor,
            currency: receipt.currency,
            rail: receipt.rail,
          });
          // The client's notification centre shows it too (issue 31); the receipt is its mail.
          const { projectId, clientId, contractorId } = receipt;
          if (projectId && clientId === receipt.payerId && contractorId) {
            const m = tp.receipts.refund;
            await notify(tx, deps.mail, {
              kind: 'refundSent',
              to: clientId,
              pair: { clientId, contractorId, projectId },
              subject: m.subject,
              title: m.title,
              paragraphs: [m.intro(receipt.title ?? '', receipt.rail), m.amount(formatMoney(receipt.amountMinor, receipt.currency))],
              mailedByCaller: true,
            });
          }
        }
      });
      sent++;
    } catch (err) {
      await settleRefund(deps.db, r.id, null, false);
      deps.log.warn({ refundId: r.id, err }, 'refund to the card failed; retried on the next sweep');
    }
  }
  if (sent > 0) deps.mail?.mailer.kick();
  return sent;
}

export interface Reconciliation {
  /** Payments whose outcome we learnt from the processor and recorded. */
  settled: string[];
  /** Pending payments the processor never charged (marked failed). */
  notCharged: string[];
  /** Charges at the processor with no payment of ours, or whose status differs from ours. */
  differences: { chargeId: string; problem: string }[];
  unreachable: number;
}

/**
 * Compares our payments with the processor's charges. Payments left pending (the processor did not
 * answer) or awaiting a challenge for more than `olderThanMs` are settled from the processor's
 * record; a pending one it does not know is marked failed. Processor charges we do not know are reported.
 */
export async function reconcile(deps: PaymentsDeps, opts: { olderThanMs?: number; since?: Date } = {}): Promise<Reconciliation> {
  const report: Reconciliation = { settled: [], notCharged: [], differences: [], unreachable: 0 };
  for (const p of await listUnsettledPayments(deps.db, new Date(Date.now() - (opts.olderThanMs ?? 5 * 60_000)))) {
    let charge: ChargeResult | null;
    try {
      charge = await deps.processor.retrieveCharge(processorKey(p.id));
    } catch {
      report.unreachable++;
      continue;
    }
    if (charge) {
      const request = await findMoneyRequestByPayment(deps.db, p.idempotencyKey);
      await settlePayment(deps, p.id, charge, request?.response === null ? request.id : null);
      if (charge.status !== p.status) report.settled.push(p.id);
    } else if (p.status === 'pending') {
      await deps.db.transaction(async (tx) => {
        await lockProjectForMoney(tx, p.projectId);
        const locked = await lockPayment(tx, p.id);
        if (locked?.status === 'pending') await updatePayment(tx, p.id, { status: 'failed', failureCode: 'not_charged' });
      });
      report.notCharged.push(p.id);
    }
  }
  const charges = await deps.processor.listCharges(opts.since ?? new Date(Date.now() - 7 * 86_400_000));
  for (const c of charges) {
    const id = /^pay_([0-9a-f-]{36})$/.exec(c.idempotencyKey)?.[1];
    const ours = id ? await findPayment(deps.db, id) : undefined;
    if (!ours) report.differences.push({ chargeId: c.id, problem: 'charge without a payment' });
    else if (c.status === 'succeeded' && ours.status !== 'succeeded') report.differences.push({ chargeId: c.id, problem: `charged but our payment is ${ours.status}` });
    else if (c.status !== 'succeeded' && ours.status === 'succeeded') report.differences.push({ chargeId: c.id, problem: `recorded as paid but the charge is ${c.status}` });
  }
  return report;
}
