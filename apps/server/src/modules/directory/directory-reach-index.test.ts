import { DIRECTORY_COUNT_CAP } from '@arreglaya/shared/schemas/directory';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-db.ts';
import { insertContractorAccounts } from '../../../test/support/contractor-accounts.ts';
import { createDb, createPool } from '../../db/client.ts';
import { countContractors } from './directory-counts.repository.ts';
import { searchContractorRows, type DirectoryFilters } from './directory.repository.ts';
import type { TradePart } from './directory-rule.ts';

// A place's reach through the GiST indexes of migration 0064 (decision 076, "Amended 2026-12-07
// (h30)"): the reach cube is only a way in, the exact distance decides, so the cube must hold
// every point the contractor reaches; and a nearest-first page, whose ids come from the bases'
// index alone, is the order of the distances and then the ids, listed contractors only.

const NACO = { lat: 18.4735, lng: -69.9311 };

describe("a contractor's reach cube", () => {
  let d: TestDatabase;
  beforeAll(async () => {
    d = await createTestDatabase();
  });
  afterAll(async () => {
    await d.drop();
  });

  it('holds every point within the radius, at every latitude the countries have, and leaves out far ones', async () => {
    // Bases at latitudes from Colombia's south to Mexico's north; points every 30° of bearing at
    // 0–120 km and at each radius exactly; radii from 1 to 100 km.
    const result = await d.db.execute<{ reached: number; missed: number; outside: number; far: number }>(sql`
      WITH base AS (SELECT lat, -70.0 + lat / 3 AS lng FROM generate_series(-4.0, 32.0, 4.5) lat),
      pair AS (
        SELECT b.lat, b.lng, r AS radius,
          degrees(asin(sin(radians(b.lat)) * cos(k / 6371.0) + cos(radians(b.lat)) * sin(k / 6371.0) * cos(radians(a)))) AS plat,
          b.lng + degrees(atan2(sin(radians(a)) * sin(k / 6371.0) * cos(radians(b.lat)),
            cos(k / 6371.0) - sin(radians(b.lat)) * sin(radians(degrees(asin(sin(radians(b.lat)) * cos(k / 6371.0) + cos(radians(b.lat)) * sin(k / 6371.0) * cos(radians(a)))))))) AS plng
        FROM base b, generate_series(0, 330, 30) a, (SELECT generate_series(0.0, 120.0, 2.0) UNION VALUES (1), (5), (15), (50), (100)) ks(k), (VALUES (1), (5), (15), (50), (100)) v(r)
      )
      SELECT count(*) FILTER (WHERE public.km_between(lat, lng, plat, plng) <= radius)::int AS reached,
        count(*) FILTER (WHERE public.km_between(lat, lng, plat, plng) <= radius AND NOT public.reach_at(lat, lng, radius) @> public.earth_at(plat, plng))::int AS missed,
        count(*) FILTER (WHERE NOT public.reach_at(lat, lng, radius) @> public.earth_at(plat, plng))::int AS outside,
        count(*) FILTER (WHERE public.km_between(lat, lng, plat, plng) > radius * 1.8)::int AS far
      FROM pair`);
    const { reached, missed, outside, far } = result.rows[0]!;
    expect(reached).toBeGreaterThan(3_000);
    expect(missed).toBe(0);
    // The cube is a box around the reach's circle: everything past its corners (√3 × the radius) is out.
    expect(outside).toBeGreaterThanOrEqual(far);
  });
});

