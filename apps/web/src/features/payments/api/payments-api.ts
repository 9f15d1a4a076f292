import { paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import type { LocalMethodId } from '@arreglaya/shared/local-payment-methods';
import { cardDigits } from '@arreglaya/shared/cards';
import type {
  Balance,
  CardInput,
  CardTokenizer,
  FundResult,
  MyPayments,
  PaymentMethod,
  PaymentMethodInput,
  PaymentMethodPending,
  PaymentReceipt,
  PayoutAccountInput,
  WithdrawResult,
} from '@arreglaya/shared/schemas/payments';
import type { PayoutDocumentType } from '@arreglaya/shared/payout-banks';
import type { BankAccountType } from '@arreglaya/shared/domain';
import { api, ApiError, apiRequest } from '@/lib/api.ts';

/** What the processor's tokenize route answers: the token and what may be shown of the card. */
export interface CardToken {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Where the browser tokenizes a card: the processor the server uses (GET /api/payments/tokenizer). */
export const fetchTokenizer = () => api.get<CardTokenizer>('/api/payments/tokenizer');

/**
 * The card goes to the processor the server names, never to /api; only the token comes back. The
 * card sandbox takes our card fields; dLocal's Smart Fields (its stand-in outside production) take
 * dLocal's (number, cvv, expiration_month, expiration_year, holder_name) and answer `{token}`.
 */
export async function tokenizeCard(card: CardInput): Promise<{ id: string }> {
  const tokenizer = await fetchTokenizer();
  if (!tokenizer.tokenizeUrl) throw new ApiError(503, 'UNAVAILABLE', t.cardForm.tokenizerUnavailable);
  if (tokenizer.processor === 'sandbox') return api.post<CardToken>(tokenizer.tokenizeUrl, card);
  try {
    const { token } = await api.post<{ token: string }>(tokenizer.tokenizeUrl, {
      number: cardDigits(card.number),
      cvv: card.cvc,
      expiration_month: Number(card.expMonth),
      expiration_year: Number(card.expYear),
      ...(card.holderName ? { holder_name: card.holderName } : {}),
    });
    return { id: token };
  } catch (error) {
    // dLocal's refusals are in its own words (English): the form says it in ours.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw new ApiError(error.status, 'VALIDATION', t.cardForm.tokenizeRefused);
    throw error;
  }
}

export const paymentKeys = {
  methods: (userId: string) => ['payment-methods', userId] as const,
  balance: (userId: string) => ['balance', userId] as const,
  payoutAccount: (userId: string) => ['payout-account', userId] as const,
  payments: (userId: string) => ['my-payments', userId] as const,
  receipt: (userId: string, paymentId: string) => ['payment-receipt', userId, paymentId] as const,
};

export const fetchPaymentMethods = (signal?: AbortSignal) => api.get<{ items: PaymentMethod[] }>('/api/me/payment-methods', signal).then((r) => r.items);
/** A saved card: verified by the processor (201), or its bank asks for a challenge first (202, `actionUrl`); refused: 402 with the reason. */
export type SavedCardAnswer = { message: string; method: PaymentMethod } | PaymentMethodPending;
/** Saves a card: its processor token, and in Colombia or Mexico the payer's document its verification needs (PaymentMethodInputSchema, decision 067). */
export const addPaymentMethod = (input: PaymentMethodInput) => api.post<SavedCardAnswer>('/api/me/payment-methods', input);
/** Back from the bank's challenge (?verificacion=<id>): asks how the card's verification ended. */
export const verifyPaymentMethod = (id: string) => api.post<SavedCardAnswer>(`/api/me/payment-methods/${encodeURIComponent(id)}/verify`, {});
export const makeDefaultPaymentMethod = (id: string) =>
  api.put<{ message: string; items: PaymentMethod[] }>(`/api/me/payment-methods/${encodeURIComponent(id)}/default`, undefined);
export const removePaymentMethod = (id: string) => api.delete<{ message: string; items: PaymentMethod[] }>(`/api/me/payment-methods/${encodeURIComponent(id)}`);

/**
 * What the fund request carries: a card (saved, or a new one's token; today's body, no rail), or cash
 * or a transfer (issue 47), with the country's local method, and the payer's document where the
 * country asks it (a card or a local method in Colombia and Mexico, decision 067).
 */
export type FundBody =
  | ({ paymentMethodId: string } & { payerDocument?: string })
  | ({ token: string } & { payerDocument?: string })
  | { rail: 'transfer' }
  | { rail: 'cash'; method?: LocalMethodId; payerDocument?: string };
/**
 * Funds a hired project; the same key on a retry makes the server answer the first attempt again.
 * A card answers 200 (or 202 with `actionUrl`); cash and transfer answer 202 with `pending`.
 */
export const fundProject = (projectId: string, body: FundBody, idempotencyKey: string) =>
  apiRequest<FundResult>(`/api/projects/${encodeURIComponent(projectId)}/fund`, { method: 'POST', body, headers: { 'idempotency-key': idempotencyKey } });
/** Cancels an open cash voucher or transfer reference nothing arrived for, to pay another way (409 once part of a transfer arrived). */
export const cancelOfflinePayment = (projectId: string, paymentId: string) =>
  api.post<{ message: string }>(`/api/projects/${encodeURIComponent(projectId)}/payments/${encodeURIComponent(paymentId)}/cancel`, {});
/** Releases a funded milestone of a staged plan to the contractor (the client); the key makes a retry answer the first attempt. */
export const releaseMilestone = (projectId: string, milestoneId: string, idempotencyKey: string) =>
  apiRequest<{ message: string }>(`/api/projects/${encodeURIComponent(projectId)}/milestones/${encodeURIComponent(milestoneId)}/release`, {
    method: 'POST',
    body: {},
    headers: { 'idempotency-key': idempotencyKey },
  });
export const confirmPayment = (paymentId: string) => api.post<FundResult>(`/api/payments/${encodeURIComponent(paymentId)}/confirm`, {});

export interface PayoutAccount {
  /** The bank's key (DR_BANKS); an account saved before the list keeps the name typed then. */
  bank: string;
  bankName: string;
  accountType: BankAccountType;
  last4: string;
  holderName: string;
  /** Null for an account saved before documents were asked: it must be completed to be paid. */
  documentType: PayoutDocumentType | null;
  documentLast4: string | null;
}
export const fetchBalance = (signal?: AbortSignal) => api.get<Balance>('/api/me/balance', signal);
export const fetchPayoutAccount = (signal?: AbortSignal) => api.get<{ account: PayoutAccount | null }>('/api/me/payout-account', signal).then((r) => r.account);
export const savePayoutAccount = (input: PayoutAccountInput) => api.put<{ message: string; account: PayoutAccount | null }>('/api/me/payout-account', input);
/** Retirar: the contractor's available balance sent now; the same key on a retry answers the first attempt. */
export const withdrawBalance = (idempotencyKey: string) =>
  apiRequest<WithdrawResult>('/api/me/payouts', { method: 'POST', body: {}, headers: { 'idempotency-key': idempotencyKey } });
export const fetchMyPayments = (signal?: AbortSignal) => api.get<MyPayments>('/api/me/payments', signal).then((r) => r.items);
export const fetchPaymentReceipt = (paymentId: string, signal?: AbortSignal) => api.get<PaymentReceipt>(`/api/me/payments/${encodeURIComponent(paymentId)}/receipt`, signal);
