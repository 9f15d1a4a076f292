/**
 * `npm run bench:main-thread`: the main-thread work of the public pages after their first paint,
 * measured the stable way (decision 017): the CPU time of each task in a DevTools trace (`tdur`,
 * the renderer's main thread, unthrottled), times BENCH_WEB_CPU_SLOWDOWN (default 4, Lighthouse's
 * phone), summed beyond 50 ms as total blocking time is. CPU time, unlike wall time, hardly moves
 * with the host's load, so this shows a change Lighthouse's TBT can hide on a busy machine.
 *
 * Against the production build (`npm run build` first, or BENCH_SKIP_BUILD=1 to reuse it) on a
 * server of its own with no demo data, at 360 × 740, BENCH_WEB_RUNS loads per page (default 7):
 * median and range of the sum, the tasks over 50 ms, and the longest task with what it ran.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { startServerProcess } from '../../apps/server/test/support/server-process.ts';

const PAGES = (process.env.BENCH_PAGES ?? '/,/ayuda,/comoclientes,/busqueda').split(',');
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 7));
const SLOWDOWN = Math.max(1, Number(process.env.BENCH_WEB_CPU_SLOWDOWN ?? 4));
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** How long after the load event the trace keeps recording: hydration and idle work come after it. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 3000);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string } };
}

interface Load {
  /** Σ max(0, CPU ms × SLOWDOWN − 50) over the tasks after the first contentful paint. */
  blockingMs: number;
  longTasks: number;
  longestMs: number;
  longestWhat: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** What a task spent its time on: its longest script evaluations and calls, by file. */
function describe(task: TraceEvent, events: TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const parts = events.filter(
    (e) =>
      e.ph === 'X' &&
      e.pid === task.pid &&
      e.tid === task.tid &&
      e.ts >= task.ts &&
      e.ts < end &&
      ['EvaluateScript', 'FunctionCall', 'v8.compileModule', 'v8.evaluateModule', 'ParseHTML', 'Layout', 'UpdateLayoutTree'].includes(e.name),
  );
  const byWhat = new Map<string, number>();
  for (const e of parts) {
    const url = e.args?.data?.url ?? '';
    const key = `${e.name}${url ? ` ${url.replace(/^.*\/assets\//, '')}` : ''}`;
    byWhat.set(key, Math.max(byWhat.get(key) ?? 0, (e.tdur ?? e.dur ?? 0) / 1000));
  }
  return [...byWhat]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([what, ms]) => `${what} ${Math.round(ms * SLOWDOWN)} ms`)
    .join('; ');
}

async function measure(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block', locale: 'es-DO' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const chunks: TraceEvent[] = [];
  // Playwright types the events loosely (string values); they are the trace format's.
  cdp.on('Tracing.dataCollected', (data) => chunks.push(...(data.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading', '__metadata'] },
    transferMode: 'ReportEvents',
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(SETTLE_MS);
  await cdp.send('Tracing.end');
  await done;
  await context.close();

  // The page's main thread: the renderer thread that painted its first contentful paint.
  const fcp = chunks.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error(`no first contentful paint in the trace of ${url}`);
  const tasks = chunks.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === fcp.pid && e.tid === fcp.tid && e.ts + (e.dur ?? 0) > fcp.ts);
  let blockingMs = 0;
  let longTasks = 0;
  let longest: TraceEvent | undefined;
  for (const task of tasks) {
    const ms = ((task.tdur ?? task.dur ?? 0) / 1000) * SLOWDOWN;
    if (ms > 50) {
      blockingMs += ms - 50;
      longTasks++;
    }
    if (!longest || (task.tdur ?? 0) > (longest.tdur ?? 0)) longest = task;
  }
  return {
    blockingMs: Math.round(blockingMs),
    longTasks,
    longestMs: Math.round(((longest?.tdur ?? 0) / 1000) * SLOWDOWN),
    longestWhat: longest ? describe(longest, chunks) : '',
  };
}

async function main(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== '1') execSync('npm run build', { stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-main-thread-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, NODE_ENV: 'production', PROCESSOR: 'sandbox', MAIL_TRANSPORT: 'outbox', DEMO_DATA: '0', LOG_LEVEL: 'warn' });
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const rows = [];
    for (const pagePath of PAGES) {
      const loads: Load[] = [];
      for (let run = 0; run < RUNS; run++) loads.push(await measure(browser, `${server.url}${pagePath}`));
      const sums = loads.map((l) => l.blockingMs);
      const typical = loads.find((l) => l.blockingMs === median(sums))!;
      rows.push({
        page: pagePath,
        [`blocking ×${SLOWDOWN} (ms), median`]: median(sums),
        'lowest–highest': `${Math.min(...sums)}–${Math.max(...sums)}`,
        'tasks > 50 ms': median(loads.map((l) => l.longTasks)),
        'longest (ms)': typical.longestMs,
        'longest task ran': typical.longestWhat,
      });
    }
    console.log(`\nMain-thread CPU after the first paint, ×${SLOWDOWN} (decision 017's method), ${RUNS} loads per page, 1-minute load ${os.loadavg()[0]!.toFixed(1)}:\n`);
    console.table(rows);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
