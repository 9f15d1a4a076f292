import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServiceType } from '@arreglaya/shared/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import type { contractorProfiles } from '../src/db/schema/index.ts';
import { createLogger } from '../src/lib/logger.ts';
import type { PageRenderer } from '../src/plugins/web-app.ts';
import { listedContractor, RENDERER, SHELL } from './support/server-pages.ts';
import { createTestDatabase, type TestDatabase } from './support/test-db.ts';

// The service-and-city pages of Colombia and Mexico (issue 51, item 3; decision 066): rendered in
// their country's language and region, structured data carrying the country, `hreflang`
// alternates between the capitals' pages of a service, and the sitemap listing each country's.

const APP_URL = 'https://sitio.example';
const SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>__ARREGLAYA_APP_URL__/</loc></url>\n</urlset>\n`;

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(([, text]) => JSON.parse(text!) as Record<string, unknown>);
}

/** The page's hreflang links, as [hreflang, href]. */
const alternates = (html: string) => [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map(([, lang, href]) => [lang!, href!]);

describe('service-and-city pages in Colombia and Mexico', () => {
  let dist: string;
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;

  const contractor = (name: string, services: ServiceType[], profile: Partial<typeof contractorProfiles.$inferInsert> = {}) =>
    listedContractor(database.db, name, services, profile);

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-service-city-countries-'));
    fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
    fs.writeFileSync(path.join(dist, 'sitemap.xml'), SITEMAP);
    const renderer = (await import(/* @vite-ignore */ RENDERER)) as PageRenderer;
    database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url, DATA_DIR: dist, DEMO_DATA: '0', APP_URL });
    app = await buildApp({ config, db: database.db, logger: createLogger(config), webDist: dist, webRenderer: renderer, jobs: { schedules: false } });
    await app.ready();
    await contractor('Ramón Núñez', ['plomeria']);
    await contractor('Camilo Restrepo', ['plomeria'], { country: 'CO', city: 'medellin', baseSector: 'laureles', ratingAvg: 4.6, ratingCount: 5 });
    await contractor('Andrés Rojas', ['plomeria'], { country: 'CO', city: 'bogota', baseSector: 'chapinero' });
    await contractor('Lupita Hernández', ['plomeria'], { country: 'MX', city: 'ciudad-de-mexico', baseSector: 'polanco' });
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.drop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("renders Medellín's page in es-CO with the country in its structured data, and the numbers as Colombia writes them", async () => {
    const res = await app.inject({ method: 'GET', url: '/servicios/plomeria/medellin' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Plomeros en Medellín · ArreglaYa</title>');
    expect(res.body).toContain('<meta property="og:locale" content="es_CO" />');
    // es-CO writes a decimal comma.
    expect(/<meta name="description" content="([^"]*)"/.exec(res.body)?.[1]).toContain('4,6 de 5');
    const list = jsonLd(res.body).find((b) => b['@type'] === 'ItemList') as {
      itemListElement: { item: { address: { addressCountry: string }; areaServed: { name: string; containedInPlace: { name: string } } } }[];
    };
    expect(list.itemListElement).toHaveLength(1);
    expect(list.itemListElement[0]!.item.address.addressCountry).toBe('CO');
    expect(list.itemListElement[0]!.item.areaServed).toMatchObject({ name: 'Medellín', containedInPlace: { name: 'Colombia' } });
    // Medellín's page exists in Colombia only: no alternates.
    expect(alternates(res.body)).toEqual([]);
  });

  it("links a service's pages in the three capitals as each other's hreflang alternates, the Dominican one the x-default", async () => {
    const expected = [
      ['es-DO', `${APP_URL}/servicios/plomeria/santo-domingo`],
      ['es-CO', `${APP_URL}/servicios/plomeria/bogota`],
      ['es-MX', `${APP_URL}/servicios/plomeria/ciudad-de-mexico`],
      ['x-default', `${APP_URL}/servicios/plomeria/santo-domingo`],
    ];
    for (const city of ['santo-domingo', 'bogota', 'ciudad-de-mexico']) {
      const res = await app.inject({ method: 'GET', url: `/servicios/plomeria/${city}` });
      expect(res.statusCode, city).toBe(200);
      expect(alternates(res.body), city).toEqual(expected);
    }
    const mx = await app.inject({ method: 'GET', url: '/servicios/plomeria/ciudad-de-mexico' });
    expect(mx.body).toContain('<meta property="og:locale" content="es_MX" />');
    expect(mx.body).toContain('Lupita Hernández');
  });

  it("lists each country's pages with someone on them in the sitemap", async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc!).filter((loc) => loc.includes('/servicios/'));
    expect(locs.sort()).toEqual(['bogota', 'ciudad-de-mexico', 'medellin', 'santo-domingo'].map((city) => `${APP_URL}/servicios/plomeria/${city}`));
  });
});
