/**
 * Part of `npm run bench:web` (issue 54, decision 070): a phone on a slow 3G line. Debian's
 * Chromium driven by Playwright at 360 × 740, the network throttled through the DevTools protocol
 * (Network.emulateNetworkConditions: 400 kbps down and up, 400 ms round trip) and the CPU slowed
 * down 4× (Emulation.setCPUThrottlingRate), a fresh browser context each run (nothing cached).
 *
 * Measured: the time from the navigation's start until the page answers a tap, i.e. until React
 * listens to it (main.tsx sets <html data-app="ready"> then; a tap on a part not hydrated yet is
 * replayed, decision 018), read in the page from performance.now(). Target: under 5 s on `/`,
 * `/busqueda`, a contractor's page and a project page. BENCH_WEB_SLOW3G_RUNS (default 5) runs each;
 * median and range. Also the JavaScript each page downloaded (bytes on the wire, headers included),
 * the first contentful paint, when the page's heading (`<main>`'s `<h1>`) was there (a page
 * rendered in the browser answers a tap before its data has come and its spinner has gone), and
 * what the page's navigator.connection said.
 *
 * On its own server in production mode with the demo data; the project page is a demo account's (a client's project or a contractor's job), signed in as BENCH_WEB_ACCOUNT (default ruben.gomez@demo.arreglaya.do).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { startServerProcess } from '../../apps/server/test/support/server-process.ts';

const VIEWPORT = { width: 360, height: 740 };
const KBPS = 400;
const RTT_MS = 400;
const CPU_SLOWDOWN = 4;
const TARGET_MS = 5000;

export interface Slow3gRow {
  page: string;
  medianMs: number;
  lowestMs: number;
  highestMs: number;
  jsKb: number;
  /** First contentful paint, median of the runs. */
  fcpMs: number;
  /** When `<main>`'s heading was there (polled every 50 ms, as the tap), median of the runs. */
  headingMs: number;
  /** What the page's navigator.connection said (effectiveType, downlink, rtt), in its first run. */
  connection: string;
}

