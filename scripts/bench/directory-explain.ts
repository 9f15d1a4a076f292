/**
 * `npx tsx scripts/bench/directory-explain.ts`: EXPLAIN ANALYZE of the directory's queries
 * (decision 076) on a generated directory (`CONTRACTORS`, 20,000) in a scratch embedded
 * PostgreSQL (`BENCH_EXPLAIN_DIR`, kept for the next run), with the directory's planner settings.
 * Each search goes through the service as a request would (searchDirectory): the statements it
 * really runs are recorded, then each is explained `BENCH_EXPLAIN_RUNS` times (3); the last plan is
 * printed and a summary gives each statement's median time and the pages it touched. Then the figures the landing and the
 * service-and-city pages read, and deep pages of every sort (OFFSET, decision 076's "Keyset").
 * `BENCH_EXPLAIN_SUMMARY=1` prints the summary alone; `BENCH_EXPLAIN_CASES=deep` (or `search`,
 * `figures`, or several with commas) runs those groups.
 */
import fs from 'node:fs';
import { DIRECTORY_MAX_PAGE, DirectorySearchSchema, type DirectorySearchInput } from '@arreglaya/shared/schemas/directory';
import type pg from 'pg';
import { createDb, createPool, type Db } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { searchDirectory } from '../../apps/server/src/modules/directory/directory.service.ts';
import { readServiceCityRows } from '../../apps/server/src/modules/directory/service-city.repository.ts';
import { countContractorsByService } from '../../apps/server/src/modules/services/service-counts.repository.ts';
import { generateDirectory } from './generate-directory.ts';

const CONTRACTORS = Number(process.env.CONTRACTORS ?? 20_000);
const RUNS = Number(process.env.BENCH_EXPLAIN_RUNS ?? 3);
const SUMMARY_ONLY = process.env.BENCH_EXPLAIN_SUMMARY === '1';
const GROUPS = (process.env.BENCH_EXPLAIN_CASES ?? 'search,figures,deep').split(',');
const dir = process.env.BENCH_EXPLAIN_DIR ?? '/tmp/arreglaya-directory-explain';

/** The searches, as the API's query string has them. */
const SEARCHES: [string, DirectorySearchInput][] = [
  ['no filter', {}],
  ['service filter', { service: 'pintura' }],
  ['service and city (a service-and-city page)', { service: 'plomeria', country: 'DO', city: 'santo-domingo' }],
  ['free text', { q: 'martinez' }],
  ['two words (walk or collect)', { q: 'juan carlos' }],
  ['trade word', { q: 'plomero' }],
  ['trade word, best rated', { q: 'electricista', sort: 'rating_desc' }],
  ['trade word, page 50', { q: 'plomero', page: 50 }],
  ['place, nearest first', { donde: 'naco', sort: 'distance' }],
  ['place, most popular', { donde: 'naco' }],
  ['trade word at a place, nearest first', { q: 'plomero', donde: 'naco', sort: 'distance' }],
  ['trade word at a place, most popular', { q: 'plomero', donde: 'naco' }],
];

/** Deep pages (OFFSET) of every sort, without filters and nearest first from a place: the last page there is, and two past it. */
const DEEP_PAGES = [50, DIRECTORY_MAX_PAGE, 200, 1000];
const DEEP: [string, DirectorySearchInput][] = (['popular', 'reviews', 'rating_desc', 'rating_asc'] as const).flatMap((sort) =>
  DEEP_PAGES.map((page): [string, DirectorySearchInput] => [`${sort}, page ${page}`, { sort, page }]),
);
DEEP.push(...DEEP_PAGES.map((page): [string, DirectorySearchInput] => [`place, nearest first, page ${page}`, { donde: 'naco', sort: 'distance', page }]));

interface Recorded {
  text: string;
  values: unknown[];
}

/** A Db over the pool that records every statement it runs (and runs it). */
function recordingDb(pool: pg.Pool, recorded: Recorded[]): Db {
  const client = {
    query(config: string | { text: string; values?: unknown[] }, values?: unknown[]) {
      const text = typeof config === 'string' ? config : config.text;
      recorded.push({ text, values: values ?? (typeof config === 'string' ? [] : (config.values ?? [])) });
      return (pool.query as (...args: unknown[]) => Promise<unknown>)(config, values);
    },
  };
  return createDb(client as unknown as pg.Pool);
}

