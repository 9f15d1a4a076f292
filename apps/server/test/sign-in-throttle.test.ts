import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './support/factories.ts';
import { passRateLimitTime } from './support/rate-limit-clock.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 18, finding 2: rate-limit keys come from the value the handler acts on (the body as
 * the zod schema parsed it), and the client IP only from the X-Forwarded-For hops our own
 * proxies added. Either gap alone gave an attacker unlimited password guesses.
 */
const signIn = (t: TestApp, email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, headers });

describe('the per-account sign-in limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('still holds when the locked e-mail is padded, re-cased or surrounded by tabs', async () => {
    const user = await createUser(t.db);
    // 8 failures from one address (letting the account's slow-down of 1, 2, 4 s pass between
    // them, issue 30) lock that address out of that account until the window ends.
    const statuses: number[] = [];
    while (statuses.filter((s) => s === 401).length < 8) {
      const res = await signIn(t, user.email, `mala-${statuses.length}-clave`);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) await passRateLimitTime(t.db, Number(res.headers['retry-after']) * 1000, 'guard:sign-in:');
    }
    const locked = await signIn(t, user.email, user.password);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(30);

    // The schema trims and lower-cases these into the locked address: the limit must too.
    for (const variant of [' '.repeat(260) + user.email, `${user.email}${' '.repeat(300)}`, `\t${user.email.toUpperCase()}\n`]) {
      const res = await signIn(t, variant, user.password);
      expect(res.statusCode, JSON.stringify(variant.slice(-40))).toBe(429);
      expect(res.json().error.code).toBe('RATE_LIMITED');
    }
  });
});

describe('the per-IP sign-in limit behind TRUST_PROXY=1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('counts the address our proxy saw, whatever X-Forwarded-For the client wrote before it', async () => {
    const statuses: number[] = [];
    // 31 guesses at 31 accounts (so no per-account limit applies), each claiming a new IP.
    // The proxy appends the real client address (203.0.113.7) after the client's own entries.
    for (let i = 0; i < 31; i++) {
      const spoofed = `198.51.100.${i}, 10.0.${i}.1`;
      const res = await signIn(t, `nadie${i}@prueba.do`, 'una-clave-cualquiera', { 'x-forwarded-for': `${spoofed}, 203.0.113.7` });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another real client behind the same proxy still gets in line on its own count.
    expect((await signIn(t, 'otra@prueba.do', 'una-clave-cualquiera', { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(401);
  });
});
