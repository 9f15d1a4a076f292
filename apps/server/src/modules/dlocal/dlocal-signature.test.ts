import { describe, expect, it } from 'vitest';
import { dlocalSignature, signNotification, signRequest, verifySignature } from './dlocal-signature.ts';

// The signature of docs/dlocal-contract.md: HMAC-SHA256(secretKey, X-Login + X-Date + body), lowercase hex.

const creds = { login: 'sak223k2wdksdl2', transKey: 'fm12O7G9', secretKey: 'a-secret-key' };
const date = '2018-02-20T15:44:42.310Z';
const body = '{"amount":120,"currency":"DOP"}';

describe('dlocalSignature', () => {
  it('matches the known vector (x_login 1955gdod, secret secretKey123, empty GET body)', () => {
    // The inputs of dLocal's authenticated-GET example ("Configure initial settings", as quoted by a public
    // dLocal CLI; docs/dlocal-contract.md); the expected value was computed independently:
    // printf '%s' '1955gdod2022-11-24T15:42:57.130Z' | openssl dgst -sha256 -hmac secretKey123
    expect(dlocalSignature('secretKey123', '1955gdod', '2022-11-24T15:42:57.130Z', '')).toBe('98211fe059efc3606b831a1c30a3c6d7448e598b515a15456ae9ebc157314aa2');
  });
});

describe('signRequest', () => {
  it('gives the documented headers, the date as ISO 8601 UTC', () => {
    const headers = signRequest({ ...creds, date: new Date(Date.UTC(2018, 1, 20, 15, 44, 42, 310)), body });
    expect(headers).toEqual({
      'x-date': date,
      'x-login': creds.login,
      'x-trans-key': creds.transKey,
      'x-version': '2.1',
      'content-type': 'application/json',
      'user-agent': expect.any(String),
      authorization: `V2-HMAC-SHA256, Signature: ${dlocalSignature(creds.secretKey, creds.login, date, body)}`,
    });
    expect(headers.authorization).toMatch(/^V2-HMAC-SHA256, Signature: [0-9a-f]{64}$/);
  });
});

describe('verifySignature', () => {
  const signed = signRequest({ ...creds, date, body });

  it('accepts a request signed with our credentials, headers in any case', () => {
    expect(verifySignature(signed, body, { ...creds })).toBe(true);
    expect(verifySignature(signed, Buffer.from(body), { login: creds.login, secretKey: creds.secretKey })).toBe(true);
    const upper = Object.fromEntries(Object.entries(signed).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verifySignature(upper, body, { ...creds })).toBe(true);
    const upperHex = { ...signed, authorization: signed.authorization!.replace(/[0-9a-f]{64}$/, (h) => h.toUpperCase()) };
    expect(verifySignature(upperHex, body, { ...creds })).toBe(true);
  });

  it('accepts a notification, which carries no transaction key', () => {
    const n = signNotification({ login: creds.login, secretKey: creds.secretKey, date, body });
    expect(n['x-trans-key']).toBeUndefined();
    expect(verifySignature(n, body, { login: creds.login, secretKey: creds.secretKey })).toBe(true);
    // …but the stand-in, which wants the key of a request, refuses it.
    expect(verifySignature(n, body, { ...creds })).toBe(false);
  });

  it.each([
    ['another body', { h: signed, b: '{"amount":1200,"currency":"DOP"}' }],
    ['no X-Date', { h: { ...signed, 'x-date': undefined }, b: body }],
    ['another X-Date', { h: { ...signed, 'x-date': '2018-02-20T15:44:43.310Z' }, b: body }],
    ['a garbled X-Date', { h: { ...signed, 'x-date': 'yesterday' }, b: body }],
    ['no Authorization', { h: { ...signed, authorization: undefined }, b: body }],
    ['another scheme', { h: { ...signed, authorization: signed.authorization!.replace('V2-HMAC-SHA256', 'V1-HMAC-SHA256') }, b: body }],
    ['a short signature', { h: { ...signed, authorization: 'V2-HMAC-SHA256, Signature: abc' }, b: body }],
    ['a signature that is not hex', { h: { ...signed, authorization: `V2-HMAC-SHA256, Signature: ${'z'.repeat(64)}` }, b: body }],
    ['a repeated Authorization header', { h: { ...signed, authorization: [signed.authorization!, signed.authorization!] }, b: body }],
    ['another login', { h: { ...signed, 'x-login': 'someone-else' }, b: body }],
    ['another transaction key', { h: { ...signed, 'x-trans-key': 'wrong' }, b: body }],
    ['no transaction key', { h: { ...signed, 'x-trans-key': undefined }, b: body }],
  ])('refuses %s, never throwing', (_label, { h, b }) => {
    expect(verifySignature(h as Record<string, string | string[] | undefined>, b, { ...creds })).toBe(false);
  });

  it('refuses a signature made with another secret', () => {
    const other = signRequest({ ...creds, secretKey: 'another-secret', date, body });
    expect(verifySignature(other, body, { ...creds })).toBe(false);
  });

  it('refuses a date outside the window, when one is asked for', () => {
    const now = new Date(Date.parse(date) + 10 * 60_000);
    expect(verifySignature(signed, body, { ...creds, maxSkewMs: 5 * 60_000, now })).toBe(false);
    expect(verifySignature(signed, body, { ...creds, maxSkewMs: 15 * 60_000, now })).toBe(true);
  });

  it('never throws on odd input', () => {
    expect(verifySignature({}, '', { ...creds })).toBe(false);
    expect(verifySignature({ authorization: 42 as unknown as string, 'x-date': date }, body, { ...creds })).toBe(false);
    expect(verifySignature(signed, undefined as unknown as string, { ...creds })).toBe(false);
  });
});
