import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

const run = promisify(execFile);

/**
 * One backup file (decision 029): a tar holding `manifest.json`, the database as one
 * gzipped COPY per table (`tables/<table>.copy.gz`, PostgreSQL's own text format, all read in one
 * REPEATABLE READ transaction, so every table is seen at the same instant) and, when photos are
 * on disk, the `media/` directory as it was after the database was read.
 */
export interface BackupManifest {
  format: 'arreglaya-backup';
  version: 1;
  createdAt: string;
  /** PostgreSQL's server_version when the backup was made. */
  postgres: string;
  /** The hashes of the migrations applied to the database, in order: a restore needs the same. */
  migrations: string[];
  tables: { name: string; rows: number }[];
  sequences: { name: string; lastValue: number; isCalled: boolean }[];
  /** Photos on disk (DATA_DIR/media) were included; false when they live in S3 (back the bucket up there). */
  media: boolean;
  mediaFiles: number;
}

export class BackupError extends Error {}

/**
 * What a server writes on its first start before anyone uses it (the generated secrets, the
 * rate-limit counters): a database holding only these is empty for a restore.
 */
const RESTORE_REPLACES_SILENTLY = new Set(['app_settings', 'rate_limits']);

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `arreglaya-2026-11-27T08-15-02Z.tar`: sorts by time, no characters a shell or Windows minds. */
export function backupFileName(now: Date): string {
  return `arreglaya-${now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')}.tar`;
}

function countFiles(dir: string): number {
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) n += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  return n;
}

async function migrationsOf(client: pg.PoolClient): Promise<string[]> {
  const exists = await client.query<{ t: string | null }>(`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t`);
  if (!exists.rows[0]?.t) return [];
  return (await client.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id')).rows.map((r) => r.hash);
}

async function publicTables(client: pg.PoolClient): Promise<string[]> {
  const r = await client.query<{ name: string }>(`SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY relname`);
  return r.rows.map((x) => x.name);
}

/** Counts the rows of a COPY text stream (one line each; newlines inside values are escaped). */
function lineCounter(onCount: (n: number) => void) {
  let n = 0;
  return async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
      yield chunk;
    }
    onCount(n);
  };
}

export interface BackupOptions {
  /** DATA_DIR/media when photos are on disk; undefined when they are in S3. */
  mediaDir: string | undefined;
  /** Where the file goes (created if missing). */
  outDir: string;
  now?: Date;
  log?: (msg: string) => void;
}

