/**
 * `npx tsx scripts/bench/directory-explain.ts`: EXPLAIN ANALYZE of the directory's main queries
 * (decision 076) on a generated directory (`CONTRACTORS`, 20,000) in a scratch embedded
 * PostgreSQL (`BENCH_EXPLAIN_DIR`, kept for the next run), through the directory's own read pool
 * and planner settings. Prints each query's plan.
 */
import fs from 'node:fs';
import { DIRECTORY_PAGE_SIZE } from '@arreglaya/shared/schemas/directory';
import { findPlace } from '@arreglaya/shared/places';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createDb, createPool } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import { startDirectory } from '../../apps/server/src/modules/directory/directory.ts';
import { generateDirectory } from './generate-directory.ts';

const CONTRACTORS = Number(process.env.CONTRACTORS ?? 20_000);
const dir = process.env.BENCH_EXPLAIN_DIR ?? '/tmp/arreglaya-directory-explain';
fs.mkdirSync(dir, { recursive: true });
const database = await startEmbeddedPostgres(dir, () => undefined);
const pool = createPool({ connectionString: database.url, options: '-c random_page_cost=1.1 -c max_parallel_workers_per_gather=0' }, 2);
try {
  await runMigrations(pool);
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM contractor_profiles');
  if (Number(rows[0]!.n) === 0) await generateDirectory(pool, 0, CONTRACTORS, (m) => console.log(m));
  await pool.query('ANALYZE');
  const directory = startDirectory({ db: createDb(pool), log: createLogger({ LOG_LEVEL: 'silent' }) });
  const { searchContractorRows, countContractors } = await import('../../apps/server/src/modules/directory/directory.repository.ts');
  const naco = findPlace('naco')!;
  const near = { lat: naco.lat, lng: naco.lng };
  const cases: [string, Parameters<typeof searchContractorRows>[1], Parameters<typeof searchContractorRows>[2]][] = [
    ['no filter', { service: [], rating: [] }, 'popular'],
    ['service filter', { service: ['pintura'], rating: [] }, 'popular'],
    ['free text', { q: 'martinez', service: [], rating: [] }, 'popular'],
    ['trade word', { q: 'plomero', service: [], rating: [] }, 'popular'],
    ['place, nearest first', { service: [], rating: [], near }, 'distance'],
    ['trade word at a place', { q: 'plomero', service: [], rating: [], near }, 'distance'],
  ];
  // The queries as the repository builds them, explained: drizzle's SQL captured by a logging db.
  const dialect = new PgDialect();
  const explain = async (label: string, query: SQL | { toSQL(): { sql: string; params: unknown[] } }) => {
    const built = 'toSQL' in query ? query.toSQL() : dialect.sqlToQuery(query);
    const plan = await pool.query(`EXPLAIN (ANALYZE, COSTS OFF) ${built.sql}`, built.params);
    console.log(`\n== ${label}\n${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}`);
  };
  const captured: { sql: string; params: unknown[] }[] = [];
  const capturing = createDb({
    query: (text: string | { text: string; values?: unknown[] }, values?: unknown[]) => {
      captured.push(typeof text === 'string' ? { sql: text, params: values ?? [] } : { sql: text.text, params: values ?? text.values ?? [] });
      return Promise.resolve({ rows: [], rowCount: 0, fields: [] });
    },
  } as never);
  for (const [label, filters, sort] of cases) {
    captured.length = 0;
    await searchContractorRows(capturing, filters, sort, DIRECTORY_PAGE_SIZE, 0).catch(() => undefined);
    await countContractors(capturing, filters).catch(() => undefined);
    for (const [i, q] of captured.entries()) await explain(`${label}: ${i === captured.length - 1 ? 'count' : `page, read ${i + 1}`}`, { toSQL: () => q });
  }
  await directory.stop();
} finally {
  await pool.end();
  await database.stop();
}
