import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { push } from '@arreglaya/shared/i18n/push';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { createLogger } from '../../lib/logger.ts';
import type { ChannelMessage } from '../notifications/channel-sender.ts';
import { asBrowser, createUser, signIn, type TestUser } from '../../../test/support/factories.ts';
import { startPushReceiver, type BrowserSubscription, type PushReceiver } from '../../../test/support/push-receiver.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createPushSender } from './push-sender.ts';
import { isPublicAddress } from './push-address.ts';
import { subscribe } from './push.service.ts';
import { loadVapid } from './vapid.ts';

// Web Push (decision 039) against a local push service that verifies the VAPID header and
// decrypts every payload with the subscription's own keys (test/support/push-receiver.ts).

let t: TestApp;
let receiver: PushReceiver;
beforeAll(async () => {
  // The local push service is named to the app (PUSH_TEST_SERVICE, refused in production): nothing else off the push services' list is.
  receiver = await startPushReceiver();
  t = await createTestApp({ PUSH_TEST_SERVICE: receiver.url });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function person(): Promise<{ user: TestUser; cookie: string }> {
  const user = await createUser(t.db);
  return { user, cookie: await signIn(t, user) };
}
const postSubscription = (cookie: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/me/push-subscriptions',
    headers: { ...asBrowser(cookie), 'user-agent': 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36' },
    payload,
  });
const deleteSubscription = (cookie: string, endpoint: string) =>
  t.app.inject({ method: 'DELETE', url: '/api/me/push-subscriptions', headers: asBrowser(cookie), payload: { endpoint } });
const devicesOf = (userId: string) => t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const publicKey = async (app: { inject: TestApp['app']['inject'] }) => (await app.inject({ method: 'GET', url: '/api/push/key' })).json<{ publicKey: string }>().publicKey;

async function subscribed(): Promise<{ user: TestUser; cookie: string; device: BrowserSubscription }> {
  const p = await person();
  const device = receiver.subscribe();
  expect((await postSubscription(p.cookie, device)).statusCode).toBe(201);
  return { ...p, device };
}

/** Another instance of the app on the same database, as a second start or a second server would be. */
async function anotherStart(env: Record<string, string> = {}): Promise<string> {
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

describe('VAPID keys', () => {
  it('are generated once, kept in the database and reused by the next start; VAPID_* variables win', async () => {
    const first = await publicKey(t.app);
    expect(first).toMatch(/^B[\w-]{86}$/);
    expect(await anotherStart()).toBe(first);
    // Several instances starting at once all end up with the one stored pair.
    const raced = await Promise.all(Array.from({ length: 4 }, () => loadVapid(t.db, t.config)));
    expect(new Set(raced.map((v) => v.publicKey))).toEqual(new Set([first]));

    const given = webpush.generateVAPIDKeys();
    expect(await anotherStart({ VAPID_PUBLIC_KEY: given.publicKey, VAPID_PRIVATE_KEY: given.privateKey })).toBe(given.publicKey);
    expect(await anotherStart()).toBe(first);
  });

  it('refuses half a pair or a malformed key at start', () => {
    const { publicKey: pub } = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pub })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'def' })).toThrow(/VAPID_PUBLIC_KEY: must be a P-256 public key/);
  });

  it('refuses a local push service (PUSH_TEST_SERVICE) in production, and anything but an origin', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUSH_TEST_SERVICE: 'http://127.0.0.1:4000' })).toThrow(
      /PUSH_TEST_SERVICE \(a local push service for tests\) is refused in production/,
    );
    expect(() => loadConfig({ PUSH_TEST_SERVICE: 'http://127.0.0.1:4000/push' })).toThrow(/PUSH_TEST_SERVICE: must be an origin/);
    expect(loadConfig({ PUSH_TEST_SERVICE: 'http://127.0.0.1:4000' }).PUSH_TEST_SERVICE).toBe('http://127.0.0.1:4000');
  });
});

