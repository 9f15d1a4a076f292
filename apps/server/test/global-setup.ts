import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded-postgres.ts';
import { createDb, createPool } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { installJobQueues } from '../src/modules/jobs/job-queue.ts';

export const TEMPLATE_DB = 'arreglaya_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run (embedded, or TEST_DATABASE_URL's server), with a
 * template database already migrated; each test file clones it (fast) and drops it after.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let embedded: EmbeddedDatabase | undefined;
  let dir: string | undefined;
  let adminUrl: string;
  if (process.env.TEST_DATABASE_URL) {
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = '';
    adminUrl = url.toString().replace(/\/$/, '');
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-test-pg-'));
    embedded = await startEmbeddedPostgres(dir, () => undefined);
    adminUrl = embedded.url.replace(/\/arreglaya$/, '');
  }

  const admin = new pg.Client({ connectionString: `${adminUrl}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const pool = createPool(`${adminUrl}/${TEMPLATE_DB}`, 2);
  await runMigrations(pool);
  // pg-boss's schema and the app's queues, once: every test database is cloned with them, so an
  // app's queue starts without creating tables (decision 035).
  await installJobQueues(createDb(pool));
  await pool.end();

  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    await embedded?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
