/**
 * Fills a scratch database with a directory at scale for `npm run bench`: contractors
 * (users + contractor_profiles with Spanish names, companies, descriptions, services, cities,
 * zones, coordinates near the city centre, badges and aggregates), one client per contractor,
 * ten projects per contractor by default (open, in progress, completed…; the bench's memory
 * step asks for fewer, `BENCH_MEMORY_PROJECTS_PER_CONTRACTOR`) and the reviews of completed
 * projects. Everything is set-based SQL over generate_series, deterministic (a hash of the row
 * number stands in for randomness), and appended in batches: generateDirectory(pool, 0, 10_000)
 * then (10_000, 100_000) gives the 100,000-contractor directory whose first tenth is the
 * 10,000 one.
 *
 * Distributions are skewed on purpose, so filters and free text behave as in real life: a few
 * trades (plumbing, electricity) and cities (Santo Domingo, Santiago) dominate, first names and
 * surnames follow a long tail with some rare surnames, a few contractors get most of the work,
 * ratings lean high.
 *
 * Standalone: DATABASE_URL=postgres://… CONTRACTORS=100000 tsx scripts/bench/generate-directory.ts
 * (a migrated, empty database; DO NOT point it at data you care about).
 */
import { COUNTRIES } from '@arreglaya/shared/countries';
import { SERVICE_TYPES } from '@arreglaya/shared/domain';
import { placesOf } from '@arreglaya/shared/places';
import pg from 'pg';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES } from '../../apps/server/src/demo/data-people.ts';
import { DEMO_CITIES } from '../../apps/server/src/demo/data-places.ts';
import { PROJECT_TEMPLATES } from '../../apps/server/src/demo/data-projects.ts';
import { CLOSING_PRAISE, MIXED_COMMENTS, POOR_COMMENTS, REVIEW_TITLES, TRADE_PRAISE } from '../../apps/server/src/demo/data-reviews.ts';
import { CLOSERS, TRADES } from '../../apps/server/src/demo/data-trades.ts';
import { PLACE_WEIGHTS, RARE_LAST_NAMES, STATUS_CUTS, TRADE_SHARE } from './generate-directory-data.ts';

export { TRADE_SHARE };

/** Projects generated per contractor by default (1,000,000 projects for 100,000 contractors). */
export const PROJECTS_PER_CONTRACTOR = 10;

/** E-mail domain of generated people (never a real inbox). */
export const BENCH_EMAIL_DOMAIN = 'carga.arreglaya.test';

const q = (s: string) => `'${s.replaceAll("'", "''")}'`;
const arr = (values: readonly string[], type = 'text') => `ARRAY[${values.map(q).join(',')}]::${type}[]`;

/** Weighted choice as a lookup table: `slots[1 + floor(x * slots.length)]` picks by weight. */
function slots<T>(weights: readonly (readonly [T, number])[], size: number): T[] {
  const total = weights.reduce((n, [, w]) => n + w, 0);
  const out: T[] = [];
  let acc = 0;
  for (const [value, w] of weights) {
    acc += w;
    while (out.length < Math.round((acc / total) * size)) out.push(value);
  }
  return out;
}

