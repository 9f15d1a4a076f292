import { randomUUID } from 'node:crypto';
import { voiceNotes as tv } from '@arreglaya/shared/i18n/voice-notes';
import { VOICE_NOTE_MAX_BYTES, VOICE_NOTE_MAX_MS, type ChatMessage } from '@arreglaya/shared/schemas/chat';
import { AppError } from '../../lib/app-error.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import { AudioRejectedError, probeAudio, type ProbedAudio } from '../media/audio-probe.ts';
import { conversationOf, toChatMessage, writable, type ChatActor, type ChatDeps } from './chat.service.ts';
import { findConversationVoiceNote, insertVoiceMessage } from './voice-notes.repository.ts';

/**
 * Container timestamps mark where the last 20 ms frame starts, and a recorder stopped by its own
 * 2:00 timer ends a little after it: half a second of slack, so a full-length note is not refused.
 */
const DURATION_SLACK_MS = 500;
/** The message's text: what the away mail, the list preview and an old client show. */
const VOICE_BODY = '🎤';

/** The upload's checks (decision 060): size, then the container read from the bytes, then the length. */
export function checkVoiceNote(upload: Buffer): ProbedAudio {
  if (upload.length > VOICE_NOTE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', tv.tooLarge, { voiceNote: tv.tooLarge });
  let probed: ProbedAudio;
  try {
    probed = probeAudio(upload);
  } catch (err) {
    if (!(err instanceof AudioRejectedError)) throw err;
    const message = err.reason === 'not_audio' ? tv.notAudio : tv.unreadable;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, { voiceNote: message });
  }
  if (probed.durationMs > VOICE_NOTE_MAX_MS + DURATION_SLACK_MS) throw new AppError('PAYLOAD_TOO_LARGE', tv.tooLong, { voiceNote: tv.tooLong });
  return probed;
}

/**
 * A voice note in the conversation: checked before anything is kept, stored in the photo storage
 * under `voice/<id>` (its own id, never reused), then its record and message in one transaction;
 * if that fails the file is deleted. Only this conversation's route serves it, to its two people.
 */
export async function sendVoiceNote(deps: ChatDeps, actor: ChatActor, conversationId: string, upload: Buffer): Promise<ChatMessage> {
  const conversation = writable(await conversationOf(deps.db, conversationId, actor.id));
  const { mime, durationMs } = checkVoiceNote(upload);
  const id = randomUUID();
  const storageKey = `voice/${id}`;
  await deps.storage.put(storageKey, upload, mime);
  let row;
  try {
    row = await deps.db.transaction(async (tx) => {
      const inserted = await insertVoiceMessage(
        tx,
        { id, ownerId: actor.id, storageKey, bytes: upload.length },
        { conversationId, senderId: actor.id, body: VOICE_BODY, mime, durationMs },
      );
      await recordLogEntry(tx, {
        userId: actor.id,
        sessionId: actor.sessionId ?? null,
        action: 'chat-message',
        location: '/perfil/mensajes',
        details: { conversationId, messageId: inserted.id, voiceNote: true },
      });
      return inserted;
    });
  } catch (err) {
    await deps.storage.delete(storageKey).catch((e: unknown) => deps.log.warn({ err: e, storageKey }, 'could not delete voice note file'));
    throw err;
  }
  await deps.events.messageCreated(row, [conversation.clientId, conversation.contractorId], undefined, conversation.projectId);
  return toChatMessage(row, actor.id, conversation.projectId);
}

/** The voice note's bytes and type, for the conversation's two people only (anyone else: 404, as for its photos). */
export async function readVoiceNote(deps: ChatDeps, userId: string, conversationId: string, voiceNoteId: string): Promise<{ data: Buffer; contentType: string }> {
  await conversationOf(deps.db, conversationId, userId);
  const note = await findConversationVoiceNote(deps.db, conversationId, voiceNoteId);
  if (!note) throw new AppError('NOT_FOUND', tv.notFound);
  const file = await deps.storage.get(note.storageKey);
  if (!file) throw new AppError('NOT_FOUND', tv.notFound);
  return { data: file.data, contentType: note.mime };
}
