import { isCedulaCheckDigitException, isValidCedula } from './cedula.ts';
import type { CountryCode } from './countries.ts';
import { idDocuments } from './i18n/id-documents.ts';

// The identity and tax documents of each country (issue 51, item 2; decision 065). The one place
// for their rules: the contractor profile's document (the column is still called `cedula`), the
// identity badge, the tax-ID badge, and the payout holder's document read these functions, through
// the shared zod schemas, in the form and on the server.
//
//   country  person's document                      tax ID
//   DO       cédula (11 digits, Luhn; cedula.ts)    RNC (9 digits, DGII mod 11; payout-banks.ts)
//   CO       cédula de ciudadanía (6–10 digits)     NIT (9 digits + DIAN's verification digit)
//   MX       CURP (18 characters, RENAPO's digit)   RFC (12 companies / 13 persons, SAT's homoclave digit)
//
// The algorithms were checked against python-stdnum (stdnum/co/nit.py, stdnum/mx/curp.py,
// stdnum/mx/rfc.py); only the rules are written here, none of its code.

export const ID_DOCUMENT_KINDS = ['do_cedula', 'do_rnc', 'co_cc', 'co_nit', 'mx_curp', 'mx_rfc'] as const;
export type IdDocumentKind = (typeof ID_DOCUMENT_KINDS)[number];

/** The document a person of each country identifies with (the profile's field, the identity badge). */
export const PERSONAL_ID: Record<CountryCode, IdDocumentKind> = { DO: 'do_cedula', CO: 'co_cc', MX: 'mx_curp' };
/** The tax ID of each country (the tax-ID badge). */
export const TAX_ID: Record<CountryCode, IdDocumentKind> = { DO: 'do_rnc', CO: 'co_nit', MX: 'mx_rfc' };

/** The document as people type it, without spaces, dots, dashes or underscores, in capitals: "1.020.304.050" → "1020304050". */
export function compactIdDocument(input: string): string {
  return input.replace(/[\s.\-_/]/g, '').toUpperCase();
}

// ---- Colombia ----

/** Cédula de ciudadanía: 6 to 10 digits, never starting with 0 (the Registraduría issues no check digit). */
function colombianCedulaValid(digits: string): boolean {
  return /^[1-9]\d{5,9}$/.test(digits);
}

const NIT_WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/** DIAN's verification digit of a NIT's number: weights 3, 7, 13, … from the right; r = sum mod 11; r > 1 ? 11 − r : r. */
export function nitCheckDigit(number: string): number {
  if (!/^\d{1,15}$/.test(number)) throw new Error('nitCheckDigit expects 1 to 15 digits');
  let sum = 0;
  for (let i = 0; i < number.length; i++) sum += Number(number[number.length - 1 - i]) * NIT_WEIGHTS[i]!;
  const r = sum % 11;
  return r > 1 ? 11 - r : r;
}

/** A NIT: 9 digits and the verification digit (written 900.123.456-7 or 9001234567). */
function nitValid(digits: string): boolean {
  return /^\d{10}$/.test(digits) && !/^0+$/.test(digits) && nitCheckDigit(digits.slice(0, 9)) === Number(digits[9]);
}

// ---- Mexico ----

/** RENAPO's states (and NE, born abroad). */
const CURP_STATES = 'AS|BC|BS|CC|CL|CM|CS|CH|DF|DG|GT|GR|HG|JC|MC|MN|MS|NT|NL|OC|PL|QT|QR|SP|SL|SR|TC|TS|TL|VZ|YN|ZS|NE';
/**
 * RENAPO's pattern: four letters from the name (the second a vowel or X), the birth date, the sex
 * (H, M, or X, the non-binary marker some states issue), the state, three inner consonants, a
 * character that tells the century (digit before 2000, letter after) and the check digit.
 */
const CURP_PATTERN = new RegExp(`^[A-Z][AEIOUX][A-Z]{2}\\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\\d|3[01])[HMX](${CURP_STATES})[B-DF-HJ-NP-TV-Z]{3}[A-Z\\d]\\d$`);
const CURP_ALPHABET = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