describe('POST/DELETE /api/me/push-subscriptions', () => {
  it('saves this device for the signed-in person, with a label a person recognises', async () => {
    const { user, device } = await subscribed();
    const [row] = await devicesOf(user.id);
    expect(row).toMatchObject({ endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth, userAgentLabel: 'Chrome en Android' });
  });

  it('refuses a bad endpoint or bad keys with a Spanish 400, and nobody signed out', async () => {
    const { cookie } = await person();
    const good = receiver.subscribe();
    for (const endpoint of [
      'http://push.example.com/x',
      'ftp://push.example.com/x',
      'no es una dirección',
      'https://user:pw@push.example.com/x',
      `https://push.example.com/${'x'.repeat(1000)}`,
    ]) {
      const res = await postSubscription(cookie, { ...good, endpoint });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error.fields).toEqual({ endpoint: push.invalidEndpoint });
    }
    for (const keys of [
      { p256dh: good.keys.p256dh.slice(1), auth: good.keys.auth },
      { p256dh: good.keys.p256dh, auth: `${good.keys.auth}AA` },
      { p256dh: good.keys.p256dh.replace(/^B/, 'A'), auth: good.keys.auth },
    ]) {
      const res = await postSubscription(cookie, { ...good, keys });
      expect(res.statusCode).toBe(400);
      expect(Object.values(res.json().error.fields)).toEqual([push.invalidKeys]);
    }
    expect((await postSubscription(cookie, { endpoint: good.endpoint })).json().error.fields).toEqual({ keys: push.invalidKeys });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/me/push-subscriptions',
      headers: { origin: t.config.appUrl, 'x-requested-with': 'arreglaya' },
      payload: good,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("admits only the browsers' push services, over https on the default port (issue 48): anything else is a Spanish 400", async () => {
    const { user, cookie } = await person();
    const good = receiver.subscribe();
    for (const endpoint of [
      'https://127.0.0.1:8443/push/x',
      'https://10.0.0.1:6443/api/v1/namespaces',
      'https://[::1]/push/x',
      'https://[::ffff:127.0.0.1]/push/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://2130706433/push/x',
      'https://0x7f.1/push/x',
      'https://push.example.com/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com./fcm/send/x',
      'https://fcm.googleapis.com.attacker.net/fcm/send/x',
      'https://evilfcm.googleapis.com/fcm/send/x',
      'https://push.services.mozilla.com.attacker.net/wpush/v2/x',
      'https://attacker.net/.push.apple.com/x',
      'https://user@fcm.googleapis.com/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      // The local push service is admitted at its own origin only.
      `${receiver.url.replace('http:', 'https:')}/push/x`,
      'http://127.0.0.1:1/push/x',
      'http://localhost/push/x',
    ]) {
      const res = await postSubscription(cookie, { ...good, endpoint });
      expect(res.statusCode, endpoint).toBe(400);
      expect(Object.values(res.json().error.fields), endpoint).toHaveLength(1);
      expect(res.json().error.fields.endpoint, endpoint).toMatch(/^(La dirección|Este navegador)/);
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dAbC:APA91bExample',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABExample',
      'https://web.push.apple.com/QExampleToken',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAADExample',
    ]) {
      expect((await postSubscription(cookie, { ...good, endpoint })).statusCode, endpoint).toBe(201);
    }
    expect(await devicesOf(user.id)).toHaveLength(4);
  });

  it('keeps at most 10 devices a person: the 11th replaces the oldest (issue 48)', async () => {
    const { user, cookie } = await person();
    const devices = Array.from({ length: 11 }, () => receiver.subscribe());
    for (const device of devices) expect((await postSubscription(cookie, device)).statusCode).toBe(201);
    expect((await devicesOf(user.id)).map((d) => d.endpoint).sort()).toEqual(
      devices
        .slice(1)
        .map((d) => d.endpoint)
        .sort(),
    );
  });

  it('keeps exactly the 10 newest after 50 registrations at once', async () => {
    const { user } = await person();
    const old = Array.from({ length: 5 }, () => receiver.subscribe());
    for (const device of old) await subscribe(t.db, user.id, device, undefined);
    const raced = Array.from({ length: 50 }, () => receiver.subscribe());
    await Promise.all(raced.map((device) => subscribe(t.db, user.id, device, undefined)));
    const kept = await devicesOf(user.id);
    expect(kept).toHaveLength(10);
    expect(kept.every((d) => raced.some((r) => r.endpoint === d.endpoint))).toBe(true);
  });

  it('moves an endpoint posted again to whoever is signed in on that device now', async () => {
    const a = await subscribed();
    const b = await person();
    expect((await postSubscription(b.cookie, a.device)).statusCode).toBe(201);
    expect(await devicesOf(a.user.id)).toEqual([]);
    expect((await devicesOf(b.user.id)).map((d) => d.endpoint)).toEqual([a.device.endpoint]);
  });

  it("removes only the person's own device: another person's endpoint is a 404 and stays", async () => {
    const a = await subscribed();
    const b = await person();
    const res = await deleteSubscription(b.cookie, a.device.endpoint);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(push.notFound);
    expect(await devicesOf(a.user.id)).toHaveLength(1);

    const own = await deleteSubscription(a.cookie, a.device.endpoint);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ message: push.removed });
    expect(await devicesOf(a.user.id)).toEqual([]);
  });

  it("drops this device's subscription with the sign-out that carries it, and never someone else's", async () => {
    const a = await subscribed();
    const other = await subscribed();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: asBrowser(a.cookie), payload: { pushEndpoint: other.device.endpoint } });
    expect(out.statusCode).toBe(204);
    expect(await devicesOf(other.user.id)).toHaveLength(1);

    const b = await subscribed();
    const second = receiver.subscribe();
    await postSubscription(b.cookie, second);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: asBrowser(b.cookie), payload: { pushEndpoint: b.device.endpoint } })).statusCode).toBe(204);
    expect((await devicesOf(b.user.id)).map((d) => d.endpoint)).toEqual([second.endpoint]);
    // A sign-out without an endpoint (another browser, or one without pushes) still works.
    const c = await person();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: asBrowser(c.cookie), payload: {} })).statusCode).toBe(204);
    const d = await person();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: d.cookie, origin: t.config.appUrl, 'x-requested-with': 'arreglaya' } })).statusCode,
    ).toBe(204);
  });
});

