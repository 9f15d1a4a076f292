import type { OutsideChannel } from '@arreglaya/shared/notification-channels';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStatements } from '../../../test/support/statement-recorder.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-db.ts';
import { createUser, type TestUser } from '../../../test/support/factories.ts';
import { messagingWebhookEvents, notificationDeliveries, notificationStatusEvents } from '../../db/schema/index.ts';
import type { ChannelMessage, ChannelSender, DeliveryStatusSink, SendResult } from './channel-sender.ts';
import { createNotificationDispatcher, type NotificationDispatcher } from './notification-dispatch.ts';
import { purgeNotifications } from './notification-purge.ts';

// The notification channels' mends (decision 038 as amended on 2026-11-27) against a real PostgreSQL: a
// provider's status that arrives before its delivery's message id is stored, a later "cannot
// receive" that turns the channel off, a round's outcomes in one statement, a delivery already
// accepted not sent twice, and the daily purge.

/**
 * A test double of a ChannelSender: it accepts every message with a provider id, and can play the
 * provider calling back before its answer reaches us (`early`: statuses sent to the sink inside send()).
 */
class EarlyCallbackSender implements ChannelSender {
  readonly sent: ChannelMessage[] = [];
  readonly gone: string[] = [];
  early: ('delivered' | 'read' | 'failed')[] = [];
  /** The early statuses echo our delivery's id, as WhatsApp's biz_opaque_callback_data does. */
  echo = false;
  sink?: DeliveryStatusSink;
  constructor(readonly channel: OutsideChannel) {}
  reachable(): Promise<boolean> {
    return Promise.resolve(true);
  }
  async send(_db: unknown, message: ChannelMessage): Promise<SendResult> {
    this.sent.push(message);
    const providerMessageId = `${this.channel}-${message.deliveryId}`;
    for (const state of this.early)
      await this.sink!({
        channel: this.channel,
        providerMessageId,
        state,
        ...(this.echo ? { deliveryId: message.deliveryId } : {}),
        ...(state === 'failed' ? { reason: '131026 Message undeliverable', addressGone: true } : {}),
      });
    return { state: 'sent', providerMessageId };
  }
  addressGone(_db: unknown, userId: string): Promise<void> {
    this.gone.push(userId);
    return Promise.resolve();
  }
}

let t: TestDatabase;
const silent = { warn: () => undefined };
const statements = recordStatements();

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  statements.restore();
  await t.drop();
});

function setUp(): { whatsapp: EarlyCallbackSender; d: NotificationDispatcher } {
  const whatsapp = new EarlyCallbackSender('whatsapp');
  const d = createNotificationDispatcher({ db: t.db, senders: [whatsapp], send: () => undefined, log: silent });
  whatsapp.sink = d.statusSink;
  return { whatsapp, d };
}

const offer = (who: TestUser) => ({ userId: who.id, type: 'paymentHeld' as const, body: 'El pago está retenido', url: 'http://localhost/proyectos/1' });
const deliveryOf = async (who: TestUser) => {
  const [row] = await t.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, who.id));
  return row!;
};

describe('a provider’s status that arrives before the message id is stored', () => {
  it('is kept and applied once the id is stored: the delivery shows read, not sent', async () => {
    const { d, whatsapp } = setUp();
    const ana = await createUser(t.db);
    await t.db.transaction((tx) => d.queue(tx, offer(ana)));
    whatsapp.early = ['delivered', 'read'];
    await d.deliver();
    expect(await deliveryOf(ana)).toMatchObject({ state: 'read', providerMessageId: `whatsapp-${whatsapp.sent[0]!.deliveryId}` });
    // Nothing is left kept for it.
    expect(await t.db.$count(notificationStatusEvents, eq(notificationStatusEvents.providerMessageId, `whatsapp-${whatsapp.sent[0]!.deliveryId}`))).toBe(0);
  });

  it('never moves a delivery back: an early delivered after it was read changes nothing', async () => {
    const { d, whatsapp } = setUp();
    const beto = await createUser(t.db);
    await t.db.transaction((tx) => d.queue(tx, offer(beto)));
    whatsapp.early = ['read', 'delivered'];
    await d.deliver();
    expect(await deliveryOf(beto)).toMatchObject({ state: 'read' });
    await d.statusSink({ channel: 'whatsapp', providerMessageId: `whatsapp-${whatsapp.sent[0]!.deliveryId}`, state: 'delivered' });
    expect(await deliveryOf(beto)).toMatchObject({ state: 'read' });
  });

  it('an early "cannot receive" fails the delivery with the reason and asks the sender to turn the channel off', async () => {
    const { d, whatsapp } = setUp();
    const carla = await createUser(t.db);
    await t.db.transaction((tx) => d.queue(tx, offer(carla)));
    whatsapp.early = ['failed'];
    await d.deliver();
    expect(await deliveryOf(carla)).toMatchObject({ state: 'failed', reason: '131026 Message undeliverable' });
    expect(whatsapp.gone).toEqual([carla.id]);
  });
});

