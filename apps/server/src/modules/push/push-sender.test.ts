import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index.ts';
import type { ChannelMessage } from '../notifications/channel-sender.ts';
import { type BrowserSubscription } from '../../../test/support/push-receiver.ts';
import { createPushSender } from './push-sender.ts';
import { isPublicAddress } from './push-address.ts';
import { loadVapid } from './vapid.ts';
import { devicesOf, person, postSubscription, publicKey, receiver, setUpPushApp, subscribed, t } from '../../../test/support/push-app.ts';

// Web Push's sender (decision 039): what reaches each device, gone devices, failures, private addresses,
// and the dispatcher with a push service that never answers.

setUpPushApp();

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
