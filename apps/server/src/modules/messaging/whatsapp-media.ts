import { createHash } from 'node:crypto';
import { voiceNotes as tv } from '@arreglaya/shared/i18n/voice-notes';
import { whatsappMedia as tm } from '@arreglaya/shared/i18n/whatsapp-media';
import { PHOTO_MAX_BYTES } from '@arreglaya/shared/schemas/profile';
import { CHAT_TEXT_MAX, SendChatMessageSchema, VOICE_NOTE_MAX_BYTES } from '@arreglaya/shared/schemas/chat';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import { postNotice, type ChatDeps } from '../chat/chat.service.ts';
import { sendPhoto } from '../chat/chat-photos.service.ts';
import { sendVoiceNote } from '../chat/voice-notes.service.ts';
import { messaging } from '@arreglaya/shared/i18n/messaging';
import { replyConversation } from './inbound-replies.repository.ts';
import { parseJson, type HttpAnswer, type HttpTransport } from './messenger.ts';

// Photos and voice notes a person sends to our WhatsApp number (decision 063). Meta's webhook names
// the file by a media id; the Graph API gives its short-lived URL (GET /{version}/{media-id}, bearer
// token), and the URL gives the bytes (GET, the same token). The bytes are checked against the
// sha256 Meta sent, then stored by the web chat's own photo and voice-note services: the photo
// decoded and re-encoded, the voice note read from its bytes (Ogg/Opus, 2 minutes, 1 MB).

/** What a webhook's `image` or `audio` object says (only what we read). */
export interface InboundMedia {
  kind: 'image' | 'audio';
  /** Meta's media id. */
  id: string;
  /** Meta's checksum of the file: hex or base64 (both are seen), compared with the bytes' own. */
  sha256?: string;
  /** A photo's caption: the chat message's text. */
  caption?: string;
}

/**
 * A webhook message's `image` or `audio` object, as much as we read. No length limits here: one odd
 * field would refuse the whole webhook (and Meta would retry it); the caption is checked later.
 */
export const WhatsAppMediaObject = z.object({
  id: z.string(),
  mime_type: z.string().optional(),
  sha256: z.string().optional(),
  caption: z.string().optional(),
  voice: z.boolean().optional(),
});
type MediaObject = z.infer<typeof WhatsAppMediaObject>;

/** The InboundMessage's `media` for a webhook message with an `image` or an `audio` of its own type. */
export function inboundMedia(m: { type?: string | undefined; image?: MediaObject | undefined; audio?: MediaObject | undefined }): { media?: InboundMedia } {
  const object = m.type === 'image' ? m.image : m.type === 'audio' ? m.audio : undefined;
  if (!object) return {};
  const kind = m.type as InboundMedia['kind'];
  return {
    media: {
      kind,
      id: object.id,
      ...(object.sha256 === undefined ? {} : { sha256: object.sha256 }),
      ...(kind === 'image' && object.caption !== undefined ? { caption: object.caption } : {}),
    },
  };
}

