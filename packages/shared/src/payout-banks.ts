// Payouts to any Dominican bank (issue 47 item 4, decision 052): the banks a contractor can be
// paid to, the account types and the holder's documents, as dLocal's Payouts v3 for the Dominican
// Republic names them ("Dominican Republic" payouts page: document types CE, RN and PASS; account
// type C for checking, S for savings). One table, read by the form (its select), the server (the
// code it sends dLocal) and the dLocal stand-in (the codes it accepts).
//
// `code` is what goes in beneficiary.bank_account.code. dLocal's "Bank codes and account format"
// table for the Dominican Republic was not readable in the stored copy of the page (decision 052):
// until it is checked against that table, `code` is the bank's SWIFT BIC (8 characters) where it is
// public, or a placeholder in capitals (Ademi, APAP, Cibao). Change it here only.

import { isValidCedula } from './cedula.ts';
import { COUNTRIES } from './countries.ts';
import type { Currency } from './domain.ts';
import { isValidIdDocument, rncValid } from './id-documents.ts';

export { rncValid };

export interface DominicanBank {
  /** Our key, stored with the account. */
  id: string;
  /** The name people know it by. */
  name: string;
  /** The code sent to dLocal (see above). */
  code: string;
}

export const DR_BANKS = [
  { id: 'popular', name: 'Banco Popular Dominicano', code: 'BPDODOSX' },
  { id: 'banreservas', name: 'Banreservas (Banco de Reservas)', code: 'BRRDDOSD' },
  { id: 'bhd', name: 'Banco BHD', code: 'BCBHDOSD' },
  { id: 'scotiabank', name: 'Scotiabank', code: 'NOSCDOSD' },
  { id: 'santa_cruz', name: 'Banco Santa Cruz', code: 'SCRZDOSD' },
  { id: 'promerica', name: 'Banco Promerica', code: 'PRHRDOSD' },
  { id: 'banesco', name: 'Banesco', code: 'BANSDOSD' },
  { id: 'vimenca', name: 'Banco Vimenca', code: 'VIMEDOSD' },
  { id: 'lopez_de_haro', name: 'Banco López de Haro', code: 'BLDHDOSD' },
  { id: 'caribe', name: 'Banco Caribe', code: 'STGODOSD' },
  { id: 'bdi', name: 'Banco BDI', code: 'BBDIDOSD' },
  { id: 'lafise', name: 'Banco Lafise', code: 'BCCEDOSD' },
  { id: 'citibank', name: 'Citibank', code: 'CITIDOSD' },
  { id: 'ademi', name: 'Banco Ademi', code: 'ADEMI' },
  { id: 'adopem', name: 'Banco Adopem', code: 'AHCMDOSD' },
  { id: 'apap', name: 'Asociación Popular de Ahorros y Préstamos (APAP)', code: 'APAP' },
  { id: 'cibao', name: 'Asociación Cibao de Ahorros y Préstamos', code: 'ACAP' },
  { id: 'jmmb', name: 'Banco JMMB', code: 'AHRIDOS2' },
  { id: 'bellbank', name: 'BellBank', code: 'BELNDOSD' },
  { id: 'qik', name: 'Qik Banco Digital', code: 'QDDMDOSD' },
  { id: 'agricola', name: 'Banco Agrícola', code: 'BAGRDOSA' },
] as const satisfies readonly DominicanBank[];

export type DominicanBankId = (typeof DR_BANKS)[number]['id'];
export const DR_BANK_IDS = DR_BANKS.map((b) => b.id) as unknown as readonly [DominicanBankId, ...DominicanBankId[]];

export function findBank(id: string): DominicanBank | undefined {
  return DR_BANKS.find((b) => b.id === id);
}

/** The bank's name for a stored key; an account saved before the list keeps the name it was typed with. */
export function bankName(id: string): string {
  return findPayoutBank(id)?.name ?? id;
}

