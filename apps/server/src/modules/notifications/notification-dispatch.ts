import type { NoticeKind } from '@arreglaya/shared/schemas/notifications';
import type { NotificationType, OutsideChannel } from '@arreglaya/shared/notification-channels';
import { notificationChannels as tn } from '@arreglaya/shared/i18n/notification-channels';
import { sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { ChatPair } from '../../db/schema/notifications.ts';
import { jobTime, type JobDefinition } from '../jobs/job-queue.ts';
import type { ChannelSender, DeliveryStatusSink, SendResult } from './channel-sender.ts';
import type { UnsubscribeChannel } from './notification-unsubscribe.ts';
import {
  applyKeptStatuses,
  attachProviderMessageId,
  claimDue,
  insertDeliveries,
  keepStatus,
  nextDueAt,
  recordOutcomes,
  recordProviderStatus,
  type AppliedStatus,
  type AttemptOutcome,
  type DueDelivery,
} from './notification-channels.repository.ts';
import { purgeNotifications } from './notification-purge.ts';
import { isUuid } from '../../lib/uuid.ts';

// The notification dispatcher (issue 32, decision 038): decides which outside channels (Web Push,
// WhatsApp, SMS) a notification goes to, queues one delivery per channel in the transaction that
// caused it, and sends the due ones through the registered ChannelSenders with back-off per
// delivery. In-app notices and e-mail stay where they were (project-notify.ts, the outbox).

/** Waits after the 1st, 2nd and 3rd failed attempts; a 4th failure is final. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000] as const;
/** Deliveries claimed per round of the job. */
const CLAIM_BATCH = 100;
/**
 * Issue 48: one channel's deliveries go out in lanes, one lane per person (their messages in
 * order), at most this many lanes at once, so a person whose device or number never answers holds
 * back only their own messages.
 */
export const CHANNEL_CONCURRENCY = 8;
/** The longest one attempt may take (the senders' own timeouts are shorter: Web Push 5 s, the providers 10 s… cut here at 8). */
export const ATTEMPT_TIMEOUT_MS = 8_000;
/** An attempt that failed after this long (or was cut off) sends the rest of the person's lane to its retry, unattempted. */
const SLOW_ATTEMPT_MS = 2_000;

/** Which notification type an in-app notice is, on the other channels; null: it stays in the app and e-mail. */
export const NOTICE_TYPES: Partial<Record<NoticeKind, NotificationType>> = {
  newQuote: 'newOffer',
  quoteCountered: 'counterOffer',
  counterAnswered: 'counterOffer',
  quoteAccepted: 'offerAccepted',
  paymentInstructions: 'paymentDue',
  projectFunded: 'paymentHeld',
  projectDelivered: 'delivered',
  projectApproved: 'approved',
  claimDecided: 'claimDecided',
};

export interface Notification {
  userId: string;
  type: NotificationType;
  /** The text under the title (a push's body, the SMS), Spanish from the catalogue. */
  body: string;
  /** The absolute URL to act on. */
  url: string;
  /** What it is about, the project's title or a person's name: the start of a push's title and an SMS's first line (issue 55). */
  about?: string;
  /** WhatsApp's template parameters; by default the body. */
  templateParams?: string[];
  /** What caused it, the idempotency key with person and channel (a retried job queues nothing twice). Default: a new one. */
  sourceKey?: string;
  /** The conversation it is about: a WhatsApp reply to it is stored there (decision 061). */
  chatPair?: ChatPair;
}

export interface NotificationDispatcher {
  readonly senders: readonly ChannelSender[];
  /** Queues the person's deliveries on the channels they want and can be reached on, in `tx` (nothing is sent before it commits). */
  queue(tx: DbOrTx, n: Notification): Promise<void>;
  /** The same notification to many people in one statement (a fan-out's batch); returns the deliveries queued (0 when deferred to the commit). */
  queueMany(tx: DbOrTx, n: Omit<Notification, 'userId'> & { userIds: readonly string[] }): Promise<number>;
  /** After a commit that queued deliveries: wakes the delivery job. */
  kick(): void;
  /** A provider's status callback (delivered, read, failed) recorded by its message id. */
  statusSink: DeliveryStatusSink;
  /** One round of the job: sends every due delivery; returns how many were attempted. */
  deliver(): Promise<number>;
  jobs(): JobDefinition[];
  /** The signed link that turns a channel off for the person, for the notifications' footers (null without a secret). */
  unsubscribeUrl(userId: string, channel: UnsubscribeChannel): string | null;
}

export interface DispatcherDeps {
  db: Db;
  /** The registered senders (app.ts); none until the channels land. */
  senders: readonly ChannelSender[];
  /** Sends the delivery job (coalesced) and, with startAfter, its delayed run. */
  send(options?: { startAfter: Date }): void;
  log: { warn(obj: object, msg: string): void };
  /** The clock (tests); defaults to now. */
  now?: () => Date;
  /** The signed one-tap link that turns a channel off (notification-unsubscribe.ts). */
  unsubscribeUrl?: (userId: string, channel: UnsubscribeChannel) => string;
  /** ATTEMPT_TIMEOUT_MS (tests shorten it). */
  attemptTimeoutMs?: number;
}

const TIMED_OUT = Symbol('timed out');

/** The promise's value, or TIMED_OUT after `ms` (the promise itself is left to settle unobserved). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** Runs `work` over `items` with at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(runners);
}

export function createNotificationDispatcher(deps: DispatcherDeps): NotificationDispatcher {
  const now = deps.now ?? (() => new Date());
  // Read at each send: app.ts registers the senders built after the dispatcher (Web Push, WhatsApp, SMS) into the same list.
  const senderOf = (channel: OutsideChannel) => deps.senders.find((s) => s.channel === channel);

  const attemptTimeoutMs = deps.attemptTimeoutMs ?? ATTEMPT_TIMEOUT_MS;

  /** Sends one delivery and gives its outcome (and whether it was slow); a sender that throws or takes too long counts as a retryable failure. */
  async function attempt(sender: ChannelSender, d: DueDelivery): Promise<{ outcome: AttemptOutcome; slow: boolean }> {
    // A status callback already tied a provider's message to it: the provider accepted it (an answer
    // lost to a timeout), so it is not sent again (Meta has no idempotency key).
    if (d.providerMessageId) return { outcome: { id: d.id, state: 'sent', providerMessageId: d.providerMessageId }, slow: false };
    const started = Date.now();
    let result: SendResult;
    try {
      const answer = await within(
        sender.send(deps.db, { deliveryId: d.id, userId: d.userId, type: d.type, title: d.title, body: d.body, url: d.url, templateParams: d.templateParams }),
        attemptTimeoutMs,
      );
      result = answer === TIMED_OUT ? { state: 'failed', retryable: true, reason: 'timeout' } : answer;
    } catch (err) {
      result = { state: 'failed', retryable: true, reason: err instanceof Error ? err.message.slice(0, 300) : String(err) };
    }
    const slow = Date.now() - started >= Math.min(SLOW_ATTEMPT_MS, attemptTimeoutMs);
    if (result.state !== 'failed') return { outcome: { id: d.id, state: result.state, providerMessageId: result.providerMessageId ?? null }, slow };
    const delay = result.retryable ? RETRY_DELAYS_MS[d.attempts] : undefined;
    if (delay === undefined) return { outcome: { id: d.id, state: 'failed', reason: result.reason }, slow: false };
    return { outcome: { id: d.id, state: 'queued', reason: result.reason, nextAttemptAt: new Date(now().getTime() + delay) }, slow };
  }

  /** A provider said (in a later status) that the person's address is gone: their channel's sender disables it. */
  async function addressesGone(applied: readonly AppliedStatus[]): Promise<void> {
    for (const a of applied) if (a.addressGone && a.state === 'failed') await senderOf(a.channel)?.addressGone?.(deps.db, a.userId);
  }

  /**
   * One channel's deliveries, a lane per person (in order) and CHANNEL_CONCURRENCY lanes at once,
   * then their outcomes in one statement (and the statuses that arrived before the ids were
   * stored). Each channel runs beside the others, and a lane whose attempt failed slowly (a device
   * or number that does not answer) sends the rest of its person's deliveries to that attempt's
   * retry without trying them: one recipient delays only their own messages.
   */
  async function sendChannel(channel: OutsideChannel, due: DueDelivery[]): Promise<void> {
    const sender = senderOf(channel);
    const outcomes: AttemptOutcome[] = [];
    const lanes = new Map<string, DueDelivery[]>();
    for (const d of due) lanes.set(d.userId, [...(lanes.get(d.userId) ?? []), d]);
    await pool([...lanes.values()], CHANNEL_CONCURRENCY, async (lane) => {
      for (const [i, d] of lane.entries()) {
        // The channel's sender was removed from the app since it was queued: nothing can send it.
        if (!sender) {
          outcomes.push({ id: d.id, state: 'failed', reason: `no sender for ${channel}` });
          continue;
        }
        const { outcome, slow } = await attempt(sender, d);
        outcomes.push(outcome);
        if (slow && outcome.state === 'queued') {
          for (const rest of lane.slice(i + 1))
            outcomes.push({ id: rest.id, state: 'queued', reason: `held behind a slow attempt: ${outcome.reason}`, nextAttemptAt: outcome.nextAttemptAt, attempted: false });
          return;
        }
      }
    });
    await recordOutcomes(deps.db, outcomes);
    const withIds = outcomes.filter((o) => o.providerMessageId).map((o) => o.id);
    if (withIds.length > 0) await addressesGone(await applyKeptStatuses(deps.db, { deliveryIds: withIds }));
  }

  const dispatcher: NotificationDispatcher = {
    senders: deps.senders,
    async queue(tx, n) {
      await dispatcher.queueMany(tx, { ...n, userIds: [n.userId] });
    },
    async queueMany(tx, n) {
      if (deps.senders.length === 0 || n.userIds.length === 0) return 0;
      const reachable: Partial<Record<OutsideChannel, SQL>> = {};
      for (const s of deps.senders) {
        if (s.reachableWhere) reachable[s.channel] = s.reachableWhere();
        else {
          const ids = (await Promise.all(n.userIds.map(async (id) => ((await s.reachable(tx, id)) ? id : null)))).filter((id) => id !== null);
          if (ids.length > 0) reachable[s.channel] = sql`${users.id} = ANY(${sql.param(ids)}::uuid[])`;
        }
      }
      return insertDeliveries(tx, {
        userIds: n.userIds,
        type: n.type,
        reachable,
        sourceKey: n.sourceKey ?? randomUUID(),
        title: tn.messageTitle(n.type, n.about),
        body: n.body,
        url: n.url,
        templateParams: n.templateParams ?? [n.body],
        chatPair: n.chatPair ?? null,
        at: now(),
      });
    },
    kick() {
      if (deps.senders.length > 0) deps.send();
    },
    statusSink: async (u) => {
      if (u.deliveryId && isUuid(u.deliveryId)) await attachProviderMessageId(deps.db, u.deliveryId, u.channel, u.providerMessageId);
      if (u.state === 'sent') return;
      const status = { channel: u.channel, providerMessageId: u.providerMessageId, state: u.state, reason: u.reason, addressGone: u.addressGone };
      const recorded = await recordProviderStatus(deps.db, status);
      if (recorded.found) return addressesGone(recorded.applied ? [recorded.applied] : []);
      // Before our "sent" write committed (or not ours at all): kept, and applied by whichever of the two comes second.
      await keepStatus(deps.db, status);
      const applied = await applyKeptStatuses(deps.db, { channel: u.channel, providerMessageId: u.providerMessageId });
      if (applied.length > 0) return addressesGone(applied);
      deps.log.warn({ channel: u.channel, providerMessageId: u.providerMessageId, state: u.state }, 'notification status kept until its delivery is known');
    },
    async deliver() {
      let attempted = 0;
      for (;;) {
        const due = await claimDue(deps.db, now(), CLAIM_BATCH);
        if (due.length === 0) break;
        const groups = new Map<OutsideChannel, DueDelivery[]>();
        for (const d of due) groups.set(d.channel, [...(groups.get(d.channel) ?? []), d]);
        const settled = await Promise.allSettled([...groups].map(([channel, list]) => sendChannel(channel, list)));
        for (const s of settled)
          if (s.status === 'rejected')
            deps.log.warn({ err: s.reason as unknown }, 'notification delivery: a channel could not record its outcome (its lease ends, it is sent again)');
        attempted += due.length;
        if (due.length < CLAIM_BATCH) break;
      }
      const next = await nextDueAt(deps.db);
      if (next && next > now()) deps.send({ startAfter: next });
      return attempted;
    },
    unsubscribeUrl(userId, channel) {
      return deps.unsubscribeUrl?.(userId, channel) ?? null;
    },
    jobs() {
      return [
        { name: 'notification-delivery', cron: '* * * * *', run: () => dispatcher.deliver() },
        // Daily, at 04:30 UTC (00:30 in Santo Domingo): old deliveries, kept statuses and webhook events go.
        { name: 'notifications-purge', cron: '30 4 * * *', run: (data) => purgeNotifications(deps.db, jobTime(data)) },
      ];
    },
  };
  return dispatcher;
}
