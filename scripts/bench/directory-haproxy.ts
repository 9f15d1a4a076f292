/**
 * HAProxy's cache in front of the directory bench's server (issue 52, decision 076): Debian's
 * HAProxy (`npm run setup:cluster` installs it) with the cluster's own configuration,
 * scripts/cluster/haproxy.cfg.template, made by the cluster harness's code
 * (scripts/cluster/haproxy-config.ts), one `server` line for the bench's server. Its `cache
 * directory` section keeps the anonymous directory answers 30 s, apart by Accept-Encoding.
 *
 * How much the cache answered is read twice over: HAProxy's own counters (`show stat`:
 * `cache_lookups`, `cache_hits` of the backend) and the directory requests the server itself
 * counted (`http_request_duration_seconds_count` on /metrics, its directory routes only, so
 * HAProxy's health checks of /api/ready are left out).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/test/support/server-process.ts';
import { HAPROXY, haproxyConfig, haproxyStats, haproxyVersion, writeCheckedConfig } from '../cluster/haproxy-config.ts';

export interface HaproxyCounts {
  /** Requests HAProxy's frontend took. */
  requests: number;
  /** Lookups in the cache, and those it answered. */
  lookups: number;
  hits: number;
}

export interface HaproxyInFront {
  url: string;
  version: string;
  pid: number;
  counts(): Promise<HaproxyCounts>;
  stop(): Promise<void>;
}

/** Undefined when Debian's HAProxy is there; else why the step is skipped and how to install it. */
export function haproxyMissing(): string | undefined {
  if (fs.existsSync(HAPROXY)) return undefined;
  return `${HAPROXY} is missing: 'npm run setup:cluster' installs it (apt-get install haproxy), or set CLUSTER_HAPROXY`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts HAProxy in front of `serverUrl` and returns once HAProxy's health check sees the server UP. */
export async function startHaproxyInFront(serverUrl: string): Promise<HaproxyInFront> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-haproxy-'));
  const port = await freePort();
  const statsSocket = path.join(dir, 'haproxy.sock');
  const file = path.join(dir, 'haproxy.cfg');
  writeCheckedConfig(file, haproxyConfig({ bind: `127.0.0.1:${port}`, statsSocket, instances: [new URL(serverUrl).host] }));
  const proc = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const number = (v: string | undefined) => Number(v || 0);
  const counts = async (): Promise<HaproxyCounts> => {
    const stats = await haproxyStats(statsSocket);
    const backend = stats.get('instances/BACKEND') ?? {};
    return { requests: number(stats.get('arreglaya/FRONTEND')?.req_tot), lookups: number(backend.cache_lookups), hits: number(backend.cache_hits) };
  };
  for (const until = Date.now() + 30_000; ; await sleep(100)) {
    if (proc.exitCode !== null) throw new Error(`HAProxy exited (${proc.exitCode}):\n${stderr}`);
    const up = await haproxyStats(statsSocket)
      .then((s) => s.get('instances/app1')?.status?.startsWith('UP') ?? false)
      .catch(() => false);
    if (up) break;
    if (Date.now() > until) {
      await stop();
      throw new Error(`HAProxy never saw the server UP:\n${stderr}`);
    }
  }
  return { url: `http://127.0.0.1:${port}`, version: haproxyVersion(), pid: proc.pid!, counts, stop };
}

/** The directory requests (searches, contractor pages, service-city figures) the server answered so far, from its /metrics. */
export async function directoryRequestsServed(serverUrl: string): Promise<number> {
  const text = await (await fetch(`${serverUrl}/metrics`)).text();
  let n = 0;
  for (const m of text.matchAll(/^http_request_duration_seconds_count\{([^}]*)\} (\d+)/gm)) if (/route="\/api\/contractors[/"]/.test(m[1]!)) n += Number(m[2]);
  return n;
}