/** The holder's document: cédula (CE), RNC (RN) or passport (PASS), dLocal's type names. */
export const PAYOUT_DOCUMENT_TYPES = ['cedula', 'rnc', 'passport'] as const;
export type PayoutDocumentType = (typeof PAYOUT_DOCUMENT_TYPES)[number];
export const DLOCAL_DOCUMENT_TYPES: Record<PayoutDocumentType, 'CE' | 'RN' | 'PASS'> = { cedula: 'CE', rnc: 'RN', passport: 'PASS' };

/** Our account types as dLocal's account_type: C checking (corriente), S savings (ahorros). */
export const DLOCAL_ACCOUNT_TYPES = { ahorros: 'S', corriente: 'C' } as const;

/**
 * A Dominican cédula: 11 digits whose last is the check digit of the first ten, as dLocal's page
 * says, or one of the cédulas the JCE issued whose check digit does not verify (cedula.ts holds
 * the one rule for the profile and for payouts).
 */
export function cedulaValid(digits: string): boolean {
  return /^\d{11}$/.test(digits) && isValidCedula(digits);
}

/** A passport number as dLocal takes it (PASS): 7 to 12 letters or digits. */
export function passportValid(value: string): boolean {
  return /^[A-Za-z0-9]{7,12}$/.test(value);
}

/** The document as typed, without the dashes and spaces people put in a cédula or RNC ("001-1234567-8"). */
export function documentDigits(type: PayoutDocumentType, input: string): string {
  const trimmed = input.trim();
  return type === 'passport' ? trimmed.replace(/\s/g, '').toUpperCase() : trimmed.replace(/[\s-]/g, '');
}

// ---- Colombia and Mexico (issue 51 item 6, decision 067) ----
//
// `code` is what goes in beneficiary.bank_account.code, as dLocal's payouts pages for each country
// take it: in Colombia the bank's ACH code (three digits), in Mexico the bank's three-digit code,
// which is also the first three digits of every CLABE of that bank (a CLABE naming another bank is
// refused). As for the Dominican table (decision 052), check them against dLocal's "Bank codes"
// table before going live: one table, nothing else changes.

export interface CountryBank extends DominicanBank {
  country: 'CO' | 'MX';
}

export const CO_BANKS = [
  { id: 'co_bancolombia', name: 'Bancolombia', code: '007', country: 'CO' },
  { id: 'co_bogota', name: 'Banco de Bogotá', code: '001', country: 'CO' },
  { id: 'co_davivienda', name: 'Davivienda', code: '051', country: 'CO' },
  { id: 'co_bbva', name: 'BBVA Colombia', code: '013', country: 'CO' },
  { id: 'co_occidente', name: 'Banco de Occidente', code: '023', country: 'CO' },
  { id: 'co_popular', name: 'Banco Popular', code: '002', country: 'CO' },
  { id: 'co_av_villas', name: 'Banco AV Villas', code: '052', country: 'CO' },
  { id: 'co_caja_social', name: 'Banco Caja Social', code: '032', country: 'CO' },
  { id: 'co_colpatria', name: 'Scotiabank Colpatria', code: '019', country: 'CO' },
  { id: 'co_itau', name: 'Itaú', code: '006', country: 'CO' },
  { id: 'co_agrario', name: 'Banco Agrario', code: '040', country: 'CO' },
  { id: 'co_gnb', name: 'Banco GNB Sudameris', code: '012', country: 'CO' },
] as const satisfies readonly CountryBank[];

export const MX_BANKS = [
  { id: 'mx_bbva', name: 'BBVA México', code: '012', country: 'MX' },
  { id: 'mx_banamex', name: 'Banamex', code: '002', country: 'MX' },
  { id: 'mx_santander', name: 'Santander', code: '014', country: 'MX' },
  { id: 'mx_banorte', name: 'Banorte', code: '072', country: 'MX' },
  { id: 'mx_hsbc', name: 'HSBC', code: '021', country: 'MX' },
  { id: 'mx_scotiabank', name: 'Scotiabank', code: '044', country: 'MX' },
  { id: 'mx_inbursa', name: 'Inbursa', code: '036', country: 'MX' },
  { id: 'mx_azteca', name: 'Banco Azteca', code: '127', country: 'MX' },
  { id: 'mx_bancoppel', name: 'BanCoppel', code: '137', country: 'MX' },
  { id: 'mx_banregio', name: 'Banregio', code: '058', country: 'MX' },
  { id: 'mx_stp', name: 'STP', code: '646', country: 'MX' },
] as const satisfies readonly CountryBank[];