/** Session functions (pg_temp) and lookup tables the generator's SQL reads. */
export function setupSql(): string[] {
  const places = PLACE_WEIGHTS.map(([country, city, zone], n) => {
    const c = COUNTRIES[country].cities.find((x) => x.key === city)!;
    const demo = DEMO_CITIES.find((d) => d.key === city && country === 'DO');
    // A zone's centre: the mean of the demo's sectors in it.
    const sectors = demo?.sectors.filter((s) => zone && s.zone === zone) ?? [];
    const lat = sectors.length ? sectors.reduce((a, s) => a + s.lat, 0) / sectors.length : c.lat;
    const lng = sectors.length ? sectors.reduce((a, s) => a + s.lng, 0) / sectors.length : c.lng;
    const region = demo?.regions[0] ?? c.name;
    // Contractors' bases: the places of the city (places.ts), those of the zone when it has some.
    const cityPlaces = country === 'DO' ? placesOf(city) : [];
    const inZone = cityPlaces.filter((x) => zone && x.zone === zone);
    const bases = inZone.length > 0 ? inZone : cityPlaces;
    const baseArrays = `${arr(bases.map((b) => b.slug))}, ARRAY[${bases.map((b) => b.lat).join(',')}]::float8[], ARRAY[${bases.map((b) => b.lng).join(',')}]::float8[]`;
    return `(${n}, ${q(country)}::country_code, ${q(city)}, ${zone ? `${q(zone)}::zone` : 'NULL::zone'}, ${lat}, ${lng}, ${q(c.name)}, ${q(region)}, ${baseArrays})`;
  });
  const placeSlots = slots(
    PLACE_WEIGHTS.map((p, n) => [n, p[3]] as const),
    1000,
  );
  const tradeSlots = slots(
    SERVICE_TYPES.map((s) => [SERVICE_TYPES.indexOf(s), TRADE_SHARE[s]] as const),
    100,
  );
  const trades = SERVICE_TYPES.map((s, n) => {
    const t = TRADES[s];
    const tpl = PROJECT_TEMPLATES[s];
    return `(${n}, ${q(s)}::service_type, ${arr(t.related, 'service_type')}, ${arr(t.companies)}, ${arr(t.openers)}, ${arr(t.specifics)}, ${arr(TRADE_PRAISE[s])},
      ${arr(tpl.map((x) => x.title))}, ${arr(tpl.map((x) => x.description))}, ${arr(tpl.map((x) => x.property.join(',')))})`;
  });
  // Enum constants in each branch: a text result cast per row would look the enum up every time.
  const statusCase = `CASE ${STATUS_CUTS.map(([s, cut]) => `WHEN x < ${cut} THEN ${q(s)}::project_status`).join(' ')} ELSE 'cancelled'::project_status END`;
  return [
    // A uniform number in [0, 1) for row i and purpose `salt`: Jenkins hash, no state.
    `CREATE FUNCTION pg_temp.r(i bigint, salt int) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE
       AS $$ SELECT (hashint8(i * 64 + salt)::float8 + 2147483648) / 4294967296 $$`,
    // A v4-shaped UUID for row i of a kind (1 contractor, 2 client, 3 project, 4 review).
    // Random-looking in front (index inserts spread like real v4 ids), unique at the end.
    `CREATE FUNCTION pg_temp.uid(kind int, i bigint) RETURNS uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE
       AS $$ SELECT (lpad(to_hex(hashint8(i * 64 + kind)), 8, '0') || '-' || lpad(to_hex(hashint8(i * 64 + kind + 32) & 65535), 4, '0') || '-4'
         || lpad(to_hex(kind), 3, '0') || '-8' || lpad(to_hex(hashint8(i * 64 + kind + 16) & 4095), 3, '0') || '-' || lpad(to_hex(i), 12, '0'))::uuid $$`,
    `CREATE FUNCTION pg_temp.place(i bigint) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE
       AS $$ SELECT (ARRAY[${placeSlots.join(',')}])[1 + floor(pg_temp.r(i, 7) * ${placeSlots.length})::int] $$`,
    `CREATE FUNCTION pg_temp.trade(i bigint) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE
       AS $$ SELECT (ARRAY[${tradeSlots.join(',')}])[1 + floor(pg_temp.r(i, 3) * ${tradeSlots.length})::int] $$`,
    // A contractor's quality: where their review ratings centre (most are good).
    `CREATE FUNCTION pg_temp.quality(i bigint) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE
       AS $$ SELECT 5.2 - 3.4 * pg_temp.r(i, 9) ^ 3 $$`,
    `CREATE FUNCTION pg_temp.status(x float8) RETURNS project_status LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ${statusCase} $$`,
    // Picks from an array; skew > 1 favours its first elements (common names, first templates).
    `CREATE FUNCTION pg_temp.pick(a anyarray, x float8, skew float8 DEFAULT 1) RETURNS anyelement LANGUAGE sql IMMUTABLE PARALLEL SAFE
       AS $$ SELECT a[1 + floor(x ^ skew * cardinality(a))::int] $$`,
    `CREATE TEMP TABLE g_place (n int PRIMARY KEY, country country_code, city text, zone zone, lat float8, lng float8, city_name text, region text,
       base_slugs text[], base_lats float8[], base_lngs float8[])`,
    `INSERT INTO g_place VALUES ${places.join(',\n')}`,
    `CREATE TEMP TABLE g_trade (n int PRIMARY KEY, svc service_type, related service_type[], companies text[], openers text[], specifics text[], praise text[],
       titles text[], descriptions text[], properties text[])`,
    `INSERT INTO g_trade VALUES ${trades.join(',\n')}`,
    `CREATE TEMP TABLE g_words AS SELECT ${arr(MALE_FIRST_NAMES)} AS male, ${arr(FEMALE_FIRST_NAMES)} AS female, ${arr(LAST_NAMES)} AS last,
       ${arr(RARE_LAST_NAMES)} AS rare, ${arr(CLOSERS)} AS closers, ${arr(CLOSING_PRAISE)} AS closing, ${arr(MIXED_COMMENTS)} AS mixed,
       ${arr(POOR_COMMENTS)} AS poor, ${arr(REVIEW_TITLES[5])} AS t5, ${arr(REVIEW_TITLES[4])} AS t4, ${arr(REVIEW_TITLES[3])} AS t3,
       ${arr(REVIEW_TITLES[2])} AS t2, ${arr(REVIEW_TITLES[1])} AS t1`,
  ];
}

