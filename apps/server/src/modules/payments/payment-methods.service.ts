import { payments as tp } from '@arreglaya/shared/i18n/payments';
import type { PaymentMethod, PaymentMethodInput } from '@arreglaya/shared/schemas/payments';
import { expiryCurrent } from '@arreglaya/shared/schemas/payments';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CardProcessor } from './processor.ts';
import { deleteMethod, findMethod, insertMethod, listMethods, lockMethodsOf, setDefaultMethod, type PaymentMethodRow } from './payments.repository.ts';

// Saved cards (/api/me/payment-methods, clients only). The browser tokenizes the card at the
// processor; we keep the token and what a person needs to recognise the card, never its number or CVC.

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

/** Saves a card from a processor token; the first card (or makeDefault) becomes the default. */
export async function addPaymentMethod(deps: PaymentMethodsDeps, userId: string, input: PaymentMethodInput): Promise<PaymentMethod> {
  const card = await deps.processor.describeToken(input.token);
  if (!card || !expiryCurrent(card.expMonth, card.expYear)) throw new AppError('VALIDATION', tp.methodAddError, { token: tp.card.tokenInvalid });
  return deps.db.transaction(async (tx) => {
    await lockMethodsOf(tx, userId);
    const existing = await listMethods(tx, userId);
    if (existing.length >= 10) throw new AppError('CONFLICT', tp.methodAddError);
    const row = await insertMethod(tx, { userId, processor: deps.processor.name, processorToken: input.token, ...card });
    if (existing.length === 0 || input.makeDefault) await setDefaultMethod(tx, userId, row.id);
    return toMethod({ ...row, isDefault: existing.length === 0 || input.makeDefault === true });
  });
}

export async function makeDefaultPaymentMethod(deps: PaymentMethodsDeps, userId: string, id: string): Promise<PaymentMethod[]> {
  await deps.db.transaction(async (tx) => {
    await lockMethodsOf(tx, userId);
    if (!(await findMethod(tx, userId, id))) throw new AppError('NOT_FOUND', tp.methodNotFound);
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
