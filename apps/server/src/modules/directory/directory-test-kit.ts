import { type DirectoryPage } from '@arreglaya/shared/schemas/directory';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { contractorProfiles, projects, reviews, users } from '../../db/schema/index.ts';
import { createUser } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// What the directory's test files share (directory-search and directory-profile .routes.test.ts):
// the app, a contractor with a given profile, the search request, and emptying the directory.

export type Profile = Partial<typeof contractorProfiles.$inferInsert>;

export let t: TestApp;

/** Registers the hooks that start and stop this file's app. */
export function setUpDirectoryApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
}

/** A contractor with the given profile; the name goes in both users and the profile. */
export async function contractor(name: string, profile: Profile = {}, user: Partial<typeof users.$inferInsert> = {}): Promise<string> {
  const [first, ...rest] = name.split(' ');
  const u = await createUser(t.db, { role: 'contractor', firstName: first! });
  await t.db
    .update(users)
    .set({ firstName: first!, lastName: rest.join(' '), name, ...user })
    .where(eq(users.id, u.id));
  await t.db
    .update(contractorProfiles)
    .set({ displayName: name, serviceTypes: ['pintura'], ...profile })
    .where(eq(contractorProfiles.userId, u.id));
  return u.id;
}

export async function search(query: string): Promise<DirectoryPage> {
  const res = await t.app.inject({ method: 'GET', url: `/api/contractors${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DirectoryPage>();
}

export const names = (page: DirectoryPage) => page.items.map((c) => c.name);

/** Removes every contractor so each block starts from a known directory. */
export async function emptyDirectory(): Promise<void> {
  await t.db.delete(reviews);
  await t.db.delete(projects);
  await t.db.delete(contractorProfiles);
  await t.db.delete(users).where(eq(users.role, 'contractor'));
}

/** Waits until the change notification reached the cache (it arrives just after commit). */
export async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 3_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}
