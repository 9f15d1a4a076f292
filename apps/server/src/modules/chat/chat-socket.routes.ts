import websocket from '@fastify/websocket';
import { chat as tc } from '@arreglaya/shared/i18n/chat';
import { CHAT_CLIENT_ACTIONS, CHAT_KEEP_ALIVE_MS, ChatClientFrameSchema, type ChatClientFrame, type ChatServerFrame } from '@arreglaya/shared/schemas/chat';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { AppError } from '../../lib/app-error.ts';
import { rateLimitKey } from '../../lib/route-config.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import type { RateLimiter } from '../rate-limits/rate-limits.service.ts';
import { SocketCaps } from './chat-socket-caps.ts';
import type { ChatHub, LiveSocket } from './chat-hub.ts';
import { isContact, markConversationRead, otherPersonOf, sendMessage, type ChatDeps } from './chat.service.ts';

/** The signed-in person behind an upgrade (the app's session resolution: cookie or bearer token). */
export type SocketUserResolver = (req: FastifyRequest, reply: FastifyReply) => Promise<{ id: string; sessionId: string; expiresAt: Date } | null>;

export interface ChatSocketOptions {
  resolveUser: SocketUserResolver;
  appUrl: string;
  /** A socket silent for longer than the keep-alive period plus this grace is closed (ms). */
  idleGraceMs?: number;
  keepAliveMs?: number;
  /**
   * True while the instance sheds load (the app's event-loop delay or heap past its limit, as for
   * HTTP): a `sendPrivate` is then refused at once (`rate_limited`), before it is stored.
   */
  underPressure?: () => boolean;
  /** The instance's shared counters (decision 004): upgrades and the message budget. Without it neither is limited. */
  limiter?: RateLimiter;
  /** SOCKET_LIMITS unless given (the chat bench raises the per-address ones: all its sockets come from one address). */
  limits?: Partial<SocketLimits>;
}

/** Frames above this are answered with an error; ws itself closes the socket (1009) above the hard limit. */
export const FRAME_SOFT_LIMIT = 16 * 1024;
export const FRAME_HARD_LIMIT = 64 * 1024;
/** Per socket: a burst of 30 frames, then 10 a second; a socket that keeps flooding is closed (1008). */
const BUCKET = { burst: 30, perSecond: 10, closeAfterRefusals: 50 };

/**
 * Close codes (4000–4999 are the application's): the client reconnects on anything but 1000 and 4008.
 * 1012 ("service restart", RFC 6455's registry) when this instance stops (decision 034).
 */
export const CLOSE = { idle: 4000, sessionEnded: 4001, tooMany: 4008, flood: 1008, restart: 1012 } as const;

/**
 * Sockets and upgrades (issue 30; decision 019). Per instance: at most `perSession` sockets per
 * session and `perAddress` per client address; a new socket past either closes the oldest with
 * 4008 ('too many sockets'), which the web client does not reconnect until its tab is visible
 * again. Upgrades, in the shared counters: `upgradesPerAddress` a minute per address (before the
 * session is read) and `upgradesPerPerson` a minute per person.
 */
export const SOCKET_LIMITS = { perSession: 10, perAddress: 50, upgradesPerAddress: 60, upgradesPerPerson: 30 } as const;
export type SocketLimits = { -readonly [K in keyof typeof SOCKET_LIMITS]: number };

/**
 * One message budget per person, shared by every socket (`sendPrivate`) and REST (text, photo,
 * answer to a service request), on every instance: 120 a minute.
 */
export const CHAT_MESSAGE_BUDGET = { bucket: 'chat-messages', name: 'user', max: 120, windowMs: 60_000 } as const;
const budgetKey = (userId: string) => rateLimitKey('', CHAT_MESSAGE_BUDGET, userId);

/** A person's chat entry goes to the log trail at most this often (per instance), however many sockets they open. */
export const CHAT_ENTER_EVERY_MS = 60_000;
const UPGRADE_WINDOW_MS = 60_000;

function originOf(url: string): string | null {
  try {
    const o = new URL(url).origin;
    return o === 'null' ? null : o;
  } catch {
    return null;
  }
}

/**
 * /ws: the chat's socket on the API's port. The person is the session's (cookie or bearer
 * token, read at the upgrade); an upgrade without one is refused with 401 and one from another
 * site's page (Origin) with 403, so a page elsewhere cannot ride the visitor's cookie.
 */