export interface WhatsAppMediaSettings {
  apiUrl: string;
  version: string;
  accessToken: string;
  /** How long one request may take before it counts as failed (and is tried again later). Default MEDIA_REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** One request to Meta's media endpoints at most this long (the network transport has its own, shorter, timeout too). */
export const MEDIA_REQUEST_TIMEOUT_MS = 30_000;

/**
 * Why a download failed. `retry`: it may pass if tried again (Meta answered 5xx or 429, no answer
 * or a timeout, the url kept expiring); the others will not: the media id is unknown or expired
 * (Meta keeps a webhook's media 7 days), the file is too large, its bytes differ from Meta's sha256.
 */
export type MediaFailure = 'notFound' | 'tooLarge' | 'checksum' | 'failed' | 'retry';
export type MediaDownload = { ok: true; bytes: Buffer } | { ok: false; reason: MediaFailure; detail: string };

/** Meta's answers worth asking again: its 5xx (its media download documents 500) and throttling (429). */
const transient = (status: number) => status >= 500 || status === 429;

/** Whether `expected` (Meta's sha256, hex or base64) is the digest of `bytes`. */
export function sameSha256(bytes: Buffer, expected: string): boolean {
  const digest = createHash('sha256').update(bytes).digest();
  const e = expected.trim();
  if (/^[0-9a-f]{64}$/i.test(e)) return e.toLowerCase() === digest.toString('hex');
  const b64 = Buffer.from(e.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return b64.length === 32 && b64.equals(digest);
}

export class WhatsAppMediaClient {
  constructor(
    private readonly settings: WhatsAppMediaSettings,
    private readonly transport: HttpTransport,
  ) {}

  /** One GET with the bearer token, failing after the timeout whatever the transport does. */
  private async get(url: string): Promise<HttpAnswer> {
    const ms = this.settings.timeoutMs ?? MEDIA_REQUEST_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([this.transport({ method: 'GET', url, headers: { authorization: `Bearer ${this.settings.accessToken}` } }), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** GET /{version}/{media-id}: the file's short-lived url (Meta: five minutes) and facts, or why not. */
  private async lookup(mediaId: string, maxBytes: number): Promise<{ ok: true; url: URL; sha256?: string } | { ok: false; reason: MediaFailure; detail: string }> {
    const { apiUrl, version } = this.settings;
    let meta;
    try {
      meta = await this.get(`${apiUrl}/${version}/${encodeURIComponent(mediaId)}`);
    } catch (err) {
      return { ok: false, reason: 'retry', detail: `media lookup: ${err instanceof Error ? err.message : String(err)}` };
    }
    if (meta.status === 404) return { ok: false, reason: 'notFound', detail: 'media id unknown or expired' };
    if (transient(meta.status)) return { ok: false, reason: 'retry', detail: `media lookup answered ${meta.status}` };
    const json = parseJson(meta.body) as { url?: unknown; sha256?: unknown; file_size?: unknown } | undefined;
    if (meta.status < 200 || meta.status >= 300 || typeof json?.url !== 'string') return { ok: false, reason: 'failed', detail: `media lookup answered ${meta.status}` };
    if (typeof json.file_size === 'number' && json.file_size > maxBytes) return { ok: false, reason: 'tooLarge', detail: `file_size ${json.file_size}` };
    let url: URL;
    try {
      url = new URL(json.url);
    } catch {
      return { ok: false, reason: 'failed', detail: 'media url unreadable' };
    }
    // The token goes only over TLS, or to the stand-in's own origin.
    if (url.protocol !== 'https:' && url.origin !== new URL(apiUrl).origin) return { ok: false, reason: 'failed', detail: 'media url not https' };
    return { ok: true, url, ...(typeof json.sha256 === 'string' ? { sha256: json.sha256 } : {}) };
  }

  /**
   * The file behind a media id, at most `maxBytes` (Meta's `file_size` is read first: a larger
   * file is not downloaded), its sha256 checked against the webhook's and the Graph API's. A url
   * that answers 404 has expired (Meta's last five minutes): the id is asked again once for a fresh
   * one, in the same try.
   */
  async download(mediaId: string, expected: { sha256?: string; maxBytes: number }): Promise<MediaDownload> {
    let file: HttpAnswer | undefined;
    let sha256: string | undefined;
    for (let asked = 0; asked < 2 && !file; asked++) {
      const found = await this.lookup(mediaId, expected.maxBytes);
      if (!found.ok) return found;
      sha256 = found.sha256;
      let got;
      try {
        got = await this.get(found.url.href);
      } catch (err) {
        return { ok: false, reason: 'retry', detail: `media download: ${err instanceof Error ? err.message : String(err)}` };
      }
      if (got.status !== 404) file = got;
    }
    if (!file) return { ok: false, reason: 'retry', detail: 'media url expired twice' };
    if (transient(file.status)) return { ok: false, reason: 'retry', detail: `media download answered ${file.status}` };
    if (file.status < 200 || file.status >= 300 || !file.bytes) return { ok: false, reason: 'failed', detail: `media download answered ${file.status}` };
    const bytes = file.bytes;
    if (bytes.length > expected.maxBytes) return { ok: false, reason: 'tooLarge', detail: `${bytes.length} bytes` };
    for (const sum of [expected.sha256, sha256]) {
      if (sum !== undefined && !sameSha256(bytes, sum)) return { ok: false, reason: 'checksum', detail: 'sha256 differs' };
    }
    return { ok: true, bytes };
  }
}

export interface MediaReplyDeps {
  chat: ChatDeps;
  media: WhatsAppMediaClient;
  log: FastifyBaseLogger;
}

/** A refusal of the chat's own upload checks, in the words a phone is answered with. */
function refusal(err: AppError, kind: InboundMedia['kind']): string {
  if (kind === 'image') return err.code === 'PAYLOAD_TOO_LARGE' ? tm.photoTooLarge : tm.notAPhoto;
  if (err.message === tv.tooLong) return tm.tooLong;
  if (err.message === tv.tooLarge) return tm.tooLarge;
  return tm.notAudio;
}

/** What became of one photo or voice note's try. */
export type MediaOutcome =
  | { kind: 'stored' }
  /** Refused by the chat's own checks (not a photo, over 2 minutes, too large…): the phone is answered, nothing kept. */
  | { kind: 'refused'; answer: string }
  /** Not received from Meta, and it will not be (the media id gone, a checksum that differs…): the person is told (lostMedia). */
  | { kind: 'lost'; detail: string }
  /** Not received yet, for a reason that may pass: worth another try later (whatsapp-media-retries.ts). */
  | { kind: 'retry'; detail: string };

/**
 * Downloads and stores one photo or voice note as the person's message in the conversation. A
 * conversation that cannot take it (closed, gone) throws the chat's AppError, as a text would.
 */
export async function storeWhatsAppMedia(deps: MediaReplyDeps, userId: string, conversationId: string, media: InboundMedia): Promise<MediaOutcome> {
  let caption: string | undefined;
  if (media.kind === 'image' && media.caption !== undefined && media.caption.trim() !== '') {
    const parsed = SendChatMessageSchema.safeParse({ text: media.caption });
    if (!parsed.success) return { kind: 'refused', answer: media.caption.length > CHAT_TEXT_MAX ? tm.captionTooLong(CHAT_TEXT_MAX) : tm.notAPhoto };
    caption = parsed.data.text;
  }
  const maxBytes = media.kind === 'image' ? PHOTO_MAX_BYTES : VOICE_NOTE_MAX_BYTES;
  const file = await deps.media.download(media.id, { maxBytes, ...(media.sha256 === undefined ? {} : { sha256: media.sha256 }) });
  if (!file.ok) {
    deps.log.info({ kind: media.kind, reason: file.reason, detail: file.detail }, 'WhatsApp media not received');
    if (file.reason === 'tooLarge') return { kind: 'refused', answer: media.kind === 'image' ? tm.photoTooLarge : tm.tooLarge };
    return { kind: file.reason === 'retry' ? 'retry' : 'lost', detail: file.detail };
  }
  try {
    if (media.kind === 'image') await sendPhoto(deps.chat, { id: userId }, conversationId, file.bytes, caption);
    else await sendVoiceNote(deps.chat, { id: userId }, conversationId, file.bytes);
    return { kind: 'stored' };
  } catch (err) {
    // The chat's upload checks name their field; anything else (the conversation) goes up.
    if (err instanceof AppError && (err.fields?.photo !== undefined || err.fields?.voiceNote !== undefined)) return { kind: 'refused', answer: refusal(err, media.kind) };
    throw err;
  }
}

/**
 * A photo or voice note given up (not received from Meta, or still failing after its tries): a
 * line in its conversation for the person who sent it (a notice only they see) saying so and asking
 * for it again; gives the WhatsApp answer that says the same. `db`: the caller's transaction.
 */
export async function lostMedia(db: DbOrTx, userId: string, conversationId: string, kind: InboundMedia['kind']): Promise<string> {
  await postNotice(db, { conversationId, recipientId: userId, kind: 'whatsappMediaLost', subject: tm.lost[kind].subject, body: tm.lost[kind].body });
  return tm.failed[kind];
}

/** How a download that may pass is tried again (whatsapp-media-retries.ts): its row, and the job woken for its time. */
export interface MediaRetries {
  /** Records the message's download for another try after the first back-off (once per message id). */
  schedule(row: PendingDownloadInput): Promise<void>;
}

export type PendingDownloadInput = {
  messageId: string;
  userId: string;
  conversationId: string;
  fromNumber: string;
  media: InboundMedia;
  receivedAt: Date;
  /** Why the first try failed. */
  lastError: string;
};

/**
 * A person's non-text WhatsApp message (the sender already known and not opted out): a photo or a
 * voice note goes into the conversation their text would go to (decision 061), or the one they
 * chose with "Responder" (`chosen`, decision 062); anything else, or no conversation, or a file
 * refused, keeps nothing. A download that may pass (Meta's 5xx, no answer) is tried again later
 * when `replies.retries` is given, and answered only then. Gives the Spanish answer to send, or undefined.
 */
export async function routeMedia(
  log: FastifyBaseLogger,
  replies: { chat: ChatDeps; appUrl: string; media?: WhatsAppMediaClient; retries?: MediaRetries },
  userId: string,
  m: { id: string; from: string; at?: Date; type?: string; media?: InboundMedia; contextId?: string },
  chosen: string | null = null,
): Promise<string | undefined> {
  if (!m.media || !replies.media || (m.type !== 'image' && m.type !== 'audio')) return tm.unsupported;
  const conversationId = chosen ?? (await replyConversation(replies.chat.db, userId, m.contextId));
  if (conversationId) {
    try {
      const outcome = await storeWhatsAppMedia({ chat: replies.chat, media: replies.media, log }, userId, conversationId, m.media);
      if (outcome.kind === 'stored') return undefined;
      if (outcome.kind === 'refused') return outcome.answer;
      if (outcome.kind === 'retry' && replies.retries) {
        const row = { messageId: m.id, userId, conversationId, fromNumber: m.from, media: m.media, receivedAt: m.at ?? new Date(), lastError: outcome.detail };
        await replies.retries.schedule(row);
        return undefined;
      }
      return await lostMedia(replies.chat.db, userId, conversationId, m.media.kind);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      log.info({ code: err.code }, 'WhatsApp media not stored in its conversation');
    }
  }
  return messaging.reply.noConversation(replies.appUrl);
}
