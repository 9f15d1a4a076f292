// HAProxy's configuration, made from haproxy.cfg.template, and its runtime API: what the cluster
// test (processes.ts) and the directory bench (scripts/bench/directory-haproxy.ts) share.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const HAPROXY = process.env.CLUSTER_HAPROXY ?? '/usr/sbin/haproxy';
export const TEMPLATE = path.join(import.meta.dirname, 'haproxy.cfg.template');

/** The template with its placeholders filled in: where it listens, its runtime socket, and one `server` line per instance (`host:port`). */
export function haproxyConfig(o: { bind: string; statsSocket: string; instances: readonly string[] }): string {
  return fs
    .readFileSync(TEMPLATE, 'utf8')
    .replaceAll('{{BIND}}', o.bind)
    .replaceAll('{{STATS_SOCKET}}', o.statsSocket)
    .replaceAll('{{SERVERS}}', o.instances.map((address, i) => `    server app${i + 1} ${address}`).join('\n'));
}

/** Writes `config` to `file` and has HAProxy check it (`-c`); throws with HAProxy's words when it refuses it. */
export function writeCheckedConfig(file: string, config: string): void {
  fs.writeFileSync(file, config);
  const valid = spawnSync(HAPROXY, ['-c', '-f', file], { encoding: 'utf8' });
  if (valid.status !== 0) throw new Error(`haproxy refuses the generated configuration:\n${valid.stderr}${valid.stdout}`);
}

/** HAProxy's version line (`HAProxy version 2.6.12-1+deb12u3 2025/10/03`). */
export function haproxyVersion(): string {
  return spawnSync(HAPROXY, ['-v'], { encoding: 'utf8' }).stdout.split(' - ')[0]!.trim();
}

/** One command to HAProxy's runtime API; its whole answer. */
export function haproxyCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const c = net.connect(socketPath);
    let out = '';
    c.on('data', (d) => (out += d.toString()));
    c.on('end', () => resolve(out));
    c.on('error', reject);
    c.write(`${command}\n`);
  });
}

/** `show stat` as one record per proxy and server (`instances/BACKEND`, `instances/app1`, `arreglaya/FRONTEND`…), each column by its name. */
export async function haproxyStats(socketPath: string): Promise<Map<string, Record<string, string>>> {
  const [header, ...lines] = (await haproxyCommand(socketPath, 'show stat')).split('\n');
  const names = header!.replace(/^# /, '').split(',');
  const stats = new Map<string, Record<string, string>>();
  for (const line of lines) {
    if (!line.trim()) continue;
    const f = line.split(',');
    stats.set(`${f[0]}/${f[1]}`, Object.fromEntries(names.map((n, i) => [n, f[i] ?? ''])));
  }
  return stats;
}
