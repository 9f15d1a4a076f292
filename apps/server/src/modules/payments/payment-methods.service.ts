import { payments as tp } from '@arreglaya/shared/i18n/payments';
import type { PaymentMethod, PaymentMethodInput, PaymentMethodPending } from '@arreglaya/shared/schemas/payments';
import { expiryCurrent } from '@arreglaya/shared/schemas/payments';
import { payerDocumentFor } from '@arreglaya/shared/local-payment-methods';
import crypto from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { ProcessorUnavailable, type CardProcessor, type VerificationResult } from './processor.ts';
import { refusalMessage } from './payments.service.ts';
import { checkPayerDocument } from './local-methods.ts';
import {
  activateMethod,
  deleteAbandonedPending,
  deleteMethod,
  findAccountCountry,
  findMethod,
  insertMethod,
  listMethods,
  lockMethodsOf,
  setDefaultMethod,
  type PaymentMethodRow,
} from './payment-methods.repository.ts';

// Saved cards (/api/me/payment-methods, clients only). The browser tokenizes the card at the
// processor; we keep the token and what a person needs to recognise the card, never its number or
// CVC, nor the payer's document its verification may carry (Colombia, Mexico: sent, not stored).

export interface PaymentMethodsDeps {
  db: Db;
  processor: CardProcessor;
}

export function toMethod(r: PaymentMethodRow): PaymentMethod {
  return { id: r.id, brand: r.brand, last4: r.last4, expMonth: r.expMonth, expYear: r.expYear, isDefault: r.isDefault, createdAt: r.createdAt.toISOString() };
}

export async function listPaymentMethods(deps: PaymentMethodsDeps, userId: string): Promise<PaymentMethod[]> {
  return (await listMethods(deps.db, userId)).map(toMethod);
}

const MAX_CARDS = 10;

/** The processor's key of a card's verification: one per saved card, so asking again answers the same verification. */
export const verificationKey = (methodId: string) => `verify_${methodId}`;
/** Where the processor's challenge page sends the client back. */
export const verificationReturnUrl = (methodId: string) => `/perfil/formas-pago?verificacion=${methodId}`;

/** The reason a verification refused the card: the texts a refused payment uses. */
function refusalOf(v: VerificationResult): AppError {
  return new AppError('PAYMENT_FAILED', refusalMessage(v.failureCode, { cancelled: tp.verification.cancelled, other: tp.verification.failed }));
}

export type AddedPaymentMethod = { statusCode: 201; body: { message: string; method: PaymentMethod } } | { statusCode: 202; body: PaymentMethodPending };

/**
 * Saves a card from a processor token, verified first (issue 29): the processor's zero-amount
 * verification, as real processors run it when a card is saved. Refused (declined, insufficient
 * funds, processing error): 402 with the reason and nothing saved. No answer: 503, nothing saved.
 * Its bank asks for a challenge: the card is kept pending (not listed, not usable) and the answer
 * is 202 with the challenge's address; confirmVerification finishes it. A verified card is saved;
 * the first card (or makeDefault) becomes the default.
 */
export async function addPaymentMethod(deps: PaymentMethodsDeps, userId: string, input: PaymentMethodInput): Promise<AddedPaymentMethod> {
  // The card is verified in the account's country, with the payer's document where it asks one
  // (Colombia, Mexico: the form's rule, as a funding runs it; decision 067): missing or invalid, a
  // 400 naming it, before the processor is asked and with nothing stored.
  const country = await findAccountCountry(deps.db, userId);
  checkPayerDocument(country, 'card', input.payerDocument);
  const payerDocument = payerDocumentFor(country, input.payerDocument);
  // What the token stands for; a processor whose tokens say nothing (dLocal) tells it with the verification.
  const described = await deps.processor.describeToken(input.token);
  if (described && !expiryCurrent(described.expMonth, described.expYear)) throw new AppError('VALIDATION', tp.methodAddError, { token: tp.card.tokenInvalid });
  if ((await listMethods(deps.db, userId)).length >= MAX_CARDS) throw new AppError('CONFLICT', tp.methodAddError);
  // The card's id is chosen first: the verification's key and return address name it.
  const id = crypto.randomUUID();
  let verification: VerificationResult;
  try {
    verification = await deps.processor.verifyCard({
      token: input.token,
      idempotencyKey: verificationKey(id),
      returnUrl: verificationReturnUrl(id),
      country,
      ...(payerDocument ? { payerDocument } : {}),
    });
  } catch (err) {
    if (!(err instanceof ProcessorUnavailable)) throw err;
    throw new AppError('UNAVAILABLE', tp.verification.unavailable);
  }
  if (verification.failureCode === 'invalid_token') throw new AppError('VALIDATION', tp.methodAddError, { token: tp.card.tokenInvalid });
  if (verification.status === 'failed' || verification.status === 'canceled') throw refusalOf(verification);
  const card = described ?? verification.card ?? null;
  if (!card || !expiryCurrent(card.expMonth, card.expYear)) throw new AppError('VALIDATION', tp.methodAddError, { token: tp.card.tokenInvalid });
  const pending = verification.status === 'requires_action';
  return deps.db.transaction(async (tx) => {
    await lockMethodsOf(tx, userId);
    await deleteAbandonedPending(tx, userId);
    const existing = await listMethods(tx, userId);
    if (existing.length >= MAX_CARDS) throw new AppError('CONFLICT', tp.methodAddError);
    const row = await insertMethod(tx, {
      id,
      userId,
      processor: deps.processor.name,
      // A one-use token's lasting reference once verified (dLocal's card_id); the token itself otherwise.
      processorToken: verification.savedToken ?? input.token,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      status: pending ? 'pending_verification' : 'active',
    });
    if (pending) {
      return {
        statusCode: 202,
        body: { message: tp.verification.requiresAction, methodId: row.id, status: 'pending_verification', actionUrl: verification.actionUrl ?? '' },
      } as const;
    }
    const isDefault = existing.length === 0 || input.makeDefault === true;
    if (isDefault) await setDefaultMethod(tx, userId, row.id);
    return { statusCode: 201, body: { message: tp.methodAdded, method: toMethod({ ...row, isDefault }) } } as const;
  });
}

