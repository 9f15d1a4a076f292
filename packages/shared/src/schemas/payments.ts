import { z } from 'zod';
import { COUNTRY_CODES } from '../countries.ts';
import { CARD_BRANDS, CURRENCIES, MILESTONE_STATUSES, PAYMENT_RAILS, PAYMENT_STATUSES } from '../domain.ts';
import { validation } from '../i18n/common.ts';
import { optionalText } from './common.ts';
import { payments as tp } from '../i18n/payments.ts';
import { LOCAL_METHOD_IDS } from '../local-payment-methods.ts';
import { cardBrandOf, cardDigits, cvcLength, expiryCurrent, luhnValid, POSTAL_CODE_ON_CARDS } from '../cards.ts';

// The contractors' payout accounts, balances and withdrawals are in payouts.ts, exported from here too.
export * from './payouts.ts';
export * from '../cards.ts';

// Payment protection (issue 14). The card itself only ever goes to the processor (the sandbox's
// tokenize route, or a real processor's); our API takes the token it returns. Card numbers are
// validated for real (13–19 digits, Luhn, CVC length by brand), not the spec's 15-digit rule.

/** The card as the browser sends it to the processor's tokenize route (never to our API). */
export const CardInputSchema = z
  .object({
    number: z
      .string({ error: validation.required })
      .max(40, tp.card.numberInvalid)
      .transform(cardDigits)
      .refine((d) => /^\d*$/.test(d), tp.card.numberInvalid)
      .refine((d) => d.length >= 13 && d.length <= 19, tp.card.numberLength)
      .refine(luhnValid, tp.card.numberInvalid),
    cvc: z.string({ error: validation.required }).regex(/^\d{3,4}$/, tp.card.cvcInvalid(3)),
    expMonth: z.coerce.number({ error: tp.card.expMonthInvalid }).int(tp.card.expMonthInvalid).min(1, tp.card.expMonthInvalid).max(12, tp.card.expMonthInvalid),
    expYear: z.coerce.number({ error: tp.card.expYearInvalid }).int(tp.card.expYearInvalid).min(2000, tp.card.expYearInvalid).max(2100, tp.card.expYearInvalid),
    holderName: optionalText(120),
    postalCode: optionalText(12),
    country: z.enum(COUNTRY_CODES, { error: validation.invalidOption }).optional(),
  })
  .superRefine((card, ctx) => {
    const need = cvcLength(cardBrandOf(card.number));
    if (card.cvc.length !== need) ctx.addIssue({ code: 'custom', path: ['cvc'], message: tp.card.cvcInvalid(need) });
    if (!expiryCurrent(card.expMonth, card.expYear)) ctx.addIssue({ code: 'custom', path: ['expMonth'], message: tp.card.expired });
    if (card.country && POSTAL_CODE_ON_CARDS[card.country] && !card.postalCode) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: validation.required });
  });
export type CardInput = z.input<typeof CardInputSchema>;

/** A processor's token (the sandbox's look like tok_…, dLocal's CV-…); opaque to us. */
export const CardTokenSchema = z
  .string({ error: validation.required })
  .regex(/^[A-Za-z0-9_-]{6,100}$/, tp.card.tokenInvalid)
  .meta({ description: 'El token que devolvió el procesador al tokenizar la tarjeta en el navegador.' });

/**
 * Where the browser tokenizes a card (GET /api/payments/tokenizer): the processor in use and its
 * tokenize address, never our API. `sandbox`: the card sandbox's route; `dlocal`: dLocal's Smart
 * Fields (outside production, the stand-in's route; null with the real dLocal, whose dlocal.js is
 * not wired in this web app yet).
 */
export const CardTokenizerSchema = z.object({
  processor: z.enum(['sandbox', 'dlocal']),
  tokenizeUrl: z.string().nullable(),
});
export type CardTokenizer = z.infer<typeof CardTokenizerSchema>;

/**
 * The payer's cédula de ciudadanía or CURP, which dLocal asks for cards and local methods in Colombia
 * and Mexico (payerDocumentProblem, decision 067): a funding's, and a card's verification when it is
 * saved in an account of those countries. Sent to the processor, never stored.
 */
export const PayerDocumentSchema = z.string({ error: validation.invalidValue }).trim().max(40, { error: validation.invalidValue });

/**
 * POST /api/me/payment-methods: a processor's token of the card (never its number or CVC) and, in an
 * account of Colombia or Mexico, the payer's document its verification needs (the form and the
 * server run payerDocumentProblem with the account's country).
 */
export const PaymentMethodInputSchema = z.object({ token: CardTokenSchema, makeDefault: z.boolean().optional(), payerDocument: PayerDocumentSchema.optional() });
export type PaymentMethodInput = z.infer<typeof PaymentMethodInputSchema>;

