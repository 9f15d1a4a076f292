import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChatDeps } from '../chat/chat.service.ts';
import { jobTime, type JobDefinition } from '../jobs/job-queue.ts';
import { WHATSAPP_WINDOW_MS } from './inbound.service.ts';
import type { Messenger } from './messenger.ts';
import { claimDueDownloads, deleteDownload, insertPendingDownload, nextDownloadDue, recordFailedTry, type PendingDownload } from './whatsapp-media.repository.ts';
import { lostMedia, storeWhatsAppMedia, type InboundMedia, type MediaOutcome, type MediaRetries, type WhatsAppMediaClient } from './whatsapp-media.ts';

// A photo or voice note whose download from Meta failed for a reason that may pass (Meta's 5xx or
// 429, no answer in time, a url that kept expiring) is tried again with back-off by the
// `whatsapp-media` job (decision 063), each try asking Meta's GET /{media-id} for a fresh url (it
// lives five minutes). After MEDIA_TRIES tries it is given up: a line in its conversation and a
// WhatsApp answer ask the person to send it again. Meta keeps a webhook's media 7 days; the tries
// take under an hour.

/** Tries of one download at most, the webhook's own first one included; then it is given up. */
export const MEDIA_TRIES = 5;
/** The wait after each failed try: 30 s, 2 min, 10 min, 30 min (about 42 minutes in all). */
export const MEDIA_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000] as const;
/** How long a run holds the downloads it took: longer than a try (two lookups and two downloads, each bounded by MEDIA_REQUEST_TIMEOUT_MS). */
const LEASE_MS = 5 * 60_000;
/** Downloads taken per statement. */
const BATCH = 20;

export interface MediaRetryDeps {
  db: Db;
  chat: ChatDeps;
  media: WhatsAppMediaClient;
  /** The WhatsApp answer to the person, inside Meta's 24-hour window of their message. */
  whatsapp: Messenger;
  log: FastifyBaseLogger;
  /** Wakes the job at `at` (the queue's delayed send; the minute schedule is the safety net). */
  wake(at: Date): void;
}

/** The webhook's side: a download that may pass is recorded for its first retry (once per message id) and the job woken for it. */
export function mediaRetries(deps: Pick<MediaRetryDeps, 'db' | 'wake'>): MediaRetries {
  return {
    async schedule(row) {
      const at = new Date(Date.now() + MEDIA_RETRY_DELAYS_MS[0]);
      const inserted = await insertPendingDownload(deps.db, {
        messageId: row.messageId,
        userId: row.userId,
        conversationId: row.conversationId,
        fromNumber: row.fromNumber,
        kind: row.media.kind,
        mediaId: row.media.id,
        sha256: row.media.sha256 ?? null,
        caption: row.media.caption ?? null,
        receivedAt: row.receivedAt,
        attempts: 1,
        nextAttemptAt: at,
        lastError: row.lastError.slice(0, 300),
      });
      if (inserted) deps.wake(at);
    },
  };
}

/** Sends the person the WhatsApp answer of their message, once (the key is the message's), while Meta's 24-hour window is open. */
async function answerPhone(deps: MediaRetryDeps, row: PendingDownload, text: string, now: Date): Promise<void> {
  if (now.getTime() - row.receivedAt.getTime() > WHATSAPP_WINDOW_MS) {
    deps.log.info({ purpose: 'reply' }, 'answer not sent: outside the 24-hour window');
    return;
  }
  const sent = await deps.whatsapp.sendText(row.fromNumber, text, `whatsapp:reply:${row.messageId}`);
  if (!sent.ok && sent.kind !== 'optedOut') deps.log.warn({ purpose: 'reply', reason: sent.reason }, 'answer to an inbound message not sent');
}

type TryResult = 'stored' | 'retried' | 'lost' | 'refused';

/** One more try of one download: stored, answered, given up, or put back for the next. */
async function tryAgain(deps: MediaRetryDeps, row: PendingDownload, now: Date): Promise<TryResult> {
  const media: InboundMedia = {
    kind: row.kind === 'audio' ? 'audio' : 'image',
    id: row.mediaId,
    ...(row.sha256 === null ? {} : { sha256: row.sha256 }),
    ...(row.caption === null ? {} : { caption: row.caption }),
  };
  let outcome: MediaOutcome;
  try {
    outcome = await storeWhatsAppMedia({ chat: deps.chat, media: deps.media, log: deps.log }, row.userId, row.conversationId, media);
  } catch (err) {
    if (err instanceof AppError) {
      // The conversation closed or went away meanwhile: nothing to store it in, as for a text.
      deps.log.info({ code: err.code }, 'WhatsApp media not stored in its conversation');
      await deleteDownload(deps.db, row.messageId);
      return 'lost';
    }
    // Our own side failed (the photo storage, the database): a failed try like Meta's.
    outcome = { kind: 'retry', detail: err instanceof Error ? err.message : String(err) };
  }
  if (outcome.kind === 'stored') {
    await deleteDownload(deps.db, row.messageId);
    return 'stored';
  }
  if (outcome.kind === 'refused') {
    if (await deleteDownload(deps.db, row.messageId)) await answerPhone(deps, row, outcome.answer, now);
    return 'refused';
  }
  const attempts = row.attempts + 1;
  if (outcome.kind === 'retry' && attempts < MEDIA_TRIES) {
    await recordFailedTry(deps.db, row.messageId, attempts, new Date(now.getTime() + MEDIA_RETRY_DELAYS_MS[attempts - 1]!), outcome.detail);
    return 'retried';
  }
  // Given up: the line in the conversation with the row's end, in one transaction (told once), then the phone.
  deps.log.warn({ kind: row.kind, attempts, detail: outcome.detail }, 'WhatsApp media given up');
  const answer = await deps.db.transaction(async (tx) => ((await deleteDownload(tx, row.messageId)) ? lostMedia(tx, row.userId, row.conversationId, media.kind) : null));
  if (answer) await answerPhone(deps, row, answer, now);
  return 'lost';
}

/** One run of the job: every download due at `now`, each tried once; the job woken again for the next one due. */
export async function retryDueDownloads(deps: MediaRetryDeps, now: Date): Promise<Record<TryResult, number>> {
  const counts: Record<TryResult, number> = { stored: 0, retried: 0, lost: 0, refused: 0 };
  for (;;) {
    const rows = await claimDueDownloads(deps.db, now, new Date(now.getTime() + LEASE_MS), BATCH);
    for (const row of rows) counts[await tryAgain(deps, row, now)] += 1;
    if (rows.length < BATCH) break;
  }
  const next = await nextDownloadDue(deps.db);
  if (next) deps.wake(next);
  return counts;
}

/** The job (decision 035's queue): every minute as a safety net, and woken at each download's time. */
export function whatsappMediaJobs(deps: MediaRetryDeps): JobDefinition[] {
  return [{ name: 'whatsapp-media', cron: '* * * * *', run: (data) => retryDueDownloads(deps, jobTime(data)) }];
}
