import { findPlace } from '@arreglaya/shared/places';
import { DIRECTORY_PAGE_SIZE, DIRECTORY_SORTS, type DirectoryPage, type DirectorySort } from '@arreglaya/shared/schemas/directory';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { countContractors } from './directory-counts.repository.ts';
import { textOnlyLead, type DirectoryFilters } from './directory-rule.ts';
import { listedLexemes } from './directory-words.repository.ts';

// A trade word lists those offering the trade first, then those whose text alone says it, each
// in the chosen order (decision 037); decision 076 reads the two parts one after the other
// through the sort's index. Here the text-only contractors are spread through every order (some
// are the most popular, the nearest, the best rated), so a page that mixed them in would show.

const NACO = findPlace('naco')!;
const PLUMBERS = 20;
const TEXT_ONLY = 10;

interface Row {
  id: string;
  plumber: boolean;
  completed: number;
  reviews: number;
  average: number;
  favourites: number;
  /** Metres north of Naco: the order nearest first. */
  north: number;
}

/** Contractor i (1–35): every third of the first 30 only says 'plomero' in its text; 31–35 match nothing. */
const ROWS: Row[] = Array.from({ length: 35 }, (_, k) => {
  const i = k + 1;
  return {
    id: `00000000-0000-4000-8076-${String(i).padStart(12, '0')}`,
    plumber: i <= 30 && i % 3 !== 0,
    completed: (i * 7) % 37,
    reviews: (i * 11) % 37,
    average: 1 + ((i * 13) % 37) / 10,
    favourites: i,
    north: ((i * 17) % 37) * 100,
  };
});
const matching = ROWS.filter((r) => Number(r.id.slice(-12)) <= 30);

/** The order the sort gives (decision 013), ties never happening here. */
function ordered(rows: Row[], sort: DirectorySort): Row[] {
  const by: Record<DirectorySort, (a: Row, b: Row) => number> = {
    popular: (a, b) => b.completed - a.completed,
    reviews: (a, b) => b.reviews - a.reviews || b.average - a.average,
    rating_desc: (a, b) => b.average - a.average || b.reviews - a.reviews,
    rating_asc: (a, b) => a.average - b.average || b.reviews - a.reviews,
    distance: (a, b) => a.north - b.north,
  };
  return [...rows].sort(by[sort]);
}

/** The whole answer: those offering the trade in the sort's order, then the text-only ones in it. */
const expected = (sort: DirectorySort) =>
  [
    ...ordered(
      matching.filter((r) => r.plumber),
      sort,
    ),
    ...ordered(
      matching.filter((r) => !r.plumber),
      sort,
    ),
  ].map((r) => r.id);

