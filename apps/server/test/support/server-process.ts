import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/src/server.ts');
/** The compiled server (`npm run build`; decision 007). */
export const COMPILED_SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/dist/server.js');

export interface ServerProcess {
  url: string;
  proc: ChildProcess;
  output(): string;
  /** SIGTERM, then wait for exit. */
  stop(): Promise<number | null>;
  /** SIGKILL the server and everything it started (its embedded PostgreSQL too). */
  crash(): Promise<void>;
  exited: Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server (`node --import tsx apps/server/src/server.ts`) as a separate process;
 * `compiled`: `node apps/server/dist/server.js` (built beforehand), with no TypeScript loader and
 * without the NODE_OPTIONS of the test runner.
 */
export async function startServerProcess(env: Record<string, string>, opts: { waitForHealth?: boolean; nodeArgs?: string[]; compiled?: boolean } = {}): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const args = opts.compiled ? [...(opts.nodeArgs ?? []), COMPILED_SERVER_ENTRY] : [...(opts.nodeArgs ?? []), '--import', 'tsx', SERVER_ENTRY];
  const inherited = { ...process.env };
  if (opts.compiled) delete inherited.NODE_OPTIONS;
  const proc = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    // No load balancer watches these servers: a SIGTERM stops them without the production drain (decision 034) unless `env` says otherwise.
    env: { ...inherited, NODE_ENV: 'test', LOG_LEVEL: 'warn', DEMO_DATA: '0', HOST: '127.0.0.1', SHUTDOWN_DRAIN_MS: '0', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so crash() can kill the server and its PostgreSQL at once.
    detached: true,
  });
  let out = '';
  proc.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    proc,
    exited,
    output: () => out,
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      return exited;
    },
    async crash() {
      try {
        process.kill(-proc.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
      await exited;
    },
  };
  if (opts.waitForHealth === false) return server;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early (code ${proc.exitCode}):\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await server.crash();
      throw new Error(`server did not become healthy:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
