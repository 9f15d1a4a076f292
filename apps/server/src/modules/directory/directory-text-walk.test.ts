import { DIRECTORY_SORTS } from '@arreglaya/shared/schemas/directory';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-db.ts';
import { searchContractorRows, walkIsCheaper, type DirectoryFilters } from './directory.repository.ts';

// The two ways of reading a page of a text search (decision 015) must give the same page.

describe('a text search page read by walking the sort order', () => {
  let d: TestDatabase;
  beforeAll(async () => {
    d = await createTestDatabase();
    // 240 contractors: 'plomero' in every third description, 'cerrajero' in one, ties in every
    // sort key, some without reviews, a few banned or deleted (never listed).
    await d.db.execute(sql`
      INSERT INTO users (id, email, email_verified, name, role, status, first_name, last_name, banned_at, deleted_at)
      SELECT ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'c' || i || '@prueba.do', true, 'Contratista ' || i, 'contractor',
        CASE WHEN i % 37 = 0 THEN 'banned' WHEN i % 41 = 0 THEN 'deleted' ELSE 'active' END::user_status,
        'Contratista', i::text, CASE WHEN i % 37 = 0 THEN now() END, CASE WHEN i % 41 = 0 THEN now() END
      FROM generate_series(1, 240) i`);
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
});
