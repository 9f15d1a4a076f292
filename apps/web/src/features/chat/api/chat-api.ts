import type { PhotoWidth } from '@arreglaya/shared/photo-widths';
import type { ChatMessage, ConversationSummary } from '@arreglaya/shared/schemas/chat';
import { api } from '@/lib/api.ts';
import type { Session } from '@/lib/session-user.ts';
import { uploadFileTo, uploadPhotoTo } from '@/lib/upload.ts';

const base = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;

export const chatApi = {
  conversations: () => api.get<{ conversations: ConversationSummary[] }>('/api/conversations').then((r) => r.conversations),
  messages: (id: string, cursor: { before?: string; after?: string } = {}) => {
    const params = new URLSearchParams();
    if (cursor.before) params.set('before', cursor.before);
    if (cursor.after) params.set('after', cursor.after);
    const query = params.toString();
    return api.get<{ messages: ChatMessage[]; hasMore: boolean }>(`${base(id)}/messages${query ? `?${query}` : ''}`);
  },
  send: (id: string, text: string) => api.post<{ message: ChatMessage }>(`${base(id)}/messages`, { text }).then((r) => r.message),
  sendPhoto: (id: string, file: File) => uploadPhotoTo<{ message: ChatMessage }>(`${base(id)}/photos`, file).then((r) => r.message),
  /** A recorded voice note (decision 060); the server reads its type and length from the bytes. */
  sendVoiceNote: (id: string, audio: Blob) =>
    uploadFileTo<{ message: ChatMessage }>(`${base(id)}/voice-notes`, 'voiceNote', audio, audio.type.includes('mp4') ? 'nota-de-voz.m4a' : 'nota-de-voz.webm').then(
      (r) => r.message,
    ),
  markRead: (id: string) => api.post<{ read: number }>(`${base(id)}/read`, {}),
  /** Unread messages (the notices included) and unread notices (the notification centre's bell). */
  unread: () => api.get<{ unread: number; notices: number }>('/api/me/unread'),
  /** True while the session is still this person's (asked before the socket reconnects). */
  stillSignedIn: (userId: string) => api.get<Session>('/api/auth/session').then((s) => s.user?.id === userId),
  respond: (id: string, messageId: string, response: 'accept' | 'reject') =>
    api.post<{ message: ChatMessage }>(`${base(id)}/messages/${encodeURIComponent(messageId)}/respond`, { response }).then((r) => r.message),
};

/** A chat photo, served only to the conversation's two people (decision 024). */
export const chatPhotoUrl = (conversationId: string, photoId: string, size: 'preview' | 'full') => `${base(conversationId)}/photos/${encodeURIComponent(photoId)}?size=${size}`;
/** One WebP width of a conversation's photo (decision 073), for the message's `srcset`. */
export const chatPhotoWidthUrl = (conversationId: string, photoId: string, width: PhotoWidth) => `${base(conversationId)}/photos/${encodeURIComponent(photoId)}?w=${width}`;

/** A voice note, served only to the conversation's two people (decision 060). */
export const voiceNoteUrl = (conversationId: string, voiceNoteId: string) => `${base(conversationId)}/voice-notes/${encodeURIComponent(voiceNoteId)}`;

export const CONVERSATIONS_KEY = ['chat', 'conversations'] as const;
