import { describe, expect, it } from 'vitest';
import { cedulaCheckDigit } from '../cedula.ts';
import { idDocuments } from '../i18n/id-documents.ts';
import { ClientProfileSchema, ContractorProfileSchema, checkPhotoFile, isValidPhoneFor } from './profile.ts';

describe('isValidPhoneFor', () => {
  it("takes the country's national number, with or without its prefix", () => {
    expect(isValidPhoneFor('DO', '809-555-0123')).toBe(true);
    expect(isValidPhoneFor('DO', '+1 (829) 555 0199')).toBe(true);
    expect(isValidPhoneFor('DO', '555-0123')).toBe(false);
    expect(isValidPhoneFor('CO', '301 234 5678')).toBe(true);
    expect(isValidPhoneFor('CO', '+57 301 234 5678')).toBe(true);
    expect(isValidPhoneFor('MX', '+1 809 555 0123')).toBe(false);
    expect(isValidPhoneFor('DO', '809-555-O123')).toBe(false);
  });
});

describe('profile schemas', () => {
  it('never throw on a body that is not an object (the country rules run on raw input)', () => {
    for (const body of [null, [], 'x', 3, { country: 'DO', phone: 5, city: {} }]) {
      expect(ClientProfileSchema.safeParse(body).success).toBe(false);
      expect(ContractorProfileSchema.safeParse(body).success).toBe(false);
    }
  });

  it('normalise a cédula typed with dashes to its 11 digits', () => {
    const first10 = '0011234567';
    const parsed = ContractorProfileSchema.parse({
      firstName: 'Ramón',
      lastName: 'Báez',
      phone: '809-555-0123',
      country: 'DO',
      companyName: 'Báez SRL',
      cedula: `001-1234567-${cedulaCheckDigit(first10)}`,
      serviceTypes: ['plomeria', 'plomeria'],
      description: 'Plomero.',
      address: 'Calle 1',
      city: 'santiago',
    });
    expect(parsed.cedula).toBe(`${first10}${cedulaCheckDigit(first10)}`);
    expect(parsed.serviceTypes).toEqual(['plomeria']);
  });
});

describe("the contractor's document follows the country (id-documents.ts)", () => {
  const body = (country: 'DO' | 'CO' | 'MX', city: string, cedula: string) => ({
    firstName: 'Ana',
    lastName: 'Ruiz',
    phone: country === 'MX' ? '55 1234 5678' : country === 'CO' ? '301 234 5678' : '809-555-0123',
    country,
    companyName: 'Ruiz',
    cedula,
    serviceTypes: ['plomeria'],
    description: 'Plomera.',
    address: 'Calle 1',
    city,
  });
  const cedulaError = (country: 'DO' | 'CO' | 'MX', city: string, cedula: string) =>
    ContractorProfileSchema.safeParse(body(country, city, cedula)).error?.issues.find((i) => i.path[0] === 'cedula')?.message;

  it('takes a Colombian cédula de ciudadanía typed with dots, stored as digits', () => {
    expect(ContractorProfileSchema.parse(body('CO', 'bogota', '1.020.304.050')).cedula).toBe('1020304050');
    expect(cedulaError('CO', 'bogota', '1.020.304.050.1')).toBe(idDocuments.co_cc.invalid);
  });
  it('takes a Mexican CURP in any case, refusing one whose check digit is off', () => {
    expect(ContractorProfileSchema.parse(body('MX', 'guadalajara', 'goma850312hdfrrn09')).cedula).toBe('GOMA850312HDFRRN09');
    expect(cedulaError('MX', 'guadalajara', 'GOMA850312HDFRRN08')).toBe(idDocuments.mx_curp.invalid);
  });
  it("refuses another country's document, naming the expected one", () => {
    expect(cedulaError('DO', 'santiago', '1.020.304.050')).toBe(idDocuments.do_cedula.invalid);
    expect(cedulaError('CO', 'bogota', 'GOMA850312HDFRRN09')).toBe(idDocuments.co_cc.invalid);
  });
});

describe('checkPhotoFile', () => {
  it('allows JPEG, PNG and WebP up to 8 MB, in Spanish naming the file otherwise', () => {
    expect(checkPhotoFile({ name: 'a.png', type: 'image/png', size: 8 * 1024 * 1024 })).toBeNull();
    expect(checkPhotoFile({ name: 'b.webp', type: 'image/webp', size: 10 })).toBeNull();
    expect(checkPhotoFile({ name: 'gato.gif', type: 'image/gif', size: 10 })).toBe('gato.gif: solo se aceptan fotos JPG, PNG o WebP.');
    expect(checkPhotoFile({ name: 'grande.jpg', type: 'image/jpeg', size: 8 * 1024 * 1024 + 1 })).toBe('grande.jpg pesa más de 8 MB. Elige una más liviana.');
  });
});

describe('social links', () => {
  const base = { firstName: 'L', lastName: 'P', phone: '809-555-0123', country: 'DO', address: 'Calle 1' };
  const facebook = (value: string) => ClientProfileSchema.safeParse({ ...base, facebook: value });
  it("accept only the network's own site, adding https:// when it is missing", () => {
    expect(facebook('facebook.com/lucia').data?.facebook).toBe('https://facebook.com/lucia');
    expect(facebook('https://m.facebook.com/lucia?id=1').success).toBe(true);
    for (const bad of ['https://evilfacebook.com/x', 'https://facebook.com.evil.example/x', 'javascript:alert(1)', 'https://facebook.com/a b']) {
      expect(facebook(bad).success, bad).toBe(false);
    }
  });
});