describe('a provider’s status that names our delivery before our answer is recorded', () => {
  // WhatsApp echoes the delivery's id: the status finds the delivery at once, before the round
  // records its "sent" (CI once saw a 131026 turned back into "sent" so).
  it('is not undone by the round’s "sent": read stays read, failed stays failed with its reason', async () => {
    const { d, whatsapp } = setUp();
    whatsapp.echo = true;
    const [eva, fabio] = [await createUser(t.db), await createUser(t.db)];
    await t.db.transaction((tx) => d.queue(tx, offer(eva)));
    whatsapp.early = ['delivered', 'read'];
    await d.deliver();
    expect(await deliveryOf(eva)).toMatchObject({ state: 'read', attempts: 1, leaseUntil: null });

    await t.db.transaction((tx) => d.queue(tx, offer(fabio)));
    whatsapp.early = ['failed'];
    await d.deliver();
    expect(await deliveryOf(fabio)).toMatchObject({ state: 'failed', reason: '131026 Message undeliverable', attempts: 1, leaseUntil: null });
    expect(whatsapp.gone).toEqual([fabio.id]);
  });
});

describe('a round of deliveries', () => {
  it('records its outcomes in one statement, not one per delivery', async () => {
    const { d, whatsapp } = setUp();
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(t.db)));
    await t.db.transaction(async (tx) => {
      for (const p of people) await d.queue(tx, offer(p));
    });
    statements.start();
    await d.deliver();
    statements.stop();
    expect(whatsapp.sent.map((m) => m.userId).sort()).toEqual(people.map((p) => p.id).sort());
    for (const p of people) expect(await deliveryOf(p)).toMatchObject({ state: 'sent', attempts: 1 });
    const writes = statements.sent.filter((s) => /^\s*update\s+"?notification_deliveries"?\s+set\s+(?!lease_until)/i.test(s));
    expect(writes).toHaveLength(1);
  });

  it('does not send again a delivery a status already tied to a provider message (its answer was lost)', async () => {
    const { d, whatsapp } = setUp();
    const dora = await createUser(t.db);
    await t.db.transaction((tx) => d.queue(tx, offer(dora)));
    const { id } = await deliveryOf(dora);
    // The send timed out, but the provider had accepted it and echoed our delivery's id in its status.
    await t.db.update(notificationDeliveries).set({ attempts: 1, reason: 'timeout' }).where(eq(notificationDeliveries.id, id));
    await d.statusSink({ channel: 'whatsapp', providerMessageId: 'wamid.lost-answer', state: 'sent', deliveryId: id });
    await d.deliver();
    expect(whatsapp.sent).toEqual([]);
    expect(await deliveryOf(dora)).toMatchObject({ state: 'sent', providerMessageId: 'wamid.lost-answer', attempts: 2 });
  });
});

describe('the daily purge', () => {
  it('deletes deliveries in a final state after 90 days and webhook events after 30, in batches; a queued delivery stays', async () => {
    const now = new Date();
    const days = (n: number) => new Date(now.getTime() - n * 24 * 3600 * 1000);
    const eva = await createUser(t.db);
    const row = (state: string, createdAt: Date, key: string) => ({
      userId: eva.id,
      type: 'newOffer',
      channel: 'sms',
      sourceKey: key,
      state,
      title: 't',
      body: 'b',
      url: 'u',
      createdAt,
    });
    await t.db
      .insert(notificationDeliveries)
      .values([
        row('read', days(91), 'old-read'),
        row('failed', days(120), 'old-failed'),
        row('sent', days(95), 'old-sent'),
        row('queued', days(100), 'old-queued'),
        row('delivered', days(89), 'recent'),
      ]);
    await t.db.insert(messagingWebhookEvents).values([
      { key: 'purge-test:old', receivedAt: days(31) },
      { key: 'purge-test:recent', receivedAt: days(29) },
    ]);
    await t.db.insert(notificationStatusEvents).values({ channel: 'sms', providerMessageId: 'purge-test', state: 'delivered', receivedAt: days(2) });

    const purged = await purgeNotifications(t.db, now, 2);
    expect(purged).toMatchObject({ deliveries: 3, webhookEvents: 1 });
    const left = await t.db.select({ key: notificationDeliveries.sourceKey }).from(notificationDeliveries).where(eq(notificationDeliveries.userId, eva.id));
    expect(left.map((r) => r.key).sort()).toEqual(['old-queued', 'recent']);
    const events = await t.db.execute<{ key: string }>(sql`SELECT key FROM messaging_webhook_events WHERE key LIKE 'purge-test:%'`);
    expect(events.rows.map((r) => r.key)).toEqual(['purge-test:recent']);
    expect(await t.db.$count(notificationStatusEvents, eq(notificationStatusEvents.providerMessageId, 'purge-test'))).toBe(0);
  });
});
