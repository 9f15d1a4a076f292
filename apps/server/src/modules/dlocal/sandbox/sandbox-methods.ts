import { isValidIdDocument, PERSONAL_ID, TAX_ID } from '@arreglaya/shared/id-documents';
import { z } from 'zod';
import { digits } from './sandbox-answers.ts';

// The payment methods the stand-in takes (decision 075 split them from dlocal-sandbox.ts): the
// card sandbox's test numbers and saved cards, the countries with their cash tickets and bank
// transfers, and the Payins API's request bodies.

export type SandboxCardBehaviour = 'success' | 'declined' | 'insufficient_funds' | 'challenge' | 'processing_error';

/** The card sandbox's test numbers (decision 021), with the same meaning here; any other valid number pays. */
export const DLOCAL_SANDBOX_CARDS: Record<string, SandboxCardBehaviour> = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000003220': 'challenge',
  '4000000000000119': 'processing_error',
};

/** What a card payment becomes by its token's behaviour: the documented status code. */
export const CARD_OUTCOMES: Record<SandboxCardBehaviour, string> = {
  success: '200',
  challenge: '101',
  declined: '301',
  insufficient_funds: '302',
  processing_error: '321',
};

/** A card verified with `verify: true` and amount 0 (VERIFIED; the code is ours, see docs/dlocal-contract.md). */
export const VERIFIED_CODE = '700';
/** The statuses after which a payment with `save: true` answers its card_id. */
export const SAVES_ON = ['PAID', 'VERIFIED'];
/** A saved card's card_id: named after the payment that saved it (CID-<the payment's uuid>). */
export const savedCardIdOf = (paymentId: string) => `CID-${paymentId.replace(/^D-4-/, '')}`;
export const isSavedCardId = (id: string) => id.startsWith('CID-');
export const paymentIdOfSavedCard = (cardId: string) => `D-4-${cardId.slice(4)}`;

/** A cash ticket's life when the request sets none (dLocal's help centre: 5 calendar days). */
export const TICKET_LIFETIME_MS = 5 * 24 * 3600_000;

/**
 * The countries the stand-in serves (decision 067): the Dominican Republic, Colombia and Mexico,
 * each with its currencies and its local methods as dLocal's country pages list them: cash
 * tickets (ZP Banco Popular, EY Efecty, OX OXXO) and bank transfers (PC PSE, by REDIRECT only; SE
 * SPEI, whose DIRECT answer is a ticket carrying the CLABE to pay to). Cards in every country.
 */
export const COUNTRY_CURRENCIES: Record<string, readonly string[]> = { DO: ['DOP', 'USD'], CO: ['COP'], MX: ['MXN'] };
export const CASH_METHODS: Record<string, { providerName: string; country: string; type: 'TICKET' | 'BANK_TRANSFER'; flows: readonly string[] }> = {
  ZP: { providerName: 'Banco Popular', country: 'DO', type: 'TICKET', flows: ['DIRECT', 'REDIRECT'] },
  EY: { providerName: 'Efecty', country: 'CO', type: 'TICKET', flows: ['DIRECT', 'REDIRECT'] },
  PC: { providerName: 'PSE', country: 'CO', type: 'BANK_TRANSFER', flows: ['REDIRECT'] },
  OX: { providerName: 'OXXO', country: 'MX', type: 'TICKET', flows: ['DIRECT', 'REDIRECT'] },
  SE: { providerName: 'SPEI', country: 'MX', type: 'BANK_TRANSFER', flows: ['DIRECT', 'REDIRECT'] },
};
/** A payment paid later, away from the card form: a ticket, or a bank transfer (PSE, SPEI). */
export const isOffline = (type: string) => type === 'TICKET' || type === 'BANK_TRANSFER';
/** The stand-in's own SPEI account (STP, 646): an 18-digit CLABE with its check digit for each payment. */
export function speiClabe(): string {
  const first = `646180${digits(11)}`;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += ((first.charCodeAt(i) - 48) * weights[i % 3]!) % 10;
  return `${first}${(10 - (sum % 10)) % 10}`;
}
export const COMPANY_NAME = 'DLOCAL';

export const BRAND_CODES: Record<string, string> = { visa: 'VI', mastercard: 'MC', amex: 'AE', discover: 'DI', diners: 'DC', jcb: 'JC' };

export const PayerSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    email: z.email().max(254),
    /** The payer's ID (the Dominican Republic's cédula, 11 digits; Colombia's CC, Mexico's CURP): required in CO and MX, cards included (PAYER_DOCUMENTS). */
    document: z
      .string()
      .regex(/^[0-9A-Z]{6,18}$/)
      .optional(),
    user_reference: z.string().max(100).optional(),
  })
  .loose();

export const CreatePaymentSchema = z
  .object({
    amount: z.number(),
    currency: z.string().regex(/^[A-Z]{3}$/),
    country: z.string().regex(/^[A-Z]{2}$/),
    payment_method_id: z.string().min(1).max(10),
    payment_method_flow: z.enum(['DIRECT', 'REDIRECT']),
    payer: PayerSchema,
    card: z.record(z.string(), z.unknown()).optional(),
    order_id: z.string().min(1).max(200),
    description: z.string().max(100).optional(),
    notification_url: z.url({ protocol: /^https?$/ }).optional(),
    callback_url: z.url({ protocol: /^https?$/ }).optional(),
  })
  .loose();

export const CreateRefundSchema = z
  .object({
    payment_id: z.string().min(1).max(60),
    amount: z.number().optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    notification_url: z.url({ protocol: /^https?$/ }).optional(),
    description: z.string().max(100).optional(),
  })
  .loose();
/**
 * dLocal's Colombia and Mexico pages and its Country Reference: "document required? Yes" (CC or NIT;
 * CURP or RFC), a requirement of the country, not of a method. The stand-in asks it of every payment
 * there, cards and local methods (PSE, Efecty, OXXO, SPEI), checked by each country's rule
 * (id-documents.ts, decision 065): missing, 5001 naming `payer.document`; invalid, 5000.
 */
export const PAYER_DOCUMENTS: Record<string, (id: string) => boolean> = {
  CO: (id) => isValidIdDocument(PERSONAL_ID.CO, id) || isValidIdDocument(TAX_ID.CO, id),
  MX: (id) => isValidIdDocument(PERSONAL_ID.MX, id) || isValidIdDocument(TAX_ID.MX, id),
};
export const SandboxToolSchema = z.object({ payment_id: z.string().min(1).max(60), status: z.enum(['PAID', 'REJECTED']) });

/** What the stand-in's Smart Fields take from the browser (dlocal.js createToken's card fields). */
export const TokenizeSchema = z.object({
  number: z.string().max(30),
  cvv: z.string().regex(/^\d{3,4}$/),
  expiration_month: z.coerce.number().int().min(1).max(12),
  expiration_year: z.coerce.number().int().min(2000).max(2100),
  holder_name: z.string().trim().min(1).max(100).optional(),
});
