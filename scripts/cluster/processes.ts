// The processes the cluster test runs: PostgreSQL 15, HAProxy and the server instances (cluster.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort, startServerProcess, type ServerProcess } from '../../apps/server/test/support/server-process.ts';
import { HAPROXY, haproxyConfig, haproxyStats, haproxyVersion, writeCheckedConfig } from './haproxy-config.ts';
import { INSTANCES, PG_BIN, cleanups, elapsed, eventually, log, stopping } from './harness.ts';

// ---- Tools from Debian ----

export function requireTools(): void {
  const missing = [`${PG_BIN}/initdb`, `${PG_BIN}/pg_ctl`, `${PG_BIN}/postgres`, HAPROXY].filter((f) => !fs.existsSync(f));
  if (missing.length === 0) return;
  console.error(
    `test:cluster needs Debian's PostgreSQL 15 server and HAProxy (missing: ${missing.join(', ')}).\n` +
      `Install them once with 'npm run setup:cluster' (apt-get install postgresql haproxy), then run 'npm run test:cluster' again.`,
  );
  process.exit(2);
}

// ---- PostgreSQL 15: a private cluster in a temporary directory ----

export interface Postgres {
  url: string;
  adminUrl: string;
}

export async function startPostgres(dir: string): Promise<Postgres> {
  const pgDir = path.join(dir, 'pg');
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: as root the cluster belongs to Debian's `postgres` user.
  const run = (cmd: string, args: string[]) => {
    const r = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8', cwd: dir }) : spawnSync(cmd, args, { encoding: 'utf8', cwd: dir });
    if (r.status !== 0) throw new Error(`${path.basename(cmd)} failed (${r.status}): ${r.stderr || r.stdout}`);
  };
  fs.chmodSync(dir, 0o755);
  fs.mkdirSync(pgDir, { mode: 0o700 });
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    if (!Number.isInteger(uid)) throw new Error("the 'postgres' user is missing (Debian's postgresql package creates it)");
    fs.chownSync(pgDir, uid, gid);
  }
  run(`${PG_BIN}/initdb`, ['-D', pgDir, '-U', 'arreglaya', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const opts = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${pgDir} -c max_connections=200`;
  run(`${PG_BIN}/pg_ctl`, ['-D', pgDir, '-l', path.join(pgDir, 'server.log'), '-w', '-o', opts, 'start']);
  cleanups.push(() => run(`${PG_BIN}/pg_ctl`, ['-D', pgDir, '-m', 'immediate', '-w', 'stop']));
  const adminUrl = `postgres://arreglaya@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rows } = await admin.query<{ v: string }>("SELECT current_setting('server_version') AS v");
  await admin.query('CREATE DATABASE arreglaya');
  await admin.end();
  log(`PostgreSQL ${rows[0]!.v} (${PG_BIN}) on port ${port}`);
  return { url: `postgres://arreglaya@127.0.0.1:${port}/arreglaya`, adminUrl };
}

// ---- HAProxy ----

export interface Balancer {
  url: string;
  /** Each instance's state as HAProxy sees it (app1… → UP, DOWN, …). */
  states(): Promise<Map<string, string>>;
  /** The state changes HAProxy went through since the last call. */
  transitions(): string[];
  waitFor(server: string, state: 'UP' | 'DOWN', ms?: number): Promise<void>;
}

export async function startHaproxy(dir: string, port: number, ports: number[]): Promise<Balancer> {
  const statsSocket = path.join(dir, 'haproxy.sock');
  const config = haproxyConfig({ bind: `127.0.0.1:${port}`, statsSocket, instances: ports.map((p) => `127.0.0.1:${p}`) });
  const file = path.join(dir, 'haproxy.cfg');
  // CLUSTER_HAPROXY_LOG=FILE: HAProxy's log of every request (httplog) and check, for a failure's post-mortem.
  const logFile = process.env.CLUSTER_HAPROXY_LOG;
  writeCheckedConfig(
    file,
    logFile ? config.replace(/^global$/m, 'global\n    log stderr format raw local0 info').replace(/^defaults$/m, 'defaults\n    log global\n    option httplog') : config,
  );
  const proc: ChildProcess = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const logStream = logFile ? fs.createWriteStream(logFile) : null;
  proc.stderr?.on('data', (d: Buffer) => {
    logStream?.write(d);
    if (!logStream) stderr += d.toString();
  });
  cleanups.push(async () => {
    if (proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
  });
  /** Each server's state and, when its last check failed, why (e.g. `L7STS 503`, `L7TOUT`). */
  const read = async () => {
    const map = new Map<string, { state: string; check: string }>();
    for (const s of (await haproxyStats(statsSocket)).values()) {
      if (s.pxname === 'instances' && s.svname !== 'BACKEND' && s.svname !== 'FRONTEND')
        map.set(s.svname!, { state: s.status!.split(' ')[0]!, check: `${s.check_status} ${s.check_code} ${s.check_duration} ms`.trim() });
    }
    return map;
  };
  const states = async () => new Map([...(await read())].map(([name, v]) => [name, v.state] as const));
  const transitions: string[] = [];
  let last = new Map<string, { state: string; check: string }>();
  const watcher = setInterval(() => {
    void read()
      .then((now) => {
        for (const [name, { state, check }] of now)
          if (last.get(name)?.state !== state && last.size > 0) transitions.push(`${name} ${state} at ${elapsed()}${state === 'UP' ? '' : ` (${check})`}`);
        last = now;
      })
      .catch(() => undefined);
  }, 200);
  cleanups.push(() => clearInterval(watcher));
  const balancer: Balancer = {
    url: `http://127.0.0.1:${port}`,
    transitions: () => transitions.splice(0),
    states,
    async waitFor(server, state, ms = 30_000) {
      const ok = await eventually(async () => proc.exitCode !== null || (await states().catch(() => new Map<string, string>())).get(server) === state, ms, 100);
      if (proc.exitCode !== null) throw new Error(`HAProxy exited (${proc.exitCode}):\n${stderr}`);
      if (!ok) throw new Error(`HAProxy never saw ${server} ${state}:\n${stderr}`);
    },
  };
  for (let i = 1; i <= ports.length; i++) await balancer.waitFor(`app${i}`, 'UP');
  log(`${haproxyVersion()} on port ${port}, ${ports.length} instances UP`);
  return balancer;
}

// ---- The instances ----

export interface Instances {
  list: ServerProcess[];
  ports: number[];
  start(i: number): Promise<ServerProcess>;
}

export async function startInstances(env: Record<string, string>): Promise<Instances> {
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  const list: ServerProcess[] = [];
  /** Starts under way: clean-up waits for them (a starting server writes DATA_DIR) and then kills every instance. */
  const starting = new Set<Promise<ServerProcess>>();
  const start = async (i: number) => {
    if (stopping) throw new Error('cleaning up: no new instance');
    const started = startServerProcess({ ...env, PORT: String(ports[i]) }, { compiled: true });
    starting.add(started);
    const s = await started.finally(() => starting.delete(started));
    list[i] = s;
    if (stopping) {
      await s.crash();
      throw new Error('cleaning up: no new instance');
    }
    return s;
  };
  cleanups.push(async () => {
    await Promise.allSettled([...starting]);
    await Promise.all(list.map((s) => s.crash()));
  });
  // Together: the migrations (on PostgreSQL 15) run once, under the advisory lock.
  await Promise.all(ports.map((_, i) => start(i)));
  return { list, ports, start };
}