const KIND = { c: 1, k: 2 } as const;

/** People of one batch: contractors [from, to) and as many clients with the same numbers. */
function peopleSql(kind: 'c' | 'k', from: number, to: number): string {
  const contractor = kind === 'c';
  return `
  CREATE TEMP TABLE g_${kind} AS
  SELECT i, pg_temp.uid(${KIND[kind]}, i) AS id,
    CASE WHEN pg_temp.r(i, 1) < ${contractor ? 0.82 : 0.45} THEN pg_temp.pick(w.male, pg_temp.r(i, 2), 1.6) ELSE pg_temp.pick(w.female, pg_temp.r(i, 2), 1.6) END AS first,
    CASE WHEN pg_temp.r(i, 4) < 0.05 THEN pg_temp.pick(w.rare, pg_temp.r(i, 5)) ELSE pg_temp.pick(w.last, pg_temp.r(i, 5), 1.4) END AS last1,
    CASE WHEN pg_temp.r(i, 6) < 0.55 THEN pg_temp.pick(w.last, pg_temp.r(i, 8), 1.4) END AS last2,
    pg_temp.place(i) AS place,
    now() - interval '6 years' * pg_temp.r(i, 10) ^ 0.6 AS created_at
  FROM generate_series(${from}, ${to - 1}) i CROSS JOIN g_words w`;
}

function insertUsersSql(kind: 'c' | 'k'): string {
  const role = kind === 'c' ? 'contractor' : 'client';
  // About 1% of contractors deleted their account and 0.5% are banned: not listed.
  const status =
    kind === 'c'
      ? `CASE WHEN pg_temp.r(i, 11) < 0.01 THEN 'deleted'::user_status WHEN pg_temp.r(i, 11) < 0.015 THEN 'banned'::user_status ELSE 'active'::user_status END`
      : `'active'::user_status`;
  return `
  INSERT INTO users (id, email, email_verified, name, role, status, first_name, last_name, phone, country, banned_at, deleted_at, created_at, updated_at)
  SELECT id, '${kind}' || i || '@${BENCH_EMAIL_DOMAIN}', true, first || ' ' || last1 || coalesce(' ' || last2, ''), '${role}', s.status, first,
    last1 || coalesce(' ' || last2, ''), '809-' || (200 + i % 800) || '-' || lpad((i % 10000)::text, 4, '0'), p.country,
    CASE WHEN s.status = 'banned' THEN created_at + interval '200 days' END, CASE WHEN s.status = 'deleted' THEN created_at + interval '300 days' END,
    created_at, created_at
  FROM g_${kind} JOIN g_place p ON p.n = place CROSS JOIN LATERAL (SELECT ${status} AS status) s`;
}