/** The demo account's session cookie and a project page of theirs (a client's project, or a contractor's job); web.ts uses it too. */
export async function signInDemo(baseUrl: string): Promise<{ cookie: string; projectPath: string }> {
  const email = process.env.BENCH_WEB_ACCOUNT ?? 'ruben.gomez@demo.arreglaya.do';
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'arreglaya', origin: baseUrl };
  const res = await fetch(`${baseUrl}/api/auth/sign-in`, { method: 'POST', headers, body: JSON.stringify({ email, password: 'demo-arreglaya' }) });
  if (!res.ok) throw new Error(`signing in as ${email}: ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const asked = { headers: { cookie, 'x-requested-with': 'arreglaya' } };
  const projects = (await (await fetch(`${baseUrl}/api/me/projects`, asked)).json()) as { items?: { id: string }[] };
  // A contractor's job is a project page too (the demo account may be either).
  const jobs = projects.items?.length ? [] : ((await (await fetch(`${baseUrl}/api/me/jobs`, asked)).json()) as { items?: { projectId?: string; id: string }[] }).items;
  const id = projects.items?.[0]?.id ?? jobs?.[0]?.projectId ?? jobs?.[0]?.id;
  if (!id) throw new Error(`${email} has no project or job in the demo`);
  return { cookie, projectPath: `/proyectos/${id}` };
}

/** One cold load of `url` on the slow line: milliseconds until the page answers a tap, and the JavaScript bytes received. */
async function load(browser: Browser, url: string, cookie?: string): Promise<{ ms: number; jsBytes: number; fcpMs: number; headingMs: number; connection: string }> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'es-DO', serviceWorkers: 'block' });
  try {
    // The session as a header (the cookie string from the sign-in's Set-Cookie lines).
    if (cookie) await context.setExtraHTTPHeaders({ cookie });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Chromium derives navigator.connection from the emulated line (effectiveType '3g', downlink
    // 0.35–0.4 Mbps, rtt 350–450 ms, checked 2026-12-07): the pages see a 3G line and prefetch
    // nothing (decision 070); the connection's type says cellular, as a phone's would.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: RTT_MS,
      downloadThroughput: (KBPS * 1000) / 8,
      uploadThroughput: (KBPS * 1000) / 8,
      connectionType: 'cellular3g',
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let jsBytes = 0;
    const scripts = new Set<string>();
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.add(e.requestId);
    });
    const files: { name: string; bytes: number; requestedMs: number; finishedMs: number }[] = [];
    const requested = new Map<string, { url: string; at: number }>();
    let startedAt = 0;
    cdp.on('Network.requestWillBeSent', (e) => {
      startedAt ||= e.timestamp;
      requested.set(e.requestId, { url: e.request.url, at: e.timestamp });
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (scripts.has(e.requestId)) jsBytes += e.encodedDataLength;
      const r = requested.get(e.requestId);
      if (r) files.push({ name: new URL(r.url).pathname, bytes: e.encodedDataLength, requestedMs: (r.at - startedAt) * 1000, finishedMs: (e.timestamp - startedAt) * 1000 });
    });
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    // Polled every 50 ms: the figure may be up to that late.
    const ready = await page.waitForFunction(() => (document.documentElement?.dataset.app === 'ready' ? performance.now() : 0), undefined, { timeout: 120_000, polling: 50 });
    const ms = (await ready.jsonValue()) as number;
    const jsUntilReady = jsBytes;
    const heading = await page.waitForFunction(() => (document.querySelector('main h1') ? performance.now() : 0), undefined, { timeout: 120_000, polling: 50 });
    const headingMs = (await heading.jsonValue()) as number;
    const seen = await page.evaluate(() => {
      const c = (navigator as Navigator & { connection?: { effectiveType?: string; downlink?: number; rtt?: number } }).connection;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      return { fcp, connection: c ? `${c.effectiveType} ${c.downlink} Mbps ${c.rtt} ms` : 'none' };
    });
    // BENCH_WEB_SLOW3G_FILES=1: every response of the load until the heading, in the order they finished.
    if (process.env.BENCH_WEB_SLOW3G_FILES === '1') {
      console.log(`\n${url}: ready at ${Math.round(ms)} ms, heading at ${Math.round(headingMs)} ms`);
      for (const f of files)
        console.log(`  ${f.requestedMs.toFixed(0).padStart(6)} → ${f.finishedMs.toFixed(0).padStart(6)} ms ${(f.bytes / 1024).toFixed(1).padStart(6)} KiB ${f.name}`);
    }
    return { ms: Math.round(ms), jsBytes: jsUntilReady, fcpMs: Math.round(seen.fcp), headingMs: Math.round(headingMs), connection: seen.connection };
  } finally {
    await context.close();
  }
}

export async function measureSlow3g(options: { chromePath: string; runs: number; median: (values: number[]) => number }): Promise<Slow3gRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-slow3g-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, NODE_ENV: 'production', PROCESSOR: 'sandbox', MAIL_TRANSPORT: 'outbox', DEMO_DATA: '1', LOG_LEVEL: 'warn' });
  const browser = await chromium.launch({ executablePath: options.chromePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic'] });
  try {
    const { items } = (await (await fetch(`${server.url}/api/contractors`)).json()) as { items: { id: string }[] };
    const { cookie, projectPath } = await signInDemo(server.url);
    const pages: { label: string; path: string; cookie?: string }[] = [
      { label: '/', path: '/' },
      { label: '/busqueda', path: '/busqueda' },
      { label: '/contractors/:id', path: `/contractors/${items[0]!.id}` },
      { label: '/proyectos/:id (signed in)', path: projectPath, cookie },
    ];
    // BENCH_WEB_SLOW3G_PAGES=/busqueda,/proyectos: only the pages whose label starts with one of these.
    const only = process.env.BENCH_WEB_SLOW3G_PAGES?.split(',').filter(Boolean);
    const rows: Slow3gRow[] = [];
    for (const page of pages.filter((p) => !only || only.some((prefix) => p.label.startsWith(prefix)))) {
      const runs = [];
      for (let run = 0; run < options.runs; run++) runs.push(await load(browser, `${server.url}${page.path}`, page.cookie));
      const times = runs.map((r) => r.ms);
      rows.push({
        page: page.label,
        medianMs: options.median(times),
        lowestMs: Math.min(...times),
        highestMs: Math.max(...times),
        jsKb: Math.round(options.median(runs.map((r) => r.jsBytes)) / 102.4) / 10,
        fcpMs: options.median(runs.map((r) => r.fcpMs)),
        headingMs: options.median(runs.map((r) => r.headingMs)),
        connection: runs[0]!.connection,
      });
    }
    return rows;
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const SLOW_3G = { kbps: KBPS, rttMs: RTT_MS, cpuSlowdown: CPU_SLOWDOWN, targetMs: TARGET_MS };