export type PayoutCountry = 'DO' | 'CO' | 'MX';
export type PayoutBankId = DominicanBankId | (typeof CO_BANKS)[number]['id'] | (typeof MX_BANKS)[number]['id'];
/** Every bank a contractor can be paid to, in any country. */
export const PAYOUT_BANK_IDS = [...DR_BANK_IDS, ...CO_BANKS.map((b) => b.id), ...MX_BANKS.map((b) => b.id)] as unknown as readonly [PayoutBankId, ...PayoutBankId[]];

/** The banks of a country, for the form's select. */
export function banksOf(country: PayoutCountry): readonly DominicanBank[] {
  return country === 'CO' ? CO_BANKS : country === 'MX' ? MX_BANKS : DR_BANKS;
}

/** The country of a bank key (a key saved before the list: the Dominican Republic). */
export function bankCountry(id: string): PayoutCountry {
  return id.startsWith('co_') ? 'CO' : id.startsWith('mx_') ? 'MX' : 'DO';
}

/**
 * The one currency a bank is paid in (decision 067): its country's. Money in another currency is
 * never sent to it, and nothing exchanges one currency for another.
 */
export function bankCurrency(id: string): Currency {
  return COUNTRIES[bankCountry(id)].currency;
}

/** The country whose banks are paid in `currency` (the inverse of bankCurrency); null for one no payout country uses. */
export function payoutCountryOf(currency: Currency): PayoutCountry | null {
  return (['DO', 'CO', 'MX'] as const).find((c) => COUNTRIES[c].currency === currency) ?? null;
}

/** A bank of any country by its key. */
export function findPayoutBank(id: string): DominicanBank | undefined {
  return findBank(id) ?? [...CO_BANKS, ...MX_BANKS].find((b) => b.id === id);
}

/**
 * A Mexican CLABE: 18 digits (bank 3, branch 3, account 11, check 1); the check digit is
 * (10 − (Σ (dᵢ × wᵢ mod 10) mod 10)) mod 10 over the first 17 with weights 3, 7, 1 repeating.
 */
export function clabeValid(digits: string): boolean {
  if (!/^\d{18}$/.test(digits)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += ((digits.charCodeAt(i) - 48) * weights[i % 3]!) % 10;
  return (10 - (sum % 10)) % 10 === digits.charCodeAt(17) - 48;
}

/**
 * The holder's documents in Colombia (CC cédula de ciudadanía, NIT) and Mexico (CURP, RFC), as
 * dLocal's country pages name them, checked by the country's own rules (id-documents.ts, decision 065).
 */
export const CO_MX_DOCUMENT_TYPES = ['cc', 'nit', 'curp', 'rfc'] as const;
export const DOCUMENTS_OF: Record<PayoutCountry, readonly string[]> = { DO: PAYOUT_DOCUMENT_TYPES, CO: ['cc', 'nit'], MX: ['curp', 'rfc'] };
export const DLOCAL_CO_MX_DOCUMENT_TYPES: Record<(typeof CO_MX_DOCUMENT_TYPES)[number], 'CC' | 'NIT' | 'CURP' | 'RFC'> = { cc: 'CC', nit: 'NIT', curp: 'CURP', rfc: 'RFC' };

const CO_MX_KIND = { cc: 'co_cc', nit: 'co_nit', curp: 'mx_curp', rfc: 'mx_rfc' } as const;

export function coMxDocumentValid(type: (typeof CO_MX_DOCUMENT_TYPES)[number], value: string): boolean {
  return isValidIdDocument(CO_MX_KIND[type], value);
}
