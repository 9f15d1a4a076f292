import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServiceType } from '@arreglaya/shared/domain';
import { directory as t } from '@arreglaya/shared/i18n/directory';
import { DIRECTORY_PAGE_SIZE, type ContractorPublicProfile, type DirectoryPage } from '@arreglaya/shared/schemas/directory';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { contractorProfiles, photos, users } from '../src/db/schema/index.ts';
import { createLogger } from '../src/lib/logger.ts';
import type { PageRenderer } from '../src/plugins/web-app.ts';
import { createUser } from './support/factories.ts';
import { listedContractor, RENDERER, SHELL } from './support/server-pages.ts';
import { createTestDatabase, type TestDatabase } from './support/test-db.ts';

// /busqueda and /contractors/:id rendered by the server (decision 018): the real app on a real
// database, rendering with the web app's renderer (its source, the module the build bundles into
// dist-ssr/entry-server.js) into a shell like the built index.html.

const APP_URL = 'https://sitio.example';

/** The query cache the page sent, as the browser reads it: the first `</script>` after the block's start must be its own. */
function stateOf(html: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } {
  const block = /<script type="application\/json" id="query-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(block, 'the page has no query-state block').toBeDefined();
  return JSON.parse(block!) as ReturnType<typeof stateOf>;
}

