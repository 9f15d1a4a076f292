import type { CountryCode } from '@arreglaya/shared/countries';
import type { Currency } from '@arreglaya/shared/domain';
import { payerDocumentFor } from '@arreglaya/shared/local-payment-methods';
import { payments as tp } from '@arreglaya/shared/i18n/payments';
import { projects as tprojects } from '@arreglaya/shared/i18n/projects';
import type { ApiErrorBody } from '@arreglaya/shared/errors';
import type { FundRequest, FundResult } from '@arreglaya/shared/schemas/payments';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { ProcessorUnavailable, type ChargeResult } from './processor.ts';
import { findPaymentByKey, insertPayment, listMilestones, listProjectPayments, lockProjectForFunding, type PaymentRow } from './payments.repository.ts';
import { claimKeyAndInsertPayment, readForFunding } from './funding.repository.ts';
import { claimMoneyRequest, lockMoneyRequest } from './money-requests.repository.ts';
import { findMethod, type PaymentMethodRow } from './payment-methods.repository.ts';
import { hashOf, paymentKey, processorKey, returnUrlOf, type Actor, type Answer, type PaymentsDeps } from './money-requests.ts';
import { checkPayerDocument } from './local-methods.ts';
import { settlePayment } from './settlement.service.ts';

// Funding (decision 021, 074): what a hired project still needs funded, and a card's charge for it.
// The charge's outcome is settled in settlement.service.ts; cash and transfer: funding-rails.ts.

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

type FundStep =
  | { replay: Answer<FundResult> }
  | {
      payment: PaymentRow;
      requestId: string;
      token: string | undefined;
      card: { brand: PaymentMethodRow['brand']; last4: string | null } | null | undefined;
      /** The project's country: whether dLocal asks the payer's document (decision 067). */
      country: CountryCode;
    };

/**
 * The funding's rules, one place: the payer's document where the country asks it (a card or a
 * local method in Colombia and Mexico: decision 067), the project is hired, no payment under way,
 * something left to fund, the saved card is the payer's.
 */
export async function whatToFund(
  tx: DbOrTx,
  project: {
    id: string;
    status: string;
    country: CountryCode;
    acceptedQuoteId: string | null;
    price: { agreedPriceMinor: number; currency: Currency; staged: boolean } | undefined;
  },
  pays: { status: PaymentRow['status']; milestoneId: string | null }[],
  input: Pick<FundRequest, 'rail' | 'payerDocument' | 'paymentMethodId'>,
  method: { id: string; status: PaymentMethodRow['status'] } | undefined,
) {
  checkPayerDocument(project.country, input.rail, input.payerDocument);
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
    if (payment) return { payment, requestId: request.id, token: undefined, card: undefined, country: project.country };
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
  return {
    payment,
    requestId: request.id,
    token: input.token ?? method?.processorToken,
    card: method ? { brand: method.brand, last4: method.last4 } : null,
    country: project.country,
  };
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
      country: read.project.country,
    };
  });
  if ('replay' in step) return step.replay!;
  const { payment, requestId } = step;
  const known = { projectId: payment.projectId, card: step.card, payment: payment.status === 'pending' ? payment : undefined };
  if (payment.status !== 'pending') return settlePayment(deps, payment.id, null, requestId, known);
  const token = step.token ?? input.token ?? (await findMethod(deps.db, actor.id, input.paymentMethodId!))?.processorToken;
  if (!token) throw new AppError('NOT_FOUND', tp.methodNotFound, { paymentMethodId: tp.methodNotFound });
  const payerDocument = payerDocumentFor(step.country, input.payerDocument);
  let result: ChargeResult;
  try {
    result = await deps.processor.charge({
      token,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      idempotencyKey: processorKey(payment.id),
      returnUrl: returnUrlOf(projectId, payment.id),
      // Sent, never stored; a retry with the same key carries the same (the request hash covers it).
      ...(payerDocument ? { payerDocument } : {}),
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
