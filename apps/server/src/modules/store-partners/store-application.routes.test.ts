import { cedulaCheckDigit } from '@arreglaya/shared/cedula';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, contactRequests, logTrail } from '../../db/schema/index.ts';
import { createDataCipher, loadDataKey } from '../../lib/data-encryption.ts';
import { decodeKey } from '../../config/env-values.ts';
import type { SmtpCatcher } from '../../../test/support/smtp-catcher.ts';
import { createTestApp, createTestAppWithMail, type MailTestApp, type TestApp } from '../../../test/support/test-app.ts';

const KEY_HEX = 'a1'.repeat(32);
const cedula = `0011234567${cedulaCheckDigit('0011234567')}`;
const valid = {
  firstName: 'Rafael',
  lastName: 'Taveras',
  cedula: `${cedula.slice(0, 3)}-${cedula.slice(3, 10)}-${cedula.slice(10)}`,
  address: 'Av. Duarte 145, Villa Consuelo, Santo Domingo',
  phone: '809-555-0147',
  email: 'ferreteria.taveras@ejemplo.do',
  serviceTypes: ['plomeria', 'electricidad'],
  bank: 'Banco Popular Dominicano',
  accountType: 'ahorros',
  accountNumber: '7901-2345-6789',
  comments: 'Tenemos dos sucursales.',
};

describe('POST /api/store-applications', () => {
  let t: MailTestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    t = await createTestAppWithMail({ TEAM_INBOX: 'equipo@arreglaya.do', DATA_ENCRYPTION_KEY: KEY_HEX });
    smtp = t.smtp;
  });
  afterAll(() => t.close());

  it('stores the application with the account number encrypted and only its last 4 in the clear', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/store-applications', payload: valid });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Solicitud enviada con éxito. Te contactaremos en menos de 24 horas.');
    const row = await t.db.query.contactRequests.findFirst({ where: eq(contactRequests.id, res.json().id as string) });
    expect(row).toMatchObject({
      kind: 'store',
      firstName: 'Rafael',
      lastName: 'Taveras',
      cedula: null,
      bank: 'Banco Popular Dominicano',
      bankAccountType: 'ahorros',
      bankAccountLast4: '6789',
      serviceTypes: ['plomeria', 'electricidad'],
      message: 'Tenemos dos sucursales.',
    });
    const sealed = row!.bankAccountNumberEnc!;
    expect(sealed.toString('latin1')).not.toContain('790123456789');
    expect(createDataCipher(decodeKey(KEY_HEX)!).open(sealed)).toBe('790123456789');
    // The cédula is sealed too (decision 010).
    expect(row!.cedulaEnc!.toString('latin1')).not.toContain(cedula);
    expect(createDataCipher(decodeKey(KEY_HEX)!).open(row!.cedulaEnc!)).toBe(cedula);

    const team = await smtp.waitFor((m) => m.to.includes('equipo@arreglaya.do') && m.subject.includes('ferretería'));
    expect(team.text).toContain('terminada en 6789');
    expect(team.text).not.toContain('790123456789');
    const ack = await smtp.waitFor((m) => m.to.includes('ferreteria.taveras@ejemplo.do'));
    expect(ack.text).toContain('terminada en 6789');
    const log = await t.db.select().from(logTrail).where(eq(logTrail.action, 'store_application'));
    expect(JSON.stringify(log)).not.toContain('790123456789');
  });

  it('refuses a cédula with a wrong check digit, an empty form and a bad account number', async () => {
    const wrong = `${cedula.slice(0, 10)}${(Number(cedula[10]) + 1) % 10}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/store-applications', payload: { ...valid, cedula: wrong, accountNumber: '12ab', serviceTypes: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      cedula: 'Cédula inválida. Escríbela como 001-1234567-3.',
      accountNumber: 'Número de cuenta inválido: de 6 a 20 dígitos.',
      serviceTypes: 'Selecciona al menos una opción.',
    });
    const empty = await t.app.inject({ method: 'POST', url: '/api/store-applications', payload: {} });
    expect(Object.keys(empty.json().error.fields as object).sort()).toEqual(
      ['accountNumber', 'accountType', 'address', 'bank', 'cedula', 'email', 'firstName', 'lastName', 'phone', 'serviceTypes'].sort(),
    );
  });
});

describe('data encryption key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is generated once and kept in app_settings when DATA_ENCRYPTION_KEY is unset', async () => {
    const quiet = { isProduction: false, log: t.app.log };
    const first = await loadDataKey(t.db, undefined, quiet);
    const second = await loadDataKey(t.db, undefined, quiet);
    expect(first.equals(second)).toBe(true);
    expect(first).toHaveLength(32);
    expect(await t.db.$count(appSettings, eq(appSettings.key, 'data_encryption_key'))).toBe(1);
  });

  it('seals each value with a fresh IV and detects tampering', () => {
    const cipher = createDataCipher(decodeKey(KEY_HEX)!);
    const a = cipher.seal('1234567890');
    const b = cipher.seal('1234567890');
    expect(a.equals(b)).toBe(false);
    a[a.length - 1]! ^= 1;
    expect(() => cipher.open(a)).toThrow();
    expect(() => createDataCipher(decodeKey('b2'.repeat(32))!).open(b)).toThrow();
  });
});