/** Projects of clients [from, to) (`perContractor` each); the contractor of an assigned one is skewed to the popular few. */
function projectsSql(from: number, to: number, perContractor: number): string {
  const pf = from * perContractor;
  const pt = to * perContractor;
  const n = to - from;
  return `
  CREATE TEMP TABLE g_p AS
  SELECT j, pg_temp.uid(3, j) AS id, ${from} + floor(pg_temp.r(j, 12) * ${n})::bigint AS client, c.ci AS contractor, s.status,
    CASE WHEN c.ci IS NULL THEN pg_temp.trade(j) ELSE pg_temp.trade(c.ci) END AS trade,
    now() - interval '3 years' * pg_temp.r(j, 14) ^ 0.8 - interval '20 days' AS created_at
  FROM generate_series(${pf}, ${pt - 1}) j
  CROSS JOIN LATERAL (SELECT pg_temp.status(pg_temp.r(j, 13)) AS status) s
  CROSS JOIN LATERAL (SELECT CASE WHEN s.status <> 'created' AND NOT (s.status = 'cancelled' AND pg_temp.r(j, 15) < 0.5)
    THEN ${from} + floor(pg_temp.r(j, 16) ^ 2.2 * ${n})::bigint END AS ci) c`;
}

const INSERT_PROJECTS = `
  INSERT INTO projects (id, client_id, contractor_id, title, description, property_type, service_types, status, intention, start_date,
    country, city, zone, currency, assigned_at, delivered_at, completed_at, cancelled_at, created_at, updated_at)
  SELECT g.id, pg_temp.uid(2, g.client), pg_temp.uid(1, g.contractor), t.titles[k], t.descriptions[k],
    pg_temp.pick(string_to_array(t.properties[k], ','), pg_temp.r(j, 17))::property_type,
    CASE WHEN pg_temp.r(j, 18) < 0.2 THEN ARRAY[t.svc, pg_temp.pick(t.related, pg_temp.r(j, 19))] ELSE ARRAY[t.svc] END,
    g.status, CASE WHEN pg_temp.r(j, 20) < 0.8 THEN 'ready'::project_intention ELSE 'quoting'::project_intention END,
    (g.created_at + interval '10 days')::date, p.country, p.city, p.zone,
    CASE p.country WHEN 'DO' THEN 'DOP'::currency WHEN 'CO' THEN 'COP'::currency ELSE 'MXN'::currency END,
    CASE WHEN g.contractor IS NOT NULL AND g.status <> 'cancelled' THEN g.created_at + interval '3 days' END,
    CASE WHEN g.status IN ('delivered', 'completado', 'disputed') THEN g.created_at + interval '15 days' END,
    CASE WHEN g.status = 'completado' THEN g.created_at + interval '18 days' END,
    CASE WHEN g.status = 'cancelled' THEN g.created_at + interval '5 days' END,
    g.created_at, g.created_at + interval '18 days'
  FROM g_p g JOIN g_trade t ON t.n = g.trade CROSS JOIN LATERAL (SELECT 1 + floor(pg_temp.r(g.j, 21) ^ 1.3 * cardinality(t.titles))::int AS k) kk
  JOIN g_place p ON p.n = pg_temp.place(g.client)`;

/** Seven in ten completed projects get the client's review; nine in ten reviews are approved. */
const REVIEWS = `
  CREATE TEMP TABLE g_r AS
  SELECT g.j, g.id AS project_id, pg_temp.uid(2, g.client) AS author_id, pg_temp.uid(1, g.contractor) AS subject_id, g.trade,
    greatest(1, least(5, round(pg_temp.quality(g.contractor) + (pg_temp.r(g.j, 22) - 0.5) * 2.2)))::smallint AS rating,
    CASE WHEN pg_temp.r(g.j, 23) < 0.9 THEN 'approved'::review_status WHEN pg_temp.r(g.j, 23) < 0.97 THEN 'pending'::review_status
      ELSE 'rejected'::review_status END AS status,
    g.created_at + interval '20 days' AS created_at
  FROM g_p g WHERE g.status = 'completado' AND pg_temp.r(g.j, 24) < 0.7`;

const INSERT_REVIEWS = `
  INSERT INTO reviews (id, project_id, author_id, subject_id, direction, rating, title, comments, status, moderated_at, created_at, updated_at)
  SELECT pg_temp.uid(4, r.j), r.project_id, r.author_id, r.subject_id, 'client_to_contractor', r.rating,
    pg_temp.pick(CASE r.rating WHEN 5 THEN w.t5 WHEN 4 THEN w.t4 WHEN 3 THEN w.t3 WHEN 2 THEN w.t2 ELSE w.t1 END, pg_temp.r(r.j, 25)),
    CASE WHEN r.rating >= 4 THEN pg_temp.pick(t.praise, pg_temp.r(r.j, 26)) || ' ' || pg_temp.pick(w.closing, pg_temp.r(r.j, 27))
         WHEN r.rating = 3 THEN pg_temp.pick(w.mixed, pg_temp.r(r.j, 26)) ELSE pg_temp.pick(w.poor, pg_temp.r(r.j, 26)) END,
    r.status, CASE WHEN r.status <> 'pending' THEN r.created_at + interval '1 day' END, r.created_at, r.created_at
  FROM g_r r JOIN g_trade t ON t.n = r.trade CROSS JOIN g_words w`;

