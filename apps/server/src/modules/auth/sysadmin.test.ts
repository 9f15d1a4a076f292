import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { ensureSysadmin } from './sysadmin.ts';

const run = promisify(execFile);
const signIn = (t: TestApp, email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });

describe('the sysadmin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is created, can sign in as sysadmin, and is updated (not duplicated) on the next start', async () => {
    expect((await ensureSysadmin(t.db, 'Admin@ArreglaYa.do', 'Primera-Clave-Admin')).created).toBe(true);
    const first = await signIn(t, 'admin@arreglaya.do', 'Primera-Clave-Admin');
    expect(first.json().user.role).toBe('sysadmin');
    expect((await ensureSysadmin(t.db, 'admin@arreglaya.do', 'Segunda-Clave-Admin')).created).toBe(false);
    expect((await signIn(t, 'admin@arreglaya.do', 'Primera-Clave-Admin')).statusCode).toBe(401);
    expect((await signIn(t, 'admin@arreglaya.do', 'Segunda-Clave-Admin')).statusCode).toBe(200);
  });

  it('can be made from an existing account', async () => {
    const user = await createUser(t.db, { role: 'client' });
    await ensureSysadmin(t.db, user.email, 'Clave-De-Admin-2026');
    expect((await signIn(t, user.email, 'Clave-De-Admin-2026')).json().user.role).toBe('sysadmin');
  });

  it('is created from the command line (npm run admin:create)', async () => {
    const repo = path.resolve(import.meta.dirname, '../../../../..');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/create-admin.ts', '--email', 'cli@arreglaya.do', '--password', 'Clave-Desde-Consola'], {
      cwd: repo,
      env: { ...process.env, DATABASE_URL: t.url, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    });
    expect(stdout).toContain('Created sysadmin cli@arreglaya.do');
    expect((await signIn(t, 'cli@arreglaya.do', 'Clave-Desde-Consola')).json().user.role).toBe('sysadmin');
  });
});
