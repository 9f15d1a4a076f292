import { DIRECTORY_SORTS } from '@arreglaya/shared/schemas/directory';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-db.ts';
import { insertContractorAccounts } from '../../../test/support/contractor-accounts.ts';
import { countContractors } from './directory-counts.repository.ts';
import { searchCollectedRows, searchContractorRows, walkIsCheaper, walkThreshold, type DirectoryFilters } from './directory.repository.ts';
import { NAMES_LEAD_REACHED } from './directory-rule.ts';

// The two ways of reading a page, walking the sort's index or collecting the matches, must give
// the same page: a text search of several words (decision 015), a place in a column's order
// (decision 076).

describe('a text search page read by walking the sort order', () => {
  let d: TestDatabase;
  beforeAll(async () => {
    d = await createTestDatabase();
    // 240 contractors: 'plomero' in every third description, 'cerrajero' in one, ties in every
    // sort key, some without reviews, a few banned or deleted (never listed).
    await insertContractorAccounts(d.db, 240, { bannedEvery: 37, deletedEvery: 41 });
    await d.db.execute(sql`
      INSERT INTO contractor_profiles (user_id, display_name, city, description, service_types, completed_projects, rating_count, rating_avg, favourites_count)
      SELECT ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'Contratista ' || i, 'santiago',
        CASE WHEN i % 3 = 0 THEN 'Plomero con experiencia en tuberías.' WHEN i = 100 THEN 'Cerrajero de guardia.' ELSE 'Pintor de interiores.' END,
        ARRAY['plomeria']::service_type[], i % 7, i % 5, CASE WHEN i % 5 = 0 THEN 0 ELSE 1 + (i % 9) / 2.0 END, i % 4
      FROM generate_series(1, 240) i`);
    await d.db.execute(sql`ANALYZE contractor_profiles`);
  });
  afterAll(async () => {
    await d.drop();
  });

  const text = (q: string): DirectoryFilters => ({ q, service: [], rating: [] });

  it.each(DIRECTORY_SORTS)('gives the page the index of matches gives, sorted by %s, on every page and past the end', async (sort) => {
    for (const q of ['plomero', 'tuberias plomero', 'cerrajero', 'nadie']) {
      for (let page = 1; page <= 8; page++) {
        const offset = (page - 1) * 12;
        const walked = await searchContractorRows(d.db, text(q), sort, 12, offset, true);
        const collected = await searchContractorRows(d.db, text(q), sort, 12, offset);
        expect(walked, `${q} ${sort} page ${page}`).toEqual(collected);
      }
    }
    // The common word really has several pages, in order, and never an unlisted contractor.
    const first = await searchContractorRows(d.db, text('plomero'), sort, 12, 0, true);
    expect(first).toHaveLength(12);
    const unlisted = first.filter((r) => Number(r.id.slice(-12)) % 37 === 0 || Number(r.id.slice(-12)) % 41 === 0);
    expect(unlisted).toEqual([]);
  });

  it.each(DIRECTORY_SORTS.filter((s) => s !== 'distance'))(
    'names close to the text: one statement gives the page and the count reading them apart gives, sorted by %s',
    async (sort) => {
      // 'contratista 2' is in 'Contratista 2', '20'–'29' and '200'–'240'; the trigrams find more.
      const names: DirectoryFilters = { q: 'contratista 2', textMode: 'names', service: [], rating: [] };
      const matched = await countContractors(d.db, names);
      expect(matched).toBeGreaterThan(24);
      for (let page = 1; page <= Math.ceil(matched / 12); page++) {
        const offset = (page - 1) * 12;
        const apart = await searchContractorRows(d.db, names, sort, 12, offset);
        expect(await searchCollectedRows(d.db, names, sort, 12, offset), `${sort} page ${page}`).toEqual({ rows: apart, matched });
      }
      // Past the last page no row carries the count: it cannot tell.
      expect(await searchCollectedRows(d.db, names, sort, 12, Math.ceil(matched / 12) * 12)).toBeUndefined();
    },
  );

  it('is chosen when a page is reached sooner in order than by collecting every match', () => {
    // 17,000 of 100,000 match: page 1 is reached after ~70 contractors in order.
    expect(walkIsCheaper(12, 17_000, 100_000)).toBe(true);
    // 'juan carlos': 3,740 match; ~320 in order against 3,740 matches.
    expect(walkIsCheaper(12, 3_740, 100_000)).toBe(true);
    // 500 of 100,000: ~2,400 in order against 500 matches.
    expect(walkIsCheaper(12, 500, 100_000)).toBe(false);
    // 1,600: ~750 in order, each test dearer than collecting a match.
    expect(walkIsCheaper(12, 1_600, 100_000)).toBe(false);
    // A common word, but page 300: collecting is cheaper.
    expect(walkIsCheaper(3600, 17_000, 100_000)).toBe(false);
    expect(walkIsCheaper(12, 0, 100_000)).toBe(false);
  });

  it('is decided by a count that stops at the threshold: walking from it on, collecting below it', () => {
    for (const [end, listed, rowCost] of [
      [12, 100_000, 5],
      [1008, 100_000, 5],
      [12, 100_000, 1],
      [12, 300, 5],
    ] as const) {
      const threshold = walkThreshold(end, listed, rowCost);
      expect(walkIsCheaper(end, threshold, listed, rowCost)).toBe(true);
      expect(walkIsCheaper(end, threshold - 1, listed, rowCost)).toBe(false);
    }
    // 'juan carlos' at 100,000 (3,740 match): the count stops at 2,450 and says walk.
    expect(walkThreshold(12, 100_000)).toBe(2450);
  });
});

