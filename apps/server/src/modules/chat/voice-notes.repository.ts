import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { conversations, messages, voiceNotes } from '../../db/schema/index.ts';
import type { MessageRow } from './chat.repository.ts';

/** A voice note's file record and its message (type 'voice'), in the caller's transaction. */
export async function insertVoiceMessage(
  tx: DbOrTx,
  note: { id: string; ownerId: string; storageKey: string; bytes: number },
  message: { conversationId: string; senderId: string; body: string; mime: string; durationMs: number },
): Promise<MessageRow> {
  await tx.insert(voiceNotes).values(note);
  const [inserted] = await tx
    .insert(messages)
    .values({
      conversationId: message.conversationId,
      senderId: message.senderId,
      type: 'voice',
      body: message.body,
      voiceNoteId: note.id,
      voiceMime: message.mime,
      voiceDurationMs: message.durationMs,
    })
    .returning();
  await tx.update(conversations).set({ lastMessageAt: inserted!.createdAt }).where(eq(conversations.id, message.conversationId));
  return inserted!;
}

/** The storage key and type of a voice note sent in this conversation (and not hidden by moderation), or undefined. */
export async function findConversationVoiceNote(db: DbOrTx, conversationId: string, voiceNoteId: string): Promise<{ storageKey: string; mime: string } | undefined> {
  const [row] = await db
    .select({ storageKey: voiceNotes.storageKey, mime: messages.voiceMime, hiddenAt: messages.hiddenAt })
    .from(messages)
    .innerJoin(voiceNotes, eq(voiceNotes.id, messages.voiceNoteId))
    .where(and(eq(messages.conversationId, conversationId), eq(messages.voiceNoteId, voiceNoteId)))
    .limit(1);
  if (!row || row.hiddenAt) return undefined;
  return { storageKey: row.storageKey, mime: row.mime ?? 'application/octet-stream' };
}
