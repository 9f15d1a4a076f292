import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorProfiles } from '../../db/schema/index.ts';
import { createUser } from '../../../test/support/factories.ts';
import { person, postProject } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// The directory's answers in shared HTTP caches (decision 076): anonymous searches and contractor
// pages are public with an entity tag (304 when it is still the same), signed-in ones private.

describe('directory HTTP caching', () => {
  let t: TestApp;
  let contractorId: string;
  beforeAll(async () => {
    t = await createTestApp();
    contractorId = (await createUser(t.db, { role: 'contractor', firstName: 'Eusebio' })).id;
    await t.db
      .update(contractorProfiles)
      .set({ displayName: 'Eusebio Almonte', serviceTypes: ['herreria'] })
      .where(eq(contractorProfiles.userId, contractorId));
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  for (const path of ['/api/contractors?service=herreria', () => `/api/contractors/${contractorId}`]) {
    it(`an anonymous answer is public with an ETag, 304 while unchanged, a new tag after a change (${typeof path === 'string' ? 'search' : 'page'})`, async () => {
      const url = typeof path === 'string' ? path : path();
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('public, s-maxage=30, stale-while-revalidate=60');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.body).toContain('Eusebio Almonte');

      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      // Gzipped or not, the same answer has the same tag.
      expect((await get(url, { 'accept-encoding': 'gzip', 'if-none-match': etag })).statusCode).toBe(304);

      await t.db.update(contractorProfiles).set({ displayName: 'Eusebio Almonte Peña' }).where(eq(contractorProfiles.userId, contractorId));
      const changed = await get(url, { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.body).toContain('Eusebio Almonte Peña');
      expect(changed.headers.etag).not.toBe(etag);
      await t.db.update(contractorProfiles).set({ displayName: 'Eusebio Almonte' }).where(eq(contractorProfiles.userId, contractorId));
    });
  }

  it('a signed-in answer is never kept, and a search from one’s project neither', async () => {
    const client = await person(t, 'client');
    const { headers } = client;
    for (const url of ['/api/contractors?service=herreria', `/api/contractors/${contractorId}`]) {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect((await get(url, { ...headers, 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
    }
    const projectId = await postProject(t, client, { sector: 'piantini', zone: 'DN' });
    const own = await get(`/api/contractors?proyecto=${projectId}`, headers);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers.etag).toBeUndefined();
  });

  it('an unknown contractor is a 404 no shared cache keeps', async () => {
    const res = await get('/api/contractors/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(String(res.headers['cache-control'])).not.toContain('public');
  });
});
