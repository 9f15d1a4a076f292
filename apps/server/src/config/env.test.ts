import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

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

  it('treats empty optional values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '  ' })).toMatchObject({ DATABASE_URL: undefined, SMTP_URL: undefined });
  });
});
