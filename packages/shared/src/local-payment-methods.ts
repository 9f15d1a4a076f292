import { COUNTRIES, type CountryCode } from './countries.ts';
import { idDocumentProblem, idDocumentText, normalizeIdDocument, PERSONAL_ID, type IdDocumentKind } from './id-documents.ts';
import { payments as tp } from './i18n/payments.ts';

// Payment methods per country (issue 51 item 6, decision 067), through dLocal's Payins API
// (decision 053). The funding step offers the methods of the project's country only; the server
// refuses any other (a 4xx naming the field). Codes from dLocal's country pages
// (https://docs.dlocal.com/docs/colombia, https://docs.dlocal.com/docs/mexico, the Dominican
// Republic's in docs/dlocal-contract.md): Efecty EY (TICKET), PSE PC (BANK_TRANSFER, REDIRECT
// only), OXXO OX (TICKET), SPEI SE (BANK_TRANSFER). Every one of them is a payment of the `cash`
// rail: opened pending, nothing held until dLocal's signed notification says PAID.

export const LOCAL_METHOD_IDS = ['popular', 'efecty', 'pse', 'oxxo', 'spei'] as const;
export type LocalMethodId = (typeof LOCAL_METHOD_IDS)[number];

export interface LocalMethod {
  id: LocalMethodId;
  country: CountryCode;
  /** dLocal's payment_method_id. */
  dlocalId: 'ZP' | 'EY' | 'PC' | 'OX' | 'SE';
  /** dLocal's payment_method_type: a cash voucher, or a bank transfer. */
  type: 'TICKET' | 'BANK_TRANSFER';
  /** The flow we ask for: a voucher or a CLABE shown in our page (DIRECT), or the payer sent to their bank (REDIRECT). */
  flow: 'DIRECT' | 'REDIRECT';
  /** Where the money is paid, as people know it. */
  provider: string;
}

export const LOCAL_METHODS: Record<LocalMethodId, LocalMethod> = {
  popular: { id: 'popular', country: 'DO', dlocalId: 'ZP', type: 'TICKET', flow: 'DIRECT', provider: 'Banco Popular' },
  efecty: { id: 'efecty', country: 'CO', dlocalId: 'EY', type: 'TICKET', flow: 'DIRECT', provider: 'Efecty' },
  pse: { id: 'pse', country: 'CO', dlocalId: 'PC', type: 'BANK_TRANSFER', flow: 'REDIRECT', provider: 'PSE' },
  oxxo: { id: 'oxxo', country: 'MX', dlocalId: 'OX', type: 'TICKET', flow: 'DIRECT', provider: 'OXXO' },
  spei: { id: 'spei', country: 'MX', dlocalId: 'SE', type: 'BANK_TRANSFER', flow: 'DIRECT', provider: 'SPEI' },
};

/** What the funding step offers in each country, in this order: cards everywhere; ArreglaYa's own account (transfer) only in the Dominican Republic. */
export const FUNDING_CHOICES: Record<CountryCode, readonly ('card' | 'transfer' | LocalMethodId)[]> = {
  DO: ['card', 'transfer', 'popular'],
  CO: ['card', 'pse', 'efecty'],
  MX: ['card', 'spei', 'oxxo'],
};

/** The cash voucher a country's `rail: 'cash'` means when no method is named (the Dominican Republic's before issue 51). */
export const DEFAULT_CASH_METHOD: Record<CountryCode, LocalMethodId> = { DO: 'popular', CO: 'efecty', MX: 'oxxo' };

export function localMethodsOf(country: CountryCode): LocalMethod[] {
  return Object.values(LOCAL_METHODS).filter((m) => m.country === country);
}

/** A bank payment (PSE, SPEI), not cash: its notices and expiry never speak of "efectivo". */
export function isBankMethod(method: LocalMethodId | null | undefined): boolean {
  return method ? LOCAL_METHODS[method].type === 'BANK_TRANSFER' : false;
}

/**
 * The payer's document dLocal asks for a payment, per country (dLocal's Colombia and Mexico pages
 * and its Country Reference: "document required? Yes", for the country, cards included; decision
 * 067): the cédula de ciudadanía, the CURP. The Dominican Republic does not require one.
 */
export const PAYER_DOCUMENT: Partial<Record<CountryCode, IdDocumentKind>> = { CO: PERSONAL_ID.CO, MX: PERSONAL_ID.MX };

/**
 * The one rule for the payer's document of a card or `cash` funding (the form's check and the
 * server's): the message for a missing or invalid one in a country that asks for it, else null.
 * ArreglaYa's own account (`transfer`, the Dominican Republic only) goes through no processor.
 */
export function payerDocumentProblem(country: CountryCode, rail: 'card' | 'cash' | 'transfer', input: string | undefined): string | null {
  const kind = PAYER_DOCUMENT[country];
  if (!kind || rail === 'transfer') return null;
  if (!input?.trim()) return tp.fund.payerDocumentRequired(idDocumentText(kind).short, COUNTRIES[country].name);
  return idDocumentProblem(kind, input);
}

/** The document as dLocal takes it (compacted, capitals), or undefined when the country asks none. */
export function payerDocumentFor(country: CountryCode, input: string | undefined): string | undefined {
  const kind = PAYER_DOCUMENT[country];
  return kind && input ? (normalizeIdDocument(kind, input) ?? undefined) : undefined;
}