function kindOf(text: string): 'estimate' | 'count' | 'read' {
  if (text.includes('reltuples')) return 'estimate';
  return /^\s*select (\(select )?count\(\*\)/i.test(text) ? 'count' : 'read';
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

fs.mkdirSync(dir, { recursive: true });
const database = await startEmbeddedPostgres(dir, () => undefined);
const pool = createPool({ connectionString: database.url, options: '-c random_page_cost=1.1 -c max_parallel_workers_per_gather=0' }, 2);
const summary: string[] = [];
try {
  await runMigrations(pool);
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM contractor_profiles');
  if (Number(rows[0]!.n) === 0) await generateDirectory(pool, 0, CONTRACTORS, (m) => console.log(m));
  await pool.query('ANALYZE');
  console.log(`${(await pool.query<{ n: string }>('SELECT count(*) AS n FROM contractor_profiles')).rows[0]!.n} contractors`);

  /**
   * Explains a statement RUNS times: the last plan, the median execution time and the pages
   * (8 kB buffers) its top node touched, which the machine's load does not change.
   */
  const explain = async (label: string, { text, values }: Recorded): Promise<{ ms: number; pages: number }> => {
    const times: number[] = [];
    let plan: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, values);
      plan = result.rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
      times.push(Number(/Execution Time: ([\d.]+)/.exec(plan.at(-1)!)?.[1] ?? NaN));
    }
    if (!SUMMARY_ONLY) console.log(`\n== ${label}\n${plan.join('\n')}`);
    const buffers = plan.find((line) => line.trim().startsWith('Buffers:')) ?? '';
    const pages = [...buffers.matchAll(/(?:hit|read)=(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
    return { ms: median(times), pages };
  };

  /** A search through the service, then each statement it ran, explained. */
  const explainSearch = async (label: string, input: DirectorySearchInput) => {
    const recorded: Recorded[] = [];
    // Past DIRECTORY_MAX_PAGE the API refuses the page: the service is asked directly, to show why it stops there.
    const search = { ...DirectorySearchSchema.parse({ ...input, page: undefined }), page: Number(input.page ?? 1) };
    await searchDirectory({ db: recordingDb(pool, recorded) }, search);
    const parts: string[] = [];
    let ms = 0;
    let pages = 0;
    let read = 0;
    for (const statement of recorded) {
      const kind = kindOf(statement.text) === 'read' ? `read ${++read}` : kindOf(statement.text);
      const one = await explain(`${label}: ${kind}`, statement);
      ms += one.ms;
      pages += one.pages;
      parts.push(`${kind} ${one.ms.toFixed(2)} ms ${one.pages} p`);
    }
    summary.push(`${label.padEnd(48)} ${ms.toFixed(2).padStart(8)} ms ${String(pages).padStart(6)} pages  (${parts.join(', ')})`);
  };

  if (GROUPS.includes('search')) for (const [label, input] of SEARCHES) await explainSearch(label, input);
  if (GROUPS.includes('figures')) {
    for (const [label, read] of [
      ['service-and-city figures (readServiceCityRows)', (db: Db) => readServiceCityRows(db)],
      ["landing's trade tiles (countContractorsByService, DO)", (db: Db) => countContractorsByService(db, 'DO')],
    ] as const) {
      const recorded: Recorded[] = [];
      await read(recordingDb(pool, recorded));
      const { ms, pages } = await explain(label, recorded[0]!);
      summary.push(`${label.padEnd(48)} ${ms.toFixed(2).padStart(8)} ms ${String(pages).padStart(6)} pages`);
    }
  }
  if (GROUPS.includes('deep')) for (const [label, input] of DEEP) await explainSearch(label, input);
  console.log(`\n== summary (median of ${RUNS} runs, ms)\n${summary.join('\n')}`);
} finally {
  await pool.end();
  await database.stop();
}
