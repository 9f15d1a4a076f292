import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccounts, users, verifications } from '../../db/schema/index.ts';
import { asBrowser, cookieFrom, createUser, signIn } from '../../../test/support/factories.ts';
import type { SmtpCatcher } from '../../../test/support/smtp-catcher.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';

let t: MailTestApp;
let smtp: SmtpCatcher;
beforeAll(async () => {
  t = await createTestAppWithMail();
  smtp = t.smtp;
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });
let seq = 0;
const newEmail = () => `persona${++seq}.${Date.now()}@correo.do`;
const signUpBody = (email: string, over: Record<string, unknown> = {}) => ({
  role: 'client',
  firstName: 'Rosa',
  lastName: 'Peña',
  email,
  password: 'Guayaba-Madura-77',
  confirmPassword: 'Guayaba-Madura-77',
  acceptTerms: true,
  ...over,
});

/** The code in the nth mail (1-based, in sending order) of that kind to that address. */
async function codeFor(email: string, subject: string, nth = 1): Promise<string> {
  const matches = (m: { to: string[]; subject: string }) => m.to.includes(email.toLowerCase()) && m.subject === subject;
  await smtp.waitFor(() => smtp.mails.filter(matches).length >= nth);
  return /: (\d{6})/.exec(smtp.mails.filter(matches)[nth - 1]!.text)![1]!;
}
const SIGN_UP_SUBJECT = 'ArreglaYa - Tu código de confirmación';
const RESET_SUBJECT = 'ArreglaYa - Código para restablecer tu contraseña';