describe('the local push service', () => {
  it("refuses a body encrypted to another subscription's keys and a VAPID signature for another origin", async () => {
    const vapid = await loadVapid(t.db, t.config);
    const [a, b] = [receiver.subscribe(), receiver.subscribe()];
    const options = { vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey }, contentEncoding: 'aes128gcm' as const };
    const post = async (request: webpush.RequestDetails, to: string) =>
      (await fetch(to, { method: 'POST', headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])), body: request.body })).status;
    const refusedBefore = receiver.refused.length;

    expect(await post(webpush.generateRequestDetails(a, '{"title":"x"}', options), b.endpoint)).toBe(400);
    const elsewhere = { ...b, endpoint: `https://push.example.com/push/${b.endpoint.split('/').at(-1)}` };
    expect(await post(webpush.generateRequestDetails(elsewhere, '{"title":"x"}', options), b.endpoint)).toBe(400);
    expect(receiver.refused.slice(refusedBefore)).toEqual([expect.stringMatching(/authenticate|decrypt/i), expect.stringContaining('aud https://push.example.com')]);
    expect(await post(webpush.generateRequestDetails(b, '{"title":"x"}', options), b.endpoint)).toBe(201);
  });
});

describe('PushSender', () => {
  const message = (userId: string, over: Partial<ChannelMessage> = {}): ChannelMessage => ({
    deliveryId: crypto.randomUUID(),
    userId,
    type: 'newOffer',
    title: 'Nueva oferta',
    body: 'Pedro Martínez ofreció RD$4,500.00 por "Cambiar la llave del fregadero".',
    url: `${t.config.appUrl}/proyectos/0b9a6f1e-1c1d-4a57-9d4c-2f0e4c8b7a11`,
    templateParams: [],
    ...over,
  });
  const sender = () => loadVapid(t.db, t.config).then((vapid) => createPushSender({ vapid, testService: receiver.url }));
  const receivedBy = (device: BrowserSubscription) => receiver.received.filter((r) => device.endpoint.endsWith(r.subscription));

  it('reaches every device of the person, whose keys alone decrypt exactly {title, body, url, tag}', async () => {
    const { user, cookie, device } = await subscribed();
    const laptop = receiver.subscribe();
    await postSubscription(cookie, laptop);
    const push = await sender();
    expect(await push.reachable(t.db, user.id)).toBe(true);

    const refusedBefore = receiver.refused.length;
    const msg = message(user.id);
    const result = await push.send(t.db, msg);
    expect(result).toMatchObject({ state: 'sent' });
    const key = await publicKey(t.app);
    for (const d of [device, laptop]) {
      const [got] = receivedBy(d);
      expect(got!.payload).toEqual({ title: msg.title, body: msg.body, url: msg.url, tag: msg.deliveryId });
      expect(got!.vapid).toMatchObject({ aud: receiver.url, k: key, sub: 'mailto:contacto@arreglaya.do' });
      expect(got!.ttl).toBe('86400');
      expect(got!.urgency).toBe('normal');
    }
    expect(receiver.refused.slice(refusedBefore)).toEqual([]);
    expect((await devicesOf(user.id)).every((d) => d.lastSuccessAt !== null)).toBe(true);
  });

  it('gives each push the delivery as its Topic: a retry the push service still holds for an offline device replaces it (shown once)', async () => {
    const { user, device } = await subscribed();
    const push = await sender();
    receiver.online(device.endpoint, false);
    const msg = message(user.id);
    // The first answer was lost (a timeout): the dispatcher sends the same delivery again.
    await push.send(t.db, msg);
    await push.send(t.db, msg);
    await push.send(t.db, message(user.id, { title: 'Otra oferta' }));
    receiver.online(device.endpoint, true);
    const got = receivedBy(device);
    expect(got.map((r) => (r.payload as { title: string }).title)).toEqual(['Nueva oferta', 'Otra oferta']);
    expect(got[0]!.topic).toBe(msg.deliveryId.replace(/-/g, ''));
  });

  it('sends money notices with high urgency', async () => {
    const { user, device } = await subscribed();
    await (await sender()).send(t.db, message(user.id, { type: 'paymentHeld', title: 'Pago retenido' }));
    expect(receivedBy(device).map((r) => r.urgency)).toEqual(['high']);
  });

  it('removes a device the push service says is gone (410, 404); with none left the address is gone', async () => {
    const { user, cookie, device } = await subscribed();
    const phone = receiver.subscribe();
    await postSubscription(cookie, phone);
    receiver.answer(device.endpoint, 410);
    const push = await sender();

    expect(await push.send(t.db, message(user.id))).toMatchObject({ state: 'sent' });
    expect((await devicesOf(user.id)).map((d) => d.endpoint)).toEqual([phone.endpoint]);

    receiver.answer(phone.endpoint, 404);
    expect(await push.send(t.db, message(user.id))).toEqual({ state: 'failed', retryable: false, reason: 'push subscription gone', addressGone: true });
    expect(await devicesOf(user.id)).toEqual([]);
    expect(await push.reachable(t.db, user.id)).toBe(false);
    expect(await push.send(t.db, message(user.id))).toMatchObject({ state: 'failed', retryable: false, addressGone: true });
  });

  it('reports a push service error or rate limit as a retryable failure with its status, and keeps the device', async () => {
    const { user, device } = await subscribed();
    const push = await sender();
    receiver.answer(device.endpoint, 500);
    expect(await push.send(t.db, message(user.id))).toEqual({ state: 'failed', retryable: true, reason: 'HTTP 500' });
    receiver.answer(device.endpoint, 429);
    expect(await push.send(t.db, message(user.id))).toEqual({ state: 'failed', retryable: true, reason: 'HTTP 429' });
    expect(await devicesOf(user.id)).toHaveLength(1);
    expect(receivedBy(device)).toEqual([]);

    receiver.answer(device.endpoint, undefined);
    expect(await push.send(t.db, message(user.id))).toMatchObject({ state: 'sent' });
    expect(receivedBy(device)).toHaveLength(1);
  });

  it('refuses, at send time, a push service whose name resolves to a non-public address: no connection, the device kept (issue 48)', async () => {
    // A listener that counts connections stands where the name would lead (the registration's port rule is the schema's; here the row is written directly).
    let connections = 0;
    const trap = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = trap.address() as net.AddressInfo;
      const { user } = await person();
      const keys = receiver.subscribe().keys;
      await t.db.insert(pushSubscriptions).values({ userId: user.id, endpoint: `https://fcm.googleapis.com:${port}/fcm/send/rebound`, ...keys });
      const vapid = await loadVapid(t.db, t.config);
      for (const addresses of [['127.0.0.1'], ['142.250.80.10', '10.0.0.1'], ['::ffff:127.0.0.1'], ['fd00::1'], ['100.64.0.1'], ['169.254.169.254']]) {
        const resolved: string[] = [];
        const push = createPushSender({
          vapid,
          testService: receiver.url,
          resolveHost: async (host) => {
            resolved.push(host);
            return addresses;
          },
        });
        expect(await push.send(t.db, message(user.id)), addresses.join()).toEqual({ state: 'failed', retryable: false, reason: 'push service address is not public' });
        expect(resolved).toEqual(['fcm.googleapis.com']);
      }
      expect(connections).toBe(0);
      expect(await devicesOf(user.id)).toHaveLength(1);
    } finally {
      await new Promise((resolve) => trap.close(resolve));
    }
  });

  it('tells public addresses from private, loopback, link-local, CGNAT, unique-local, mapped, multicast and reserved ones', () => {
    for (const ip of ['142.250.80.10', '17.253.144.10', '2a00:1450:4001:82a::200a', '2620:1ec:21::14']) expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of [
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '100.64.0.1',
      '100.127.255.254',
      '127.0.0.1',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '192.0.0.8',
      '198.18.0.1',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
      '64:ff9b::a00:1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '2002:a00:1::1',
      'not an address',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
  });

  it('gives up on a push service that does not answer: a retryable timeout', async () => {
    const { user, device } = await subscribed();
    receiver.answer(device.endpoint, 'hang');
    const vapid = await loadVapid(t.db, t.config);
    expect(await createPushSender({ vapid, timeoutMs: 300, testService: receiver.url }).send(t.db, message(user.id))).toEqual({
      state: 'failed',
      retryable: true,
      reason: 'timeout',
    });
    expect(await devicesOf(user.id)).toHaveLength(1);
  });
});

describe('the dispatcher and a push service that never answers (issue 48)', () => {
  it("delays only its own person's notices: another person's push arrives within 2 s", async () => {
    const a = await subscribed();
    const b = await subscribed();
    receiver.answer(a.device.endpoint, 'hang');
    const { notifications } = t.app;
    const notice = (userId: string, i: number) => ({ userId, type: 'paymentHeld' as const, body: `Pago ${i}`, url: `${t.config.appUrl}/proyectos/${i}` });
    for (let i = 0; i < 8; i++) await t.db.transaction((tx) => notifications.queue(tx, notice(a.user.id, i)));
    await t.db.transaction((tx) => notifications.queue(tx, notice(b.user.id, 99)));

    const started = Date.now();
    const round = notifications.deliver();
    await expect.poll(() => receiver.received.some((r) => b.device.endpoint.endsWith(r.subscription)), { timeout: 2_000, interval: 20 }).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    await round;
    receiver.answer(a.device.endpoint, undefined);
    // The never-answering device is kept (no answer says it is gone).
    expect(await devicesOf(a.user.id)).toHaveLength(1);
  }, 30_000);
});
