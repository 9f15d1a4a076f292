import {
  ChatMessageSentSchema,
  ChatMessagesPageSchema,
  ChatMessagesQuerySchema,
  ChatPhotoParamsSchema,
  ChatPhotoQuerySchema,
  ConversationListSchema,
  ConversationParamsSchema,
  ConversationsQuerySchema,
  MarkedReadSchema,
  MessageParamsSchema,
  RespondServiceRequestSchema,
  SendChatMessageSchema,
  UnreadCountSchema,
  VOICE_NOTE_MAX_BYTES,
  VOICE_NOTE_TYPES,
  VoiceNoteParamsSchema,
} from '@arreglaya/shared/schemas/chat';
import { voiceNotes as tv } from '@arreglaya/shared/i18n/voice-notes';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimitRule, UploadSpec } from '../../lib/route-config.ts';
import type { PhotoWidth } from '../media/photo-storage.ts';
import { photoUpload, readUpload, type UploadLimits } from '../media/photo-upload-request.ts';
import { readVoiceNote, sendVoiceNote } from './voice-notes.service.ts';
import { CHAT_MESSAGE_BUDGET } from './chat-socket.routes.ts';
import { unreadCounts } from './notice-centre.service.ts';
import { getMessages, listConversations, markConversationRead, sendMessage, type ChatDeps } from './chat.service.ts';
import { readPhoto, sendPhoto } from './chat-photos.service.ts';
import { respondToServiceRequest } from './service-requests.service.ts';

const perUser = (max: number, windowMs: number): RateLimitRule[] => [{ name: 'user', max, windowMs, key: (req) => req.user?.id }];
/** The person's one message budget, shared with their sockets' sendPrivate (chat-socket.routes.ts). */
const budget: RateLimitRule = { ...CHAT_MESSAGE_BUDGET, key: (req) => req.user?.id };
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
const noStore = { 'Cache-Control': 'private, no-store' };
const actorOf = (req: FastifyRequest) => ({ id: req.user!.id, sessionId: req.user!.sessionId });

const voiceUpload: UploadSpec = { field: 'voiceNote', maxBytes: VOICE_NOTE_MAX_BYTES, types: VOICE_NOTE_TYPES, description: tv.notAudio };
const voiceLimits: UploadLimits = {
  maxBytes: VOICE_NOTE_MAX_BYTES,
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', tv.tooLarge, { voiceNote: tv.tooLarge }),
  missing: () => new AppError('VALIDATION', tv.missing, { voiceNote: tv.missing }),
};

/**
 * The whole file, or the one byte range asked for (Chromium asks ranges of a WebM to seek; a
 * range it cannot serve is 416). Several ranges in one request are answered whole.
 */
function sendBytes(req: FastifyRequest, reply: FastifyReply, data: Buffer, contentType: string) {
  void reply.header('Accept-Ranges', 'bytes').type(contentType);
  const match = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return reply.send(data);
  const size = data.length;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return reply.status(416).header('Content-Range', `bytes */${size}`).send();
  return reply
    .status(206)
    .header('Content-Range', `bytes ${start}-${end}/${size}`)
    .send(data.subarray(start, end + 1));
}

