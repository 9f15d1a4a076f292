/**
 * CPU time of processes, from /proc (Linux): what a request costs the server and PostgreSQL,
 * whatever else the machine is doing at the time. Elsewhere the figures are simply absent.
 */
import fs from 'node:fs';
import path from 'node:path';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/**
 * User + system CPU of one process in ms, or 0 when it cannot be read; with `reaped`, plus that of
 * its children that have ended and been waited for (cutime + cstime).
 */
function processCpuMs(pid: number, reaped = false): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) in parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (reaped ? own + Number(fields[13]) + Number(fields[14]) : own) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return [];
  }
}

/** CPU ms of a process so far. */
export function cpuOf(pid: number | undefined): () => number {
  return () => (pid ? processCpuMs(pid) : 0);
}

/**
 * CPU ms of a PostgreSQL cluster (postmaster and every backend) so far, from its data directory.
 * Backends that have ended (an autovacuum worker, a closed connection) count through the
 * postmaster, which waits for them: without them the sum fell when one ended during a target,
 * and PostgreSQL's share of a request came out negative.
 */
export function postgresCpuOf(pgDir: string): () => number {
  return () => {
    try {
      const postmaster = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return processCpuMs(postmaster, true) + childrenOf(postmaster).reduce((n, pid) => n + processCpuMs(pid), 0);
    } catch {
      return 0;
    }
  };
}

/** Runs `fn` and says how many CPU ms each counter moved meanwhile. */
export async function measureCpu<T>(counters: readonly (() => number)[], fn: () => Promise<T>): Promise<{ result: T; cpuMs: number[] }> {
  const before = counters.map((c) => c());
  const result = await fn();
  return { result, cpuMs: counters.map((c, i) => c() - before[i]!) };
}
