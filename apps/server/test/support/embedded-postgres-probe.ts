// Starts the embedded PostgreSQL as a given user (tests: embedded-postgres.test.ts). Every module
// is loaded first, so the checkout itself need not be readable by that user.
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';

const runAs = process.env.PROBE_RUN_AS ? Number(process.env.PROBE_RUN_AS) : undefined;
if (runAs !== undefined) {
  process.setgroups?.([]);
  process.setgid?.(runAs);
  process.setuid?.(runAs);
}
const db = await startEmbeddedPostgres(process.env.PROBE_DATA_DIR!, (m) => console.log(m), { nativeDir: process.env.PROBE_NATIVE_DIR! });
try {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows } = await client.query<{ n: number }>('SELECT 1 + 1 AS n');
  await client.end();
  console.log(`ran as uid ${process.getuid?.()}: ${rows[0]!.n}`);
} finally {
  await db.stop();
}
