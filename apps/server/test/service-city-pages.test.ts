import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServiceType } from '@arreglaya/shared/domain';
import { serviceCity as t } from '@arreglaya/shared/i18n/service-city';
import { shell } from '@arreglaya/shared/i18n/shell';
import type { ServiceCityStats } from '@arreglaya/shared/schemas/service-city';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import type { contractorProfiles } from '../src/db/schema/index.ts';
import { createLogger } from '../src/lib/logger.ts';
import type { PageRenderer } from '../src/plugins/web-app.ts';
import { listedContractor, RENDERER, SHELL } from './support/server-pages.ts';
import { createTestDatabase, type TestDatabase } from './support/test-db.ts';

// The service-and-city pages, /servicios/{service}/{city} (decision 044), rendered by the server
// from the directory's services: the real app on a real database, rendering with the web app's
// renderer (its source, the module the build bundles) into a shell like the built index.html.

const APP_URL = 'https://sitio.example';
const SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>__ARREGLAYA_APP_URL__/</loc></url>\n</urlset>\n`;
const HOSTILE = '</script><script>alert(1)</script> & "Hnos" \u2028 <!-- \'x\'';

/** The JSON-LD blocks of the page as a parser reads them: each ends at the first `</script>` after its start. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(([, text]) => JSON.parse(text!) as Record<string, unknown>);
}

function ofType(html: string, type: string): Record<string, unknown> {
  const block = jsonLd(html).find((b) => b['@type'] === type);
  expect(block, `no ${type} JSON-LD`).toBeDefined();
  return block!;
}

interface LdBusiness {
  '@type': string;
  name: string;
  url: string;
  address: { addressLocality: string; addressCountry: string };
  areaServed: { name: string };
  aggregateRating?: { ratingValue: number; reviewCount: number };
}

/** The text a visitor reads in #root (tags dropped). */
function rootText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root"'), html.indexOf('<script type="application/json"'));
  return root
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
}

const cardLinks = (html: string) => [...html.matchAll(/<article[\s\S]*?<a [^>]*href="(\/contractors\/[^"]+)"/g)].map(([, href]) => href!);

describe('service-and-city pages', () => {
  let dist: string;
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const ids: Record<string, string> = {};

  const contractor = (name: string, services: ServiceType[], profile: Partial<typeof contractorProfiles.$inferInsert> = {}) =>
    listedContractor(database.db, name, services, profile);

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-service-city-'));
    fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
    fs.writeFileSync(path.join(dist, 'sitemap.xml'), SITEMAP);
    const renderer = (await import(/* @vite-ignore */ RENDERER)) as PageRenderer;
    database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url, DATA_DIR: dist, DEMO_DATA: '0', APP_URL });
    app = await buildApp({ config, db: database.db, logger: createLogger(config), webDist: dist, webRenderer: renderer, jobs: { schedules: false } });
    await app.ready();
    ids.ramon = await contractor('Ramón Núñez', ['plomeria', 'electricidad'], { ratingAvg: 4.5, ratingCount: 2, completedProjects: 9 });
    ids.ana = await contractor('Ana Polanco', ['plomeria'], { ratingAvg: 5, ratingCount: 1, completedProjects: 5 });
    // A name that would end the JSON-LD block early if it were not escaped; no reviews.
    ids.hostile = await contractor(HOSTILE, ['plomeria'], { completedProjects: 1 });
    ids.santiago = await contractor('Pedro Almonte', ['plomeria'], { city: 'santiago' });
    ids.electrician = await contractor('Carmen Báez', ['electricidad']);
    // Not listed (no city): counted nowhere.
    ids.unlisted = await contractor('Luis Sinciudad', ['fumigacion'], { city: null });
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.drop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('renders the first page of the service in the city with its head, heading, cards and links', async () => {
    const res = await app.inject({ method: 'GET', url: '/servicios/plomeria/santo-domingo' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const heading = 'Plomeros en Santo Domingo';
    expect(html).toContain(`<title>${heading} · ArreglaYa</title>`);
    // Three plumbers; three reviews with a mean of (4.5 × 2 + 5) / 3, as es-DO writes it; the one without reviews adds none.
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
    expect(description).toMatch(/^3 plomeros en Santo Domingo, valoración media 4\.7 de 5 en 3 reseñas\. /);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}/servicios/plomeria/santo-domingo" />`);
    expect(html).toContain(`<meta property="og:url" content="${APP_URL}/servicios/plomeria/santo-domingo" />`);
    expect(html).toContain(`<meta property="og:title" content="${heading} · ArreglaYa" />`);
    expect(html).not.toContain('noindex');
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));

    const text = rootText(html);
    expect(text).toContain(t.intro('plomeria', 'Santo Domingo'));
    expect(text).toContain('Ramón Núñez');
    expect(text).toContain('Ana Polanco');
    expect(text).not.toMatch(/Pedro Almonte|Carmen Báez/);
    // Cards link to the profiles, most popular first (the directory's default order).
    expect(cardLinks(html)).toEqual([ids.ramon, ids.ana, ids.hostile].map((id) => `/contractors/${id}`));
    // The same service in another city and another service here, both with someone on them.
    expect(html).toContain('href="/servicios/plomeria/santiago"');
    expect(html).toContain('href="/servicios/electricidad/santo-domingo"');
    expect(html).not.toContain('href="/servicios/plomeria/la-vega"');
    // Breadcrumbs: Inicio > Contratistas > Plomería > the page.
    expect(html).toMatch(/<nav aria-label="[^"]+"[^>]*>[\s\S]*Inicio[\s\S]*Contratistas[\s\S]*Plomería[\s\S]*Plomeros en Santo Domingo/);

    // The browser's cache starts from what the page shows: the search and the figures.
    const state = JSON.parse(/<script type="application\/json" id="query-state">([\s\S]*?)<\/script>/.exec(html)![1]!) as { queries: { queryKey: unknown[] }[] };
    expect(state.queries.map((q) => q.queryKey)).toEqual([
      ['directory', 'search', 'service=plomeria&country=DO&city=santo-domingo'],
      ['directory', 'service-cities'],
    ]);
  });

  it('describes the cards as an ItemList of LocalBusiness, with ratings only for those with reviews, and the breadcrumbs as a BreadcrumbList', async () => {
    const res = await app.inject({ method: 'GET', url: '/servicios/plomeria/santo-domingo' });
    const list = ofType(res.body, 'ItemList') as { numberOfItems: number; itemListElement: { position: number; item: LdBusiness }[] };
    const links = cardLinks(res.body);
    expect(list.itemListElement).toHaveLength(links.length);
    expect(list.numberOfItems).toBe(links.length);
    expect(list.itemListElement.map((e) => e.item.url)).toEqual(links.map((href) => `${APP_URL}${href}`));
    expect(list.itemListElement.map((e) => e.position)).toEqual([1, 2, 3]);
    const [ramon, ana, hostile] = list.itemListElement.map((e) => e.item);
    expect(ramon).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Ramón Núñez',
      address: { addressLocality: 'Santo Domingo', addressCountry: 'DO' },
      areaServed: { name: 'Santo Domingo' },
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    });
    expect(ana?.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
    // No reviews: no rating at all (never a 0, never invented).
    expect(hostile?.name).toBe(HOSTILE);
    expect(hostile).not.toHaveProperty('aggregateRating');

    const crumbs = ofType(res.body, 'BreadcrumbList') as { itemListElement: { position: number; name: string; item: string }[] };
    expect(crumbs.itemListElement.map((c) => [c.position, c.name, c.item])).toEqual([
      [1, shell.breadcrumb.home, `${APP_URL}/`],
      [2, t.crumbServices, `${APP_URL}/busqueda`],
      [3, 'Plomería', `${APP_URL}/busqueda?service=plomeria`],
      [4, 'Plomeros en Santo Domingo', `${APP_URL}/servicios/plomeria/santo-domingo`],
    ]);
  });

  it("a name holding '</script>' stays inside its JSON-LD block", async () => {
    const res = await app.inject({ method: 'GET', url: '/servicios/plomeria/santo-domingo' });
    // Parsed as a browser does (each block ends at the first '</script>'), every block is whole JSON with the name in it.
    expect(jsonLd(res.body).map((b) => b['@type'])).toEqual(['ItemList', 'BreadcrumbList']);
    expect(res.body).not.toContain('<script>alert(1)');
    // Inside the blocks: no character that could end the element or open a comment, no raw line separator.
    const raw = [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(([, text]) => text!);
    for (const text of raw) expect(text).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it.each([
    ['an unknown service', '/servicios/plomero/santo-domingo'],
    ['an unknown city', '/servicios/plomeria/atlantida'],
    ["'otro' (no city)", '/servicios/plomeria/otro'],
  ])('answers %s with the not-found page and status 404, out of search engines', async (_what, url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(rootText(res.body)).toContain(shell.notFound.title);
    expect(res.body).not.toContain('application/ld+json');
  });

  it('a service and city with nobody yet: 200, a way forward, and noindex', async () => {
    const res = await app.inject({ method: 'GET', url: '/servicios/fumigacion/la-vega' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).toContain('<title>Fumigadores en La Vega · ArreglaYa</title>');
    const text = rootText(res.body);
    expect(text).toContain(t.empty.title('fumigacion', 'La Vega'));
    expect(res.body).toContain('href="/nuevoproyecto"');
    expect(cardLinks(res.body)).toEqual([]);
    expect(jsonLd(res.body).map((b) => b['@type'])).toEqual(['BreadcrumbList']);
  });

  it('the sitemap lists every service and city with a listed contractor, with its lastmod; the API gives the same figures', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    const entries = [...res.body.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map(([, loc, lastmod]) => [loc!, lastmod] as const);
    const pages = entries.filter(([loc]) => loc.includes('/servicios/'));
    expect(pages.map(([loc]) => loc).sort()).toEqual(
      ['/servicios/electricidad/santo-domingo', '/servicios/plomeria/santiago', '/servicios/plomeria/santo-domingo'].map((p) => `${APP_URL}${p}`),
    );
    for (const [, lastmod] of pages) expect(Number.isNaN(Date.parse(lastmod!))).toBe(false);
    // The build's own entries stay.
    expect(entries.map(([loc]) => loc)).toContain(`${APP_URL}/`);

    const api = await app.inject({ method: 'GET', url: '/api/contractors/service-cities' });
    expect(api.statusCode).toBe(200);
    const stats = (api.json() as ServiceCityStats).items;
    expect(stats.find((s) => s.service === 'plomeria' && s.city === 'santo-domingo')).toMatchObject({ contractors: 3, reviews: 3 });
    expect(stats.find((s) => s.service === 'electricidad' && s.city === 'santo-domingo')).toMatchObject({ contractors: 2, reviews: 2, ratingAvg: 4.5 });
  });

  it('a contractor newly listed in a city puts its page in the sitemap and on the page (the directory cache is told)', async () => {
    await app.inject({ method: 'GET', url: '/sitemap.xml' });
    await contractor('Julio Fumigador', ['fumigacion'], { city: 'la-vega' });
    await expect.poll(async () => (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body).toContain(`${APP_URL}/servicios/fumigacion/la-vega`);
    await expect.poll(async () => rootText((await app.inject({ method: 'GET', url: '/servicios/fumigacion/la-vega' })).body)).toContain('Julio Fumigador');
    const page = await app.inject({ method: 'GET', url: '/servicios/fumigacion/la-vega' });
    expect(page.body).not.toContain('noindex');
    expect(/<meta name="description" content="([^"]*)"/.exec(page.body)?.[1]).toMatch(/^1 fumigador en La Vega\. /);
  });
});