/** Profiles last, with the aggregates of the batch's projects and approved reviews. */
const INSERT_PROFILES = `
  INSERT INTO contractor_profiles (user_id, display_name, company_name, cedula, service_types, description, address, postal_code, city, zone, country,
    lat, lng, base_sector, service_radius_km, verified_at, featured, rating_avg, rating_count, completed_projects, favourites_count, created_at, updated_at)
  SELECT c.id, c.first || ' ' || c.last1 || coalesce(' ' || c.last2, ''),
    CASE WHEN pg_temp.r(c.i, 30) < 0.65 THEN replace(replace(replace(pg_temp.pick(t.companies, pg_temp.r(c.i, 31)), '{last}', c.last1), '{first}', c.first), '{region}', p.region) END,
    -- No cédula: stored in the clear, the server would seal each one at start (sealLegacyContractorCedulas,
    -- one UPDATE per row: minutes at 100,000), and the directory never reads it.
    NULL,
    ARRAY[t.svc] || CASE WHEN pg_temp.r(c.i, 33) < 0.55 THEN t.related[1:1 + floor(pg_temp.r(c.i, 34) * cardinality(t.related))::int] ELSE '{}' END,
    CASE WHEN pg_temp.r(c.i, 35) < 0.9 THEN
      replace(replace(pg_temp.pick(t.openers, pg_temp.r(c.i, 36)), '{years}', (2 + floor(pg_temp.r(c.i, 37) ^ 1.5 * 30))::int::text), '{place}', p.city_name)
      || ' ' || pg_temp.pick(t.specifics, pg_temp.r(c.i, 38))
      || CASE WHEN pg_temp.r(c.i, 39) < 0.5 THEN ' ' || pg_temp.pick(t.specifics, pg_temp.r(c.i, 40)) ELSE '' END
      || ' ' || pg_temp.pick(w.closers, pg_temp.r(c.i, 41)) END,
    'Calle ' || (1 + c.i % 40) || ' No. ' || (1 + c.i % 250), (10000 + c.i % 90000)::text, p.city, p.zone, p.country,
    -- A base among the city's places (decision 042; none outside the Dominican Republic) and a radius, most 10–20 km.
    p.base_lats[b.k], p.base_lngs[b.k], p.base_slugs[b.k], (ARRAY[5, 10, 15, 15, 15, 20, 30, 50])[1 + floor(pg_temp.r(c.i, 43) * 8)::int],
    CASE WHEN pg_temp.r(c.i, 45) < 0.45 THEN c.created_at + interval '7 days' END, pg_temp.r(c.i, 46) < 0.02,
    coalesce(rv.avg, 0), coalesce(rv.n, 0), coalesce(pj.done, 0), coalesce(pj.done, 0) / 3 + floor(pg_temp.r(c.i, 47) * 4)::int,
    c.created_at, c.created_at
  FROM g_c c JOIN g_trade t ON t.n = pg_temp.trade(c.i) JOIN g_place p ON p.n = c.place CROSS JOIN g_words w
  CROSS JOIN LATERAL (SELECT 1 + floor(pg_temp.r(c.i, 42) * greatest(cardinality(p.base_slugs), 1))::int AS k) b
  LEFT JOIN (SELECT contractor, count(*) FILTER (WHERE status = 'completado')::int AS done FROM g_p GROUP BY contractor) pj ON pj.contractor = c.i
  LEFT JOIN (SELECT subject_id, avg(rating)::real AS avg, count(*)::int AS n FROM g_r WHERE status = 'approved' GROUP BY subject_id) rv ON rv.subject_id = c.id`;

const INSERT_CLIENT_PROFILES = `
  INSERT INTO client_profiles (user_id, city, zone, updated_at)
  SELECT k.id, p.city, p.zone, k.created_at FROM g_k k JOIN g_place p ON p.n = k.place`;

