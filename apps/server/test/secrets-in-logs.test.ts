import { cedulaCheckDigit } from '@arreglaya/shared/cedula';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema/index.ts';
import { captureLog, createTestApp, type LogCapture, type TestApp } from './support/test-app.ts';

/**
 * Issue 18, findings 3 and 4: what the log may hold. Every line the app writes during a
 * sign-up, confirmation, reset and a failing store application is captured (at the most
 * verbose level) and searched for the secrets and personal data the test itself sent.
 */
async function delivered(t: TestApp, to: string, subject: RegExp): Promise<string> {
  // The outbox worker "delivers" (MAIL_TRANSPORT=outbox) and logs that it did; wait for it.
  for (;;) {
    const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    const row = rows.find((r) => subject.test(r.subject) && r.status !== 'pending');
    if (row) return row.textBody;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const codeIn = (text: string) => /: (\d{6})/.exec(text)![1]!;

// One app (MAIL_TRANSPORT=outbox: no SMTP_URL) whose every log line is kept.
describe('the log', () => {
  let t: TestApp;
  let log: LogCapture;
  beforeAll(async () => {
    log = captureLog();
    t = await createTestApp({ LOG_LEVEL: 'trace' }, { log });
  });
  afterAll(() => t.close());

  it('never holds a sign-up code, a reset code or a password', async () => {
    const email = 'ana.codigos@correo.do';
    const password = 'Cacao-Tostado-3141';
    const newPassword = 'Mamey-Maduro-2718';
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

    expect(
      (await post('/api/auth/sign-up', { role: 'client', firstName: 'Ana', lastName: 'Paulino', email, password, confirmPassword: password, acceptTerms: true })).statusCode,
    ).toBe(201);
    const signUpCode = codeIn(await delivered(t, email, /confirmación/));
    expect((await post('/api/auth/verify-email', { email, code: signUpCode })).statusCode).toBe(200);
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const resetCode = codeIn(await delivered(t, email, /restablecer/));
    expect((await post('/api/auth/reset-password', { email, code: resetCode, password: newPassword, confirmPassword: newPassword })).statusCode).toBe(200);
    const signedIn = await post('/api/auth/sign-in', { email, password: newPassword });
    expect(signedIn.statusCode).toBe(200);
    await delivered(t, email, /contraseña cambió/);

    const all = log.lines.join('');
    // The log did record the mails (by template and recipient id: never the address, issue 30), so the search below searched something.
    expect(all).toContain('"template":"auth-signup-code"');
    expect(all).toContain('"template":"auth-reset-code"');
    for (const secret of [signUpCode, resetCode, password, newPassword, email]) expect(all, `a log line holds ${secret}`).not.toContain(secret);
  });

  const cedula = `0019876543${cedulaCheckDigit('0019876543')}`;
  const application = {
    firstName: 'Yokasta',
    lastName: 'Mercedes',
    cedula,
    address: 'Calle Las Mercedes 77, Zona Colonial',
    phone: '829-555-0193',
    email: 'yokasta.mercedes@ferreteria.do',
    serviceTypes: ['plomeria'],
    bank: 'Banreservas',
    accountType: 'corriente',
    accountNumber: '300123456789',
    comments: 'Abrimos de lunes a sábado.',
  };

  it('logs a store application the database refuses by SQLSTATE and statement, never its values (500 or 4xx alike)', async () => {
    // A fault inside PostgreSQL (an internal error) and a refusal (a check constraint), on the
    // table a store application goes to.
    await t.db.execute(sql`CREATE FUNCTION fail_store() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.kind = 'store' AND NEW.first_name = 'Yokasta' THEN RAISE EXCEPTION 'disk on fire' USING ERRCODE = 'XX000'; END IF; RETURN NEW; END $$`);
    await t.db.execute(sql`CREATE TRIGGER fail_store BEFORE INSERT ON contact_requests FOR EACH ROW EXECUTE FUNCTION fail_store()`);
    const crashed = await t.app.inject({ method: 'POST', url: '/api/store-applications', payload: application });
    await t.db.execute(sql`DROP TRIGGER fail_store ON contact_requests`);
    await t.db.execute(sql`ALTER TABLE contact_requests ADD CONSTRAINT no_mercedes CHECK (last_name <> 'Mercedes') NOT VALID`);
    const refused = await t.app.inject({ method: 'POST', url: '/api/store-applications', payload: application });

    const lines = log.lines.filter((l) => /database|unhandled/.test(l));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const all = log.lines.join('');
    for (const value of [cedula, 'Calle Las Mercedes', '5550193', 'yokasta.mercedes@ferreteria.do', 'Yokasta', '456789']) {
      expect(all, `a log line holds ${value}`).not.toContain(value);
    }
    expect(all).toContain('"code":"XX000"');
    expect(all).toContain('"code":"23514"');
    expect(all).toContain('insert into \\"contact_requests\\"');
    expect(crashed.statusCode).toBe(500);
    expect(refused.statusCode).toBe(400); // a refusal is the caller's (finding 5)
  });
});