/** The text a visitor reads in #root (tags dropped). */
function rootText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root"'), html.indexOf('<script type="application/json"'));
  return root
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('pages rendered by the server', () => {
  let dist: string;
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const ids: Record<string, string> = {};

  const contractor = (name: string, services: ServiceType[], profile: Partial<typeof contractorProfiles.$inferInsert> = {}) =>
    listedContractor(database.db, name, services, profile);

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-ssr-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
    const renderer = (await import(/* @vite-ignore */ RENDERER)) as PageRenderer;
    database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url, DATA_DIR: dist, DEMO_DATA: '0', APP_URL });
    app = await buildApp({ config, db: database.db, logger: createLogger(config), webDist: dist, webRenderer: renderer, jobs: { schedules: false } });
    await app.ready();
    ids.plumber = await contractor('Ramón Núñez', ['plomeria'], { companyName: 'Plomería Núñez', ratingAvg: 4.5, ratingCount: 2 });
    ids.electrician = await contractor('Carmen Báez', ['electricidad']);
    // Text that would end the data block or the script early, or break older parsers, if it were not escaped.
    ids.hostile = await contractor('Lía Peña', ['remodelacion'], { companyName: '</script><script>alert(1)</script> & "Hnos" \u2028 <!-- \'x\' >' });
    // More painters than a page holds: the first page and the pagination.
    for (let i = 1; i <= DIRECTORY_PAGE_SIZE + 1; i++) await contractor(`Pintor Número${String(i).padStart(2, '0')}`, ['pintura']);
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.drop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  describe('/busqueda', () => {
    it('sends the first page of results for the URL filters as HTML, with no spinner, and the data it rendered from', async () => {
      const res = await app.inject({ method: 'GET', url: '/busqueda?service=plomeria' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const text = rootText(res.body);
      expect(text).toContain('Ramón Núñez');
      expect(text).toContain('Plomería Núñez');
      expect(text).toContain(t.results.count('1', 1));
      expect(text).not.toMatch(/Carmen Báez|Pintor|Lía Peña/);
      expect(res.body).not.toContain(t.results.loading);
      expect(res.body).not.toContain('boot-spinner');
      expect(res.body).toContain('<div id="root" data-prerendered="true">');
      // The browser's cache starts from the very page the HTML shows.
      const [query] = stateOf(res.body).queries;
      expect(query?.queryKey).toEqual(['directory', 'search', 'service=plomeria']);
      expect((query?.state.data as DirectoryPage).items.map((c) => c.name)).toEqual(['Ramón Núñez']);
      // Its own head, with this server's address.
      expect(res.body).toContain(`<title>${t.title} · ArreglaYa</title>`);
      expect(res.body).toContain(`<link rel="canonical" href="${APP_URL}/busqueda?service=plomeria" />`);
      expect(res.body.match(/name="description"/g)).toHaveLength(1);
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('sends the first page of a larger result, its count and the link to the next page; page 2 the rest', async () => {
      const first = await app.inject({ method: 'GET', url: '/busqueda?service=pintura' });
      expect(first.statusCode).toBe(200);
      const text = rootText(first.body);
      expect(text).toContain(t.results.count(String(DIRECTORY_PAGE_SIZE + 1), DIRECTORY_PAGE_SIZE + 1));
      expect(text.match(/Pintor Número\d\d/g)).toHaveLength(DIRECTORY_PAGE_SIZE);
      expect(first.body).toMatch(/href="\/busqueda\?service=pintura&amp;page=2"/);
      const second = await app.inject({ method: 'GET', url: '/busqueda?service=pintura&page=2' });
      expect(rootText(second.body).match(/Pintor Número\d\d/g)).toHaveLength(1);
    });

    it('answers every search without filters, and free text, from the same service as the API', async () => {
      const all = await app.inject({ method: 'GET', url: '/busqueda' });
      const api = (await app.inject({ method: 'GET', url: '/api/contractors' })).json<DirectoryPage>();
      expect(rootText(all.body)).toContain(t.results.count(String(api.total), api.total));
      for (const c of api.items) expect(rootText(all.body)).toContain(c.name);
      const text = await app.inject({ method: 'GET', url: '/busqueda?q=Carmen' });
      expect(rootText(text.body)).toContain('Carmen Báez');
      expect(rootText(text.body)).not.toContain('Ramón Núñez');
    });

    it('escapes what contractors wrote, in the HTML and in the data block', async () => {
      const res = await app.inject({ method: 'GET', url: '/busqueda?service=remodelacion' });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<script>alert(1)');
      const block = /<script type="application\/json" id="query-state">([\s\S]*?)<\/script>/.exec(res.body)![1]!;
      expect(block).not.toMatch(/[<>\u2028\u2029]/);
      const [query] = stateOf(res.body).queries;
      expect((query?.state.data as DirectoryPage).items[0]?.companyName).toBe('</script><script>alert(1)</script> & "Hnos" \u2028 <!-- \'x\' >');
    });

    it.each([
      ['a NUL in the text', '?q=%00'],
      ['control characters and line breaks', '?q=plomero%0d%0aSet-Cookie:%20x=1&city=%1b%5b31m'],
      ['a huge text', `?q=${'x'.repeat(20_000)}`],
      ['many repeated keys', `?${'service=plomeria&'.repeat(2_000)}`],
      ['broken percent-encoding', '?q=%E0%A4%A&service=%FF'],
      ['odd numbers and values', '?page=-1&sort=__proto__&rating=star9&country=XX&zone=%00'],
      ['a page past the end', '?page=1000'],
      ['a page that is no number', '?page=1e999'],
      ['prototype keys', '?__proto__[x]=1&constructor=1&toString=2'],
    ])('answers %s with the page, never an error', async (_what, query) => {
      const res = await app.inject({ method: 'GET', url: `/busqueda${query}` });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.body).toContain(`<h1`);
      expect(rootText(res.body)).toContain(t.title);
      expect(res.body).not.toContain('Set-Cookie: x');
    });

    it('a malformed or unsupported filter is left out: the other filters still apply', async () => {
      const res = await app.inject({ method: 'GET', url: '/busqueda?service=electricidad&q=%00&page=abc' });
      expect(rootText(res.body)).toContain('Carmen Báez');
      expect(rootText(res.body)).not.toContain('Ramón Núñez');
    });

    it('answers a repeated visit with 304 while the results have not changed', async () => {
      const first = await app.inject({ method: 'GET', url: '/busqueda?service=plomeria' });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"/);
      const again = await app.inject({ method: 'GET', url: '/busqueda?service=plomeria', headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const other = await app.inject({ method: 'GET', url: '/busqueda?service=electricidad', headers: { 'if-none-match': etag } });
      expect(other.statusCode).toBe(200);
    });
  });

  describe('/contractors/:id', () => {
    it("sends the contractor's public page with its head tags and this server's address", async () => {
      const res = await app.inject({ method: 'GET', url: `/contractors/${ids.plumber}` });
      expect(res.statusCode).toBe(200);
      const text = rootText(res.body);
      expect(text).toContain('Ramón Núñez');
      expect(text).toContain('Plomería Núñez');
      expect(text).toContain('Plomería');
      expect(res.body).not.toContain('boot-spinner');
      expect(res.body).toContain('<title>Ramón Núñez, contratista · ArreglaYa</title>');
      expect(res.body).toContain('<meta property="og:title" content="Ramón Núñez, contratista · ArreglaYa" />');
      expect(res.body).toContain(`<meta property="og:url" content="${APP_URL}/contractors/${ids.plumber}" />`);
      expect(res.body).toContain('<meta property="og:type" content="profile" />');
      expect(res.body).not.toContain('noindex');
      const [query] = stateOf(res.body).queries;
      expect(query?.queryKey).toEqual(['directory', 'contractor', ids.plumber]);
      expect((query?.state.data as ContractorPublicProfile).name).toBe('Ramón Núñez');
    });

    it('escapes what the contractor wrote in the head, the page and the data', async () => {
      const res = await app.inject({ method: 'GET', url: `/contractors/${ids.hostile}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<script>alert(1)');
      expect(res.body).toMatch(/<meta name="description" content="Lía Peña \(&lt;\/script&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; &quot;Hnos&quot;/);
      expect((stateOf(res.body).queries[0]?.state.data as ContractorPublicProfile).companyName).toContain('</script>');
    });

    it('og:image is the contractor photo when there is one', async () => {
      const [photo] = await database.db
        .insert(photos)
        .values({ ownerId: ids.electrician!, kind: 'avatar', storageKey: 'x', mime: 'image/jpeg', width: 1, height: 1, bytes: 1 })
        .returning();
      await database.db.update(users).set({ avatarPhotoId: photo!.id }).where(eq(users.id, ids.electrician!));
      // The change reaches the directory's cache by notification, just after the commit.
      let res = await app.inject({ method: 'GET', url: `/contractors/${ids.electrician}` });
      for (let i = 0; i < 40 && !res.body.includes('og:image'); i++) {
        await new Promise((r) => setTimeout(r, 50));
        res = await app.inject({ method: 'GET', url: `/contractors/${ids.electrician}` });
      }
      expect(res.body).toContain(`<meta property="og:image" content="${APP_URL}/api/photos/${photo!.id}/md" />`);
    });

    it.each([
      ['an unknown id', '/contractors/0b9c4c1e-6a51-4a57-9d0f-1f0d4d2b8a11'],
      ['a malformed id', '/contractors/no-es-un-id'],
      ['markup as the id', '/contractors/%22%3E%3Csvg%20onload%3Dalert(1)%3E'],
    ])('answers %s with the not-found page and status 404, out of search engines', async (_what, url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(rootText(res.body)).toContain(t.page.notFoundTitle);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).not.toContain('<svg onload');
    });

    it.each([
      ['a NUL as the id', '/contractors/%00'],
      ['broken percent-encoding', '/contractors/%E0%A4%A'],
      ['a huge id', `/contractors/${'a'.repeat(20_000)}`],
    ])('answers %s with a client error, never a server error', async (_what, url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    });

    it('a client is not a listed contractor: 404', async () => {
      const client = await createUser(database.db, { role: 'client' });
      const res = await app.inject({ method: 'GET', url: `/contractors/${client.id}` });
      expect(res.statusCode).toBe(404);
    });
  });
});
