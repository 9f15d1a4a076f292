import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Fixtures, type Page, type PlaywrightTestArgs } from '@playwright/test';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { freePort, startServerProcess, type ServerProcess } from '../../../server/test/support/server-process.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const HEALTH_TIMEOUT_MS = 60_000;

export interface Mailbox {
  /** Every mail received so far, oldest first. */
  readonly messages: readonly Email[];
  /** Resolves with the first mail (already received or arriving) that matches. */
  waitFor(predicate: (mail: Email) => boolean, timeoutMs?: number): Promise<Email>;
}

interface ServerHandle {
  baseURL: string;
  mailbox: Mailbox;
}

type WorkerServerFixture = [(args: object, use: (server: AppServer) => Promise<void>) => Promise<void>, { scope: 'worker'; timeout: number }];

/** A worker fixture: one server (startAppServer with `env`) for all of a worker's tests, stopped after them. */
function serverPerWorker(env: Record<string, string> = {}): WorkerServerFixture {
  return [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const server = await startAppServer(env);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: HEALTH_TIMEOUT_MS + 60_000 },
  ];
}

/**
 * `test` with a real server per worker: an SMTP catcher, then the API server (fresh data
 * directory, no demo data) pointed at it. `baseURL` points every page.goto at that server.
 */
export interface AppServer extends ServerHandle {
  stop(): Promise<void>;
}

/**
 * Starts a real server with its own SMTP catcher and data directory, plus `env` (e.g.
 * SESSION_TTL_SECONDS). The worker fixture uses it; a test that needs other settings starts
 * its own and stops it at the end.
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const smtp = await startSmtp();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'arreglaya-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let server: ServerProcess;
  try {
    server = await startServerProcess({
      PORT: String(port),
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      APP_URL: baseURL,
      INIT_CWD: REPO_ROOT,
      // The test runner, on loopback, speaks as a proxy: an account made through the API comes
      // from an address of its own (accounts.ts), as different people's sign-ups do, rather than
      // every test of a worker using up the one address's sign-up limit (10 per 10 minutes).
      TRUST_PROXY: '127.0.0.1',
      ...env,
    });
  } catch (error) {
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseURL,
    mailbox: smtp.mailbox,
    async stop() {
      const timer = setTimeout(() => void server.crash(), 30_000);
      await server.stop();
      clearTimeout(timer);
      await smtp.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resolves once the app runs the page (main.tsx marks <html data-app="ready">); at once for anything else (JSON, an image). */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.app === 'ready');
}

/**
 * page.goto, reload, goBack and goForward resolve once the app runs the page, not at the load
 * event: a prerendered page requests its scripts only after its first paint (decision 016), so a
 * test acting at the load event could click markup nothing listens to. The mark comes as soon as
 * React listens to the page; the parts hydrated later need no wait: React hydrates the part a
 * click or key press lands on first, then handles the event (decision 018).
 */
export function waitForAppOnNavigation(page: Page): Page {
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await navigate(...args);
      await appReady(page);
      return response;
    };
  }
  return page;
}

const navigationWaitsForApp: Fixtures<object, object, PlaywrightTestArgs> = {
  page: async ({ page }, use) => {
    await use(waitForAppOnNavigation(page));
  },
};

/**
 * `test` with a real server per worker: an SMTP catcher, then the API server (fresh data
 * directory, no demo data) pointed at it. `baseURL` points every page.goto at that server.
 */
export const test = base.extend<{ mailbox: Mailbox }, { server: ServerHandle }>({
  ...navigationWaitsForApp,
  server: serverPerWorker(),
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  mailbox: async ({ server }, use) => {
    await use(server.mailbox);
  },
});

export { expect };

export interface PageErrorFixtures {
  /** Console errors a test expects (a refused upload logs its 400), as patterns over "url: text". */
  allowedErrors: RegExp[];
  /** Unexpected console errors and uncaught exceptions so far; must be empty when the test ends. */
  errors: string[];
}

/**
 * Collects the page's console errors (except those matching `allowed`, as patterns over "url: text")
 * and uncaught exceptions; the caller expects the list empty at the end. For pages a test opens
 * itself (a second browser context); the `errors` fixture does it for `page`.
 */
export function watchPageErrors(page: Page, allowed: readonly RegExp[] = []): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    const line = `${msg.location().url || page.url()}: ${msg.text()}`;
    if (msg.type() === 'error' && !allowed.some((p) => p.test(line))) errors.push(line);
  });
  page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
  return errors;
}

/** Fails every test on an unexpected console error or uncaught exception in the page. */
export const failOnPageErrors: Fixtures<PageErrorFixtures, object, PlaywrightTestArgs> = {
  allowedErrors: [[], { option: true }],
  errors: [
    async ({ page, allowedErrors }, use) => {
      const errors = watchPageErrors(page, allowedErrors);
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
};

/**
 * `test` against a server of its own per worker (`ownServer`; its own data, so accounts made
 * there do not count against the shared server's sign-up limit), started with `env` (for
 * example the demo data: 49 contractors, clients, reviews), failing on page errors.
 */
export function testWithOwnServer(env: Record<string, string> = {}) {
  return base.extend<PageErrorFixtures, { ownServer: AppServer }>({
    ...navigationWaitsForApp,
    ownServer: serverPerWorker(env),
    baseURL: async ({ ownServer }, use) => {
      await use(ownServer.baseURL);
    },
    ...failOnPageErrors,
  });
}

async function startSmtp(): Promise<{ port: number; mailbox: Mailbox; close(): Promise<void> }> {
  const messages: Email[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            messages.push(mail);
            callback();
          })
          .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  const address = smtp.server.address();
  if (address === null || typeof address === 'string') throw new Error('SMTP server has no TCP address');

  const mailbox: Mailbox = {
    messages,
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) {
          const subjects = messages.map((m) => m.subject ?? '(sin asunto)').join(' | ') || 'none';
          throw new Error(`No matching e-mail within ${timeoutMs} ms. Received: ${subjects}`);
        }
        await sleep(100);
      }
    },
  };
  return { port: address.port, mailbox, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
