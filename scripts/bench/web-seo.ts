// `npm run bench:web`'s service-and-city table (decision 044): Lighthouse's SEO, performance and
// accessibility at a phone's 360 px on a server with the demo data (the pages need contractors:
// an empty one is noindex, which Lighthouse's SEO counts against it), for the two busiest
// service-and-city pages, with the landing (which links them) beside them for comparison.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { ServiceCityStats } from '@arreglaya/shared/schemas/service-city';
import { serviceCityPath } from '@arreglaya/shared/service-city';
import { startServerProcess } from '../../apps/server/test/support/server-process.ts';

/** A 360 × 740 phone (Lighthouse's default mobile emulation is 412 px wide). */
const PHONE_360 = { mobile: true, width: 360, height: 740, deviceScaleFactor: 3, disabled: false };

interface SeoRow {
  page: string;
  seo: number;
  performance: number;
  'lowest–highest': string;
  accessibility: number;
  'LCP (ms)': number;
  'TBT (ms)': number;
  CLS: number;
  benchmarkIndex: number;
  'failing SEO audits (any run)': string;
}

export async function serviceCitySeoTable(chrome: chromeLauncher.LaunchedChrome, runs: number, median: (values: number[]) => number): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-seo-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, NODE_ENV: 'production', PROCESSOR: 'sandbox', MAIL_TRANSPORT: 'outbox', DEMO_DATA: '1', LOG_LEVEL: 'warn' });
  try {
    const { items } = (await (await fetch(`${server.url}/api/contractors/service-cities`)).json()) as ServiceCityStats;
    const busiest = [...items].sort((a, b) => b.contractors - a.contractors).slice(0, 2);
    const pages = ['/', ...busiest.map((s) => serviceCityPath(s.service, s.city))];
    const rows: SeoRow[] = [];
    for (const page of pages) {
      const measured = [];
      for (let run = 1; run <= runs; run++) {
        const result = await lighthouse(`${server.url}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['seo', 'performance', 'accessibility'],
          formFactor: 'mobile',
          screenEmulation: PHONE_360,
        });
        if (!result) throw new Error(`no Lighthouse result for ${page}`);
        const { categories, audits } = result.lhr;
        measured.push({
          seo: Math.round((categories.seo?.score ?? 0) * 100),
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          lcp: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
          tbt: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
          cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
          benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
          failing: (categories.seo?.auditRefs ?? []).filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id),
        });
      }
      const scores = measured.map((m) => m.performance);
      rows.push({
        page,
        seo: Math.min(...measured.map((m) => m.seo)),
        performance: median(scores),
        'lowest–highest': `${Math.min(...scores)}–${Math.max(...scores)}`,
        accessibility: Math.min(...measured.map((m) => m.accessibility)),
        'LCP (ms)': median(measured.map((m) => m.lcp)),
        'TBT (ms)': median(measured.map((m) => m.tbt)),
        CLS: median(measured.map((m) => m.cls)),
        benchmarkIndex: median(measured.map((m) => m.benchmarkIndex)),
        'failing SEO audits (any run)': [...new Set(measured.flatMap((m) => m.failing))].join(', ') || 'none',
      });
    }
    console.log(`\nLighthouse at 360 px (mobile, simulated throttling), demo data, median of ${runs} run${runs > 1 ? 's' : ''} per page (SEO and accessibility: the lowest):\n`);
    console.table(rows);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
