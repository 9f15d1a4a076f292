// Dominican cédula de identidad y electoral: 11 digits, usually written 001-1234567-3
// (municipality of issue, sequence, check digit). The check digit is Luhn over the
// first 10 digits: weights 1,2,1,2,… from the left, two-digit products summed digit by
// digit, and the digit that brings the total to a multiple of 10. The JCE issued some cédulas
// whose check digit does not verify: those listed in cedula-exceptions.ts are accepted too.

import { CEDULA_CHECK_DIGIT_EXCEPTIONS } from './cedula-exceptions.ts';

const FORMATTED = /^\d{3}-\d{7}-\d$/;
const PLAIN = /^\d{11}$/;

/** The check digit (0–9) for the first 10 digits of a cédula. Throws on anything else. */
export function cedulaCheckDigit(first10: string): number {
  if (!/^\d{10}$/.test(first10)) throw new Error('cedulaCheckDigit expects exactly 10 digits');
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const product = Number(first10[i]) * (i % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/** Digits only, or null when the input is neither `00112345678` nor `001-1234567-3`. */
export function normalizeCedula(s: string): string | null {
  const trimmed = s.trim();
  if (PLAIN.test(trimmed)) return trimmed;
  if (FORMATTED.test(trimmed)) return trimmed.replaceAll('-', '');
  return null;
}

/** Whether the check digit fails but the JCE issued the number all the same (cedula-exceptions.ts). */
export function isCedulaCheckDigitException(digits: string): boolean {
  return CEDULA_CHECK_DIGIT_EXCEPTIONS.has(digits);
}

/** True for an 11-digit cédula (dashes allowed as 3-7-1) whose check digit is right, or a known exception. */
export function isValidCedula(s: string): boolean {
  const digits = normalizeCedula(s);
  if (digits === null || /^0+$/.test(digits)) return false;
  return cedulaCheckDigit(digits.slice(0, 10)) === Number(digits[10]) || isCedulaCheckDigitException(digits);
}

/** 001-1234567-3, for display. Returns the input unchanged when it is not a cédula. */
export function formatCedula(s: string): string {
  const digits = normalizeCedula(s);
  return digits === null ? s : `${digits.slice(0, 3)}-${digits.slice(3, 10)}-${digits.slice(10)}`;
}
