// The chat's limits and constants without zod (decision 070): the socket's keep-alive runs on
// every signed-in page, and the composer and the player show the limits. `schemas/chat.ts`, which
// checks them, imports them from here and exports them too.

/** Spec §4 Chat and issue 15: trimmed, blank refused, at most 2000 characters, line breaks allowed. */
export const CHAT_TEXT_MAX = 2000;
/** The text of a photo message without a caption (a WhatsApp photo's caption replaces it, decision 063). */
export const CHAT_PHOTO_BODY = '📷';
/** One page of history (issue 15). */
export const CHAT_PAGE_SIZE = 30;
/** Spec §7: the client's keep-alive period; the server closes a socket silent for longer plus a grace. */
export const CHAT_KEEP_ALIVE_MS = 120_000;
/** Decision 060: at most 1 MB and 2 minutes, Opus (WebM, Ogg) or AAC (MP4). */
export const VOICE_NOTE_MAX_BYTES = 1024 * 1024;
export const VOICE_NOTE_MAX_MS = 120_000;
/** The types the upload and the player accept; the server decides from the bytes. */
export const VOICE_NOTE_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4'] as const;
