/**
 * `npm run db:restore -- FILE [--force]` (decision 029): restores a `db:backup` file into the
 * configured database, an empty DATA_DIR (its embedded PostgreSQL is created and migrated
 * first) or an empty DATABASE_URL, and the photos into DATA_DIR/media when they are on disk.
 * A database that is not empty is refused unless --force (which replaces everything in it).
 * Stop the server first: with the embedded database it holds DATA_DIR; with DATABASE_URL every
 * instance must be stopped, or they keep serving what they hold in memory.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.ts';
import { BackupError, restoreBackup } from '../db/backup.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { openForMaintenance } from '../db/maintenance-connection.ts';

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error('Usage: npm run db:restore -- <backup file> [--force]');
  process.exit(2);
}
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
const config = loadConfig();
try {
  const connection = await openForMaintenance(config, { alongsideServer: false, log: (m) => console.log(m) });
  try {
    // Photos are on disk unless the S3_* variables are set (all five or none: config/env.ts).
    const onDisk = config.S3_BUCKET === undefined;
    await restoreBackup(connection.pool, file, { mediaDir: onDisk ? path.join(config.dataDir, 'media') : undefined, force: values.force, log: (m) => console.log(`db:${m}`) });
  } finally {
    await connection.close();
  }
} catch (err) {
  if (err instanceof BackupError || err instanceof DataDirInUseError) {
    console.error(`db:restore: ${err.message}`);
    process.exit(1);
  }
  throw err;
}
