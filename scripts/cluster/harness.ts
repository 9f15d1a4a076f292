// The cluster test's harness: its settings, log, checks and clean-up (cluster.ts).
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const PG_BIN = process.env.CLUSTER_PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const INSTANCES = 3;
export const SOCKETS = Math.max(2, Math.floor(Number(process.env.CLUSTER_SOCKETS ?? 200) / 2) * 2);
/** Steady load: plain HTTP requests and chat messages (REST, as the web app sends them) a second. */
export const HTTP_RATE = Number(process.env.CLUSTER_HTTP_RATE ?? 40);
export const CHAT_RATE = Number(process.env.CLUSTER_CHAT_RATE ?? 10);
/** Payments during the kill -9 scenario (a second), from hired projects prepared by SQL. */
export const PAY_RATE = 10;
export const PAY_PROJECTS = 120;
export const EMAIL_DOMAIN = 'cluster.arreglaya.test';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const t0 = performance.now();
export const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
export const log = (msg: string) => console.log(`[${elapsed()}] ${msg}`);

// ---- Checks: every failed one is listed at the end, and the exit code says so ----

export const failures: string[] = [];
export function check(ok: boolean, what: string): void {
  if (!ok) failures.push(what);
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
}

/** Polls `test` until it is true or `ms` pass; false if it never was. */
export async function eventually(test: () => boolean | Promise<boolean>, ms: number, every = 100): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await test()) return true;
    if (Date.now() > until) return false;
    await sleep(every);
  }
}

// ---- Clean-up: everything made is undone in reverse order, on success, failure or a signal ----

export const cleanups: (() => unknown)[] = [];
let cleaning: Promise<void> | null = null;
/** Set once clean-up begins: nothing new is started (an instance started then would outlive it). */
export let stopping = false;
export function cleanUp(): Promise<void> {
  stopping = true;
  cleaning ??= (async () => {
    for (const undo of cleanups.reverse()) {
      try {
        await undo();
      } catch (err) {
        console.error(`clean-up: ${(err as Error).message}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanUp().then(() => process.exit(130));
  });
