/**
 * `npm run bench:web`: builds the web app, starts the real server on a fresh data directory and
 * runs Lighthouse (mobile, its default) with Debian's chromium (CHROME_PATH, default
 * /usr/bin/chromium) against /, /ayuda, /comoclientes and /busqueda. Prints performance,
 * accessibility, LCP, TBT, CLS and the gzipped JavaScript each page loads. Not part of `npm test` (timings depend on the machine).
 *
 * Each page is measured BENCH_WEB_RUNS times (default 5) and the median run is reported, as
 * Lighthouse's documentation advises: on a shared machine one run's score moves by several
 * points with the load of the moment (scripts/bench/README.md). The table also shows the
 * lowest and highest score, the median total blocking time and Lighthouse's benchmarkIndex
 * (the speed of the CPU it measured; lower means a busier or slower machine).
 *
 * Then the Interaction to Next Paint of the chat and of /busqueda with the CPU slowed down (web-inp.ts):
 * BENCH_WEB_INP_RUNS (default 5; 0 skips) runs of each interaction, BENCH_WEB_CPU_SLOWDOWN
 * (default 4). BENCH_WEB_LIGHTHOUSE=0 skips Lighthouse.
 *
 * Then the service-and-city pages' SEO at 360 px (web-seo.ts, decision 044), on a server with the
 * demo data; BENCH_WEB_SEO=0 skips it.
 *
 * First, a phone on a slow 3G line (web-slow3g.ts, decision 070): 400 kbps, 400 ms round trip, the
 * CPU 4× slower; the time until `/`, `/busqueda`, a contractor's page and a project page answer a
 * tap (target under 5 s), median of BENCH_WEB_SLOW3G_RUNS (default 5; 0 skips).
 *
 * BENCH_WEB_SIGNED_IN=1 audits instead the accessibility and best practices of two pages of a
 * signed-in person (issue 31): a project page and /perfil/mensajes, on a server with the demo data,
 * signed in as BENCH_WEB_ACCOUNT (default ruben.gomez@demo.arreglaya.do, password demo-arreglaya).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServerProcess } from '../../apps/server/test/support/server-process.ts';
import { measureChatInp } from './web-inp.ts';
import { measureSlow3g, signInDemo, SLOW_3G } from './web-slow3g.ts';
import { serviceCitySeoTable } from './web-seo.ts';

const PAGES = ['/', '/ayuda', '/comoclientes', '/busqueda'];
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 5));
const INP_RUNS = Math.max(0, Number(process.env.BENCH_WEB_INP_RUNS ?? 5));
const CPU_SLOWDOWN = Math.max(1, Number(process.env.BENCH_WEB_CPU_SLOWDOWN ?? 4));
const SLOW3G_RUNS = Math.max(0, Number(process.env.BENCH_WEB_SLOW3G_RUNS ?? 5));

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  benchmarkIndex: number;
  jsTransferKb: number;
}

/** The middle value (the lower middle for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

async function gzippedBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    total += zlib.gzipSync(body, { level: 9 }).length;
  }
  return total;
}

/** The session cookie of the demo account, and a project page of theirs (a client's project, or a contractor's job). */
async function signedInPages(baseUrl: string): Promise<{ cookie: string; pages: string[] }> {
  const { cookie, projectPath } = await signInDemo(baseUrl);
  return { cookie, pages: [projectPath, '/perfil/mensajes'] };
}