export function chatSocketRoutes(deps: ChatDeps & { hub: ChatHub }, opts: ChatSocketOptions): FastifyPluginAsyncZod {
  const keepAliveMs = opts.keepAliveMs ?? CHAT_KEEP_ALIVE_MS;
  const idleAfter = keepAliveMs + (opts.idleGraceMs ?? 30_000);
  const publicOrigin = originOf(opts.appUrl);
  const limits: SocketLimits = { ...SOCKET_LIMITS, ...opts.limits };
  const caps = new SocketCaps(limits.perSession, limits.perAddress);
  const limiter = opts.limiter;
  /** When each person's chat entry was last logged (pruned of those older than a minute when it grows). */
  const entered = new Map<string, number>();
  const shouldLogEntry = (userId: string): boolean => {
    const now = Date.now();
    const last = entered.get(userId);
    if (last !== undefined && now - last < CHAT_ENTER_EVERY_MS) return false;
    if (entered.size >= 10_000) for (const [id, at] of entered) if (now - at >= CHAT_ENTER_EVERY_MS) entered.delete(id);
    entered.set(userId, now);
    return true;
  };
  /** Counts an upgrade; a 429 with Retry-After past the limit. */
  const countUpgrade = async (reply: FastifyReply, key: string, max: number) => {
    if (!limiter) return;
    const { hits, resetAt } = await limiter.hit(`ws-upgrade:${key}`, max, UPGRADE_WINDOW_MS);
    if (hits <= max) return;
    void reply.header('Retry-After', Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000)));
    throw new AppError('RATE_LIMITED');
  };

  return async (app) => {
    await app.register(websocket, {
      options: { maxPayload: FRAME_HARD_LIMIT },
      // On close (SIGTERM, after the drain): every socket gets 1012, so the web app reconnects at
      // once through the load balancer to another instance. Then, as the plugin's own preClose
      // does, no more upgrades and the socket server closes.
      preClose(done) {
        for (const client of this.websocketServer.clients) client.close(CLOSE.restart, 'service restart');
        this.server.removeAllListeners('upgrade');
        this.websocketServer.close(() => undefined);
        done();
      },
    });

    const authenticate = async (req: FastifyRequest, reply: FastifyReply) => {
      // Per address before anything costs a session lookup; per person once known.
      await countUpgrade(reply, `ip:${req.ip}`, limits.upgradesPerAddress);
      const origin = req.headers.origin;
      if (origin !== undefined) {
        const sent = originOf(origin);
        if (sent === null || (sent !== publicOrigin && sent !== originOf(`${req.protocol}://${req.host}`))) throw new AppError('FORBIDDEN');
      }
      const user = await opts.resolveUser(req, reply);
      if (!user) throw new AppError('UNAUTHENTICATED');
      await countUpgrade(reply, `user:${user.id}`, limits.upgradesPerPerson);
      (req as FastifyRequest & { chatUser?: typeof user }).chatUser = user;
    };

    app.get('/ws', { websocket: true, preValidation: authenticate, schema: { hide: true } }, (raw, req) => {
      const user = (req as FastifyRequest & { chatUser?: { id: string; sessionId: string; expiresAt: Date } }).chatUser!;
      const ws = raw as unknown as WebSocket;
      const log = req.log;
      let lastHeard = Date.now();
      let tokens = BUCKET.burst;
      let refilled = Date.now();
      let refusals = 0;

      const sendRaw = (data: string, done?: (err?: Error) => void) => {
        if (ws.readyState !== ws.OPEN) return done?.(new Error('socket closed'));
        if (done) ws.send(data, (err) => done(err ?? undefined));
        else ws.send(data);
      };
      const send = (frame: ChatServerFrame, done?: (err?: Error) => void) => sendRaw(JSON.stringify(frame), done);
      const socket: LiveSocket = { userId: user.id, sessionId: user.sessionId, send, sendRaw, close: (code, reason) => ws.close(code, reason) };
      deps.hub.add(socket);
      // Past the caps, the oldest socket of this session or address makes room.
      const capped = caps.add({ sessionId: user.sessionId, address: req.ip, close: () => ws.close(CLOSE.tooMany, 'too many sockets') });

      const idle = setInterval(
        () => {
          if (Date.now() - lastHeard > idleAfter) ws.close(CLOSE.idle, 'idle');
        },
        Math.max(50, Math.min(keepAliveMs / 4, 30_000)),
      );
      const untilExpiry = Math.min(user.expiresAt.getTime() - Date.now(), 2 ** 31 - 1);
      const expiry = setTimeout(() => ws.close(CLOSE.sessionEnded, 'session ended'), Math.max(0, untilExpiry));
      ws.on('close', () => {
        clearInterval(idle);
        clearTimeout(expiry);
        caps.remove(capped);
        deps.hub.remove(socket);
      });
      ws.on('error', (err) => log.warn({ err }, 'chat socket error'));

      if (shouldLogEntry(user.id))
        void recordLogEntry(deps.db, { userId: user.id, sessionId: user.sessionId, action: 'chat-enter', location: '/perfil/mensajes' }).catch((err: unknown) =>
          log.warn({ err }, 'chat: log entry failed'),
        );
      /** The budget's hits, one after the other, so the messages of a burst are sent in the order they came. */
      let budgetTurn: Promise<unknown> = Promise.resolve();
      const withinBudget = (): Promise<boolean> => {
        if (!limiter) return Promise.resolve(true);
        const turn = budgetTurn.then(() => limiter.hit(budgetKey(user.id), CHAT_MESSAGE_BUDGET.max, CHAT_MESSAGE_BUDGET.windowMs));
        budgetTurn = turn.catch(() => undefined);
        return turn.then(({ hits }) => hits <= CHAT_MESSAGE_BUDGET.max);
      };

      const refuse = (code: Extract<ChatServerFrame, { action: 'error' }>['code'], message: string, ref?: string) =>
        send({ action: 'error', code, message, ...(ref === undefined ? {} : { ref }) });

      const allowed = (): boolean => {
        const now = Date.now();
        tokens = Math.min(BUCKET.burst, tokens + ((now - refilled) / 1000) * BUCKET.perSecond);
        refilled = now;
        if (tokens >= 1) {
          tokens -= 1;
          return true;
        }
        refusals += 1;
        if (refusals >= BUCKET.closeAfterRefusals) ws.close(CLOSE.flood, 'flood');
        else refuse('rate_limited', tc.socket.rateLimited);
        return false;
      };

      const handle = async (frame: ChatClientFrame): Promise<void> => {
        switch (frame.action) {
          case 'setName':
            // The identity is the session's; a client-sent id is ignored.
            return send({ action: 'ready', userId: user.id });
          case 'keepItAlive':
            return send({ action: 'keepItAlive' });
          case 'isContactOnLine': {
            const contact = frame.contact.toLowerCase();
            const known = contact === user.id || (await isContact(deps, user.id, contact));
            return send({ action: 'isContactOnLine', contact, members: known && deps.hub.isOnline(contact) ? [contact] : [] });
          }
          case 'sendPrivate':
            if (opts.underPressure?.()) throw new AppError('UNAVAILABLE', tc.busy);
            await sendMessage(deps, { id: user.id, sessionId: user.sessionId }, frame.conversationId, frame.message, frame.ref);
            return;
          case 'typing': {
            const c = await otherPersonOf(deps, frame.conversationId, user.id);
            deps.hub.sendTo([c.otherId], { action: 'typing', conversationId: c.conversationId, userId: user.id });
            return;
          }
          case 'markRead':
            await markConversationRead(deps, user.id, frame.conversationId);
            return;
        }
      };

      ws.on('message', (data, isBinary) => {
        lastHeard = Date.now();
        if (!allowed()) return;
        const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer | ArrayBuffer).byteLength;
        if (isBinary || size > FRAME_SOFT_LIMIT) return refuse(isBinary ? 'invalid_frame' : 'too_large', isBinary ? tc.socket.invalidFrame : tc.socket.tooLarge);
        let parsed: unknown;
        try {
          parsed = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8'));
        } catch {
          return refuse('invalid_json', tc.socket.invalidJson);
        }
        const action = typeof parsed === 'object' && parsed !== null ? (parsed as { action?: unknown }).action : undefined;
        const ref =
          typeof parsed === 'object' && parsed !== null && typeof (parsed as { ref?: unknown }).ref === 'string' ? (parsed as { ref: string }).ref.slice(0, 64) : undefined;
        if (typeof action !== 'string' || !(CHAT_CLIENT_ACTIONS as readonly string[]).includes(action)) return refuse('unknown_action', tc.socket.unknownAction, ref);
        const result = ChatClientFrameSchema.safeParse(parsed);
        if (!result.success) return refuse('invalid_frame', result.error.issues[0]?.message ?? tc.socket.invalidFrame, ref);
        const frame = result.data;
        // A message spends the person's one budget (shared with their other sockets and REST).
        const run = frame.action === 'sendPrivate' ? withinBudget().then((ok) => (ok ? handle(frame) : refuse('rate_limited', tc.socket.rateLimited, ref))) : handle(frame);
        run.catch((err: unknown) => {
          if (err instanceof AppError && err.code === 'NOT_FOUND') return refuse('not_found', tc.socket.conversationNotFound, ref);
          // Overloaded (the send queue's bound): refused at once, nothing stored; the client may retry.
          if (err instanceof AppError && err.code === 'UNAVAILABLE') return refuse('rate_limited', tc.busy, ref);
          log.warn({ err }, 'chat: frame failed');
          refuse('failed', tc.socket.failed, ref);
        });
      });
    });
  };
}