describe('sign-up and confirmation', () => {
  it('creates an unconfirmed account, mails a code, and signs in only after confirming', async () => {
    const email = newEmail();
    const res = await post('/api/auth/sign-up', signUpBody(email, { role: 'contractor' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toContain('código de 6 dígitos');

    const early = await post('/api/auth/sign-in', { email, password: 'Guayaba-Madura-77' });
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('EMAIL_NOT_VERIFIED');

    // The attempt sent a fresh code (the first one no longer works).
    const code = await codeFor(email, SIGN_UP_SUBJECT, 2);
    expect((await post('/api/auth/verify-email', { email, code: await codeFor(email, SIGN_UP_SUBJECT, 1) })).statusCode).toBe(400);
    expect((await post('/api/auth/verify-email', { email, code })).json()).toEqual({ message: 'Cuenta confirmada. Ya puedes iniciar sesión.', session: null });

    const ok = await post('/api/auth/sign-in', { email: email.toUpperCase(), password: 'Guayaba-Madura-77' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ role: 'contractor', firstName: 'Rosa', lastName: 'Peña', email });
    const cookie = cookieFrom(ok.headers['set-cookie']);
    expect(String(ok.headers['set-cookie'])).toMatch(/HttpOnly/);
    expect(String(ok.headers['set-cookie'])).toMatch(/SameSite=Lax/);

    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.json().user.email).toBe(email);
    expect(new Date(session.json().expiresAt).getTime()).toBeGreaterThan(Date.now());
    // A contractor starts with a profile and notification preferences.
    const id = session.json().user.id as string;
    expect(await t.db.query.contractorProfiles.findFirst({ where: (p, { eq: e }) => e(p.userId, id) })).toBeDefined();
    expect(await t.db.query.notificationPreferences.findFirst({ where: (p, { eq: e }) => e(p.userId, id) })).toBeDefined();
  });

  it('signs in on the confirmed code only the browser that signed up (its pending cookie), never another holding the code', async () => {
    // Its own address: the sign-up limit per address is counted across this file.
    const fromHome = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: '10.31.0.7' });
    const email = newEmail();
    const res = await fromHome('/api/auth/sign-up', signUpBody(email));
    const pending = cookieFrom(res.headers['set-cookie']);
    expect(pending).toMatch(/^arreglaya\.pending_sign_up=/);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    const code = await codeFor(email, SIGN_UP_SUBJECT);

    // Another browser with the code: the address is confirmed, but it gets no session.
    const elsewhere = await fromHome('/api/auth/verify-email', { email, code });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json()).toEqual({ message: 'Cuenta confirmada. Ya puedes iniciar sesión.', session: null });
    expect(String(elsewhere.headers['set-cookie'] ?? '')).not.toMatch(/session_token/);

    // A forged cookie naming the account, or a valid one for another account, gets nothing either.
    const other = newEmail();
    const otherSignUp = await fromHome('/api/auth/sign-up', signUpBody(other));
    const otherPending = cookieFrom(otherSignUp.headers['set-cookie']);
    const otherCode = await codeFor(other, SIGN_UP_SUBJECT);
    const [name, value] = otherPending.split('=') as [string, string];
    const userId = (await t.db.query.users.findFirst({ where: eq(users.email, other) }))!.id;
    const forged = `${name}=${userId}.${value.split('.')[1]}.${'A'.repeat(43)}`;
    const withForged = await fromHome('/api/auth/verify-email', { email: other, code: otherCode }, { cookie: forged });
    expect(withForged.json().session).toBeNull();

    // The browser that signed up: a third account, confirmed there, is signed in without its password.
    const third = newEmail();
    const thirdSignUp = await fromHome('/api/auth/sign-up', signUpBody(third, { role: 'contractor' }));
    const thirdPending = cookieFrom(thirdSignUp.headers['set-cookie']);
    const mine = await fromHome('/api/auth/verify-email', { email: third, code: await codeFor(third, SIGN_UP_SUBJECT) }, { cookie: thirdPending });
    expect(mine.statusCode).toBe(200);
    expect(mine.json(), JSON.stringify(mine.json())).toMatchObject({
      message: 'Cuenta confirmada. ¡Te damos la bienvenida a ArreglaYa!',
      session: { user: { email: third, role: 'contractor' } },
    });
    const setCookies = [mine.headers['set-cookie']].flat().map(String);
    expect(setCookies.some((c) => /^arreglaya\.pending_sign_up=; Max-Age=0/.test(c))).toBe(true);
    const session = setCookies.find((c) => c.startsWith('arreglaya.session_token='))!;
    expect(session).toMatch(/HttpOnly; SameSite=Lax/);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: session.split(';')[0]! } });
    expect(me.json().user).toMatchObject({ email: third, role: 'contractor' });

    // The pending cookie of the first account, used after its code was spent elsewhere, signs nobody in.
    expect((await fromHome('/api/auth/verify-email', { email, code }, { cookie: pending })).statusCode).toBe(400);
  });

  it('never creates a second account for one e-mail, whatever its case, and tells the owner', async () => {
    const owner = await createUser(t.db, { email: newEmail() });
    const res = await post('/api/auth/sign-up', signUpBody(owner.email.toUpperCase()));
    expect(res.statusCode).toBe(201); // same answer as for a new address
    expect(await t.db.$count(users, sql`lower(${users.email}) = ${owner.email}`)).toBe(1);
    const warning = await smtp.waitFor((m) => m.to.includes(owner.email) && m.subject === 'ArreglaYa - Intento de registro con tu correo');
    expect(warning.text).toContain('Ya tienes una cuenta');
  });

  it('lets someone who never confirmed sign up again with a new password', async () => {
    const email = newEmail();
    await post('/api/auth/sign-up', signUpBody(email));
    const again = await post('/api/auth/sign-up', signUpBody(email, { password: 'Otra-Clave-Nueva-1', confirmPassword: 'Otra-Clave-Nueva-1', firstName: 'Rosalía' }));
    expect(again.statusCode).toBe(201);
    await post('/api/auth/resend-code', { email });
    const code = await codeFor(email, SIGN_UP_SUBJECT, 3); // sign-up, sign-up again, resend
    expect((await post('/api/auth/verify-email', { email, code })).statusCode).toBe(200);
    const ok = await post('/api/auth/sign-in', { email, password: 'Otra-Clave-Nueva-1' });
    expect(ok.json().user.firstName).toBe('Rosalía');
    expect(await t.db.$count(users, sql`lower(${users.email}) = ${email}`)).toBe(1);
  });

  it('shows each sign-up rule in Spanish', async () => {
    const res = await post('/api/auth/sign-up', { role: 'admin', firstName: '', lastName: ' ', email: 'x', password: '1234', confirmPassword: '5678', acceptTerms: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      role: 'Elige una opción válida.',
      firstName: 'Campo obligatorio.',
      lastName: 'Campo obligatorio.',
      email: 'Correo inválido.',
      password: 'La contraseña debe tener al menos 8 caracteres.',
      // Together with the other errors (issue 35).
      confirmPassword: 'Contraseña y confirmar contraseña no coinciden.',
      acceptTerms: 'Debes aceptar los términos de uso.',
    });
    const common = await post('/api/auth/sign-up', signUpBody(newEmail(), { password: 'password123', confirmPassword: 'password123' }));
    expect(common.json().error.fields.password).toBe('Esa contraseña es demasiado común. Elige otra más difícil de adivinar.');
    const mismatch = await post('/api/auth/sign-up', signUpBody(newEmail(), { confirmPassword: 'Guayaba-Madura-78' }));
    expect(mismatch.json().error.fields.confirmPassword).toBe('Contraseña y confirmar contraseña no coinciden.');
  });
});

