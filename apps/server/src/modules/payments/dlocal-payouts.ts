import {
  DLOCAL_ACCOUNT_TYPES,
  DLOCAL_CO_MX_DOCUMENT_TYPES,
  DLOCAL_DOCUMENT_TYPES,
  bankCountry,
  bankCurrency,
  findPayoutBank,
  type CO_MX_DOCUMENT_TYPES,
  type PayoutDocumentType,
} from '@arreglaya/shared/payout-banks';
import type { BankAccountType, Currency } from '@arreglaya/shared/domain';
import { DlocalApiError, type DlocalClient } from '../dlocal/dlocal-client.ts';
import { payoutState } from '../dlocal/dlocal-outcomes.ts';
import { toDlocalAmount } from '../dlocal/dlocal-types.ts';

// Payouts to any Dominican, Colombian or Mexican bank (decision 067) through dLocal's Payouts v3 (issue 47 item 4, decision 052): a bank
// transfer (BANK_TRANSFER, B2C, purpose SERVICES… as the Dominican Republic's page asks), its
// external_id our payout's id, so a retry after a lost answer finds the same payout (5011) and
// never pays twice. The outcome comes later by notification (PAID, REJECTED, CANCELLED).

/** What a payout is sent to: the contractor's account, opened from its sealed copy only for this call. */
export interface PayoutDestination {
  bank: string;
  accountType: BankAccountType;
  accountNumber: string;
  holderName: string;
  documentType: PayoutDocumentType | (typeof CO_MX_DOCUMENT_TYPES)[number];
  documentNumber: string;
}

/**
 * What became of a submission: taken (dLocal's payout id and its state now), or refused (a 4xx
 * that names why: no payout exists, the money goes back). Anything else (a network error, a
 * timeout, a 5xx, a 403 of our credentials) throws: the outcome is unknown and the payout stays
 * pending, sent again with the same external_id by the next run.
 */
export type PayoutSubmission = { kind: 'taken'; ref: string; statusCode: string; state: 'sent' | 'paid' | 'failed'; reason: string | null } | { kind: 'refused'; reason: string };

export interface PayoutRail {
  send(req: { payoutId: string; destination: PayoutDestination; amountMinor: number; currency: Currency }): Promise<PayoutSubmission>;
}

/** "Nombre Apellido Apellido" as dLocal's first_name and last_name (the first word, the rest). */
export function splitName(full: string): { first_name: string; last_name: string } {
  const words = full.trim().split(/\s+/);
  return words.length === 1 ? { first_name: words[0]!, last_name: words[0]! } : { first_name: words[0]!, last_name: words.slice(1).join(' ') };
}

export function dlocalPayoutRail(client: DlocalClient, notificationUrl: string): PayoutRail {
  return {
    async send(req) {
      const d = req.destination;
      const bank = findPayoutBank(d.bank);
      // An account saved before the bank list (a free-text bank): dLocal needs its code.
      if (!bank) return { kind: 'refused', reason: 'ERROR_BANK_INVALID' };
      // The bank's country is the payout's (decision 067); its currency only: nothing mixes.
      const country = bankCountry(d.bank);
      if (bankCurrency(d.bank) !== req.currency) return { kind: 'refused', reason: 'ERROR_CURRENCY_NOT_OF_COUNTRY' };
      const company = d.documentType === 'rnc' || d.documentType === 'nit';
      const documentType =
        d.documentType in DLOCAL_CO_MX_DOCUMENT_TYPES
          ? DLOCAL_CO_MX_DOCUMENT_TYPES[d.documentType as keyof typeof DLOCAL_CO_MX_DOCUMENT_TYPES]
          : DLOCAL_DOCUMENT_TYPES[d.documentType as PayoutDocumentType];
      try {
        const { payout } = await client.createPayoutOnce({
          external_id: req.payoutId,
          payment_method_id: 'BANK_TRANSFER',
          // A company's RNC is paid as a business (B2B, business_name), a person as B2C.
          flow_type: company ? 'B2B' : 'B2C',
          country,
          currency: req.currency,
          amount: toDlocalAmount(req.amountMinor),
          purpose: 'SERVICES',
          statement_descriptor: 'ArreglaYa',
          notification_url: notificationUrl,
          beneficiary: {
            ...(company ? { business_name: d.holderName } : splitName(d.holderName)),
            document: { type: documentType, id: d.documentNumber },
            bank_account: { code: bank.code, account: d.accountNumber, type: DLOCAL_ACCOUNT_TYPES[d.accountType] },
          },
        });
        const { state, reason } = payoutState(payout);
        return { kind: 'taken', ref: payout.id, statusCode: payout.status_code, state, reason };
      } catch (err) {
        if (err instanceof DlocalApiError && err.httpStatus === 400 && err.code !== null) return { kind: 'refused', reason: String(err.code) };
        throw err;
      }
    },
  };
}
