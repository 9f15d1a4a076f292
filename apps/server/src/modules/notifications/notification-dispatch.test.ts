import type { OutsideChannel } from '@arreglaya/shared/notification-channels';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-db.ts';
import { createUser, type TestUser } from '../../../test/support/factories.ts';
import { notificationDeliveries, users } from '../../db/schema/index.ts';
import type { ChannelMessage, ChannelSender, SendResult } from './channel-sender.ts';
import { saveChoices } from './notification-channels.repository.ts';
import { createNotificationDispatcher, type NotificationDispatcher } from './notification-dispatch.ts';

// The dispatcher (decision 038) against a real PostgreSQL: what is queued for whom, on which
// channel and when, and what each attempt leaves in the deliveries table the console shows.

/**
 * A test double of a ChannelSender (not a real channel): it answers what the test scripts for its
 * next sends and records every message it was handed.
 */
class RecordingSender implements ChannelSender {
  readonly sent: ChannelMessage[] = [];
  /** What it was handed for one person (the tests share a database: other tests' deliveries fall due too). */
  to(who: TestUser): ChannelMessage[] {
    return this.sent.filter((m) => m.userId === who.id);
  }
  /** Scripted answers per person, used in order; when none is left, `sent` with a provider id. */
  private readonly answers = new Map<string, (SendResult | Error)[]>();
  script(who: TestUser, ...answers: (SendResult | Error)[]): void {
    this.answers.set(who.id, answers);
  }
  unreachable = new Set<string>();
  constructor(readonly channel: OutsideChannel) {}
  reachable(_db: unknown, userId: string): Promise<boolean> {
    return Promise.resolve(!this.unreachable.has(userId));
  }
  send(_db: unknown, message: ChannelMessage): Promise<SendResult> {
    this.sent.push(message);
    const answer = this.answers.get(message.userId)?.shift() ?? { state: 'sent', providerMessageId: `${this.channel}-${message.deliveryId}` };
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  }
}

let t: TestDatabase;
let clock: Date;
const silent = { warn: () => undefined };

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

function setUp(): { push: RecordingSender; sms: RecordingSender; d: NotificationDispatcher } {
  const push = new RecordingSender('push');
  const sms = new RecordingSender('sms');
  const d = createNotificationDispatcher({ db: t.db, senders: [push, sms], send: () => undefined, log: silent, now: () => clock });
  return { push, sms, d };
}

const deliveriesOf = (who: TestUser) =>
  t.db
    .select({
      channel: notificationDeliveries.channel,
      type: notificationDeliveries.type,
      state: notificationDeliveries.state,
      reason: notificationDeliveries.reason,
      attempts: notificationDeliveries.attempts,
      nextAttemptAt: notificationDeliveries.nextAttemptAt,
      providerMessageId: notificationDeliveries.providerMessageId,
    })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.userId, who.id))
    .orderBy(notificationDeliveries.channel);

const offer = (who: TestUser, key?: string) => ({ userId: who.id, type: 'newOffer' as const, body: 'Nueva oferta de Ramón', url: 'http://localhost/proyectos/1', sourceKey: key });
const at = (iso: string) => new Date(iso);
const later = (ms: number) => new Date(clock.getTime() + ms);

describe('queueing', () => {
  it('queues a delivery per wanted, reachable channel in the transaction, and nothing when it rolls back', async () => {
    clock = at('2031-03-10T15:00:00Z'); // 11:00 in Santo Domingo
    const { d } = setUp();
    const ana = await createUser(t.db);
    await expect(
      t.db.transaction(async (tx) => {
        await d.queue(tx, offer(ana));
        throw new Error('the offer failed');
      }),
    ).rejects.toThrow('the offer failed');
    expect(await deliveriesOf(ana)).toEqual([]);

    await t.db.transaction((tx) => d.queue(tx, offer(ana, 'offer-1')));
    const rows = await deliveriesOf(ana);
    expect(rows.map((r) => [r.channel, r.type, r.state, r.nextAttemptAt.toISOString()])).toEqual([
      ['push', 'newOffer', 'queued', '2031-03-10T15:00:00.000Z'],
      ['sms', 'newOffer', 'queued', '2031-03-10T15:00:00.000Z'],
    ]);
    // The same source again (a retried job): nothing more.
    await t.db.transaction((tx) => d.queue(tx, offer(ana, 'offer-1')));
    expect(await deliveriesOf(ana)).toHaveLength(2);
  });

  it('skips a channel the person turned off or cannot be reached on, and marketing unless chosen', async () => {
    clock = at('2031-03-10T15:00:00Z');
    const { d, sms } = setUp();
    const beto = await createUser(t.db);
    await saveChoices(t.db, beto.id, { newOffer: { push: false, whatsapp: true, sms: true } });
    sms.unreachable.add(beto.id);
    await t.db.transaction(async (tx) => {
      await d.queue(tx, offer(beto));
      await d.queue(tx, { userId: beto.id, type: 'specialOffer', body: 'Descuento', url: 'http://localhost/' });
    });
    expect(await deliveriesOf(beto)).toEqual([]);
  });
});