export type VerifiedPaymentMethod = { statusCode: 200; body: { message: string; method: PaymentMethod } } | { statusCode: 202; body: PaymentMethodPending };

/**
 * POST /api/me/payment-methods/:id/verify, back from the bank's challenge: asks the processor how
 * the card's verification ended. Succeeded: the card becomes usable (the default when the person
 * has none). Refused or cancelled: the card is deleted and the answer is 402 with the reason.
 * Still waiting: 202 with the challenge's address again. Only the card's owner (others: 404); a
 * card verified before answers 200 again.
 */
export async function confirmVerification(deps: PaymentMethodsDeps, userId: string, id: string): Promise<VerifiedPaymentMethod> {
  const method = await findMethod(deps.db, userId, id);
  if (!method) throw new AppError('NOT_FOUND', tp.methodNotFound);
  if (method.status === 'active') return { statusCode: 200, body: { message: tp.methodAdded, method: toMethod(method) } };
  let verification: VerificationResult | null;
  try {
    verification = await deps.processor.retrieveVerification(verificationKey(id));
  } catch (err) {
    if (!(err instanceof ProcessorUnavailable)) throw err;
    throw new AppError('UNAVAILABLE', tp.verification.unknownNow);
  }
  if (verification?.status === 'requires_action') {
    return {
      statusCode: 202,
      body: { message: tp.verification.stillPending, methodId: id, status: 'pending_verification', actionUrl: verification.actionUrl ?? '' },
    };
  }
  return deps.db
    .transaction(async (tx) => {
      // Under the person's card lock: two confirmations at once settle the card once.
      await lockMethodsOf(tx, userId);
      const now = await findMethod(tx, userId, id);
      if (!now) throw new AppError('NOT_FOUND', tp.methodNotFound);
      if (now.status === 'active') return { statusCode: 200, body: { message: tp.methodAdded, method: toMethod(now) } } as const;
      const existing = await listMethods(tx, userId);
      if (verification?.status === 'succeeded' && existing.length < MAX_CARDS) {
        await activateMethod(tx, userId, id, verification.savedToken ?? undefined);
        const isDefault = !existing.some((m) => m.isDefault);
        if (isDefault) await setDefaultMethod(tx, userId, id);
        return { statusCode: 200, body: { message: tp.methodAdded, method: toMethod({ ...now, isDefault }) } } as const;
      }
      // Refused, cancelled, unknown to the processor, or one card too many: the pending card is removed.
      await deleteMethod(tx, userId, id);
      return {
        refused:
          verification?.status === 'succeeded'
            ? new AppError('CONFLICT', tp.methodAddError)
            : verification
              ? refusalOf(verification)
              : new AppError('PAYMENT_FAILED', tp.verification.failed),
      };
    })
    .then((r) => {
      // Thrown after the commit, so the pending card's removal is kept.
      if ('refused' in r) throw r.refused;
      return r;
    });
}

export async function makeDefaultPaymentMethod(deps: PaymentMethodsDeps, userId: string, id: string): Promise<PaymentMethod[]> {
  await deps.db.transaction(async (tx) => {
    await lockMethodsOf(tx, userId);
    const method = await findMethod(tx, userId, id);
    // A card waiting for its bank's challenge is not usable, so not the default either.
    if (method?.status !== 'active') throw new AppError('NOT_FOUND', tp.methodNotFound);
    await setDefaultMethod(tx, userId, id);
  });
  return listPaymentMethods(deps, userId);
}

/** Deletes a card; when it was the default, the oldest remaining card becomes the default. */
export async function removePaymentMethod(deps: PaymentMethodsDeps, userId: string, id: string): Promise<PaymentMethod[]> {
  await deps.db.transaction(async (tx) => {
    await lockMethodsOf(tx, userId);
    const removed = await deleteMethod(tx, userId, id);
    if (!removed) throw new AppError('NOT_FOUND', tp.methodNotFound);
    if (removed.isDefault) {
      const [next] = await listMethods(tx, userId);
      if (next) await setDefaultMethod(tx, userId, next.id);
    }
  });
  return listPaymentMethods(deps, userId);
}