describe('a trade word lists those offering the trade before those whose text only says it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const rows = sql`jsonb_to_recordset(${JSON.stringify(ROWS.map((r, k) => ({ ...r, n: k + 1 })))}::jsonb)
      AS x(id uuid, plumber boolean, completed int, reviews int, average float8, favourites int, north float8, n int)`;
    await t.db.execute(sql`
      INSERT INTO users (id, email, email_verified, name, role, status, first_name, last_name)
      SELECT id, id || '@prueba.do', true, 'Contratista ' || n, 'contractor', 'active', 'Contratista', n::text FROM ${rows}`);
    await t.db.execute(sql`
      INSERT INTO contractor_profiles (user_id, display_name, description, service_types, country, city, lat, lng, service_radius_km,
        completed_projects, rating_count, rating_avg, favourites_count)
      SELECT id, 'Contratista ' || n,
        CASE WHEN plumber THEN 'Instalaciones y reparaciones.' WHEN n <= 30 THEN 'Plomero de guardia los domingos.' ELSE 'Pintura de interiores.' END,
        CASE WHEN plumber THEN ARRAY['plomeria']::service_type[] ELSE ARRAY['pintura']::service_type[] END,
        'DO', 'santo-domingo', ${NACO.lat}::float8 + north / 111195.0, ${NACO.lng}::float8, 25, completed, reviews, average, favourites
      FROM ${rows}`);
    await t.db.execute(sql`ANALYZE contractor_profiles`);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every page of a search, in order. */
  async function pages(query: string): Promise<DirectoryPage[]> {
    const out: DirectoryPage[] = [];
    for (let page = 1; page <= Math.ceil((PLUMBERS + TEXT_ONLY) / DIRECTORY_PAGE_SIZE) + 1; page++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/contractors?${query}&page=${page}` });
      expect(res.statusCode, res.body).toBe(200);
      out.push(res.json<DirectoryPage>());
    }
    return out;
  }

  it.each(DIRECTORY_SORTS.filter((s) => s !== 'distance'))('sorted by %s, on every page, the page where the trade ends included', async (sort) => {
    const answers = await pages(`q=plomero&sort=${sort}`);
    expect(answers[0]).toMatchObject({ total: PLUMBERS + TEXT_ONLY, totalCapped: false, pageCount: 3 });
    expect(answers.flatMap((p) => p.items.map((c) => c.id))).toEqual(expected(sort));
    // The text-only ones really come earlier in this order when mixed in: the test would see a mix.
    expect(ordered(matching, sort).map((r) => r.id)).not.toEqual(expected(sort));
    expect(answers.at(-1)!.items).toEqual([]);
  });

  it('a trade word with another word counts both parts: those offering the trade, then the text-only ones', async () => {
    // The text-only ones say 'domingos', the plumbers 'reparaciones': one part each, then both.
    const domingos = await pages(`q=${encodeURIComponent('plomero domingos')}`);
    expect(domingos[0]).toMatchObject({ total: TEXT_ONLY, totalCapped: false });
    expect(domingos.flatMap((p) => p.items.map((c) => c.id))).toEqual(
      ordered(
        matching.filter((r) => !r.plumber),
        'popular',
      ).map((r) => r.id),
    );
    expect((await pages(`q=${encodeURIComponent('plomero reparaciones')}`))[0]!.total).toBe(PLUMBERS);
  });

  it('at a place, nearest first and most popular', async () => {
    const nearest = await pages(`q=plomero&donde=naco&sort=distance`);
    expect(nearest.flatMap((p) => p.items.map((c) => c.id))).toEqual(expected('distance'));
    expect(nearest[1]!.items[0]!.distanceKm).not.toBeNull();
    const popular = await pages(`q=${encodeURIComponent('plomero en Naco')}`);
    expect(popular[0]!.origin?.slug).toBe('naco');
    expect(popular.flatMap((p) => p.items.map((c) => c.id))).toEqual(expected('popular'));
  });

  it('at a place, the text-only part found through its words still holds only those reaching it', async () => {
    // A plumber in text only, based in Santiago (reaching 25 km): whichever index leads to the
    // text-only part (decision 076, "Amended 2026-12-07 (round six)": textOnlyLead), the words'
    // (then the distance leaves them out), the reach's, or both, they are not at Naco.
    const santiago = findPlace('santiago')!;
    const far = '00000000-0000-4000-8076-000000000099';
    await t.db.execute(sql`
      INSERT INTO users (id, email, email_verified, name, role, status, first_name, last_name)
      VALUES (${far}, 'lejos@prueba.do', true, 'Contratista Lejos', 'contractor', 'active', 'Contratista', 'Lejos')`);
    await t.db.execute(sql`
      INSERT INTO contractor_profiles (user_id, display_name, description, service_types, country, city, lat, lng, service_radius_km)
      VALUES (${far}, 'Contratista Lejos', 'Plomero de guardia.', ARRAY['pintura']::service_type[], 'DO', 'santiago', ${santiago.lat}, ${santiago.lng}, 25)`);
    try {
      expect((await pages('q=plomero'))[0]!.total).toBe(PLUMBERS + TEXT_ONLY + 1);
      const lexemes = await listedLexemes(t.db, ['plomero'], undefined);
      for (const [listedAround, lead] of [
        [1e6, 'words'],
        [0, 'reach'],
        [40, undefined],
      ] as const) {
        const filters: DirectoryFilters = { q: 'plomero', service: [], rating: [], near: NACO, lexemes, listedAround };
        expect(textOnlyLead(filters, 'textOnly')).toBe(lead);
        expect(await countContractors(t.db, filters, 1001, 'textOnly'), String(lead)).toBe(TEXT_ONLY);
      }
      for (const sort of ['popular', 'distance'] as const) {
        const atNaco = await pages(`q=plomero&donde=naco&sort=${sort}`);
        expect(atNaco[0]!.total, sort).toBe(PLUMBERS + TEXT_ONLY);
        expect(atNaco.flatMap((p) => p.items.map((c) => c.id))).toEqual(expected(sort));
      }
    } finally {
      await t.db.execute(sql`DELETE FROM contractor_profiles WHERE user_id = ${far}`);
      await t.db.execute(sql`DELETE FROM users WHERE id = ${far}`);
    }
  });
});
