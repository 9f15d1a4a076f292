import { z } from 'zod';
import { PHOTO_WIDTHS } from '../photo-widths.ts';
import { chat } from '../i18n/chat.ts';
import { validation } from '../i18n/common.ts';
import { MESSAGE_TYPES } from '../domain.ts';
import { optionalText, requiredText } from './common.ts';
import { CHAT_TEXT_MAX } from '../chat-limits.ts';

// The limits live in the zod-free module (decision 070); exported here as before.
export { CHAT_KEEP_ALIVE_MS, CHAT_PAGE_SIZE, CHAT_PHOTO_BODY, CHAT_TEXT_MAX, VOICE_NOTE_MAX_BYTES, VOICE_NOTE_MAX_MS, VOICE_NOTE_TYPES } from '../chat-limits.ts';

export const chatText = () => requiredText(CHAT_TEXT_MAX, { multiline: true });

export const SendChatMessageSchema = z.object({ text: chatText() });
export type SendChatMessageInput = z.input<typeof SendChatMessageSchema>;

export const ConversationsQuerySchema = z.object({ q: optionalText(100) });

export const ChatMessagesQuerySchema = z
  .object({ before: z.uuid().optional(), after: z.uuid().optional() })
  .refine((v) => v.before === undefined || v.after === undefined, { error: chat.beforeAndAfter });

export const ConversationParamsSchema = z.object({ id: z.uuid() });
export const ChatPhotoParamsSchema = z.object({ id: z.uuid(), photoId: z.uuid() });
export const VoiceNoteParamsSchema = z.object({ id: z.uuid(), voiceNoteId: z.uuid() });
/** `size` picks a JPEG; `w`, when given, one of the WebP widths instead (decision 073). */
export const ChatPhotoQuerySchema = z.object({
  size: z.enum(['preview', 'full']).default('full'),
  w: z.enum(PHOTO_WIDTHS.map(String) as [string, ...string[]], { error: validation.invalidOption }).optional(),
});

export const SERVICE_REQUEST_STATES = ['pending', 'accepted', 'rejected'] as const;
export type ServiceRequestState = (typeof SERVICE_REQUEST_STATES)[number];
/** The contractor's answer to a service request (the mail's Aceptar / Rechazar, or the buttons in the chat). */
export const RespondServiceRequestSchema = z.object({ response: z.enum(['accept', 'reject']) });
export const MessageParamsSchema = z.object({ id: z.uuid(), messageId: z.uuid() });

export const ChatMessageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  /** Null for the platform's notifications (new offer, new request...). */
  senderId: z.uuid().nullable(),
  mine: z.boolean(),
  type: z.enum(MESSAGE_TYPES),
  subject: z.string().nullable(),
  text: z.string(),
  photoId: z.uuid().nullable(),
  /** A voice note (type 'voice', decision 060): its id for GET …/voice-notes/:voiceNoteId, its type and length; null otherwise or once its sender's account is gone. */
  voiceNote: z.object({ id: z.uuid(), mime: z.string(), durationMs: z.number().int().nonnegative() }).nullable(),
  quoteId: z.uuid().nullable(),
  /** The conversation's project (null for a conversation not tied to one): a notification links to /proyectos/:projectId. */
  projectId: z.uuid().nullable(),
  createdAt: z.string(),
  /** When the recipient's socket received it (the spec's `uploaded`). */
  deliveredAt: z.string().nullable(),
  /** When the recipient opened the conversation (the spec's `viewed`). */
  readAt: z.string().nullable(),
  /** A client's service request (the contact modal): pending until its contractor accepts or rejects it; null for any other message. */
  serviceRequest: z.enum(SERVICE_REQUEST_STATES).nullable(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatMessagesPageSchema = z.object({
  /** Oldest first within the page. */
  messages: z.array(ChatMessageSchema),
  /** More older messages exist before the first of this page (for `before` and the first page). */
  hasMore: z.boolean(),
});

export const ConversationSummarySchema = z.object({
  id: z.uuid(),
  projectId: z.uuid().nullable(),
  other: z.object({
    id: z.uuid(),
    name: z.string(),
    role: z.enum(['client', 'contractor']),
    avatarPhotoId: z.uuid().nullable(),
    /** A contractor's rating; null for a client. */
    rating: z.object({ average: z.number(), count: z.number().int() }).nullable(),
  }),
  lastMessage: z.object({ text: z.string(), type: z.enum(MESSAGE_TYPES), mine: z.boolean(), at: z.string() }).nullable(),
  lastMessageAt: z.string(),
  unread: z.number().int(),
  /** False once the other person is banned or deleted: the server refuses new messages (409) and the page says why. */
  canWrite: z.boolean(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationListSchema = z.object({ conversations: z.array(ConversationSummarySchema) });
/** GET /api/me/unread: unread chat messages (the notices addressed to the person included) and unread notices (the notification centre's bell). */
export const UnreadCountSchema = z.object({ unread: z.number().int(), notices: z.number().int() });
export const MarkedReadSchema = z.object({ read: z.number().int() });
export const ChatMessageSentSchema = z.object({ message: ChatMessageSchema });

/** Frames a browser sends over /ws (spec §7 socket protocol; identity never comes from them). */
export const ChatClientFrameSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('setName'), id: z.string().max(64).optional() }),
  z.object({ action: z.literal('keepItAlive'), to: z.string().max(64).optional(), message: z.string().max(200).optional() }),
  z.object({ action: z.literal('isContactOnLine'), contact: z.uuid() }),
  z.object({ action: z.literal('sendPrivate'), conversationId: z.uuid(), message: chatText(), ref: z.string().max(64).optional() }),
  z.object({ action: z.literal('typing'), conversationId: z.uuid() }),
  z.object({ action: z.literal('markRead'), conversationId: z.uuid() }),
]);
export type ChatClientFrame = z.infer<typeof ChatClientFrameSchema>;
export const CHAT_CLIENT_ACTIONS = ['setName', 'keepItAlive', 'isContactOnLine', 'sendPrivate', 'typing', 'markRead'] as const;

/** Frames the server sends over /ws. */
export type ChatServerFrame =
  | { action: 'ready'; userId: string }
  | { action: 'keepItAlive' }
  | { action: 'isContactOnLine'; contact: string; members: string[] }
  | { action: 'message'; message: ChatMessage; ref?: string }
  | { action: 'delivered'; conversationId: string; messageIds: string[]; at: string }
  | { action: 'read'; conversationId: string; readerId: string; at: string }
  | { action: 'typing'; conversationId: string; userId: string }
  | { action: 'presence'; userId: string; online: boolean }
  | { action: 'error'; code: 'invalid_json' | 'too_large' | 'unknown_action' | 'invalid_frame' | 'rate_limited' | 'not_found' | 'failed'; message: string; ref?: string };