/** Writes one backup file into `outDir` and returns its path. The database stays online: it is only read. */
export async function writeBackup(pool: pg.Pool, opts: BackupOptions): Promise<{ file: string; manifest: BackupManifest }> {
  const log = opts.log ?? (() => undefined);
  const now = opts.now ?? new Date();
  // The backup holds everything the database does (password hashes, sealed data, and the generated
  // secrets kept in app_settings): readable by its owner only.
  fs.mkdirSync(opts.outDir, { recursive: true, mode: 0o700 });
  const staging = fs.mkdtempSync(path.join(opts.outDir, '.backup-'));
  try {
    fs.mkdirSync(path.join(staging, 'tables'));
    const client = await pool.connect();
    let manifest: BackupManifest;
    try {
      // One snapshot for every table: the backup is the database at one instant.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const postgres = (await client.query<{ v: string }>('SHOW server_version')).rows[0]!.v;
      const migrations = await migrationsOf(client);
      const tables: BackupManifest['tables'] = [];
      for (const name of await publicTables(client)) {
        let rows = 0;
        await pipeline(
          client.query(copyTo(`COPY public.${ident(name)} TO STDOUT`)),
          lineCounter((n) => (rows = n)),
          zlib.createGzip({ level: 6 }),
          fs.createWriteStream(path.join(staging, 'tables', `${name}.copy.gz`)),
        );
        tables.push({ name, rows });
      }
      const sequences: BackupManifest['sequences'] = [];
      const seqs = await client.query<{ name: string }>(`SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'S' ORDER BY relname`);
      for (const { name } of seqs.rows) {
        const s = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value, is_called FROM public.${ident(name)}`);
        sequences.push({ name, lastValue: Number(s.rows[0]!.last_value), isCalled: s.rows[0]!.is_called });
      }
      await client.query('COMMIT');
      const media = opts.mediaDir !== undefined && fs.existsSync(opts.mediaDir);
      manifest = {
        format: 'arreglaya-backup',
        version: 1,
        createdAt: now.toISOString(),
        postgres,
        migrations,
        tables,
        sequences,
        media,
        mediaFiles: media ? countFiles(opts.mediaDir!) : 0,
      };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    fs.writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // The photos after the database: every photo a row names was written before its row committed
    // (decision 012), so it is on disk now unless replaced since.
    const file = path.join(opts.outDir, backupFileName(now));
    const partial = `${file}.partial`;
    const args = ['-cf', partial, '-C', staging, 'manifest.json', 'tables'];
    if (manifest.media) args.push('-C', path.dirname(opts.mediaDir!), path.basename(opts.mediaDir!));
    await run('tar', args);
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, file);
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    log(`backup: ${manifest.tables.length} tables (${rows} rows)${manifest.media ? `, ${manifest.mediaFiles} media files` : ', no media (photos in S3)'} → ${file}`);
    return { file, manifest };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

export interface RestoreOptions {
  /** Where photos on disk go (DATA_DIR/media); undefined when this deployment keeps them in S3. */
  mediaDir: string | undefined;
  /** Replace a database that is not empty (and the media directory). */
  force?: boolean;
  log?: (msg: string) => void;
}

/**
 * Restores a backup into a migrated database at the same migrations (a fresh DATA_DIR or an empty
 * DATABASE_URL; the server is started on it afterwards). Refuses a database with rows in any table
 * but the generated settings and rate-limit counters unless `force`. Every table is emptied and loaded in one transaction with triggers and
 * foreign-key checks off (`session_replication_role = replica`, which needs a superuser or that
 * parameter granted), the sequences set, and the row counts checked before the commit.
 */
export async function restoreBackup(pool: pg.Pool, file: string, opts: RestoreOptions): Promise<BackupManifest> {
  const log = opts.log ?? (() => undefined);
  if (!fs.existsSync(file)) throw new BackupError(`No backup at ${file}.`);
  const staging = fs.mkdtempSync(path.join(path.dirname(path.resolve(file)), `.restore-${crypto.randomBytes(4).toString('hex')}-`));
  try {
    await run('tar', ['-xf', file, '-C', staging]);
    const manifestFile = path.join(staging, 'manifest.json');
    if (!fs.existsSync(manifestFile)) throw new BackupError(`${file} is not an ArreglaYa backup (no manifest.json).`);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
    if (manifest.format !== 'arreglaya-backup' || manifest.version !== 1) throw new BackupError(`${file} is not an ArreglaYa backup this version reads.`);
    const mediaTarget = opts.mediaDir;
    if (manifest.media && mediaTarget && fs.existsSync(mediaTarget) && fs.readdirSync(mediaTarget).length > 0 && !opts.force) {
      throw new BackupError(`${mediaTarget} already holds photos: restore into an empty DATA_DIR, or pass --force to replace them.`);
    }

    const client = await pool.connect();
    try {
      const migrations = await migrationsOf(client);
      if (migrations.join() !== manifest.migrations.join()) {
        throw new BackupError(
          `The backup was made at ${manifest.migrations.length} migrations and this database is at ${migrations.length}: restore it with the version of ArreglaYa that made it (then start the new version, which migrates).`,
        );
      }
      const tables = await publicTables(client);
      const missing = manifest.tables.filter((t) => !tables.includes(t.name));
      if (missing.length > 0) throw new BackupError(`This database has no table ${missing.map((t) => t.name).join(', ')}.`);
      await client.query('BEGIN');
      if (!opts.force) {
        const holding: string[] = [];
        for (const t of tables) {
          if (RESTORE_REPLACES_SILENTLY.has(t)) continue;
          if ((await client.query(`SELECT 1 FROM public.${ident(t)} LIMIT 1`)).rowCount) holding.push(t);
        }
        if (holding.length > 0) {
          throw new BackupError(
            `The database is not empty (${holding.slice(0, 5).join(', ')}${holding.length > 5 ? ', …' : ''} have rows): restore into an empty DATA_DIR or database, or pass --force to replace everything in it.`,
          );
        }
      }
      // Rows the migrations wrote (settings) are replaced by the backup's, like everything else.
      await client.query('SET LOCAL session_replication_role = replica');
      await client.query(`TRUNCATE ${tables.map((t) => `public.${ident(t)}`).join(', ')}`);
      for (const t of manifest.tables) {
        await pipeline(
          fs.createReadStream(path.join(staging, 'tables', `${t.name}.copy.gz`)),
          zlib.createGunzip(),
          client.query(copyFrom(`COPY public.${ident(t.name)} FROM STDIN`)),
        );
      }
      for (const s of manifest.sequences) await client.query('SELECT setval($1::regclass, $2, $3)', [`public.${ident(s.name)}`, s.lastValue, s.isCalled]);
      for (const t of manifest.tables) {
        const n = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM public.${ident(t.name)}`)).rows[0]!.n);
        if (n !== t.rows) throw new BackupError(`Table ${t.name}: ${n} rows restored, the backup has ${t.rows}; nothing was changed.`);
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }

    if (manifest.media && mediaTarget) {
      fs.rmSync(mediaTarget, { recursive: true, force: true });
      fs.mkdirSync(path.dirname(mediaTarget), { recursive: true });
      fs.cpSync(path.join(staging, 'media'), mediaTarget, { recursive: true });
    }
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    log(
      `restore: ${manifest.tables.length} tables (${rows} rows)${manifest.media ? (mediaTarget ? `, ${manifest.mediaFiles} media files → ${mediaTarget}` : ' (the backup has media files; this deployment keeps photos in S3: copy them there from the backup)') : ''} from ${manifest.createdAt}`,
    );
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
