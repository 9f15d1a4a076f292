/**
 * What one directory request costs PostgreSQL and the service alone: the directory as the server
 * starts it (its read pool and planner settings; every answer from PostgreSQL, decision 076), one
 * request at a time, no other load, through the service's own functions (SQL and the JSON they
 * build, no HTTP).
 */
import { DirectorySearchSchema } from '@arreglaya/shared/schemas/directory';
import type pg from 'pg';
import { createDb } from '../../apps/server/src/db/client.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import { startDirectory } from '../../apps/server/src/modules/directory/directory.ts';
import { contractorPageJson, searchDirectory, type DirectoryDeps } from '../../apps/server/src/modules/directory/directory.service.ts';
import type { DirectoryTargetKey } from './directory-requests.ts';

export interface OneAtATimeTiming {
  p50: number;
  p99: number;
  /** Requests measured. */
  n: number;
}

/** How long each kind of request is measured (after a few to warm up). */
const BUDGET_MS = Number(process.env.BENCH_ONE_AT_A_TIME_MS ?? 6000);
const MAX_REQUESTS = 200;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs one request path (as the bench sends it) through the directory service. */
export function runPath(deps: DirectoryDeps, path: string): Promise<unknown> {
  const url = new URL(path, 'http://bench');
  const id = /^\/api\/contractors\/(.+)$/.exec(url.pathname)?.[1];
  if (id) return contractorPageJson(deps, id);
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    query[key] = all.length > 1 ? all : all[0]!;
  }
  return searchDirectory(deps, DirectorySearchSchema.parse(query));
}

export async function measureOneAtATime(pool: pg.Pool, requests: { next(key: DirectoryTargetKey): string }, key: DirectoryTargetKey): Promise<OneAtATimeTiming> {
  const directory = startDirectory({ db: createDb(pool), log: createLogger({ LOG_LEVEL: 'silent' }) });
  try {
    const deps: DirectoryDeps = directory;
    for (let i = 0; i < 3; i++) await runPath(deps, requests.next(key));
    const times: number[] = [];
    const until = performance.now() + BUDGET_MS;
    while (times.length < MAX_REQUESTS && performance.now() < until) {
      const path = requests.next(key);
      const t0 = performance.now();
      await runPath(deps, path);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p99: percentile(times, 99), n: times.length };
  } finally {
    await directory.stop();
  }
}
