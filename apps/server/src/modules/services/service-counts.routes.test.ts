import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorProfiles, logTrail, users } from '../../db/schema/index.ts';
import { asBrowser, createUser, signIn } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

describe('GET /api/services/counts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function contractorOffering(services: ('plomeria' | 'pintura' | 'electricidad' | 'herreria')[], status: 'active' | 'banned' = 'active') {
    const user = await createUser(t.db, { role: 'contractor' });
    await t.db.update(contractorProfiles).set({ serviceTypes: services }).where(eq(contractorProfiles.userId, user.id));
    if (status !== 'active') await t.db.update(users).set({ status }).where(eq(users.id, user.id));
    return user;
  }

  it('counts active contractors per service, every service listed, banned ones left out', async () => {
    await contractorOffering(['plomeria', 'pintura']);
    await contractorOffering(['plomeria']);
    await contractorOffering(['plomeria', 'electricidad'], 'banned');
    await createUser(t.db, { role: 'client' });
    const res = await t.app.inject({ method: 'GET', url: '/api/services/counts' });
    expect(res.statusCode).toBe(200);
    const counts = Object.fromEntries((res.json().counts as { service: string; contractors: number }[]).map((c) => [c.service, c.contractors]));
    expect(counts).toMatchObject({ plomeria: 2, pintura: 1, electricidad: 0, herreria: 0, aire: 0 });
    expect(Object.keys(counts)).toHaveLength(14);
  });

  it("counts one country's contractors when asked (the landing's chosen country, decision 066), and refuses an unknown one", async () => {
    const colombian = await contractorOffering(['plomeria', 'herreria']);
    await t.db.update(contractorProfiles).set({ country: 'CO', city: 'medellin' }).where(eq(contractorProfiles.userId, colombian.id));
    const count = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/services/counts${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries((res.json().counts as { service: string; contractors: number }[]).map((c) => [c.service, c.contractors]));
    };
    expect(await count('?country=CO')).toMatchObject({ plomeria: 1, herreria: 1, pintura: 0 });
    expect(await count('?country=MX')).toMatchObject({ plomeria: 0, herreria: 0 });
    expect(await count('?country=DO')).toMatchObject({ plomeria: 2, herreria: 0, pintura: 1 });
    expect(await count('')).toMatchObject({ plomeria: 3, herreria: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/api/services/counts?country=AR' })).statusCode).toBe(400);
  });
});

describe('GET /api/services/counts, kept by the instance (DIRECTORY_FIGURES_TTL_MS, decision 076)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DIRECTORY_FIGURES_TTL_MS: '600000' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 50 visitors at once with the same figures, and keeps them until it reads them again', async () => {
    const plumbers = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/services/counts?country=DO' });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().counts as { service: string; contractors: number }[]).find((c) => c.service === 'plomeria')!.contractors;
    };
    const first = await Promise.all(Array.from({ length: 50 }, plumbers));
    expect(new Set(first)).toEqual(new Set([first[0]]));
    const user = await createUser(t.db, { role: 'contractor' });
    await t.db
      .update(contractorProfiles)
      .set({ serviceTypes: ['plomeria'] })
      .where(eq(contractorProfiles.userId, user.id));
    // Within the time the instance keeps them, visitors see the figures it read.
    expect(await plumbers()).toBe(first[0]);
    // Another country's counts are their own read.
    expect((await t.app.inject({ method: 'GET', url: '/api/services/counts?country=CO' })).statusCode).toBe(200);
  });
});

describe('POST /api/visits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("logs a visitor's visit with no user (shown as 'visitor') and a signed-in one with the user id", async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/visits', payload: { page: '/comoclientes' } });
    expect(anon.statusCode).toBe(204);
    const user = await createUser(t.db);
    const cookie = await signIn(t, user);
    const signed = await t.app.inject({ method: 'POST', url: '/api/visits', headers: asBrowser(cookie), payload: { page: '/comocontratistas' } });
    expect(signed.statusCode).toBe(204);
    const rows = await t.db.select().from(logTrail).where(eq(logTrail.action, 'visit')).orderBy(logTrail.id);
    expect(rows.map((r) => [r.location, r.userId])).toEqual([
      ['/comoclientes', null],
      ['/comocontratistas', user.id],
    ]);
  });

  it('refuses pages that are not logged', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/visits', payload: { page: '/perfil' } });
    expect(res.statusCode).toBe(400);
  });
});
