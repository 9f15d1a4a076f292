import crypto from 'node:crypto';
import type { Role } from '@arreglaya/shared/domain';
import type { Db } from '../../src/db/client.ts';
import { eq } from 'drizzle-orm';
import { authAccounts, contractorProfiles, users } from '../../src/db/schema/index.ts';
import { createAccountRecords } from '../../src/modules/auth/new-account.repository.ts';
import { hashPassword } from '../../src/modules/auth/password-hash.ts';
import type { TestApp } from './test-app.ts';

export const TEST_PASSWORD = 'Mango-Verde-2026';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  role: Role;
}

/**
 * A confirmed account of the given role, straight into the database. A contractor gets the
 * minimum profile the directory lists (a name, a service, a city), so it is listed.
 */
export async function createUser(db: Db, opts: { role?: Role; email?: string; password?: string; firstName?: string } = {}): Promise<TestUser> {
  const role = opts.role ?? 'client';
  const email = opts.email ?? `${role}-${crypto.randomBytes(4).toString('hex')}@prueba.do`;
  const password = opts.password ?? TEST_PASSWORD;
  const firstName = opts.firstName ?? 'Lucía';
  const [user] = await db
    .insert(users)
    .values({ email, emailVerified: true, role, firstName, lastName: 'Almonte', name: `${firstName} Almonte` })
    .returning({ id: users.id });
  const id = user!.id;
  await db.insert(authAccounts).values({ userId: id, providerId: 'credential', accountId: id, password: await hashPassword(password) });
  // The same records a sign-up gets, through the same function better-auth's hook calls.
  await createAccountRecords(db, { id, role, name: `${firstName} Almonte` });
  // A contractor lists in the directory once they have a service and a city (decision in spec-decisions).
  if (role === 'contractor')
    await db
      .update(contractorProfiles)
      .set({ serviceTypes: ['plomeria'], city: 'santo-domingo' })
      .where(eq(contractorProfiles.userId, id));
  return { id, email, password, role };
}

/** Signs in through the API and returns the session cookie header value. */
export async function signIn(t: TestApp, user: { email: string; password: string }): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: user.password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res.headers['set-cookie']);
}

export function cookieFrom(setCookie: string | string[] | number | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [String(setCookie)];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** Headers a browser tab of our web app sends with a cookie session. */
export function asBrowser(cookie: string): Record<string, string> {
  return { cookie, 'x-requested-with': 'arreglaya' };
}