describe('sending', () => {
  it('retries a failing channel after 1, 5 and 30 minutes, then records it failed with the reason, while the other channel is sent', async () => {
    clock = at('2031-03-10T15:00:00Z');
    const { d, push, sms } = setUp();
    const carla = await createUser(t.db);
    await t.db.transaction((tx) => d.queue(tx, offer(carla)));
    const down = { state: 'failed', retryable: true, reason: 'Servicio push no disponible (503)' } as const;
    push.script(carla, down, down, new Error('socket hang up'), down);

    await d.deliver();
    let [p, s] = await deliveriesOf(carla);
    expect(s).toMatchObject({ state: 'sent', attempts: 1, providerMessageId: `sms-${sms.to(carla)[0]!.deliveryId}`, reason: null });
    expect(sms.to(carla)[0]).toMatchObject({ userId: carla.id, type: 'newOffer', title: 'ArreglaYa: Nueva oferta', body: 'Nueva oferta de Ramón' });
    expect(p).toMatchObject({ state: 'queued', attempts: 1, reason: 'Servicio push no disponible (503)' });
    expect(p!.nextAttemptAt).toEqual(later(60_000));

    // Not due yet: nothing is tried.
    clock = later(30_000);
    await d.deliver();
    expect(push.to(carla)).toHaveLength(1);

    for (const [wait, attempts] of [
      [30_000, 2],
      [5 * 60_000, 3],
    ] as const) {
      clock = later(wait);
      await d.deliver();
      [p] = await deliveriesOf(carla);
      expect(p!.attempts).toBe(attempts);
    }
    // The sender threw: a retryable failure with its message.
    expect(p).toMatchObject({ state: 'queued', reason: 'socket hang up' });
    expect(p!.nextAttemptAt).toEqual(later(30 * 60_000));
    clock = later(30 * 60_000);
    await d.deliver();
    [p, s] = await deliveriesOf(carla);
    expect(p).toMatchObject({ state: 'failed', attempts: 4, reason: 'Servicio push no disponible (503)' });
    expect(s).toMatchObject({ state: 'sent', attempts: 1 });
    expect(push.to(carla)).toHaveLength(4);
    // The same delivery id on every attempt (a provider deduping by key sends it once).
    expect(new Set(push.to(carla).map((m) => m.deliveryId)).size).toBe(1);
  });

  it('records a refusal that retrying cannot fix at once', async () => {
    clock = at('2031-03-10T15:00:00Z');
    const { d, sms } = setUp();
    const dario = await createUser(t.db);
    await t.db.transaction((tx) => d.queue(tx, offer(dario)));
    sms.script(dario, { state: 'failed', retryable: false, reason: 'Número inválido', addressGone: true });
    await d.deliver();
    const [p, s] = await deliveriesOf(dario);
    expect(s).toMatchObject({ state: 'failed', attempts: 1, reason: 'Número inválido' });
    expect(p).toMatchObject({ state: 'sent' });
  });

  it('holds a non-urgent notification through quiet hours until 07:00 in the person’s country, not an urgent one', async () => {
    clock = at('2031-03-11T03:30:00Z'); // 23:30 on 10 March in Santo Domingo (UTC-4)
    const { d, push } = setUp();
    const elsa = await createUser(t.db);
    await t.db.transaction(async (tx) => {
      await d.queue(tx, offer(elsa));
      await d.queue(tx, { userId: elsa.id, type: 'paymentHeld', body: 'El pago está retenido', url: 'http://localhost/proyectos/2' });
    });
    const due = await t.db
      .select({ type: notificationDeliveries.type, at: notificationDeliveries.nextAttemptAt })
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.userId, elsa.id), eq(notificationDeliveries.channel, 'push')))
      .orderBy(notificationDeliveries.type);
    expect(due.map((r) => [r.type, r.at.toISOString()])).toEqual([
      ['newOffer', '2031-03-11T11:00:00.000Z'],
      ['paymentHeld', '2031-03-11T03:30:00.000Z'],
    ]);
    await d.deliver();
    expect(push.to(elsa).map((m) => m.type)).toEqual(['paymentHeld']);
    clock = at('2031-03-11T11:00:00Z');
    await d.deliver();
    expect(push.to(elsa).map((m) => m.type)).toEqual(['paymentHeld', 'newOffer']);

    // In Mexico City (UTC-6) 05:00 is still quiet; with quiet hours off it goes at once.
    const mx = await createUser(t.db);
    await t.db.update(users).set({ country: 'MX' }).where(eq(users.id, mx.id));
    const off = await createUser(t.db);
    await saveChoices(t.db, off.id, {}, false);
    clock = at('2031-03-11T11:00:00Z');
    await t.db.transaction(async (tx) => {
      await d.queue(tx, offer(mx));
      await d.queue(tx, offer(off));
    });
    const [mxPush] = await deliveriesOf(mx);
    const [offPush] = await deliveriesOf(off);
    expect(mxPush!.nextAttemptAt.toISOString()).toBe('2031-03-11T13:00:00.000Z');
    expect(offPush!.nextAttemptAt.toISOString()).toBe('2031-03-11T11:00:00.000Z');
  });

  it('records the provider’s later word by its message id, never going back from read', async () => {
    clock = at('2031-03-10T15:00:00Z');
    const { d, sms } = setUp();
    const fito = await createUser(t.db);
    await t.db.transaction((tx) => d.queue(tx, offer(fito)));
    sms.script(fito, { state: 'sent', providerMessageId: 'SM-fito-1' });
    await d.deliver();
    const smsRow = async () => (await deliveriesOf(fito)).find((r) => r.channel === 'sms')!;
    await d.statusSink({ channel: 'sms', providerMessageId: 'SM-fito-1', state: 'delivered' });
    expect(await smsRow()).toMatchObject({ state: 'delivered' });
    await d.statusSink({ channel: 'sms', providerMessageId: 'SM-fito-1', state: 'read' });
    await d.statusSink({ channel: 'sms', providerMessageId: 'SM-fito-1', state: 'delivered' });
    expect(await smsRow()).toMatchObject({ state: 'read' });
    // Another channel's id of the same text changes nothing.
    await d.statusSink({ channel: 'push', providerMessageId: 'SM-fito-1', state: 'failed', reason: 'x' });
    expect(await smsRow()).toMatchObject({ state: 'read', reason: null });
    const [gone] = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM notification_deliveries WHERE state = 'failed' AND reason = 'x'`).then((r) => r.rows);
    expect(gone!.n).toBe(0);
  });
});

describe('a slow recipient (issue 48)', () => {
  /** WhatsApp or SMS whose provider call for one person never ends; everyone else's is answered at once. */
  class StallingSender implements ChannelSender {
    readonly handed: ChannelMessage[] = [];
    constructor(
      readonly channel: OutsideChannel,
      private readonly stalled: string,
    ) {}
    reachable(): Promise<boolean> {
      return Promise.resolve(true);
    }
    send(_db: unknown, message: ChannelMessage): Promise<SendResult> {
      this.handed.push(message);
      if (message.userId === this.stalled) return new Promise<SendResult>(() => undefined);
      return Promise.resolve({ state: 'sent', providerMessageId: `${this.channel}-${message.deliveryId}` });
    }
  }

  it("delays only that person's own messages: the others' go out at once, and the stalled person's wait behind a cut-off attempt", async () => {
    clock = at('2031-04-01T15:00:00Z');
    const [slow, other] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const whatsapp = new StallingSender('whatsapp', slow.id);
    const sms = new StallingSender('sms', slow.id);
    const d = createNotificationDispatcher({ db: t.db, senders: [whatsapp, sms], send: () => undefined, log: silent, now: () => clock, attemptTimeoutMs: 1_000 });
    // The slow person's messages fall due first.
    for (let i = 0; i < 6; i++) await t.db.transaction((tx) => d.queue(tx, offer(slow, `slow-${i}`)));
    clock = later(1);
    await t.db.transaction((tx) => d.queue(tx, offer(other, 'other-1')));
    clock = later(1);

    const started = Date.now();
    const round = d.deliver();
    await expect.poll(() => [whatsapp, sms].every((s) => s.handed.some((m) => m.userId === other.id)), { timeout: 2_000, interval: 20 }).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    await round;
    const rows = await deliveriesOf(other);
    expect(rows.map((r) => r.state)).toEqual(['sent', 'sent']);
    // One attempt each for the slow person, cut off; the rest wait for its retry without spending one.
    for (const s of [whatsapp, sms]) expect(s.handed.filter((m) => m.userId === slow.id)).toHaveLength(1);
    const slowRows = await deliveriesOf(slow);
    expect(slowRows).toHaveLength(12);
    expect(slowRows.filter((r) => r.attempts === 1).map((r) => r.reason)).toEqual(['timeout', 'timeout']);
    expect(slowRows.every((r) => r.state === 'queued' && r.nextAttemptAt!.getTime() === clock.getTime() + 60_000)).toBe(true);
  });
});
