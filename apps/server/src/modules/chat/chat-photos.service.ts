import { chat as tc } from '@arreglaya/shared/i18n/chat';
import { CHAT_PHOTO_BODY, type ChatMessage } from '@arreglaya/shared/schemas/chat';
import { AppError } from '../../lib/app-error.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import { readVariant, storeUpload } from '../media/photo-files.ts';
import { photoSizeKey, type PhotoSize, type PhotoWidth } from '../media/photo-storage.ts';
import { findConversationPhoto, insertChatMessage, insertChatPhoto } from './chat.repository.ts';
import { conversationOf, toChatMessage, writable, type ChatActor, type ChatDeps } from './chat.service.ts';

// Photos in the chat: sent as a message, read by the conversation's two people only.

/**
 * An image message: decoded, re-encoded without metadata in every size (decision 012), stored
 * as a photo of kind 'chat', which the public photo route refuses: only this conversation's
 * route serves it, to its two people. A caption (a WhatsApp photo's, decision 063) is the message's text.
 */
export async function sendPhoto(deps: ChatDeps, actor: ChatActor, conversationId: string, upload: Buffer, caption?: string): Promise<ChatMessage> {
  const conversation = writable(await conversationOf(deps.db, conversationId, actor.id));
  const row = await storeUpload(deps, actor.id, upload, async (tx, photo) => {
    await insertChatPhoto(tx, photo);
    const inserted = await insertChatMessage(tx, { conversationId, senderId: actor.id, body: caption ?? CHAT_PHOTO_BODY, type: 'image', photoId: photo.id });
    await recordLogEntry(tx, {
      userId: actor.id,
      sessionId: actor.sessionId ?? null,
      action: 'chat-message',
      location: '/perfil/mensajes',
      details: { conversationId, messageId: inserted.id, photo: true },
    });
    return inserted;
  });
  await deps.events.messageCreated(row, [conversation.clientId, conversation.contractorId], undefined, conversation.projectId);
  return toChatMessage(row, actor.id, conversation.projectId);
}

const SIZE_FOR: Record<'preview' | 'full', PhotoSize> = { preview: 'md', full: 'lg' };

/** A conversation's photo for one of its two people: a JPEG size, or a WebP width when `width` is given (decision 073). */
export async function readPhoto(
  deps: ChatDeps,
  userId: string,
  conversationId: string,
  photoId: string,
  size: 'preview' | 'full',
  width?: PhotoWidth,
): Promise<{ data: Buffer; contentType: string }> {
  await conversationOf(deps.db, conversationId, userId);
  const key = await findConversationPhoto(deps.db, conversationId, photoId);
  if (!key) throw new AppError('NOT_FOUND', tc.photoNotFound);
  const file = width ? await readVariant(deps.storage, key, width) : await deps.storage.get(photoSizeKey(key, SIZE_FOR[size]));
  if (!file) throw new AppError('NOT_FOUND', tc.photoNotFound);
  return file;
}