const TABLES = ['users', 'client_profiles', 'contractor_profiles', 'projects', 'reviews'];

export interface GenerateResult {
  contractors: number;
  projects: number;
  reviews: number;
  seconds: number;
}

/**
 * Appends contractors [from, to) with their clients, projects and reviews, then rebuilds the
 * indexes, runs VACUUM ANALYZE and a checkpoint. Needs a superuser connection (it defers foreign-key
 * triggers while loading rows that are consistent by construction). `projectsPerContractor`
 * (default 10) must stay the same for every batch of one database (project numbers follow it).
 */
export async function generateDirectory(
  pool: pg.Pool,
  from: number,
  to: number,
  log: (msg: string) => void = () => undefined,
  opts: { projectsPerContractor?: number } = {},
): Promise<GenerateResult> {
  const started = performance.now();
  const client = await pool.connect();
  const step = async (label: string, sql: string) => {
    const t0 = performance.now();
    if (process.env.GEN_EXPLAIN && label) {
      const plan = await client.query(`EXPLAIN (ANALYZE) ${sql}`);
      log(plan.rows.map((r: Record<string, string>) => Object.values(r)[0]).join('\n'));
      return plan;
    }
    const res = await client.query(sql);
    if (label) log(`  ${label}: ${res.rowCount ?? 0} rows, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return res;
  };
  try {
    await client.query(`SET synchronous_commit = off; SET work_mem = '256MB'; SET maintenance_work_mem = '512MB'; SET session_replication_role = replica`);
    for (const sql of setupSql()) await client.query(sql);
    // Secondary indexes are dropped during the load and rebuilt after (much faster than
    // maintaining a GIN index row by row); primary keys and constraints stay.
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
       WHERE i.indrelid = ANY($1::regclass[]) AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
      [TABLES],
    );
    await client.query('BEGIN');
    for (const ix of indexes) await client.query(`DROP INDEX ${ix.name}`);
    await step('', peopleSql('c', from, to));
    await step('', peopleSql('k', from, to));
    await step('contractor accounts', insertUsersSql('c'));
    await step('client accounts', insertUsersSql('k'));
    await step('', projectsSql(from, to, opts.projectsPerContractor ?? PROJECTS_PER_CONTRACTOR));
    await step('projects', INSERT_PROJECTS);
    await step('', REVIEWS);
    await step('reviews', INSERT_REVIEWS);
    await step('contractor profiles', INSERT_PROFILES);
    await step('client profiles', INSERT_CLIENT_PROFILES);
    // The directory's counts (migrations 0063, 0065) and the profiles' account_listable (0066) are
    // kept by triggers, which the replica role above turns off: set afresh once the contractors are in.
    await step('listed contractor counts', 'SELECT public.listed_counts_rebuild()');
    const t0 = performance.now();
    for (const ix of indexes) await client.query(ix.def);
    log(`  ${indexes.length} indexes rebuilt: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const { rows } = await client.query<{ p: number; r: number }>(`SELECT (SELECT count(*) FROM g_p)::int AS p, (SELECT count(*) FROM g_r)::int AS r`);
    for (const t of ['g_c', 'g_k', 'g_p', 'g_r']) await client.query(`DROP TABLE ${t}`);
    await client.query('COMMIT');
    const t1 = performance.now();
    // Visibility map and statistics, as autovacuum would leave a live database.
    await client.query(`VACUUM (ANALYZE) ${TABLES.join(', ')}`);
    // Write the loaded pages out now, not in the background while the bench measures.
    await client.query('CHECKPOINT');
    log(`  vacuum analyze, checkpoint: ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    return { contractors: to - from, projects: rows[0]!.p, reviews: rows[0]!.r, seconds: (performance.now() - started) / 1000 };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release(true);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL: a migrated scratch database');
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email LIKE '%@${BENCH_EMAIL_DOMAIN}' AND role = 'contractor'`);
  const from = rows[0]!.n;
  const to = Number(process.env.CONTRACTORS ?? 100_000);
  const r = await generateDirectory(pool, from, to, console.log);
  console.log(`${r.contractors} contractors, ${r.projects} projects, ${r.reviews} reviews in ${r.seconds.toFixed(1)} s`);
  await pool.end();
}
