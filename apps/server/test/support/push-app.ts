import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { pushSubscriptions } from '../../src/db/schema/index.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { asBrowser, createUser, signIn, type TestUser } from './factories.ts';
import { startPushReceiver, type BrowserSubscription, type PushReceiver } from './push-receiver.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// What the Web Push test files share (push.test.ts, push-sender.test.ts): the app, and a local push
// service (decision 039) that verifies the VAPID header and
// decrypts every payload with the subscription's own keys (test/support/push-receiver.ts).

export let t: TestApp;
export let receiver: PushReceiver;

export async function person(): Promise<{ user: TestUser; cookie: string }> {
  const user = await createUser(t.db);
  return { user, cookie: await signIn(t, user) };
}
export const postSubscription = (cookie: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/me/push-subscriptions',
    headers: { ...asBrowser(cookie), 'user-agent': 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36' },
    payload,
  });
export const deleteSubscription = (cookie: string, endpoint: string) =>
  t.app.inject({ method: 'DELETE', url: '/api/me/push-subscriptions', headers: asBrowser(cookie), payload: { endpoint } });
export const devicesOf = (userId: string) => t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
export const publicKey = async (app: { inject: TestApp['app']['inject'] }) => (await app.inject({ method: 'GET', url: '/api/push/key' })).json<{ publicKey: string }>().publicKey;

export async function subscribed(): Promise<{ user: TestUser; cookie: string; device: BrowserSubscription }> {
  const p = await person();
  const device = receiver.subscribe();
  expect((await postSubscription(p.cookie, device)).statusCode).toBe(201);
  return { ...p, device };
}

/** Another instance of the app on the same database, as a second start or a second server would be. */
export async function anotherStart(env: Record<string, string> = {}): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-test-data-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: t.url, DEMO_DATA: '0', ...env });
  const app = await buildApp({ config, db: t.db, logger: createLogger(config), jobs: { schedules: false } });
  try {
    await app.ready();
    return await publicKey(app);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The app and the local push service of a Web Push test file: started before its tests, closed after. */
export function setUpPushApp(): void {
  beforeAll(async () => {
    // The local push service is named to the app (PUSH_TEST_SERVICE, refused in production): nothing else off the push services' list is.
    receiver = await startPushReceiver();
    t = await createTestApp({ PUSH_TEST_SERVICE: receiver.url });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
}
