import { describe, expect, it } from 'vitest';
import { CEDULA_CHECK_DIGIT_EXCEPTIONS } from './cedula-exceptions.ts';
import { cedulaCheckDigit, formatCedula, isCedulaCheckDigitException, isValidCedula, normalizeCedula } from './cedula.ts';
import { cedulaValid } from './payout-banks.ts';

describe('cedulaCheckDigit', () => {
  it('computes the Luhn digit with weights 1,2,1,2,… from the left', () => {
    // 0·1+0·2+1·1+0·2+0·1+0·2+0·1+0·2+0·1+1·2 = 3 → 7
    expect(cedulaCheckDigit('0010000001')).toBe(7);
    // 4+0+2+2+2+6+4+(1+0)+6+(1+4) = 32 → 8
    expect(cedulaCheckDigit('4021234567')).toBe(8);
    // A sum that is already a multiple of 10 gives 0, not 10.
    // 1·1 + 9·2 → 1 + (1+8) = 10 → 0
    expect(cedulaCheckDigit('0000000019')).toBe(0);
  });

  it('agrees with a plain Luhn check over all 11 digits', () => {
    const luhn = (digits: string) => {
      let sum = 0;
      [...digits].reverse().forEach((d, i) => {
        const n = Number(d) * (i % 2 === 1 ? 2 : 1);
        sum += n > 9 ? n - 9 : n;
      });
      return sum % 10 === 0;
    };
    for (let seed = 1; seed < 500; seed++) {
      const first10 = String((seed * 7919393) % 10_000_000_000).padStart(10, '0');
      const full = first10 + String(cedulaCheckDigit(first10));
      expect(luhn(full)).toBe(true);
      expect(isValidCedula(full)).toBe(true);
    }
  });

  it('rejects input that is not 10 digits', () => {
    expect(() => cedulaCheckDigit('123')).toThrow();
    expect(() => cedulaCheckDigit('00100000a1')).toThrow();
  });
});

describe('isValidCedula', () => {
  it('accepts valid numbers, plain or dashed', () => {
    expect(isValidCedula('40212345678')).toBe(true);
    expect(isValidCedula('402-1234567-8')).toBe(true);
    expect(isValidCedula(' 00100000017 ')).toBe(true);
  });

  it('rejects a wrong check digit, wrong length, letters, bad dashes and all zeros', () => {
    expect(isValidCedula('40212345679')).toBe(false);
    expect(isValidCedula('4021234567')).toBe(false);
    expect(isValidCedula('402123456780')).toBe(false);
    expect(isValidCedula('4021234567a')).toBe(false);
    expect(isValidCedula('4021-234567-8')).toBe(false);
    expect(isValidCedula('00000000000')).toBe(false);
    expect(isValidCedula('')).toBe(false);
  });

  it('catches every single-digit typo', () => {
    const valid = '40212345678';
    for (let i = 0; i < 11; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue;
        const typo = valid.slice(0, i) + String(d) + valid.slice(i + 1);
        expect(isValidCedula(typo)).toBe(false);
      }
    }
  });
});

describe('normalizeCedula / formatCedula', () => {
  it('round-trips between the plain and dashed forms', () => {
    expect(normalizeCedula('402-1234567-8')).toBe('40212345678');
    expect(formatCedula('40212345678')).toBe('402-1234567-8');
    expect(normalizeCedula('402 1234567 8')).toBeNull();
    expect(formatCedula('abc')).toBe('abc');
  });
});

describe('cédulas the JCE issued with a check digit that does not verify', () => {
  it('accepts 001-0000016-9, refused live before (issue 49), in the profile and for payouts', () => {
    expect(cedulaCheckDigit('0010000016')).not.toBe(9);
    expect(isValidCedula('001-0000016-9')).toBe(true);
    expect(isValidCedula('00100000169')).toBe(true);
    expect(cedulaValid('00100000169')).toBe(true);
    expect(isCedulaCheckDigitException('00100000169')).toBe(true);
  });

  it('lists only 11-digit numbers that fail the check digit, about 580 of them', () => {
    expect(CEDULA_CHECK_DIGIT_EXCEPTIONS.size).toBe(576);
    for (const n of CEDULA_CHECK_DIGIT_EXCEPTIONS) {
      expect(n, n).toMatch(/^\d{11}$/);
      expect(cedulaCheckDigit(n.slice(0, 10)), n).not.toBe(Number(n[10]));
    }
  });

  it('still refuses a neighbour of an exception whose check digit is wrong', () => {
    // 001-0000016-9 is an exception; 001-0000016-8 is neither valid nor listed.
    expect(cedulaCheckDigit('0010000016')).not.toBe(8);
    expect(isValidCedula('00100000168')).toBe(false);
    expect(cedulaValid('00100000168')).toBe(false);
  });
});