describe("a place's page read by walking the sort order", () => {
  let d: TestDatabase;
  beforeAll(async () => {
    d = await createTestDatabase();
    // 240 contractors north of Naco (0 to 24 km), travelling 5, 10 or 25 km: some reach it, some
    // not; every third offers plumbing, one in five of the others says 'plomero' in its text.
    await d.db.execute(sql`
      INSERT INTO users (id, email, email_verified, name, role, status, first_name, last_name)
      SELECT ('00000000-0000-4000-8001-' || lpad(i::text, 12, '0'))::uuid, 'p' || i || '@prueba.do', true, 'Contratista ' || i, 'contractor',
        'active', 'Contratista', i::text
      FROM generate_series(1, 240) i`);
    await d.db.execute(sql`
      INSERT INTO contractor_profiles (user_id, display_name, city, description, service_types, lat, lng, service_radius_km,
        completed_projects, rating_count, rating_avg, favourites_count)
      SELECT ('00000000-0000-4000-8001-' || lpad(i::text, 12, '0'))::uuid, 'Contratista ' || i, 'santo-domingo',
        CASE WHEN i % 5 = 0 THEN 'Plomero de guardia.' ELSE 'Pintor de interiores.' END,
        CASE WHEN i % 3 = 0 THEN ARRAY['plomeria']::service_type[] ELSE ARRAY['pintura']::service_type[] END,
        18.475 + (i % 25) / 111.195, -69.929, (ARRAY[5, 10, 25])[1 + i % 3], i % 7, i % 5, CASE WHEN i % 5 = 0 THEN 0 ELSE 1 + (i % 9) / 2.0 END, i % 4
      FROM generate_series(1, 240) i`);
    await d.db.execute(sql`ANALYZE contractor_profiles`);
  });
  afterAll(async () => {
    await d.drop();
  });

  const near = { lat: 18.475, lng: -69.929 };
  it.each(DIRECTORY_SORTS.filter((s) => s !== 'distance'))('gives the page collecting gives, sorted by %s, a trade word at the place too', async (sort) => {
    for (const filters of [
      { service: [], rating: [], near },
      { q: 'plomero', service: [], rating: [], near },
    ] satisfies DirectoryFilters[]) {
      for (let page = 1; page <= 8; page++) {
        const offset = (page - 1) * 12;
        const walked = await searchContractorRows(d.db, filters, sort, 12, offset, true);
        const collected = await searchContractorRows(d.db, filters, sort, 12, offset);
        expect(walked, `${filters.q ?? ''} ${sort} page ${page}`).toEqual(collected);
      }
    }
    // Some are out of reach: the walk leaves them out.
    const all = await searchContractorRows(d.db, { service: [], rating: [], near }, sort, 240, 0, true);
    expect(all.length).toBeGreaterThan(12);
    expect(all.length).toBeLessThan(240);
  });

  it.each(DIRECTORY_SORTS)('names at the place: the same count and pages, sorted by %s, whichever index leads and however they are read', async (sort) => {
    // The reach index leads (few reach the place) or the names' trigram index does (many reach it).
    const names = (listedAround: number): DirectoryFilters => ({ q: 'contratista 1', textMode: 'names', service: [], rating: [], near, listedAround });
    const reachLeads = names(0);
    const namesLead = names(NAMES_LEAD_REACHED);
    const matched = await countContractors(d.db, reachLeads);
    expect(await countContractors(d.db, namesLead)).toBe(matched);
    // Some of the names close to 'contratista 1' are out of reach: both leave them out.
    expect(matched).toBeGreaterThan(24);
    expect(matched).toBeLessThan(await countContractors(d.db, { ...namesLead, near: undefined }));
    for (let page = 1; page <= Math.ceil(matched / 12) + 1; page++) {
      const offset = (page - 1) * 12;
      const read = await searchContractorRows(d.db, reachLeads, sort, 12, offset);
      expect(await searchContractorRows(d.db, namesLead, sort, 12, offset), `${sort} page ${page}`).toEqual(read);
      // Nearest first: sorted once collected, or walked ring by ring (walk).
      expect(await searchContractorRows(d.db, namesLead, sort, 12, offset, sort === 'distance'), `${sort} page ${page}, walked`).toEqual(read);
      if (sort !== 'distance' && offset < matched) expect(await searchCollectedRows(d.db, namesLead, sort, 12, offset)).toEqual({ rows: read, matched });
    }
  });
});