/** The CURP's check digit from its first 17 characters: sum of value × (18 − i), then (10 − sum mod 10) mod 10. */
export function curpCheckDigit(first17: string): number {
  if (first17.length !== 17) throw new Error('curpCheckDigit expects 17 characters');
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CURP_ALPHABET.indexOf(first17[i]!);
    if (value < 0) throw new Error('curpCheckDigit: character outside the alphabet');
    sum += value * (18 - i);
  }
  return (10 - (sum % 10)) % 10;
}

/** A real calendar date for YYMMDD (any century). */
function validYymmdd(yymmdd: string): boolean {
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  // 2000 is a leap year: 29 February of any "00" year passes, as it may be 1900's… or 2000's.
  const d = new Date(Date.UTC(2000 + Number(yymmdd.slice(0, 2)), month - 1, day));
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

function curpValid(value: string): boolean {
  return CURP_PATTERN.test(value) && validYymmdd(value.slice(4, 10)) && curpCheckDigit(value.slice(0, 17)) === Number(value[17]);
}

/** The SAT's alphabet for the RFC's check digit (& and Ñ among the letters, the space for padding). */
const RFC_ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/** The homoclave's check digit of the first 11 (company) or 12 (person) characters: mod 11 over the 12 left-padded with spaces; 10 is "A". */
export function rfcCheckDigit(withoutCheck: string): string {
  const padded = withoutCheck.padStart(12, ' ');
  if (padded.length !== 12) throw new Error('rfcCheckDigit expects 11 or 12 characters');
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    const value = RFC_ALPHABET.indexOf(padded[i]!);
    if (value < 0) throw new Error('rfcCheckDigit: character outside the alphabet');
    sum += value * (13 - i);
  }
  return RFC_ALPHABET[(((11 - sum) % 11) + 11) % 11]!;
}

/** RFC: 3 (company) or 4 (person) letters, the date, the homoclave (two characters and the check digit). */
function rfcValid(value: string): boolean {
  const m = /^([A-ZÑ&]{3,4})(\d{6})([1-9A-V][1-9A-Z][0-9A])$/.exec(value);
  if (!m || !validYymmdd(m[2]!)) return false;
  return rfcCheckDigit(value.slice(0, -1)) === value.slice(-1);
}

// ---- All of them ----

const RULES: Record<IdDocumentKind, (compact: string) => boolean> = {
  do_cedula: (c) => /^\d{11}$/.test(c) && isValidCedula(c),
  do_rnc: rncValid,
  co_cc: colombianCedulaValid,
  co_nit: nitValid,
  mx_curp: curpValid,
  mx_rfc: rfcValid,
};

/** The document as stored (compacted, capitals), or null when it is not a valid one of its kind. */
export function normalizeIdDocument(kind: IdDocumentKind, input: string): string | null {
  const compact = compactIdDocument(input);
  return RULES[kind](compact) ? compact : null;
}

export function isValidIdDocument(kind: IdDocumentKind, input: string): boolean {
  return normalizeIdDocument(kind, input) !== null;
}

/** Whether a stored Dominican cédula is one the JCE issued with a check digit that does not verify. */
export function isIdCheckDigitException(kind: IdDocumentKind, stored: string): boolean {
  return kind === 'do_cedula' && isCedulaCheckDigitException(compactIdDocument(stored));
}

/** The document as each country writes it: 001-1234567-8, 1.020.304.050, 900.123.456-7; CURP and RFC as they are. */
export function formatIdDocument(kind: IdDocumentKind, stored: string): string {
  const c = compactIdDocument(stored);
  if (!RULES[kind](c)) return stored;
  const thousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  switch (kind) {
    case 'do_cedula':
      return `${c.slice(0, 3)}-${c.slice(3, 10)}-${c.slice(10)}`;
    case 'do_rnc':
      return `${c.slice(0, 1)}-${c.slice(1, 3)}-${c.slice(3, 8)}-${c.slice(8)}`;
    case 'co_cc':
      return thousands(c);
    case 'co_nit':
      return `${thousands(c.slice(0, 9))}-${c.slice(9)}`;
    default:
      return c;
  }
}

/** The Spanish words for a kind: label, hint, example (which passes its own check: id-documents.test.ts) and the message when it fails. */
export function idDocumentText(kind: IdDocumentKind) {
  return idDocuments[kind];
}

/** The message for a document that fails its check, or null when it passes. */
export function idDocumentProblem(kind: IdDocumentKind, input: string): string | null {
  return isValidIdDocument(kind, input) ? null : idDocuments[kind].invalid;
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
