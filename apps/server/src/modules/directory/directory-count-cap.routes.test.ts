import { findPlace } from '@arreglaya/shared/places';
import { DIRECTORY_COUNT_CAP, DIRECTORY_MAX_PAGE, DIRECTORY_PAGE_SIZE, type DirectoryPage } from '@arreglaya/shared/schemas/directory';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// A search counts at most 1,001 matching contractors and says "more than 1,000" past that
// (decision 076), on a directory of 1,030 built with set-based SQL: contractor i (1–1,030) paints;
// i ≤ 1,000 and the ten banned ones (i > 1,020) are electricians, i ≤ 1,001 blacksmiths; every
// other one's description names Juan Carlos; all are based near Naco and reach it.

const N = 1030;
const BANNED_FROM = 1021;
const LISTED = BANNED_FROM - 1;
const NACO = findPlace('naco')!;

describe('counts stop past 1,000: "more than 1,000", the pages it vouches for', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const id = sql`('00000000-0000-4000-8077-' || lpad(i::text, 12, '0'))::uuid`;
    await t.db.execute(sql`
      INSERT INTO users (id, email, email_verified, name, role, status, first_name, last_name, banned_at)
      SELECT ${id}, 'c' || i || '@prueba.do', true, 'Contratista ' || i, 'contractor',
        CASE WHEN i >= ${BANNED_FROM} THEN 'banned' ELSE 'active' END::user_status, 'Contratista', i::text,
        CASE WHEN i >= ${BANNED_FROM} THEN now() END
      FROM generate_series(1, ${N}) i`);
    await t.db.execute(sql`
      INSERT INTO contractor_profiles (user_id, display_name, description, service_types, country, city, lat, lng, service_radius_km,
        completed_projects, rating_count, rating_avg, favourites_count)
      SELECT ${id}, 'Contratista ' || i,
        CASE WHEN i % 2 = 0 THEN 'Juan Carlos y sus hijos, pintores.' ELSE 'Pintura de interiores.' END,
        ARRAY['pintura']::service_type[]
          || CASE WHEN i <= 1000 OR i >= ${BANNED_FROM} THEN ARRAY['electricidad']::service_type[] ELSE '{}' END
          || CASE WHEN i <= 1001 THEN ARRAY['herreria']::service_type[] ELSE '{}' END,
        'DO', 'santo-domingo', ${NACO.lat}::float8 + (i % 50) / 2000.0, ${NACO.lng}::float8 + (i / 50) / 2000.0, 25,
        i % 97, i % 13, 1 + (i % 5), i % 7
      FROM generate_series(1, ${N}) i`);
    // The planner's estimate of how many contractors there are (the walk's decision) needs statistics.
    await t.db.execute(sql`ANALYZE contractor_profiles`);
  });
  afterAll(async () => {
    await t.close();
  });

  async function search(query: string): Promise<DirectoryPage> {
    const res = await t.app.inject({ method: 'GET', url: `/api/contractors?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DirectoryPage>();
  }
  const lastPage = Math.ceil(DIRECTORY_COUNT_CAP / DIRECTORY_PAGE_SIZE);

  it(`more than ${DIRECTORY_COUNT_CAP} listed: the total says so, and its last page (${lastPage}) is the last there is, full`, async () => {
    const first = await search('');
    expect(first).toMatchObject({ total: DIRECTORY_COUNT_CAP, totalCapped: true, pageCount: lastPage, page: 1 });
    expect(first.items).toHaveLength(DIRECTORY_PAGE_SIZE);
    expect(DIRECTORY_MAX_PAGE).toBe(lastPage);
    const last = await search(`page=${lastPage}`);
    expect(last).toMatchObject({ total: DIRECTORY_COUNT_CAP, totalCapped: true, pageCount: lastPage });
    expect(last.items).toHaveLength(DIRECTORY_PAGE_SIZE);
    // Further is refused in Spanish, as any page out of range.
    const past = await t.app.inject({ method: 'GET', url: `/api/contractors?page=${lastPage + 1}` });
    expect(past.statusCode).toBe(400);
    const refused = past.json<{ error: { message: string; fields?: Record<string, string> } }>().error;
    expect(refused.message).toBe('Revisa los campos marcados.');
    expect(refused.fields?.page).toBe('Valor inválido.');
  });

  it('exactly 1,000 is a count; 1,001 is "more than 1,000", banned accounts counted in neither', async () => {
    const electricians = await search('service=electricidad');
    expect(electricians).toMatchObject({ total: 1000, totalCapped: false, pageCount: lastPage });
    const blacksmiths = await search('service=herreria');
    expect(blacksmiths).toMatchObject({ total: DIRECTORY_COUNT_CAP, totalCapped: true, pageCount: lastPage });
    // The 1,001st is on the last page, after the four the 1,000th shares it with.
    expect((await search(`service=herreria&page=${lastPage}`)).items).toHaveLength(1001 - (lastPage - 1) * DIRECTORY_PAGE_SIZE);
    expect((await search(`service=electricidad&page=${lastPage}`)).items).toHaveLength(1000 - (lastPage - 1) * DIRECTORY_PAGE_SIZE);
  });

  it('a place, several words and a trade word count the same way; under the cap the count is exact', async () => {
    expect(await search('donde=naco')).toMatchObject({ total: DIRECTORY_COUNT_CAP, totalCapped: true });
    expect(await search('donde=naco&sort=distance')).toMatchObject({ total: DIRECTORY_COUNT_CAP, totalCapped: true });
    expect(await search('q=pintor')).toMatchObject({ total: DIRECTORY_COUNT_CAP, totalCapped: true });
    expect(await search(`q=${encodeURIComponent('juan carlos')}`)).toMatchObject({ total: LISTED / 2, totalCapped: false, pageCount: Math.ceil(LISTED / 2 / 12) });
    // Names close to a typo, more than the cap: counted apart, and the page is the order's.
    const typo = await search('q=contratsta');
    expect(typo).toMatchObject({ total: DIRECTORY_COUNT_CAP, totalCapped: true });
    expect(typo.items.map((c) => c.id)).toEqual((await search('')).items.map((c) => c.id));
    // At a place more than 1,000 reach, the names are read first: the place's own pages.
    for (const query of ['donde=naco', 'donde=naco&sort=reviews&page=4', 'donde=naco&sort=distance&page=2']) {
      const atNaco = await search(`q=contratsta&${query}`);
      expect(atNaco, query).toMatchObject({ total: DIRECTORY_COUNT_CAP, totalCapped: true });
      expect(atNaco.items.map((c) => c.id)).toEqual((await search(query)).items.map((c) => c.id));
    }
  });

  it('trade words that all name the same trade ("herrero soldador") are counted from the trade\'s summary', async () => {
    expect(await search(`q=${encodeURIComponent('herrero soldador')}`)).toMatchObject({ total: DIRECTORY_COUNT_CAP, totalCapped: true });
    // It is the summary that answers: with 500 fewer blacksmiths in it, the count follows.
    await t.db.execute(sql`UPDATE listed_contractor_counts SET listed = listed - 500 WHERE service = 'herreria'`);
    try {
      expect(await search(`q=${encodeURIComponent('herrero soldador')}`)).toMatchObject({ total: 501, totalCapped: false });
    } finally {
      await t.db.execute(sql`UPDATE listed_contractor_counts SET listed = listed + 500 WHERE service = 'herreria'`);
    }
  });

  it('one word had by more than 1,000 says so from the words the triggers count; fewer are counted, in the country asked', async () => {
    // Every listed one is a "Contratista" (1,020): a word, and the start of one.
    expect(await search('q=contratista')).toMatchObject({ total: DIRECTORY_COUNT_CAP, totalCapped: true, pageCount: lastPage });
    expect(await search('q=contrat')).toMatchObject({ total: DIRECTORY_COUNT_CAP, totalCapped: true });
    // Half of them paint interiors: counted, exactly.
    expect(await search('q=interiores')).toMatchObject({ total: LISTED / 2, totalCapped: false });
    // Nobody in Colombia is a "Contratista": the count is the country's, not the words' total.
    expect(await search('q=contratista&country=CO')).toMatchObject({ total: 0, totalCapped: false });
    // It is the summary that answers: with its count of "interior" past the cap (as if 5,000 more
    // had it), the search says "more than 1,000" without counting them.
    await t.db.execute(sql`UPDATE listed_word_counts SET listed = listed + 5000 WHERE lexeme = 'interior'`);
    try {
      expect(await search('q=interiores')).toMatchObject({ total: DIRECTORY_COUNT_CAP, totalCapped: true });
    } finally {
      await t.db.execute(sql`UPDATE listed_word_counts SET listed = listed - 5000 WHERE lexeme = 'interior'`);
    }
  });

  it('a trade word whose stem more than 1,000 have in their text says so, however few offer the trade', async () => {
    // The 1,000 listed electricians offer it; nobody's text says "electricista": exactly 1,000.
    expect(await search('q=electricista')).toMatchObject({ total: 1000, totalCapped: false });
    // As if 5,000 listed contractors wrote it: everyone whose text has it matches the trade word.
    await t.db.execute(sql`INSERT INTO listed_word_counts (country, lexeme, listed) VALUES ('DO', 'electricist', 5000)`);
    try {
      expect(await search('q=electricista')).toMatchObject({ total: DIRECTORY_COUNT_CAP, totalCapped: true });
    } finally {
      await t.db.execute(sql`DELETE FROM listed_word_counts WHERE lexeme = 'electricist'`);
    }
  });

  it('a place in the order of a column gives the page everyone reaching it would, walked or collected', async () => {
    // Everyone reaches Naco: its most popular page is the directory's, on the first page and the last.
    for (const page of [1, 2, lastPage]) {
      const everyone = await search(`page=${page}`);
      const atNaco = await search(`donde=naco&page=${page}`);
      expect(atNaco.items.map((c) => c.id)).toEqual(everyone.items.map((c) => c.id));
      expect(atNaco.items.every((c) => c.distanceKm !== null)).toBe(true);
    }
  });
});
