import { z } from 'zod';
import { BANK_ACCOUNT_TYPES, CURRENCIES } from '../domain.ts';
import { validation } from '../i18n/common.ts';
import { choice, requiredText } from './common.ts';
import { payments as tp } from '../i18n/payments.ts';
import {
  CO_MX_DOCUMENT_TYPES,
  DOCUMENTS_OF,
  PAYOUT_BANK_IDS,
  PAYOUT_DOCUMENT_TYPES,
  bankCountry,
  cedulaValid,
  clabeValid,
  coMxDocumentValid,
  documentDigits,
  findPayoutBank,
  passportValid,
  rncValid,
} from '../payout-banks.ts';

// Payouts (contractors): the payout account (decision 052; Colombia's and Mexico's, decision 067),
// the balance and a withdrawal. Imported through payments.ts, which exports all of this.

/** Every holder's document a payout account takes (decision 052; Colombia's and Mexico's: decision 067). */
export const ANY_PAYOUT_DOCUMENT_TYPES = [...PAYOUT_DOCUMENT_TYPES, ...CO_MX_DOCUMENT_TYPES] as const;

const CO_MX_DOCUMENT_ERRORS = { cc: tp.payout.ccInvalid, nit: tp.payout.nitInvalid, curp: tp.payout.curpInvalid, rfc: tp.payout.rfcInvalid } as const;

export const PayoutAccountInputSchema = z
  .object({
    /** A bank of the Dominican Republic (DR_BANKS, decision 052), Colombia or Mexico (CO_BANKS, MX_BANKS, decision 067): its country is the account's. */
    bank: z.enum(PAYOUT_BANK_IDS, { error: tp.payout.bankInvalid }),
    accountType: choice(BANK_ACCOUNT_TYPES),
    /** 6 to 20 digits (in Mexico the CLABE: 18 with its check digit); dashes and spaces are dropped. */
    accountNumber: z
      .string({ error: validation.required })
      .trim()
      .min(1, { error: validation.required })
      .transform((v) => v.replace(/[\s-]/g, ''))
      .refine((v) => /^\d{6,20}$/.test(v), { error: tp.payout.accountNumberInvalid }),
    holderName: requiredText(120),
    /** The holder's document, as dLocal asks it in the bank's country: DO cédula, RNC or passport; CO CC or NIT; MX CURP or RFC. */
    documentType: choice(ANY_PAYOUT_DOCUMENT_TYPES),
    documentNumber: z.string({ error: tp.payout.documentRequired }).trim().min(1, { error: tp.payout.documentRequired }).max(30, { error: tp.payout.passportInvalid }),
  })
  .transform((v, ctx) => {
    const country = bankCountry(v.bank);
    if (!DOCUMENTS_OF[country].includes(v.documentType)) {
      ctx.addIssue({ code: 'custom', path: ['documentType'], message: tp.payout.documentNotOfCountry });
      return z.NEVER;
    }
    if (country === 'MX') {
      const clabe = !clabeValid(v.accountNumber) ? tp.payout.clabeInvalid : v.accountNumber.slice(0, 3) !== findPayoutBank(v.bank)!.code ? tp.payout.clabeOtherBank : null;
      if (clabe) {
        ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: clabe });
        return z.NEVER;
      }
    }
    if (v.documentType === 'cc' || v.documentType === 'nit' || v.documentType === 'curp' || v.documentType === 'rfc') {
      const documentNumber = v.documentNumber.replace(/[\s.-]/g, '').toUpperCase();
      if (!coMxDocumentValid(v.documentType, documentNumber)) {
        ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: CO_MX_DOCUMENT_ERRORS[v.documentType] });
        return z.NEVER;
      }
      return { ...v, documentNumber };
    }
    const documentNumber = documentDigits(v.documentType, v.documentNumber);
    const ok = v.documentType === 'cedula' ? cedulaValid(documentNumber) : v.documentType === 'rnc' ? rncValid(documentNumber) : passportValid(documentNumber);
    if (!ok) {
      const error = v.documentType === 'cedula' ? tp.payout.cedulaInvalid : v.documentType === 'rnc' ? tp.payout.rncInvalid : tp.payout.passportInvalid;
      ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: error });
      return z.NEVER;
    }
    return { ...v, documentNumber };
  });
export type PayoutAccountInput = z.input<typeof PayoutAccountInputSchema>;

export const PayoutAccountSchema = z
  .object({
    /** The bank's key (DR_BANKS); an account saved before the list keeps the name typed then. */
    bank: z.string(),
    bankName: z.string(),
    accountType: z.enum(BANK_ACCOUNT_TYPES),
    last4: z.string(),
    holderName: z.string(),
    /** Null for an account saved before documents were asked (decision 052): no payout goes until it is completed. */
    documentType: z.enum(ANY_PAYOUT_DOCUMENT_TYPES).nullable(),
    documentLast4: z.string().nullable(),
  })
  .nullable()
  .meta({ id: 'PayoutAccount' });

/** A payout's life (decision 052): pending (not yet sent), sent (dLocal has it, waiting for the bank), paid, failed (its money back in the balance). */
export const PAYOUT_STATUSES = ['pending', 'sent', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** What a contractor has in one currency (decision 067: nothing mixes currencies). */
export const CurrencyBalanceSchema = z.object({
  currency: z.enum(CURRENCIES),
  /** Held in escrow on the contractor's projects in this currency, not yet released. */
  pendingMinor: z.number().int(),
  /** Released to the contractor (after the fee), not yet paid out. */
  availableMinor: z.number().int(),
  paidOutMinor: z.number().int(),
});
export type CurrencyBalance = z.infer<typeof CurrencyBalanceSchema>;

export const BalanceSchema = z
  .object({
    /**
     * The currency Retirar and the daily run pay out (decision 067): the payout bank's country's once
     * an account is saved, else the profile's country's. Another currency's money is not paid to that
     * bank (nothing is exchanged): it waits in the balance.
     */
    payoutCurrency: z.enum(CURRENCIES),
    /** One entry per currency: the payout currency first (always there), then each other one the contractor has money held, available or paid out in. */
    balances: z.array(CurrencyBalanceSchema).min(1),
    movements: z.array(
      z.object({
        kind: z.enum(['release', 'payout', 'payout_return']),
        amountMinor: z.number().int(),
        /** The movement's own currency (its ledger account's). */
        currency: z.enum(CURRENCIES),
        /** A payout's state (and a returned one's), null for a release. */
        payoutStatus: z.enum(PAYOUT_STATUSES).nullable(),
        /** Why a payout failed, in Spanish from the catalogue; null otherwise. */
        reason: z.string().nullable(),
        projectId: z.uuid().nullable(),
        projectTitle: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    /** When the next daily payout run sends what is available (ISO; 9:00 in the Dominican Republic, decision 021). */
    nextPayoutAt: z.string(),
  })
  .meta({ id: 'Balance' });
export type Balance = z.infer<typeof BalanceSchema>;

/** POST /api/me/payouts: the contractor's available balance sent to their payout account ('paid': the processor took it; 'pending': the next run sends it). */
export const WithdrawResultSchema = z
  .object({
    message: z.string(),
    payout: z.object({ id: z.uuid(), amountMinor: z.number().int(), currency: z.enum(CURRENCIES), status: z.enum(PAYOUT_STATUSES) }),
  })
  .meta({ id: 'WithdrawResult' });
export type WithdrawResult = z.infer<typeof WithdrawResultSchema>;