describe('a nearest-first page read from the bases’ index', () => {
  let d: TestDatabase;
  beforeAll(async () => {
    d = await createTestDatabase();
    // 150 contractors: 60 sharing Naco's point (ties broken by id), the others 1–40 km away in
    // every direction, radii 5–50 km; a few banned, deleted, paused (never listed); every fifth
    // offering carpentry too.
    await insertContractorAccounts(d.db, 150, { bannedEvery: 23, deletedEvery: 29 });
    await d.db.execute(sql`
      INSERT INTO contractor_profiles (user_id, display_name, city, service_types, lat, lng, service_radius_km, paused_at)
      SELECT ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'Contratista ' || i, 'santo-domingo',
        CASE WHEN i % 5 = 0 THEN ARRAY['plomeria', 'ebanisteria'] ELSE ARRAY['plomeria'] END::service_type[],
        CASE WHEN i <= 60 THEN ${NACO.lat} ELSE ${NACO.lat} + (i % 40) / 111.0 * sin(i) END,
        CASE WHEN i <= 60 THEN ${NACO.lng} ELSE ${NACO.lng} + (i % 40) / 105.0 * cos(i) END,
        (ARRAY[5, 10, 15, 30, 50])[1 + i % 5], CASE WHEN i % 31 = 0 THEN now() END
      FROM generate_series(1, 150) i`);
    await d.db.execute(sql`ANALYZE contractor_profiles`);
  });
  afterAll(async () => {
    await d.drop();
  });

  /** The listed contractors reaching Naco (offering `service` when given), nearest first then by id, as plain SQL without the indexes' help. */
  async function expected(service?: string): Promise<string[]> {
    const result = await d.db.execute<{ id: string }>(sql`
      SELECT cp.user_id AS id FROM contractor_profiles cp JOIN users u ON u.id = cp.user_id
      WHERE u.status = 'active' AND u.banned_at IS NULL AND u.deleted_at IS NULL AND cp.paused_at IS NULL
        AND public.km_between(cp.lat, cp.lng, ${NACO.lat}::float8, ${NACO.lng}::float8) <= cp.service_radius_km
        AND (${service ?? null}::service_type IS NULL OR ${service ?? null}::service_type = ANY (cp.service_types))
      ORDER BY public.km_between(cp.lat, cp.lng, ${NACO.lat}::float8, ${NACO.lng}::float8), cp.user_id`);
    return result.rows.map((r) => r.id);
  }

  it.each([undefined, 'ebanisteria'] as const)('lists, page by page, the listed contractors reaching the place in distance and id order (service %s)', async (service) => {
    const filters: DirectoryFilters = { service: service ? [service] : [], rating: [], near: NACO };
    const all = await expected(service);
    expect(all.length).toBeGreaterThan(service ? 12 : 60);
    const read: string[] = [];
    for (let offset = 0; offset < all.length + 12; offset += 12) read.push(...(await searchContractorRows(d.db, filters, 'distance', 12, offset)).map((r) => r.id));
    expect(read).toEqual(all);
    expect(await countContractors(d.db, filters)).toBe(Math.min(all.length, DIRECTORY_COUNT_CAP + 1));
  });

  it("a place with one service is read through that service's own reach index (migration 0067), on a generic plan too", async () => {
    // One connection that plans every statement generically (as PostgreSQL may from a named
    // statement's sixth run), without the table (150 contractors fit a page or two).
    const pool = createPool(d.url, 1);
    const db = createDb(pool);
    await pool.query('SET plan_cache_mode = force_generic_plan; SET enable_seqscan = off');
    const scans = async (index: string) => {
      await pool.query('SELECT pg_stat_force_next_flush()');
      const { rows } = await pool.query<{ n: string }>('SELECT idx_scan AS n FROM pg_stat_user_indexes WHERE indexrelname = $1', [index]);
      return Number(rows[0]!.n);
    };
    try {
      const read = async (filters: DirectoryFilters, part?: TradePart) => {
        const [own, everyone] = [await scans('contractor_profiles_reach_ebanisteria_idx'), await scans('contractor_profiles_reach_idx')];
        await countContractors(db, filters, DIRECTORY_COUNT_CAP + 1, part);
        return { own: (await scans('contractor_profiles_reach_ebanisteria_idx')) - own, everyone: (await scans('contractor_profiles_reach_idx')) - everyone };
      };
      expect(await read({ service: ['ebanisteria'], rating: [], near: NACO })).toEqual({ own: 1, everyone: 0 });
      // A trade word's offering part too ('ebanista': carpentry).
      expect(await read({ q: 'ebanista', service: [], rating: [], near: NACO }, 'offering')).toEqual({ own: 1, everyone: 0 });
      // Two services: everyone's reach.
      expect(await read({ service: ['ebanisteria', 'plomeria'], rating: [], near: NACO })).toEqual({ own: 0, everyone: 1 });
    } finally {
      await pool.end();
    }
  });
});
