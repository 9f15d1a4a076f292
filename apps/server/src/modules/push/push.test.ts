import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { push } from '@arreglaya/shared/i18n/push';
import { loadConfig } from '../../config/env.ts';
import { asBrowser } from '../../../test/support/factories.ts';
import { subscribe } from './push.service.ts';
import { loadVapid } from './vapid.ts';
import { anotherStart, deleteSubscription, devicesOf, person, postSubscription, publicKey, receiver, setUpPushApp, subscribed, t } from '../../../test/support/push-app.ts';

// The VAPID keys, the devices' subscriptions and the local push service; sending is in push-sender.test.ts.

setUpPushApp();

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