describe('one-time codes', () => {
  it('refuses even the right code after 5 wrong tries', async () => {
    const email = newEmail();
    await post('/api/auth/sign-up', signUpBody(email));
    const code = await codeFor(email, SIGN_UP_SUBJECT);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/verify-email', { email, code: wrong });
      expect(res.json().error).toMatchObject({ code: 'INVALID_CODE', fields: { code: 'El código no es correcto.' } });
    }
    const locked = await post('/api/auth/verify-email', { email, code });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().error.code).toBe('CODE_LOCKED');
  });

  it('refuses a used code and an expired one', async () => {
    const email = newEmail();
    await post('/api/auth/sign-up', signUpBody(email));
    const code = await codeFor(email, SIGN_UP_SUBJECT);
    expect((await post('/api/auth/verify-email', { email, code })).statusCode).toBe(200);
    expect((await post('/api/auth/verify-email', { email, code })).json().error.code).toBe('INVALID_CODE');

    const user = await createUser(t.db, { email: newEmail() });
    await post('/api/auth/forgot-password', { email: user.email });
    const resetCode = await codeFor(user.email, RESET_SUBJECT);
    // Fifteen minutes pass.
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${verifications.identifier} LIKE ${'%' + user.email}`);
    const res = await post('/api/auth/reset-password', { email: user.email, code: resetCode, password: 'Nueva-Clave-2026!', confirmPassword: 'Nueva-Clave-2026!' });
    expect(res.json().error.code).toBe('CODE_EXPIRED');
  });

  it('gives codes that last 15 minutes', async () => {
    const user = await createUser(t.db, { email: newEmail() });
    await post('/api/auth/forgot-password', { email: user.email });
    const row = await t.db.query.verifications.findFirst({ where: sql`${verifications.identifier} LIKE ${'%' + user.email}` });
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    expect(row!.value).not.toMatch(/^\d{6}:/); // stored hashed
  });
});

describe('no account enumeration', () => {
  it('answers forgot-password and resend-code the same for known and unknown e-mails', async () => {
    const known = await createUser(t.db, { email: newEmail() });
    for (const url of ['/api/auth/forgot-password', '/api/auth/resend-code']) {
      const a = await post(url, { email: known.email });
      const b = await post(url, { email: newEmail() });
      expect(a.statusCode).toBe(b.statusCode);
      expect(a.json()).toEqual(b.json());
    }
  });
});

describe('sign-in', () => {
  it('says why in Spanish when the password is wrong', async () => {
    const user = await createUser(t.db, { email: newEmail() });
    const res = await post('/api/auth/sign-in', { email: user.email, password: 'no-es-esta' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Correo o contraseña incorrectos. Revisa tus datos e inténtalo de nuevo.');
  });

  it('slows repeated wrong sign-ins for one account down by seconds, without locking its owner out', async () => {
    const user = await createUser(t.db, { email: newEmail() });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await post('/api/auth/sign-in', { email: user.email, password: `mala-${i}-clave` })).statusCode);
    // Five failures go through; after the sixth the account waits 1 s (then 2, 4 … 30 s).
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    // This address waits, even with the right password…
    const held = await post('/api/auth/sign-in', { email: user.email, password: user.password });
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(30);
    // …the owner elsewhere does not (the account guard, test/account-lockout.test.ts).
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: user.password }, remoteAddress: '198.51.100.30' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses a banned account', async () => {
    const user = await createUser(t.db, { email: newEmail() });
    await t.db.update(users).set({ status: 'banned' }).where(eq(users.id, user.id));
    const res = await post('/api/auth/sign-in', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ACCOUNT_DISABLED');
  });

  it('accepts a bearer token for non-browser clients', async () => {
    const user = await createUser(t.db, { email: newEmail(), role: 'contractor' });
    const res = await post('/api/auth/sign-in', { email: user.email, password: user.password });
    const token = res.headers['set-auth-token'] as string;
    expect(token).toBeTruthy();
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { authorization: `Bearer ${token}` } });
    expect(session.json().user.id).toBe(user.id);
  });
});

describe('passwords', () => {
  it('stores only an argon2id hash, never the password', async () => {
    const email = newEmail();
    await post('/api/auth/sign-up', signUpBody(email));
    const user = await t.db.query.users.findFirst({ where: sql`lower(${users.email}) = ${email}` });
    const row = await t.db.query.authAccounts.findFirst({ where: eq(authAccounts.userId, user!.id) });
    expect(row!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const dump = await t.db.execute(sql`SELECT u::text AS u FROM users u UNION ALL SELECT a::text FROM auth_accounts a`);
    expect(dump.rows.some((r) => String(r.u).includes('Guayaba-Madura-77'))).toBe(false);
  });

  it('changing the password needs the current one and ends every other session', async () => {
    const user = await createUser(t.db, { email: newEmail() });
    const laptop = await signIn(t, user);
    const phone = await signIn(t, user);
    const wrong = await post(
      '/api/auth/change-password',
      { currentPassword: 'no-es-esta', newPassword: 'Nueva-Clave-2026!', confirmPassword: 'Nueva-Clave-2026!' },
      asBrowser(laptop),
    );
    expect(wrong.json().error).toMatchObject({ code: 'WRONG_PASSWORD', fields: { currentPassword: 'La contraseña actual no es correcta.' } });

    const res = await post(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: 'Nueva-Clave-2026!', confirmPassword: 'Nueva-Clave-2026!' },
      asBrowser(laptop),
    );
    expect(res.json()).toEqual({ message: 'Contraseña actualizada con éxito.' });
    const laptopNow = cookieFrom(res.headers['set-cookie']) || laptop;
    const fromPhone = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: phone } });
    expect(fromPhone.json().user).toBeNull();
    const fromLaptop = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: laptopNow } });
    expect(fromLaptop.json().user?.id).toBe(user.id);
    await smtp.waitFor((m) => m.to.includes(user.email) && m.subject === 'ArreglaYa - Tu contraseña cambió');
  });

  it('resetting with the code ends every session of the account', async () => {
    const user = await createUser(t.db, { email: newEmail() });
    const before = await signIn(t, user);
    expect((await post('/api/auth/forgot-password', { email: user.email })).json().message).toBe('El código de reinicio fue enviado por correo electrónico. Revisa tu correo.');
    const code = await codeFor(user.email, RESET_SUBJECT);
    const res = await post('/api/auth/reset-password', { email: user.email, code, password: 'Reinicio-Seguro-9', confirmPassword: 'Reinicio-Seguro-9' });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: before } })).json().user).toBeNull();
    expect((await post('/api/auth/sign-in', { email: user.email, password: 'Reinicio-Seguro-9' })).statusCode).toBe(200);
  });
});

describe('cross-site requests', () => {
  it('refuses a cookie-authenticated write without the app header or from another origin', async () => {
    const user = await createUser(t.db, { email: newEmail() });
    const cookie = await signIn(t, user);
    const body = { currentPassword: user.password, newPassword: 'Nueva-Clave-2026!', confirmPassword: 'Nueva-Clave-2026!' };
    const noHeader = await post('/api/auth/change-password', body, { cookie });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().error.code).toBe('CSRF');
    const foreign = await post('/api/auth/change-password', body, { ...asBrowser(cookie), origin: 'https://evil.example' });
    expect(foreign.json().error.code).toBe('CSRF');
    // The password did not change.
    expect((await post('/api/auth/sign-in', { email: user.email, password: user.password })).statusCode).toBe(200);
  });
});

describe('sign-out', () => {
  it('ends the session', async () => {
    const user = await createUser(t.db, { email: newEmail() });
    const cookie = await signIn(t, user);
    expect((await post('/api/auth/sign-out', {}, asBrowser(cookie))).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user).toBeNull();
  });
});
