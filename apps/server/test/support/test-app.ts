import type { DeliveryStatusSink } from '../../src/modules/notifications/channel-sender.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App, type AppHandles } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config/env.ts';
import type { ChannelSender } from '../../src/modules/notifications/channel-sender.ts';
import type { JobQueueSettings } from '../../src/modules/jobs/job-queue.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export interface TestApp extends TestDatabase {
  app: App & AppHandles;
  config: Config;
  close(): Promise<void>;
}

/** Every line the app logs, as written (JSON), for tests that read the log. */
export interface LogCapture {
  lines: string[];
  write(line: string): void;
}

export function captureLog(): LogCapture {
  const lines: string[] = [];
  return { lines, write: (line) => void lines.push(line) };
}

export interface TestAppOptions {
  /** Send the app's log (at LOG_LEVEL, 'silent' unless `env` says otherwise) here. */
  log?: LogCapture;
  /** The job queue's settings (decision 035). */
  jobs?: Partial<JobQueueSettings>;
  /** Outside-channel senders (tests: recording doubles; decision 038). */
  channelSenders?: ChannelSender[];
  /** Where WhatsApp and SMS status callbacks go (decision 040). */
  deliveryStatusSink?: DeliveryStatusSink;
  /** The server's clock (the guarantee's windows, the show-up rules, quiet hours): tests move it. */
  clock?: () => Date;
}

/** The real app on a fresh database; `env` overrides configuration (e.g. SMTP_URL). */
export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-test-data-'));
  // MAX_EVENT_LOOP_DELAY_MS: a test app does not shed load when the shared machine stalls its worker
  // for a second (other workers importing, a build beside it): a test's sign-in once got a 503 so.
  // Load shedding has its own test (load-shedding.test.ts), which sets its limit.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: database.url, DEMO_DATA: '0', MAX_EVENT_LOOP_DELAY_MS: '30000', ...env });
  // No schedules: a test runs a job by name (runJob) when it wants it, never a sweep at a moment it did not choose.
  const app = await buildApp({
    config,
    db: database.db,
    logger: createLogger(config, opts.log),
    jobs: { schedules: false, ...opts.jobs },
    channelSenders: opts.channelSenders,
    deliveryStatusSink: opts.deliveryStatusSink,
    clock: opts.clock,
  });
  await app.ready();
  return {
    ...database,
    app,
    config,
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface MailTestApp extends TestApp {
  /** The real SMTP server the app delivers to; read what users would receive. */
  smtp: SmtpCatcher;
}

/** The real app delivering its mail to a real SMTP server started for the test. */
export async function createTestAppWithMail(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<MailTestApp> {
  const smtp = await startSmtpCatcher();
  const t = await createTestApp({ SMTP_URL: smtp.url, ...env }, opts);
  return {
    ...t,
    smtp,
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}
