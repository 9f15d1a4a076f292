import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect } from '@playwright/test';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

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

/**
 * `test` with a real server per worker: an SMTP catcher, then the API server (fresh data
 * directory, no demo data) pointed at it. `baseURL` points every page.goto at that server.
 */
export const test = base.extend<{ mailbox: Mailbox }, { server: ServerHandle }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const smtp = await startSmtp();
      const port = await freePort();
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'arreglaya-e2e-'));
      const baseURL = `http://127.0.0.1:${port}`;
      const server = spawnServer({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        DEMO_DATA: '0',
        NODE_ENV: 'test',
        APP_URL: baseURL,
      });
      try {
        await waitForHealth(baseURL, server);
        await use({ baseURL, mailbox: smtp.mailbox });
      } finally {
        await stopProcess(server.child);
        await smtp.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: HEALTH_TIMEOUT_MS + 40_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  mailbox: async ({ server }, use) => {
    await use(server.mailbox);
  },
});

export { expect };

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

function spawnServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, INIT_CWD: REPO_ROOT },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep the last output for the error message if the server does not come up.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

async function waitForHealth(baseURL: string, server: { child: ChildProcess; output: () => string }): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`Server exited with code ${server.child.exitCode}:\n${server.output()}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  await stopProcess(server.child);
  throw new Error(`Server not healthy within ${HEALTH_TIMEOUT_MS} ms:\n${server.output()}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
