import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from './countries.ts';
import {
  ID_DOCUMENT_KINDS,
  PERSONAL_ID,
  TAX_ID,
  curpCheckDigit,
  formatIdDocument,
  idDocumentProblem,
  idDocumentText,
  isValidIdDocument,
  nitCheckDigit,
  normalizeIdDocument,
  rfcCheckDigit,
} from './id-documents.ts';

describe('every kind', () => {
  it.each(ID_DOCUMENT_KINDS)('%s: its catalogue example passes its own check and the failure message names it', (kind) => {
    const text = idDocumentText(kind);
    expect(isValidIdDocument(kind, text.example)).toBe(true);
    expect(text.invalid).toContain(text.example);
    expect(text.hint).toContain(text.example);
  });

  it('each country has a personal document and a tax ID', () => {
    for (const country of COUNTRY_CODES) {
      expect(PERSONAL_ID[country]).toMatch(new RegExp(`^${country.toLowerCase()}_`));
      expect(TAX_ID[country]).toMatch(new RegExp(`^${country.toLowerCase()}_`));
    }
  });
});

describe('Dominican cédula and RNC', () => {
  it('keeps the cédula rule (Luhn, the JCE exceptions) and the RNC rule', () => {
    expect(normalizeIdDocument('do_cedula', '001-1234567-3')).toBe('00112345673');
    expect(isValidIdDocument('do_cedula', '001-1234567-4')).toBe(false);
    expect(isValidIdDocument('do_cedula', '00000021249')).toBe(true); // an exception the JCE issued
    expect(normalizeIdDocument('do_rnc', '1-30-12345-4')).toBe('130123454');
    expect(isValidIdDocument('do_rnc', '130123455')).toBe(false);
  });
  it('a Colombian cédula is no Dominican one', () => {
    expect(idDocumentProblem('do_cedula', '1.020.304.050')).toBe(idDocumentText('do_cedula').invalid);
  });
});

describe('Colombia', () => {
  it('cédula de ciudadanía: 6 to 10 digits, dots as typed, stored plain', () => {
    expect(normalizeIdDocument('co_cc', '1.020.304.050')).toBe('1020304050');
    expect(normalizeIdDocument('co_cc', '79 123 456')).toBe('79123456');
    expect(normalizeIdDocument('co_cc', '123456')).toBe('123456');
    expect(isValidIdDocument('co_cc', '12345')).toBe(false); // 5 digits
    expect(isValidIdDocument('co_cc', '10203040501')).toBe(false); // 11 digits
    expect(isValidIdDocument('co_cc', '0123456')).toBe(false);
    expect(isValidIdDocument('co_cc', '1020A04050')).toBe(false);
    expect(formatIdDocument('co_cc', '1020304050')).toBe('1.020.304.050');
  });
  it("NIT: DIAN's verification digit (python-stdnum's examples and a real NIT)", () => {
    expect(nitCheckDigit('213123435')).toBe(1);
    expect(nitCheckDigit('860034313')).toBe(7);
    expect(normalizeIdDocument('co_nit', '213.123.432-1')).toBe('2131234321');
    expect(isValidIdDocument('co_nit', '860.034.313-7')).toBe(true);
    expect(isValidIdDocument('co_nit', '860.034.313-8')).toBe(false);
    expect(isValidIdDocument('co_nit', '860.034.313-6')).toBe(false);
    expect(isValidIdDocument('co_nit', '213123435')).toBe(false); // the digit missing
    expect(formatIdDocument('co_nit', '9001234568')).toBe('900.123.456-8');
  });
});

describe('Mexico', () => {
  it("CURP: RENAPO's pattern and check digit", () => {
    expect(curpCheckDigit('BOXW310820HNERXN0')).toBe(9);
    expect(normalizeIdDocument('mx_curp', 'boxw310820hnerxn09')).toBe('BOXW310820HNERXN09');
    expect(isValidIdDocument('mx_curp', 'BOXW310820HNERXN08')).toBe(false); // check digit off by one
    expect(isValidIdDocument('mx_curp', 'BOXW310820HNERXN0')).toBe(false); // 17 characters
    expect(isValidIdDocument('mx_curp', 'BOXW311320HNERXN09')).toBe(false); // month 13
    expect(isValidIdDocument('mx_curp', 'BOXW310820HZZRXN09')).toBe(false); // no such state
    expect(isValidIdDocument('mx_curp', 'BOXW310820ANERXN09')).toBe(false); // sex neither H, M nor X
  });
  it('RFC: persons (13) and companies (12) with their homoclave digit', () => {
    expect(rfcCheckDigit('GODE561231GR')).toBe('8');
    expect(rfcCheckDigit('MAB9307148T')).toBe('4');
    expect(normalizeIdDocument('mx_rfc', 'GODE 561231 GR8')).toBe('GODE561231GR8');
    expect(normalizeIdDocument('mx_rfc', 'MAB-930714-8T4')).toBe('MAB9307148T4');
    expect(isValidIdDocument('mx_rfc', 'GODE561231GR9')).toBe(false);
    expect(isValidIdDocument('mx_rfc', 'MAB9307148T5')).toBe(false);
    expect(isValidIdDocument('mx_rfc', 'VACE460910SX6')).toBe(false); // python-stdnum's failing checksum
    expect(isValidIdDocument('mx_rfc', 'GODE561331GR8')).toBe(false); // month 13
    expect(isValidIdDocument('mx_rfc', 'GODE561231')).toBe(false); // without homoclave
  });
});
