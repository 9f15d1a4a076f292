/**
 * `npm run bench:web`: builds the web app, starts the real server on a fresh data directory and
 * runs Lighthouse (mobile, its default) with Debian's chromium (CHROME_PATH, default
 * /usr/bin/chromium) against /, /ayuda and /comoclientes. Prints performance, accessibility,
 * LCP and the gzipped JavaScript that / loads. Not part of `npm test` (timings depend on the machine).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServerProcess } from '../../apps/server/test/support/server-process.ts';

const PAGES = ['/', '/ayuda', '/comoclientes'];
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  jsTransferKb: number;
}

async function gzippedBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    total += zlib.gzipSync(body, { level: 9 }).length;
  }
  return total;
}

async function main(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== '1') execSync('npm run build -w @arreglaya/web', { stdio: 'inherit' });
  // Without it chrome-launcher's spawn error would end the process and leave the server running.
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH}: install Debian's (apt-get install chromium; npm test does) or set CHROME_PATH`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-web-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, NODE_ENV: 'production', DEMO_DATA: '0', LOG_LEVEL: 'warn' });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const rows: Row[] = [];
  let landingScripts: string[] = [];
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    for (const page of PAGES) {
      const lhr = await audit(`${server.url}${page}`, chrome.port);
      // BENCH_WEB_REPORTS=<dir> keeps each page's full Lighthouse report (JSON) for diagnosis.
      if (process.env.BENCH_WEB_REPORTS) {
        fs.mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
        fs.writeFileSync(path.join(process.env.BENCH_WEB_REPORTS, `${page === '/' ? 'landing' : page.slice(1)}.json`), JSON.stringify(lhr, null, 1));
      }
      const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
      const scripts = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(server.url));
      if (page === '/') landingScripts = scripts.map((r) => r.url);
      rows.push({
        page,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        jsTransferKb: Math.round(scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0) / 102.4) / 10,
      });
    }
    const gzipKb = Math.round((await gzippedBytes(landingScripts)) / 102.4) / 10;
    console.log('\nLighthouse (mobile, simulated throttling) against the production build:\n');
    console.table(rows.map((r) => ({ page: r.page, performance: r.performance, accessibility: r.accessibility, 'LCP (ms)': r.lcpMs, 'JS transferred (KiB)': r.jsTransferKb })));
    console.log(`JavaScript loaded by / : ${landingScripts.length} files, ${gzipKb} KiB gzipped`);
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
