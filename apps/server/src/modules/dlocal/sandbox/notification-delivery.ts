import type { Db } from '../../../db/client.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { jobTime } from '../../jobs/job-queue.ts';
import type { DlocalTransport } from '../dlocal-client.ts';
import { signNotification } from '../dlocal-signature.ts';
import { claimDueNotifications, recordDelivery } from './dlocal-sandbox.repository.ts';

// How the stand-in delivers its notifications, as dLocal documents it ("Receive notifications";
// docs/dlocal-contract.md): a POST of the payment (or refund) object to its notification_url,
// signed like a request (X-Date, X-Login, Authorization: V2-HMAC-SHA256, Signature: …), retried
// until a 2xx: hourly for the first 6 retries, then every 12 hours, 12 attempts at most. Any other
// status, a network error or a timeout is a failed attempt. A notification may arrive twice (a
// lost 2xx, or the test hook that replays one): the receiver absorbs it.

/** dLocal's "Maximum attempts: 12" (the first delivery included). */
export const NOTIFICATION_MAX_ATTEMPTS = 12;
const HOUR = 3600_000;

/**
 * The wait after failed attempt `attempt` (1-based): attempts 2–7 are the 6 hourly retries (1 hour
 * after attempts 1–6), then one every 12 hours (after attempts 7–11); null after the 12th: no more.
 * So attempts go at +0, +1 h … +6 h, +18 h, +30 h, +42 h, +54 h and +66 h.
 */
export function retryDelayMs(attempt: number): number | null {
  if (attempt >= NOTIFICATION_MAX_ATTEMPTS) return null;
  return attempt <= 6 ? HOUR : 12 * HOUR;
}

/** Tests and the demo: the next deliveries fail as if our server could not be reached. */
export interface DeliveryFaults {
  failNext: number;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface NotificationDeliveryDeps {
  db: Db;
  /** The merchant's login and secret key: dLocal signs with them, the receiver checks with them. */
  credentials: { login: string; secretKey: string };
  /** How the POST reaches the notification_url (in-process for our own server, fetch otherwise). */
  transport: DlocalTransport;
  log: Log;
  faults?: DeliveryFaults;
  /** How many notifications one run takes at most (the rest wait for the next run). */
  batchSize?: number;
}

export interface DeliveryReport {
  delivered: number;
  failed: number;
  gaveUp: number;
}

/** A notification held by a run is not taken by another for this long (a run that died frees it then). */
const LEASE_MS = 10 * 60_000;

/**
 * Sends every notification due at `now`, each once, oldest first: one attempt each, the outcome
 * recorded (delivered; or the next attempt on dLocal's schedule; or given up after the 12th).
 */
export async function deliverDueNotifications(deps: NotificationDeliveryDeps, now: Date = new Date()): Promise<DeliveryReport> {
  const report: DeliveryReport = { delivered: 0, failed: 0, gaveUp: 0 };
  const due = await claimDueNotifications(deps.db, now, deps.batchSize ?? 100, LEASE_MS);
  for (const n of due) {
    let status: number | null = null;
    let error: string | null = null;
    if (deps.faults && deps.faults.failNext > 0) {
      deps.faults.failNext -= 1;
      error = 'network: fault injected';
    } else {
      try {
        const res = await deps.transport({
          method: 'POST',
          url: n.url,
          headers: signNotification({ login: deps.credentials.login, secretKey: deps.credentials.secretKey, date: now, body: n.body }),
          body: n.body,
        });
        status = res.status;
        if (res.status < 200 || res.status >= 300) error = `HTTP ${res.status}`;
      } catch (err) {
        const name = err instanceof Error ? err.name : '';
        error = name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network';
      }
    }
    if (error === null) {
      await recordDelivery(deps.db, n.id, { delivered: true, status: status!, at: now });
      report.delivered += 1;
      continue;
    }
    const delay = retryDelayMs(n.attempts);
    await recordDelivery(deps.db, n.id, { delivered: false, status, error, nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay), at: now });
    if (delay === null) {
      report.gaveUp += 1;
      deps.log.warn({ notification: n.id, subject: n.subjectId, attempts: n.attempts, error }, 'dLocal stand-in gave up a notification');
    } else {
      report.failed += 1;
      deps.log.info({ notification: n.id, subject: n.subjectId, attempt: n.attempts, error }, 'dLocal stand-in notification failed; retried later');
    }
  }
  return report;
}

/**
 * The stand-in's scheduled work as a job of the queue (decision 035), every minute: tickets past
 * their expiry become EXPIRED (and are notified), then the due notifications are delivered. Not
 * registered by the app yet: whoever wires PROCESSOR=dlocal adds it (with a name in JOB_QUEUES).
 */
export function dlocalSandboxJobs(deps: NotificationDeliveryDeps & { sweep: (now: Date) => Promise<number> }): JobDefinition[] {
  return [
    {
      name: 'dlocal-sandbox-notifications',
      cron: '* * * * *',
      run: async (data) => {
        const now = jobTime(data);
        const expired = await deps.sweep(now);
        return { expired, ...(await deliverDueNotifications(deps, now)) };
      },
    },
  ];
}
