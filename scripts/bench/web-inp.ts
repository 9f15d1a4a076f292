/**
 * Part of `npm run bench:web`: the Interaction to Next Paint (INP) of the chat, measured in
 * Debian's Chromium driven by Playwright with the CPU slowed down BENCH_WEB_CPU_SLOWDOWN times
 * (default 4, Chrome DevTools' "4x slowdown", roughly a mid-range phone), at 360 × 740, by the
 * `web-vitals` package's onINP (reportAllChanges, every interaction of 16 ms or more counted).
 *
 * Two interactions, each on a fresh page load, BENCH_WEB_INP_RUNS times (default 5; 0 skips):
 * - "open a conversation": a tap on the conversation in /perfil/mensajes (the list screen),
 *   until its 40 messages are shown;
 * - "type in the composer": 40 characters typed into the open conversation's composer (INP is
 *   the worst key press of them).
 * On its own server (development mode, the demo data): a demo client contacts a demo contractor
 * and they exchange 40 messages through the API first.
 *
 * Then the directory's interactions on /busqueda (issue 36, decision 046), each on a fresh load of
 * the server-rendered page with the demo's contractors, as a visitor: choosing another sort order,
 * ticking a service in the filters (opened first, untimed) and going to the next page, each
 * until the new results are shown.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium, request, type Browser, type Page } from '@playwright/test';
import { chat } from '@arreglaya/shared/i18n/chat';
import { directory } from '@arreglaya/shared/i18n/directory';
import { pagination } from '@arreglaya/shared/i18n/common';
import { planPeople } from '../../apps/server/src/demo/plan-people.ts';
import { DEMO_SEED, mulberry32, Rng } from '../../apps/server/src/demo/random.ts';
import { DEMO_SIZE } from '../../apps/server/src/demo/seed-demo.ts';
import { startServerProcess } from '../../apps/server/test/support/server-process.ts';

const DEMO_PASSWORD = 'demo-arreglaya';
const MESSAGES = 40;
const TYPED = 'hola puede venir el lunes a las nueve y'.padEnd(40, 'o');
const VIEWPORT = { width: 360, height: 740 };
const WEB_VITALS = fs.readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('web-vitals')), 'web-vitals.iife.js'), 'utf8');

declare global {
  interface Window {
    __inp?: number;
  }
}

export interface InpOptions {
  chromePath: string;
  runs: number;
  cpuSlowdown: number;
}

export interface InpRow {
  interaction: string;
  medianMs: number;
  lowestMs: number;
  highestMs: number;
}

/** The first demo client and contractor (the seed follows the same plan). */
function demoPair(): { client: string; contractor: string } {
  const { contractors, clients } = planPeople(new Rng(mulberry32(DEMO_SEED)), new Date(), DEMO_SIZE.clients);
  return { client: clients[0]!.user.email, contractor: contractors[0]!.user.email };
}

async function signedIn(baseURL: string, email: string) {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-requested-with': 'arreglaya', origin: baseURL } });
  const res = await api.post('/api/auth/sign-in', { data: { email, password: DEMO_PASSWORD } });
  if (!res.ok()) throw new Error(`sign-in of ${email}: ${res.status()} ${await res.text()}`);
  return api;
}

/** A conversation of the demo client with MESSAGES messages, none read yet; its id. */
async function prepareConversation(baseURL: string, pair: { client: string; contractor: string }): Promise<string> {
  const client = await signedIn(baseURL, pair.client);
  const contractor = await signedIn(baseURL, pair.contractor);
  try {
    const contractorId = ((await (await contractor.get('/api/auth/session')).json()) as { user: { id: string } }).user.id;
    const contact = await client.post(`/api/contractors/${contractorId}/contact`, { data: { message: 'Tengo una fuga debajo del fregadero.' } });
    if (!contact.ok()) throw new Error(`contact: ${contact.status()} ${await contact.text()}`);
    const { conversationId } = (await contact.json()) as { conversationId: string };
    for (let i = 1; i < MESSAGES; i++) {
      const from = i % 2 === 0 ? client : contractor;
      const sent = await from.post(`/api/conversations/${conversationId}/messages`, { data: { text: `Mensaje ${i}: ${'detalles del trabajo, '.repeat(1 + (i % 4))}` } });
      if (!sent.ok()) throw new Error(`message ${i}: ${sent.status()} ${await sent.text()}`);
    }
    return conversationId;
  } finally {
    await client.dispose();
    await contractor.dispose();
  }
}

/** A fresh signed-in phone page with onINP listening and the CPU slowed down. */
async function phonePage(browser: Browser, baseURL: string, clientEmail: string, cpuSlowdown: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT, locale: 'es-DO', timezoneId: 'America/Santo_Domingo' });
  const res = await context.request.post('/api/auth/sign-in', {
    data: { email: clientEmail, password: DEMO_PASSWORD },
    headers: { 'x-requested-with': 'arreglaya', origin: baseURL },
  });
  if (!res.ok()) throw new Error(`browser sign-in: ${res.status()}`);
  // Before the page's own scripts (an init script is not subject to the page's CSP).
  await context.addInitScript(`${WEB_VITALS}\nwebVitals.onINP((m) => { window.__inp = m.value; }, { reportAllChanges: true, durationThreshold: 16 });`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return page;
}

