import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, restoreBackup, writeBackup, type BackupManifest } from '../src/db/backup.ts';
import { seedDemoData } from '../src/demo/seed-demo.ts';
import { createDataCipher } from '../src/lib/data-encryption.ts';
import { DiskPhotoStorage } from '../src/modules/media/photo-storage.ts';
import { checkLedger } from '../src/modules/payments/ledger-check.ts';
import { startServerProcess } from './support/server-process.ts';
import { postContact } from './support/write-load.ts';
import { createTestDatabase, type TestDatabase } from './support/test-db.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** Runs `npm run db:backup` / `db:restore`'s script (tsx, as npm does) and collects its output. */
function cli(script: 'db-backup' | 'db-restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, `apps/server/src/cli/${script}.ts`), ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DEMO_DATA: '0', INIT_CWD: REPO_ROOT, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Every table of the public schema with its row count. */
async function rowCounts(db: TestDatabase): Promise<Record<string, number>> {
  const tables = await db.pool.query<{ name: string }>(`SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY relname`);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) counts[name] = Number((await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM public."${name}"`)).rows[0]!.n);
  return counts;
}

function filesUnder(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out[path.relative(dir, full)] = crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/** Decision 029: `npm run db:backup` and `npm run db:restore` on the demo, end to end on a real PostgreSQL. */
describe('a backup of the demo, restored into a fresh database', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let dir: string;
  let file: string;
  let manifest: BackupManifest;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-backup-'));
    source = await createTestDatabase();
    target = await createTestDatabase(); // migrated, empty: a fresh DATA_DIR's database
    const cipher = createDataCipher(crypto.randomBytes(32));
    const { seeded } = await seedDemoData(source.db, new DiskPhotoStorage(path.join(dir, 'source/media')), { log: () => undefined, seal: cipher.seal, index: cipher.index });
    expect(seeded).toBe(true);
    ({ file, manifest } = await writeBackup(source.pool, {
      mediaDir: path.join(dir, 'source/media'),
      outDir: path.join(dir, 'backups'),
      now: new Date('2026-11-27T08:15:02.345Z'),
    }));
  }, 120_000);
  afterAll(async () => {
    await source?.drop();
    await target?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is one file named with the time, with the database and the photos', () => {
    expect(path.basename(file)).toBe('arreglaya-2026-11-27T08-15-02Z.tar');
    expect(fs.readdirSync(path.join(dir, 'backups'))).toEqual([path.basename(file)]); // no staging left behind
    expect(manifest.media).toBe(true);
    expect(manifest.mediaFiles).toBeGreaterThan(50);
    expect(manifest.tables.find((t) => t.name === 'users')!.rows).toBeGreaterThan(50);
  });

  it('restores every row of every table and every photo, and the ledger passes ledger:check', async () => {
    await restoreBackup(target.pool, file, { mediaDir: path.join(dir, 'target/media') });
    const restored = await rowCounts(target);
    expect(restored).toEqual(await rowCounts(source));
    expect(Object.values(restored).reduce((a, b) => a + b, 0)).toBeGreaterThan(1000);
    expect(filesUnder(path.join(dir, 'target/media'))).toEqual(filesUnder(path.join(dir, 'source/media')));
    expect(await checkLedger(target.db)).toEqual([]);
    // The sequences go on after the restored rows (a new ledger entry does not collide).
    const seq = await target.pool.query<{ next: string; max: string }>(
      `SELECT nextval(pg_get_serial_sequence('ledger_entries', 'id')) AS next, (SELECT max(id) FROM ledger_entries) AS max`,
    );
    expect(Number(seq.rows[0]!.next)).toBeGreaterThan(Number(seq.rows[0]!.max));
  });

  it('refuses a database that is not empty, unless forced', async () => {
    const refused = await restoreBackup(target.pool, file, { mediaDir: path.join(dir, 'other/media') }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as Error).message).toMatch(/^The database is not empty \(.+ have rows\)/);
    await expect(restoreBackup(target.pool, file, { mediaDir: path.join(dir, 'target/media') })).rejects.toThrow(/already holds photos/);
    await target.pool.query(`UPDATE users SET first_name = 'Cambiado'`);
    await restoreBackup(target.pool, file, { mediaDir: path.join(dir, 'target/media'), force: true });
    expect((await target.pool.query(`SELECT count(*)::int AS n FROM users WHERE first_name = 'Cambiado'`)).rows[0].n).toBe(0);
    expect(await rowCounts(target)).toEqual(await rowCounts(source));
  });
});

describe('npm run db:backup and db:restore with the embedded PostgreSQL', () => {
  it('backs up beside a running server, refuses to restore under it, and restores into an empty DATA_DIR', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-backup-cli-'));
    const dataDir = path.join(dir, 'data');
    const server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      expect((await postContact(server.url, 1, '127.0.0.1')).status).toBe(201);
      const backup = await cli('db-backup', [], { DATA_DIR: dataDir, BACKUP_DIR: path.join(dir, 'backups') });
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain('keeps running');
      const [file] = fs.readdirSync(path.join(dir, 'backups'));
      expect(file).toMatch(/^arreglaya-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar$/);
      expect(fs.statSync(path.join(dir, 'backups', file!)).mode & 0o777).toBe(0o600);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

      const underServer = await cli('db-restore', [path.join(dir, 'backups', file!)], { DATA_DIR: dataDir });
      expect(underServer.code).toBe(1);
      expect(underServer.output).toContain('already in use by another ArreglaYa server');
      expect(await server.stop(), server.output()).toBe(0);

      const restored = await cli('db-restore', [path.join(dir, 'backups', file!)], { DATA_DIR: path.join(dir, 'fresh') });
      expect(restored.code, restored.output).toBe(0);
      const rows = /(\d+) tables \((\d+) rows\)/.exec(restored.output);
      expect(rows?.[0]).toBe(/(\d+) tables \((\d+) rows\)/.exec(backup.output)?.[0]);
    } finally {
      await server.crash();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