/** /perfil/mensajes over REST (decision 024): lists, history, sending, read marks, the badge, images. Only the two people of a conversation: anyone else 404. */
export function chatRoutes(deps: ChatDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/conversations',
      {
        config: { access: 'user' },
        schema: {
          tags: ['mensajes'],
          summary: 'Mis conversaciones, la más reciente primero (?q= busca por nombre)',
          querystring: ConversationsQuerySchema,
          response: { 200: ConversationListSchema, ...errors },
        },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        return { conversations: await listConversations(deps, req.user!.id, req.query.q) };
      },
    );

    app.get(
      '/api/conversations/:id/messages',
      {
        config: { access: 'user' },
        schema: {
          tags: ['mensajes'],
          summary: 'Mensajes de una conversación: los 30 más recientes, los 30 anteriores a ?before= o los posteriores a ?after=',
          params: ConversationParamsSchema,
          querystring: ChatMessagesQuerySchema,
          response: { 200: ChatMessagesPageSchema, ...errors },
        },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        return getMessages(deps, req.user!.id, req.params.id, req.query);
      },
    );

    app.post(
      '/api/conversations/:id/messages',
      {
        config: { access: 'user', rateLimit: budget },
        schema: {
          tags: ['mensajes'],
          summary: 'Enviar un mensaje de texto',
          params: ConversationParamsSchema,
          body: SendChatMessageSchema,
          response: { 201: ChatMessageSentSchema, ...errors },
        },
      },
      async (req, reply) => reply.status(201).send({ message: await sendMessage(deps, actorOf(req), req.params.id, req.body.text) }),
    );

    app.post(
      '/api/conversations/:id/read',
      {
        config: { access: 'user' },
        schema: { tags: ['mensajes'], summary: 'Marcar la conversación como leída', params: ConversationParamsSchema, response: { 200: MarkedReadSchema, ...errors } },
      },
      async (req) => ({ read: await markConversationRead(deps, req.user!.id, req.params.id) }),
    );

    app.post(
      '/api/conversations/:id/messages/:messageId/respond',
      {
        config: { access: 'user', rateLimit: [...perUser(30, 60_000), budget] },
        schema: {
          tags: ['mensajes'],
          summary: 'Aceptar o rechazar una solicitud de servicio (solo su contratista, una vez)',
          params: MessageParamsSchema,
          body: RespondServiceRequestSchema,
          response: { 201: ChatMessageSentSchema, 403: ApiErrorSchema, 409: ApiErrorSchema, ...errors },
        },
      },
      async (req, reply) => reply.status(201).send({ message: await respondToServiceRequest(deps, actorOf(req), req.params.id, req.params.messageId, req.body.response) }),
    );

    app.get(
      '/api/me/unread',
      {
        config: { access: 'user' },
        schema: { tags: ['mensajes'], summary: 'Mensajes y avisos sin leer (el globo del menú y la campana)', response: { 200: UnreadCountSchema, 401: ApiErrorSchema } },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        const { messages, notices } = await unreadCounts(deps, req.user!.id);
        return { unread: messages, notices };
      },
    );

    app.post(
      '/api/conversations/:id/photos',
      {
        config: { access: 'user', rateLimit: [...perUser(30, 10 * 60_000), budget], upload: photoUpload },
        schema: {
          tags: ['mensajes'],
          summary: 'Enviar una foto (multipart, un archivo JPG, PNG o WebP de hasta 8 MB)',
          description: 'La foto se decodifica y se vuelve a codificar como JPEG sin metadatos (EXIF, GPS); solo las dos personas de la conversación pueden verla.',
          consumes: ['multipart/form-data'],
          params: ConversationParamsSchema,
          response: { 201: ChatMessageSentSchema, 413: ApiErrorSchema, 415: ApiErrorSchema, ...errors },
        },
      },
      async (req, reply) => {
        const upload = await readUpload(req);
        return reply.status(201).send({ message: await sendPhoto(deps, actorOf(req), req.params.id, upload) });
      },
    );

    app.get(
      '/api/conversations/:id/photos/:photoId',
      {
        config: { access: 'user' },
        schema: {
          tags: ['mensajes'],
          summary: 'Una foto de la conversación (?size=preview|full en JPEG, o ?w=160|320|640|1280 en WebP)',
          params: ChatPhotoParamsSchema,
          querystring: ChatPhotoQuerySchema,
        },
      },
      async (req, reply) => {
        const file = await readPhoto(deps, req.user!.id, req.params.id, req.params.photoId, req.query.size, req.query.w ? (Number(req.query.w) as PhotoWidth) : undefined);
        return reply.header('Cache-Control', 'private, max-age=86400').type(file.contentType).send(file.data);
      },
    );

    app.post(
      '/api/conversations/:id/voice-notes',
      {
        config: { access: 'user', rateLimit: [...perUser(30, 10 * 60_000), budget], upload: voiceUpload },
        schema: {
          tags: ['mensajes'],
          summary: 'Enviar una nota de voz (multipart, un archivo de audio de hasta 1 MB y 2 minutos)',
          description:
            'Opus en WebM u OGG, o AAC en MP4/M4A; el tipo y la duración se leen del archivo, no del tipo declarado (decisión 060). Solo las dos personas de la conversación pueden oírla.',
          consumes: ['multipart/form-data'],
          params: ConversationParamsSchema,
          response: { 201: ChatMessageSentSchema, 409: ApiErrorSchema, 413: ApiErrorSchema, 415: ApiErrorSchema, ...errors },
        },
      },
      async (req, reply) => {
        const upload = await readUpload(req, voiceLimits);
        return reply.status(201).send({ message: await sendVoiceNote(deps, actorOf(req), req.params.id, upload) });
      },
    );

    app.get(
      '/api/conversations/:id/voice-notes/:voiceNoteId',
      {
        config: { access: 'user' },
        schema: { tags: ['mensajes'], summary: 'Una nota de voz de la conversación (admite Range)', params: VoiceNoteParamsSchema },
      },
      async (req, reply) => {
        const file = await readVoiceNote(deps, req.user!.id, req.params.id, req.params.voiceNoteId);
        void reply.header('Cache-Control', 'private, max-age=86400');
        return sendBytes(req, reply, file.data, file.contentType);
      },
    );
  };
}