/**
 * The INP web-vitals reported, once the interaction's next paint has been seen (two frames and a
 * little); 0 when no interaction took 16 ms or more (the Event Timing API's floor: nothing reported).
 */
async function inpOf(page: Page): Promise<number> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 250)))));
  return page.evaluate(() => window.__inp ?? 0);
}

async function openConversation(page: Page): Promise<number> {
  await page.goto('/perfil/mensajes');
  const link = page.getByRole('list', { name: chat.page.listLabel }).getByRole('link').first();
  await link.waitFor();
  await link.click();
  await page
    .getByRole('log')
    .getByText(/^Mensaje 39:/)
    .waitFor();
  return inpOf(page);
}

async function typeInComposer(page: Page, conversationId: string): Promise<number> {
  await page.goto(`/perfil/mensajes?conversation=${conversationId}`);
  await page
    .getByRole('log')
    .getByText(/^Mensaje 39:/)
    .waitFor();
  const composer = page.getByRole('textbox', { name: chat.page.composerLabel });
  // Focused without a tap: the INP is the key presses' alone (web-vitals keeps the worst interaction of the page).
  await composer.focus();
  // A quick typist's pace (10 characters a second): keys sent faster than that only queue up behind each other.
  await composer.pressSequentially(TYPED, { delay: 100 });
  return inpOf(page);
}

type DirectoryInteraction = 'sort' | 'filter' | 'page';

/** One interaction on a fresh /busqueda; the INP once its results are shown. */
async function directoryInteraction(page: Page, kind: DirectoryInteraction): Promise<number> {
  await page.goto('/busqueda');
  // The server's HTML is there before the scripts: wait until React listens (main.tsx's mark).
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
  const before = page.url();
  if (kind === 'sort') await page.getByLabel(directory.sort.label).selectOption('reviews');
  else if (kind === 'page')
    await page
      .getByRole('navigation', { name: pagination.label })
      .getByRole('link', { name: new RegExp(pagination.next) })
      .click();
  else {
    await page.getByRole('button', { name: directory.filters.open, exact: true }).click();
    await page.getByRole('complementary', { name: directory.filters.title }).getByRole('checkbox').first().click();
  }
  await page.waitForURL((url) => url.href !== before);
  await page.locator('ul[aria-busy="false"]').first().waitFor();
  return inpOf(page);
}

/** The directory's interactions on a phone, `runs` fresh loads each; median and range of each. */
async function measureDirectoryInp(browser: Browser, baseURL: string, options: InpOptions): Promise<InpRow[]> {
  const labels: Record<DirectoryInteraction, string> = {
    sort: '/busqueda: choose another sort order',
    filter: '/busqueda: tick a service in the filters',
    page: '/busqueda: next page',
  };
  const rows: InpRow[] = [];
  for (const kind of Object.keys(labels) as DirectoryInteraction[]) {
    const values: number[] = [];
    for (let run = 0; run < options.runs; run++) {
      const page = await visitorPage(browser, baseURL, options.cpuSlowdown);
      values.push(await directoryInteraction(page, kind));
      await page.context().close();
    }
    rows.push({ interaction: labels[kind], medianMs: median(values), lowestMs: Math.min(...values), highestMs: Math.max(...values) });
  }
  return rows;
}

/** A fresh visitor's phone page with onINP listening and the CPU slowed down. */
async function visitorPage(browser: Browser, baseURL: string, cpuSlowdown: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT, locale: 'es-DO', timezoneId: 'America/Santo_Domingo', serviceWorkers: 'block' });
  await context.addInitScript(`${WEB_VITALS}\nwebVitals.onINP((m) => { window.__inp = m.value; }, { reportAllChanges: true, durationThreshold: 16 });`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return page;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

export async function measureChatInp(options: InpOptions): Promise<InpRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-inp-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, NODE_ENV: 'development', MAIL_TRANSPORT: 'outbox', DEMO_DATA: '1', LOG_LEVEL: 'warn' });
  const browser = await chromium.launch({
    executablePath: options.chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const pair = demoPair();
    const conversationId = await prepareConversation(server.url, pair);
    const samples = { open: [] as number[], type: [] as number[] };
    for (let run = 0; run < options.runs; run++) {
      for (const kind of ['open', 'type'] as const) {
        const page = await phonePage(browser, server.url, pair.client, options.cpuSlowdown);
        samples[kind].push(kind === 'open' ? await openConversation(page) : await typeInComposer(page, conversationId));
        await page.context().close();
      }
    }
    const row = (interaction: string, values: number[]): InpRow => ({ interaction, medianMs: median(values), lowestMs: Math.min(...values), highestMs: Math.max(...values) });
    return [
      row('open a conversation (tap)', samples.open),
      row(`type ${TYPED.length} characters in the composer`, samples.type),
      ...(await measureDirectoryInp(browser, server.url, options)),
    ];
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
