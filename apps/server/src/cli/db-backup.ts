/**
 * `npm run db:backup` (decision 029): one file named with the time in BACKUP_DIR (./backups), or
 * in `--out DIR`, holding the database (every table, read at one instant) and, when photos are
 * on disk, DATA_DIR/media. Works beside a running server (it only reads), with the embedded
 * database or DATABASE_URL.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.ts';
import { writeBackup } from '../db/backup.ts';
import { openForMaintenance } from '../db/maintenance-connection.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
const outDir = values.out ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out) : config.backupDir;
const connection = await openForMaintenance(config, { alongsideServer: true, log: (m) => console.log(m) });
try {
  if (connection.via === 'running') console.log(`db:backup: the server running on ${config.dataDir} keeps running; reading its database`);
  // Photos are on disk unless the S3_* variables are set (all five or none: config/env.ts).
  const onDisk = config.S3_BUCKET === undefined;
  await writeBackup(connection.pool, { mediaDir: onDisk ? path.join(config.dataDir, 'media') : undefined, outDir, log: (m) => console.log(`db:${m}`) });
} finally {
  await connection.close();
}
