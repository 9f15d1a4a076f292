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
  return findBank(id)?.name ?? id;
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

/**
 * An RNC (DGII's taxpayer number): 9 digits, the first 1 or 4 (companies, for profit or not) or 5
 * (people), as dLocal's page lists; the last the DGII check digit of the first eight (weights 7, 9,
 * 8, 6, 5, 4, 3, 2; the rest of the sum by 11: 0 gives 2, 1 gives 1, any other r gives 11 − r).
 */
export function rncValid(digits: string): boolean {
  if (!/^[145]\d{8}$/.test(digits)) return false;
  const weights = [7, 9, 8, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += (digits.charCodeAt(i) - 48) * weights[i]!;
  const r = sum % 11;
  const check = r === 0 ? 2 : r === 1 ? 1 : 11 - r;
  return check === digits.charCodeAt(8) - 48;
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
