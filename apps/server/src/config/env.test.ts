import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, startWarnings } from './env.ts';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const c = loadConfig({ INIT_CWD: '/srv/app' });
    expect(c).toMatchObject({ PORT: 3000, NODE_ENV: 'development', DEMO_DATA: true, dataDir: path.resolve('/srv/app/data'), appUrl: 'http://localhost:3000' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.CHAT_AWAY_AFTER_MS).toBe(300_000);
  });

  it.each([
    ['PORT', { PORT: 'tres mil' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail' }],
    ['APP_URL', { APP_URL: 'not a url' }],
    ['DEMO_DATA', { DEMO_DATA: 'yes' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@arreglaya.do' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@arreglaya.do', ADMIN_PASSWORD: 'corta' }],
    ['DATA_ENCRYPTION_KEY', { DATA_ENCRYPTION_KEY: 'demasiado-corta' }],
    ['DATA_ENCRYPTION_KEY', { DATA_ENCRYPTION_KEY: 'ab'.repeat(31) }],
    ['CHAT_AWAY_AFTER_MS', { CHAT_AWAY_AFTER_MS: '10' }],
    ['CHAT_AWAY_AFTER_MS', { CHAT_AWAY_AFTER_MS: 'cinco minutos' }],
    ['PHONE_CODES_PER_ADDRESS', { PHONE_CODES_PER_ADDRESS: '0' }],
    ['PHONE_CODES_PER_HOUR', { PHONE_CODES_PER_HOUR: 'muchos' }],
  ])('stops with a message naming %s for %o', (variable, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}: `));
  });

  it.each([
    ['true', "'true' is refused"],
    ['yes', 'not a number or an address'],
    ['11', 'more hops than any real set-up'],
    ['10.0.0.1,not-an-ip', 'one bad address'],
    ['10.0.0.0/33', 'a bad range'],
  ])('refuses TRUST_PROXY=%s (%s): believing every X-Forwarded-For voids the per-IP limits', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be the number of proxies in front/);
  });

  it.each([
    [undefined, false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.2', ['10.0.0.2']],
    ['10.0.0.2, 10.1.0.0/16,loopback,::1', ['10.0.0.2', '10.1.0.0/16', 'loopback', '::1']],
  ])('reads TRUST_PROXY=%s as %o', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('refuses to start in production without SMTP_URL unless MAIL_TRANSPORT=outbox', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: production needs SMTP_URL/);
    expect(loadConfig({ NODE_ENV: 'production', MAIL_TRANSPORT: 'outbox', PROCESSOR: 'sandbox' }).mailTransport).toBe('outbox');
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', PROCESSOR: 'sandbox' }).mailTransport).toBe('smtp');
    expect(loadConfig({}).mailTransport).toBe('outbox');
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL: MAIL_TRANSPORT=smtp needs SMTP_URL/);
  });

  describe('PROCESSOR and dLocal (issue 47)', () => {
    const prod = { NODE_ENV: 'production', MAIL_TRANSPORT: 'outbox' };
    const dlocalCreds = { DLOCAL_LOGIN: 'login', DLOCAL_TRANS_KEY: 'trans-key', DLOCAL_SECRET_KEY: 'secret-key' };

    it('keeps the card sandbox the default outside production, and dLocal’s stand-in for cash vouchers (decision 051)', () => {
      expect(loadConfig({})).toMatchObject({ PROCESSOR: 'sandbox', dlocalApiUrl: 'sandbox' });
      // A real dLocal address needs its credentials, whatever processor takes the cards.
      expect(() => loadConfig({ DLOCAL_API_URL: 'https://api.dlocal.com' })).toThrow(/DLOCAL_LOGIN/);
      expect(loadConfig({ DLOCAL_API_URL: 'https://api.dlocal.com', ...dlocalCreds })).toMatchObject({ PROCESSOR: 'sandbox', dlocalApiUrl: 'https://api.dlocal.com' });
    });

    it('uses the stand-in for PROCESSOR=dlocal outside production unless an address is given', () => {
      expect(loadConfig({ PROCESSOR: 'dlocal' })).toMatchObject({ PROCESSOR: 'dlocal', dlocalApiUrl: 'sandbox' });
      expect(loadConfig({ PROCESSOR: 'dlocal', DLOCAL_API_URL: 'sandbox' }).dlocalApiUrl).toBe('sandbox');
      expect(loadConfig({ PROCESSOR: 'dlocal', DLOCAL_API_URL: 'https://sandbox.dlocal.com/', ...dlocalCreds })).toMatchObject({
        dlocalApiUrl: 'https://sandbox.dlocal.com',
        DLOCAL_LOGIN: 'login',
        DLOCAL_TRANS_KEY: 'trans-key',
        DLOCAL_SECRET_KEY: 'secret-key',
      });
    });

    it('accepts dLocal in production with its address and credentials', () => {
      expect(loadConfig({ ...prod, PROCESSOR: 'dlocal', DLOCAL_API_URL: 'https://api.dlocal.com', ...dlocalCreds })).toMatchObject({
        PROCESSOR: 'dlocal',
        dlocalApiUrl: 'https://api.dlocal.com',
      });
    });

    it.each([
      ['an unknown processor', { PROCESSOR: 'stripe' }, /PROCESSOR: /],
      ['no processor in production', { ...prod }, /PROCESSOR: production needs PROCESSOR set on purpose: 'dlocal'/],
      [
        'the stand-in in production',
        { ...prod, PROCESSOR: 'dlocal', DLOCAL_API_URL: 'sandbox' },
        /DLOCAL_API_URL: DLOCAL_API_URL=sandbox is the built-in dLocal stand-in .* refused in production/,
      ],
      ['no dLocal address in production', { ...prod, PROCESSOR: 'dlocal', ...dlocalCreds }, /DLOCAL_API_URL: PROCESSOR=dlocal in production needs DLOCAL_API_URL/],
      ['an http address', { PROCESSOR: 'dlocal', DLOCAL_API_URL: 'http://api.dlocal.com', ...dlocalCreds }, /DLOCAL_API_URL: must be an https URL/],
      ['not an address', { PROCESSOR: 'dlocal', DLOCAL_API_URL: 'dlocal', ...dlocalCreds }, /DLOCAL_API_URL: must be an https URL/],
      [
        'a real address without credentials',
        { PROCESSOR: 'dlocal', DLOCAL_API_URL: 'https://api.dlocal.com' },
        /DLOCAL_API_URL: a real DLOCAL_API_URL needs DLOCAL_LOGIN, DLOCAL_TRANS_KEY, DLOCAL_SECRET_KEY/,
      ],
      [
        'a real address with one credential missing',
        { PROCESSOR: 'dlocal', DLOCAL_API_URL: 'https://api.dlocal.com', ...dlocalCreds, DLOCAL_SECRET_KEY: ' ' },
        /a real DLOCAL_API_URL needs/,
      ],
    ])('refuses %s', (_label, env, message) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    });
  });

  describe('DEMO_DATA (issue 48, item 4): the demo accounts share a password the README prints', () => {
    const prod = { NODE_ENV: 'production', MAIL_TRANSPORT: 'outbox', PROCESSOR: 'sandbox' };

    it('is off by default in production, on by default elsewhere (npm start runs in development)', () => {
      expect(loadConfig(prod).DEMO_DATA).toBe(false);
      expect(loadConfig({}).DEMO_DATA).toBe(true);
      expect(loadConfig({ NODE_ENV: 'development' }).DEMO_DATA).toBe(true);
      expect(loadConfig({ NODE_ENV: 'test' }).DEMO_DATA).toBe(true);
      expect(loadConfig({ DEMO_DATA: '0' }).DEMO_DATA).toBe(false);
    });

    it('loads in production only when asked for, and then warns at every start', () => {
      expect(loadConfig({ ...prod, DEMO_DATA: '1' }).DEMO_DATA).toBe(true);
      expect(loadConfig({ ...prod, DEMO_DATA: 'true' }).DEMO_DATA).toBe(true);
      expect(startWarnings(loadConfig({ ...prod, DEMO_DATA: '1' }))).toEqual([expect.stringMatching(/^DEMO_DATA=1 in production: .*demo-arreglaya/)]);
      expect(startWarnings(loadConfig(prod))).toEqual([]);
      expect(startWarnings(loadConfig({ ...prod, DEMO_DATA: '0' }))).toEqual([]);
      // Outside production the demo is the point of `npm start`: nothing to warn about.
      expect(startWarnings(loadConfig({}))).toEqual([]);
    });
  });

  it('treats empty optional values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '  ' })).toMatchObject({ DATABASE_URL: undefined, SMTP_URL: undefined });
  });
});
