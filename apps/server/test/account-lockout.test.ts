import { es } from '@arreglaya/shared/i18n/es';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema/index.ts';
import { createUser } from './support/factories.ts';
import { passRateLimitTime } from './support/rate-limit-clock.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 30, medium 1: eight wrong passwords for an e-mail from eight addresses locked its owner
 * out for a quarter of an hour (429, Retry-After 899), and forgot-password and resend-code could be
 * used up the same way. Guessing is now counted per account and address together, the account's
 * failures are slowed down by seconds (1, 2, 4 … 30 s), a right password from an address with no
 * recent failure gets through, and the reset path works while the account is under attack.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const RESET_SUBJECT = 'ArreglaYa - Código para restablecer tu contraseña';
const SIGN_UP_SUBJECT = 'ArreglaYa - Tu código de confirmación';
let n = 0;
/** A new address each call (the attacker's botnet, the owner's phone…). */
const address = () => `203.0.113.${++n}`;
const post = (url: string, payload: object, remoteAddress: string) => t.app.inject({ method: 'POST', url, payload, remoteAddress });
/** Lets the sign-in guard's clock (its windows and holds, in the database) move on by `seconds`. */
const pass = (seconds: number) => passRateLimitTime(t.db, seconds * 1000, 'guard:sign-in:');

async function mailsTo(email: string, subject: string) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.subject, subject)))
    .orderBy(desc(emailOutbox.createdAt));
}
const codeIn = (text: string) => /: (\d{6})/.exec(text)![1]!;