/** Lighthouse's accessibility and best practices on a signed-in person's pages, median of RUNS (and the host's load). */
async function signedInAudit(chrome: chromeLauncher.LaunchedChrome): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-web-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, NODE_ENV: 'production', PROCESSOR: 'sandbox', MAIL_TRANSPORT: 'outbox', DEMO_DATA: '1', LOG_LEVEL: 'warn' });
  try {
    const { cookie, pages } = await signedInPages(server.url);
    const rows = [];
    for (const page of pages) {
      const runs: { accessibility: number; bestPractices: number; failing: string[] }[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const result = await lighthouse(`${server.url}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['accessibility', 'best-practices'],
          extraHeaders: { Cookie: cookie },
        });
        if (!result) throw new Error(`no Lighthouse result for ${page}`);
        if (process.env.BENCH_WEB_REPORTS) {
          fs.mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
          fs.writeFileSync(path.join(process.env.BENCH_WEB_REPORTS, `signed-in-${page.split('/')[1]}-${run}.json`), JSON.stringify(result.lhr, null, 1));
        }
        const { categories, audits } = result.lhr;
        const failing = Object.values(categories)
          .flatMap((c) => c.auditRefs)
          .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id);
        runs.push({
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
          failing,
        });
      }
      rows.push({
        page: page.replace(/[0-9a-f-]{36}/, ':id'),
        accessibility: median(runs.map((r) => r.accessibility)),
        'best practices': median(runs.map((r) => r.bestPractices)),
        'failing audits (any run)': [...new Set(runs.flatMap((r) => r.failing))].join(', ') || 'none',
      });
    }
    console.log(
      `\nLighthouse, signed in, median of ${RUNS} run${RUNS > 1 ? 's' : ''} per page (load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}):\n`,
    );
    console.table(rows);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== '1') execSync('npm run build -w @arreglaya/web', { stdio: 'inherit' });
  if (process.env.BENCH_WEB_SIGNED_IN === '1') {
    if (!fs.existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH}`);
    const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    try {
      await signedInAudit(chrome);
    } finally {
      chrome.kill();
    }
    return;
  }
  // Without it chrome-launcher's spawn error would end the process and leave the server running.
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH}: install Debian's (apt-get install chromium; npm test does) or set CHROME_PATH`);
  if (SLOW3G_RUNS > 0) {
    const rows = await measureSlow3g({ chromePath: CHROME_PATH, runs: SLOW3G_RUNS, median });
    console.log(
      `\nSlow 3G (${SLOW_3G.kbps} kbps, ${SLOW_3G.rttMs} ms RTT, CPU ${SLOW_3G.cpuSlowdown}× slower) at 360 × 740, cold cache, median of ${SLOW3G_RUNS} run${SLOW3G_RUNS > 1 ? 's' : ''} (load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}):\n`,
    );
    console.table(
      rows.map((r) => ({
        page: r.page,
        'answers a tap at (ms)': r.medianMs,
        'lowest–highest (ms)': `${r.lowestMs}–${r.highestMs}`,
        [`under ${SLOW_3G.targetMs / 1000} s`]: r.medianMs < SLOW_3G.targetMs ? 'yes' : 'NO',
        'JS on the wire (KiB)': r.jsKb,
        'first paint (ms)': r.fcpMs,
        'heading at (ms)': r.headingMs,
        'navigator.connection': r.connection,
      })),
    );
  }
  if (process.env.BENCH_WEB_LIGHTHOUSE !== '0') await lighthouseTable();
  if (process.env.BENCH_WEB_SEO !== '0') {
    const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    try {
      await serviceCitySeoTable(chrome, RUNS, median);
    } finally {
      chrome.kill();
    }
  }
  if (INP_RUNS > 0) {
    const rows = await measureChatInp({ chromePath: CHROME_PATH, runs: INP_RUNS, cpuSlowdown: CPU_SLOWDOWN });
    console.log(`\nINP (web-vitals) of the chat and the directory at 360 × 740 with the CPU slowed down ${CPU_SLOWDOWN}×, median of ${INP_RUNS} run${INP_RUNS > 1 ? 's' : ''}:\n`);
    // 0: no interaction of 16 ms or more (the Event Timing API reports none shorter).
    const ms = (value: number) => (value === 0 ? '< 16' : String(value));
    console.table(rows.map((r) => ({ interaction: r.interaction, 'INP (ms)': ms(r.medianMs), 'lowest–highest (ms)': `${ms(r.lowestMs)}–${ms(r.highestMs)}` })));
  }
}

/** Lighthouse against PAGES on a server of its own, RUNS times each; prints the table. */
async function lighthouseTable(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-web-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, NODE_ENV: 'production', PROCESSOR: 'sandbox', MAIL_TRANSPORT: 'outbox', DEMO_DATA: '0', LOG_LEVEL: 'warn' });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const rows: Row[] = [];
  const ranges = new Map<string, string>();
  /** The scripts each page loaded (its last run), for their gzipped size. */
  const pageScripts = new Map<string, string[]>();
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    for (const page of PAGES) {
      const runs: Row[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const lhr = await audit(`${server.url}${page}`, chrome.port);
        // BENCH_WEB_REPORTS=<dir> keeps each run's full Lighthouse report (JSON) for diagnosis.
        if (process.env.BENCH_WEB_REPORTS) {
          fs.mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
          const name = `${page === '/' ? 'landing' : page.slice(1)}${RUNS > 1 ? `-${run}` : ''}.json`;
          fs.writeFileSync(path.join(process.env.BENCH_WEB_REPORTS, name), JSON.stringify(lhr, null, 1));
        }
        const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
        const scripts = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(server.url));
        pageScripts.set(
          page,
          scripts.map((r) => r.url),
        );
        runs.push({
          page,
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
          cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
          jsTransferKb: Math.round(scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0) / 102.4) / 10,
        });
      }
      const scores = runs.map((r) => r.performance);
      rows.push({
        page,
        performance: median(scores),
        accessibility: Math.min(...runs.map((r) => r.accessibility)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
        benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
        jsTransferKb: median(runs.map((r) => r.jsTransferKb)),
      });
      ranges.set(page, `${Math.min(...scores)}–${Math.max(...scores)}`);
    }
    const gzipKb = new Map<string, number>();
    for (const [page, urls] of pageScripts) gzipKb.set(page, Math.round((await gzippedBytes(urls)) / 102.4) / 10);
    console.log(`\nLighthouse (mobile, simulated throttling) against the production build, median of ${RUNS} run${RUNS > 1 ? 's' : ''} per page:\n`);
    console.table(
      rows.map((r) => ({
        page: r.page,
        performance: r.performance,
        'lowest–highest': ranges.get(r.page),
        accessibility: r.accessibility,
        'LCP (ms)': r.lcpMs,
        'TBT (ms)': r.tbtMs,
        CLS: r.cls,
        benchmarkIndex: r.benchmarkIndex,
        'JS transferred (KiB)': r.jsTransferKb,
        'JS gzipped (KiB)': gzipKb.get(r.page),
      })),
    );
    for (const [page, urls] of pageScripts) console.log(`JavaScript loaded by ${page} : ${urls.length} files, ${gzipKb.get(page)} KiB gzipped`);
  } finally {
    chrome?.kill();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Lighthouse's report of one page; a run Lighthouse itself failed to record (NO_NAVSTART, now and then) is run again. */
async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const failure = result.lhr.runtimeError;
    if (!failure || attempt === 3) return result.lhr;
    console.warn(`Lighthouse could not measure ${url} (${failure.code}); running it again`);
  }
}

await main();