export const PaymentMethodSchema = z
  .object({
    id: z.uuid(),
    brand: z.enum(CARD_BRANDS),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    isDefault: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
export const PaymentMethodsSchema = z.object({ items: z.array(PaymentMethodSchema) });
export const PaymentMethodSavedSchema = z.object({ message: z.string(), method: PaymentMethodSchema });
/**
 * 202 of POST /api/me/payment-methods (and of its verify route while still waiting): the card's bank
 * asks for a challenge; the card is kept pending (not listed, not usable) until the client confirms
 * at `actionUrl` and comes back to /perfil/formas-pago?verificacion=<methodId>.
 */
export const PaymentMethodPendingSchema = z
  .object({ message: z.string(), methodId: z.uuid(), status: z.literal('pending_verification'), actionUrl: z.string() })
  .meta({ id: 'PaymentMethodPending' });
export type PaymentMethodPending = z.infer<typeof PaymentMethodPendingSchema>;
export const MessageSchema = z.object({ message: z.string() });

/** POST /api/projects/:id/fund: a saved card or a fresh token, never an amount. */
/**
 * How the client pays (decision 051): a card (saved, or a processor's token of a new one), cash at
 * a bank's counter with a voucher, or a bank transfer with a reference. Only a card takes card fields.
 */
export const FundInputSchema = z
  .object({
    rail: z.enum(PAYMENT_RAILS, { error: validation.invalidValue }).default('card'),
    /** With rail cash: which of the country's local methods (Efecty, PSE, OXXO, SPEI; Banco Popular's voucher by default in the Dominican Republic). Decision 067. */
    method: z.enum(LOCAL_METHOD_IDS, { error: validation.invalidValue }).optional(),
    paymentMethodId: z.uuid({ error: validation.invalidValue }).optional(),
    token: CardTokenSchema.optional(),
    /** A card or a local method in Colombia and Mexico: the payer's cédula de ciudadanía or CURP, which dLocal asks (payerDocumentProblem, decision 067). Sent, not stored. */
    payerDocument: PayerDocumentSchema.optional(),
  })
  .refine((v) => v.rail !== 'card' || (v.paymentMethodId === undefined) !== (v.token === undefined), { message: tp.fund.chooseOne, path: ['paymentMethodId'] })
  .refine((v) => v.rail === 'card' || (v.paymentMethodId === undefined && v.token === undefined), { message: tp.fund.cardOnlyForCard, path: ['rail'] })
  .refine((v) => v.method === undefined || v.rail === 'cash', { message: tp.fund.methodOnlyForCash, path: ['method'] });
export type FundInput = z.input<typeof FundInputSchema>;
export type FundRequest = z.output<typeof FundInputSchema>;

/**
 * A funding by cash or transfer waiting for the money (decision 051): what the client needs to pay
 * it (the voucher, or ArreglaYa's account and the reference), what arrived so far, and its due time.
 */
export const PendingPaymentSchema = z
  .object({
    paymentId: z.uuid(),
    rail: z.enum(['cash', 'transfer']),
    /** A cash-rail payment's local method (decision 067): a voucher (Banco Popular, Efecty, OXXO), a CLABE (SPEI) or the bank's site (PSE). */
    method: z.enum(LOCAL_METHOD_IDS).nullable().default(null),
    amountMinor: z.number().int(),
    currency: z.enum(CURRENCIES),
    /** What the bank's statement brought so far (a transfer paid in part). */
    receivedMinor: z.number().int(),
    expiresAt: z.iso.datetime({ offset: true }),
    transfer: z
      .object({
        /** As people type it: AY-XXXX-XXXX-X. */
        reference: z.string(),
        bank: z.string(),
        accountType: z.string(),
        accountNumber: z.string(),
        holder: z.string(),
        taxId: z.string(),
      })
      .nullable(),
    voucher: z
      .object({
        number: z.string(),
        barcode: z.string().nullable(),
        /** Where to pay: the network's name (Banco Popular, its sub-agents). */
        company: z.string(),
        /** The processor's printable voucher page, when it has one. */
        url: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'PendingPayment' });
export type PendingPayment = z.infer<typeof PendingPaymentSchema>;

export const FundResultSchema = z
  .object({
    message: z.string(),
    paymentId: z.uuid(),
    status: z.enum(PAYMENT_STATUSES),
    amountMinor: z.number().int(),
    currency: z.enum(CURRENCIES),
    /** Where the client confirms a challenged payment (3-D Secure), when the bank asks. */
    actionUrl: z.string().nullable(),
    /** Cash or transfer: how to pay it (202 until the money arrives). */
    pending: PendingPaymentSchema.nullable().default(null),
  })
  .meta({ id: 'FundResult' });
export type FundResult = z.infer<typeof FundResultSchema>;

export const CLAIM_OUTCOMES = ['release', 'refund', 'split'] as const;
export const ClaimDecisionSchema = z
  .object({
    outcome: z.enum(CLAIM_OUTCOMES, { error: tp.claim.chooseOutcome }),
    /** With split: the contractor's share of what is held, in whole percent. */
    contractorPercent: z.number().int(tp.claim.splitPercent).min(1, tp.claim.splitPercent).max(99, tp.claim.splitPercent).optional(),
    note: optionalText(1000, { multiline: true }),
  })
  .refine((v) => v.outcome !== 'split' || v.contractorPercent !== undefined, { message: tp.claim.splitPercent, path: ['contractorPercent'] });
export type ClaimDecision = z.infer<typeof ClaimDecisionSchema>;

export const ProjectMoneySchema = z
  .object({
    currency: z.enum(CURRENCIES),
    priceMinor: z.number().int(),
    fundedMinor: z.number().int(),
    releasedMinor: z.number().int(),
    refundedMinor: z.number().int(),
    heldMinor: z.number().int(),
    /** The work may go on: paid in full, or (staged plan) the milestone the work is on is funded. */
    funded: z.boolean(),
    /** What the client must pay now (the agreed price, or the milestone the work is on); 0 when nothing is due. */
    dueMinor: z.number().int(),
    /** PLATFORM_FEE_PERCENT: the share of each release kept by ArreglaYa (the contractor receives the rest). */
    feePercent: z.number(),
    /** While the hire waits for its first funding: when it lapses (HIRE_PAYMENT_HOURS after hiring); else null. */
    payBy: z.iso.datetime({ offset: true }).nullable(),
    /** A cash voucher or transfer reference waiting for the money (decision 051); null without one. */
    pending: PendingPaymentSchema.nullable(),
    /** The client's last voucher or reference ran out unpaid and the amount is still due: the page says so over the choice. */
    expired: z
      .object({ rail: z.enum(['cash', 'transfer']), method: z.enum(LOCAL_METHOD_IDS).nullable().optional(), expiresAt: z.iso.datetime({ offset: true }) })
      .nullable()
      .optional(),
    /** When money last left the escrow to the contractor, and back to the client (null: never). */
    releasedAt: z.iso.datetime({ offset: true }).nullable(),
    refundedAt: z.iso.datetime({ offset: true }).nullable(),
    /** The staged plan, in order (empty without one); the last is released by the final approval. */
    milestones: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        amountMinor: z.number().int(),
        status: z.enum(MILESTONE_STATUSES),
        last: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'ProjectMoney' });
export type ProjectMoney = z.infer<typeof ProjectMoneySchema>;

/** The Idempotency-Key header every money action carries. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,60}$/;

/**
 * What became of the money of a succeeded payment (issue 46: "Mis pagos" said "retenido" for money
 * already released): still held in escrow, released to the contractor, refunded to the card, or
 * split by a claim's decision (part released, part refunded).
 */
export const PAYMENT_MONEY_STATES = ['held', 'released', 'refunded', 'split'] as const;
export type PaymentMoneyState = (typeof PAYMENT_MONEY_STATES)[number];

/** GET /api/me/payments: the client's charges, newest first, each with its project. */
export const MyPaymentsSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.uuid(),
        projectId: z.uuid(),
        projectTitle: z.string(),
        amountMinor: z.number().int(),
        currency: z.enum(CURRENCIES),
        status: z.enum(PAYMENT_STATUSES),
        createdAt: z.string(),
        /** The stage of a staged plan this payment funded (position, from 1, of count); null: the whole price. */
        stage: z.object({ title: z.string(), position: z.number().int(), count: z.number().int() }).nullable(),
        /** How it was paid (decision 051): a card, cash or a transfer. */
        rail: z.enum(PAYMENT_RAILS),
        /** The card it was paid with (saved or typed for it, as the processor described it); null: not a card, or one it could not describe. */
        card: z.object({ brand: z.enum(CARD_BRANDS), last4: z.string() }).nullable(),
        /** What became of a succeeded payment's money (null otherwise): see PAYMENT_MONEY_STATES. */
        moneyState: z.enum(PAYMENT_MONEY_STATES).nullable(),
      }),
    ),
  })
  .meta({ id: 'MyPayments' });

/** GET /api/me/payments/:id/receipt: a succeeded payment's receipt, the same words as the one mailed. */
export const PaymentReceiptSchema = z
  .object({
    paymentId: z.uuid(),
    projectId: z.uuid(),
    title: z.string(),
    paragraphs: z.array(z.string()),
    amountMinor: z.number().int(),
    currency: z.enum(CURRENCIES),
    createdAt: z.string(),
  })
  .meta({ id: 'PaymentReceipt' });
export type PaymentReceipt = z.infer<typeof PaymentReceiptSchema>;
export type MyPayments = z.infer<typeof MyPaymentsSchema>;
