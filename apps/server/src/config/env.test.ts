import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const c = loadConfig({ INIT_CWD: '/srv/app' });
    expect(c).toMatchObject({ PORT: 3000, NODE_ENV: 'development', DEMO_DATA: true, dataDir: path.resolve('/srv/app/data'), appUrl: 'http://localhost:3000' });
    expect(c.DATABASE_URL).toBeUndefined();
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
  ])('stops with a message naming %s for %o', (variable, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}: `));
  });

  it('treats empty optional values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '  ' })).toMatchObject({ DATABASE_URL: undefined, SMTP_URL: undefined });
  });
});