describe('password guessing against one account', () => {
  it("does not lock the owner out: 8 failures from 8 addresses, then the right password from a ninth gets in; the attacker's next tries wait seconds", async () => {
    const owner = await createUser(t.db, { firstName: 'Jefa' });
    const attackers = Array.from({ length: 8 }, address);
    for (const ip of attackers) expect((await post('/api/auth/sign-in', { email: owner.email, password: 'no-es-la-clave' }, ip)).statusCode).toBe(401);

    const mine = await post('/api/auth/sign-in', { email: owner.email, password: owner.password }, address());
    expect(mine.statusCode).toBe(200);
    expect(mine.json().user.id).toBe(owner.id);

    // An address that has just failed waits: seconds, never a quarter of an hour.
    const slowed = await post('/api/auth/sign-in', { email: owner.email, password: 'otra-que-no-es' }, attackers[0]!);
    expect(slowed.statusCode).toBe(429);
    const wait = Number(slowed.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(30);
    expect(slowed.json().error).toMatchObject({ code: 'RATE_LIMITED', message: es.auth.tooManyAttempts(wait) });
    // Even the right password from that address waits (the wait never tells a right guess from a wrong one)…
    expect((await post('/api/auth/sign-in', { email: owner.email, password: owner.password }, attackers[0]!)).statusCode).toBe(429);
    // …and once it has passed, the next guess is judged again.
    await pass(wait);
    expect((await post('/api/auth/sign-in', { email: owner.email, password: 'tampoco-es' }, attackers[0]!)).statusCode).toBe(401);
    // The waits grow with the account's failures.
    const next = await post('/api/auth/sign-in', { email: owner.email, password: 'ni-esta' }, attackers[1]!);
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(wait);
  });

  it('stops one address at 8 failures for the account (per account and address), and not the account elsewhere', async () => {
    const owner = await createUser(t.db, { firstName: 'Rosa' });
    const attacker = address();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await post('/api/auth/sign-in', { email: owner.email, password: `mala-${i}` }, attacker);
      statuses.push(res.statusCode);
      // Waits out the account's slow-down, so only the per-address count can stop it.
      if (res.statusCode === 429 && Number(res.headers['retry-after']) <= 30) await pass(Number(res.headers['retry-after']));
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(8);
    const last = await post('/api/auth/sign-in', { email: owner.email, password: owner.password }, attacker);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(30);
    // The owner, elsewhere, gets in.
    expect((await post('/api/auth/sign-in', { email: owner.email, password: owner.password }, address())).statusCode).toBe(200);
  });
});

describe('the longest e-mail the schema accepts', () => {
  it('is judged like any other (the counters do not outgrow their keys), from an IPv6 address too', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.do`;
    expect(email).toHaveLength(254);
    const ip = '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff';
    expect((await post('/api/auth/sign-in', { email, password: 'una-clave-cualquiera' }, ip)).statusCode).toBe(401);
    expect((await post('/api/auth/forgot-password', { email }, ip)).statusCode).toBe(200);
    expect((await post('/api/auth/resend-code', { email }, ip)).statusCode).toBe(200);
    expect((await post('/api/auth/verify-email', { email, code: '123456' }, ip)).statusCode).toBe(400);
  });
});

describe('the reset path while the account is under attack', () => {
  it('forgot-password and reset-password still work for the owner after others used them up', async () => {
    const owner = await createUser(t.db, { firstName: 'Carmen' });
    const attackers = Array.from({ length: 6 }, address);
    for (const ip of attackers) expect((await post('/api/auth/forgot-password', { email: owner.email }, ip)).statusCode).toBe(200);
    const before = (await mailsTo(owner.email, RESET_SUBJECT)).length;

    const phone = address();
    const asked = await post('/api/auth/forgot-password', { email: owner.email }, phone);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(es.success.resetCodeSent);
    const mails = await mailsTo(owner.email, RESET_SUBJECT);
    expect(mails.length).toBe(before + 1);

    // The attackers' next requests and wrong codes are slowed or refused; the owner's code works.
    expect((await post('/api/auth/forgot-password', { email: owner.email }, attackers[0]!)).statusCode).toBe(429);
    for (const ip of attackers.slice(0, 3))
      expect(
        (await post('/api/auth/reset-password', { email: owner.email, code: '000000', password: 'Clave-Del-Atacante-1', confirmPassword: 'Clave-Del-Atacante-1' }, ip)).statusCode,
      ).toBe(400);
    const reset = await post(
      '/api/auth/reset-password',
      { email: owner.email, code: codeIn(mails[0]!.textBody), password: 'Nueva-Clave-Segura-8', confirmPassword: 'Nueva-Clave-Segura-8' },
      phone,
    );
    expect(reset.statusCode).toBe(200);
    expect((await post('/api/auth/sign-in', { email: owner.email, password: 'Nueva-Clave-Segura-8' }, phone)).statusCode).toBe(200);
  });

  it('resend-code still mails the owner of an unconfirmed account a code after others used it up', async () => {
    const email = `nueva${Date.now()}@correo.do`;
    const signUp = { role: 'client', firstName: 'Rosa', lastName: 'Peña', email, password: 'Guayaba-Madura-77', confirmPassword: 'Guayaba-Madura-77', acceptTerms: true };
    const laptop = address();
    expect((await post('/api/auth/sign-up', signUp, laptop)).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/resend-code', { email }, address())).statusCode).toBe(200);
    const before = (await mailsTo(email, SIGN_UP_SUBJECT)).length;
    expect((await post('/api/auth/resend-code', { email }, laptop)).statusCode).toBe(200);
    const mails = await mailsTo(email, SIGN_UP_SUBJECT);
    expect(mails.length).toBe(before + 1);
    expect((await post('/api/auth/verify-email', { email, code: codeIn(mails[0]!.textBody) }, laptop)).statusCode).toBe(200);
  });
});

describe("sign-up with someone else's address (issue 34)", () => {
  it('does not block the owner: after another address used up its sign-ups with her e-mail, she signs up from hers and confirms', async () => {
    const email = `beatriz${Date.now()}@correo.do`;
    const body = (password: string, firstName: string) => ({ role: 'client', firstName, lastName: 'Peña', email, password, confirmPassword: password, acceptTerms: true });
    const other = address();
    // Someone else (A) signs up three times with Beatriz's address; the fourth is refused, to that address only.
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/sign-up', body('Clave-Del-Otro-55', 'Intrusa'), other)).statusCode).toBe(201);
    const refused = await post('/api/auth/sign-up', body('Clave-Del-Otro-55', 'Intrusa'), other);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);

    // Beatriz (B), from her own address, signs up with her password, gets her code and confirms.
    const hers = address();
    const mine = await post('/api/auth/sign-up', body('Guayaba-Madura-77', 'Beatriz'), hers);
    expect(mine.statusCode, mine.body).toBe(201);
    const [latest] = await mailsTo(email, SIGN_UP_SUBJECT);
    expect((await post('/api/auth/verify-email', { email, code: codeIn(latest!.textBody) }, hers)).statusCode).toBe(200);
    const signedIn = await post('/api/auth/sign-in', { email, password: 'Guayaba-Madura-77' }, hers);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.firstName).toBe('Beatriz');
  });

  it('keeps the per-address limit: one address gets 10 sign-ups in 10 minutes, whatever the e-mails', async () => {
    const ip = address();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const email = `lote${i}.${Date.now()}@correo.do`;
      statuses.push(
        (
          await post(
            '/api/auth/sign-up',
            { role: 'client', firstName: 'Lote', lastName: 'Peña', email, password: 'Guayaba-Madura-77', confirmPassword: 'Guayaba-Madura-77', acceptTerms: true },
            ip,
          )
        ).statusCode,
      );
    }
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
  });
});
