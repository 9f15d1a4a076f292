import { randomUUID } from 'node:crypto';
import type { ChatServerFrame } from '@arreglaya/shared/schemas/chat';
import type { Db } from '../../db/client.ts';
import type { ChatFanOut, FanOutEvent, LiveText } from './chat-fanout.ts';
import { findLiveSessions, findMessagesWithConversation, listContactIds, type MessageRow } from './chat.repository.ts';
import { markDeliveredIds } from './chat-group-commit.repository.ts';
import { toChatMessage, type ChatDeps, type ChatEvents } from './chat.service.ts';

/** One open socket of a signed-in person on this instance. */
export interface LiveSocket {
  readonly userId: string;
  /** The session the socket was opened with: when it ends, the socket is closed. */
  readonly sessionId: string;
  /** Closes the connection (the application's close codes, e.g. 4001 when the session ended). */
  close(code: number, reason: string): void;
  /** Sends a frame; `done` runs once it was written to the connection (or failed). */
  send(frame: ChatServerFrame, done?: (err?: Error) => void): void;
  /** Sends a frame already serialised (one JSON.stringify for all of a person's sockets). */
  sendRaw(data: string, done?: (err?: Error) => void): void;
}

const ALIVE_MS = 60_000;
const FORGET_AFTER_MS = 3 * ALIVE_MS;
const PRESENCE_CHUNK = 150;
/** Every open socket's session is checked this often (the triggers' NOTIFY closes them at once; this catches a lost one). */
const SESSION_CHECK_MS = 60_000;
const SESSION_ENDED = 4001;

/**
 * The live side of chat on one instance: its sockets, everyone's presence (its own and, from
 * the fan-out, the other instances'), and the delivery of events to sockets. Every event goes
 * through the fan-out, this instance's own included, so one path serves one or many instances.
 */
export class ChatHub implements ChatEvents {
  readonly instanceId = randomUUID();
  private readonly local = new Map<string, Set<LiveSocket>>();
  /** Other instances: their online users and when they were last heard. */
  private readonly remote = new Map<string, { users: Set<string>; seen: number }>();
  private heartbeat: NodeJS.Timeout | null = null;
  private deps!: ChatDeps;

  private sessionCheck: NodeJS.Timeout | null = null;
  /** Message events heard since the last flush: read from the database in one query per turn of the event loop. */
  private pendingMessages: { id: string; to: string[]; ref?: string | null }[] = [];
  /** Messages written to their recipient's socket since the last flush: marked delivered in one statement. */
  private pendingAcks = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly fanOut: ChatFanOut,
    private readonly log: { warn(obj: object, msg: string): void },
    private readonly sessionCheckMs = SESSION_CHECK_MS,
  ) {}

  /** The service's dependencies, which include this hub (set once, before start). */
  bind(deps: ChatDeps): void {
    this.deps = deps;
  }

  async start(): Promise<void> {
    await this.fanOut.start(
      (event) => this.receive(event),
      () => void this.announce(),
    );
    await this.announce();
    this.heartbeat = setInterval(() => {
      this.publish({ k: 'alive', i: this.instanceId });
      const now = Date.now();
      for (const [id, inst] of this.remote) if (now - inst.seen > FORGET_AFTER_MS) this.remote.delete(id);
    }, ALIVE_MS);
    this.heartbeat.unref();
    this.sessionCheck = setInterval(() => void this.checkSessions(), this.sessionCheckMs);
    this.sessionCheck.unref();
  }

  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.sessionCheck) clearInterval(this.sessionCheck);
    await this.fanOut.publish({ k: 'gone', i: this.instanceId }).catch(() => undefined);
    await this.fanOut.stop();
  }

  private async announce(): Promise<void> {
    await this.fanOut.publish({ k: 'sync', i: this.instanceId }).catch((err: unknown) => this.log.warn({ err }, 'chat: sync failed'));
    this.announceLocal();
  }

  private announceLocal(): void {
    const users = [...this.local.keys()];
    for (let i = 0; i < users.length; i += PRESENCE_CHUNK) this.publish({ k: 'presence', i: this.instanceId, u: users.slice(i, i + PRESENCE_CHUNK), online: true });
  }

  private publish(event: FanOutEvent): void {
    this.fanOut.publish(event).catch((err: unknown) => this.log.warn({ err, k: event.k }, 'chat: fan-out publish failed'));
  }

  isOnline(userId: string): boolean {
    if (this.local.has(userId)) return true;
    const now = Date.now();
    for (const inst of this.remote.values()) if (inst.users.has(userId) && now - inst.seen <= FORGET_AFTER_MS) return true;
    return false;
  }

  /** Sockets on this instance (tests, metrics). */
  get socketCount(): number {
    let n = 0;
    for (const set of this.local.values()) n += set.size;
    return n;
  }

  add(socket: LiveSocket): void {
    const set = this.local.get(socket.userId);
    if (set) {
      set.add(socket);
      return;
    }
    const wasOnline = this.isOnline(socket.userId);
    this.local.set(socket.userId, new Set([socket]));
    this.publish({ k: 'presence', i: this.instanceId, u: [socket.userId], online: true });
    if (!wasOnline) void this.tellContacts(socket.userId, true);
  }

  remove(socket: LiveSocket): void {
    const set = this.local.get(socket.userId);
    if (!set?.delete(socket) || set.size > 0) return;
    this.local.delete(socket.userId);
    this.publish({ k: 'presence', i: this.instanceId, u: [socket.userId], online: false });
    if (!this.isOnline(socket.userId)) void this.tellContacts(socket.userId, false);
  }

  /** Closes the local sockets whose session ended or whose person can no longer sign in (one query for all of them). */
  async checkSessions(): Promise<void> {
    const ids = new Set<string>();
    for (const set of this.local.values()) for (const s of set) ids.add(s.sessionId);
    if (ids.size === 0) return;
    try {
      const all = [...ids];
      const live = new Set<string>();
      for (let i = 0; i < all.length; i += 5000) for (const id of await findLiveSessions(this.db, all.slice(i, i + 5000))) live.add(id);
      // Only the sessions asked about: a socket opened while the query ran is not closed for it.
      this.closeWhere((s) => ids.has(s.sessionId) && !live.has(s.sessionId));
    } catch (err) {
      this.log.warn({ err }, 'chat: session check failed');
    }
  }

  private closeWhere(ended: (s: LiveSocket) => boolean): void {
    for (const set of [...this.local.values()]) for (const s of [...set]) if (ended(s)) s.close(SESSION_ENDED, 'session ended');
  }

  /** Sends a frame to the person's sockets on every instance. */
  sendTo(userIds: readonly string[], frame: ChatServerFrame): void {
    this.publish({ k: 'frame', to: [...userIds], frame });
  }

  // ChatEvents (called by the service on whichever instance handled the request)

  async messageCreated(message: MessageRow, people: readonly string[], ref?: string, projectId?: string | null): Promise<void> {
    const to = [...people];
    const short: FanOutEvent = { k: 'message', id: message.id, to, ...(ref === undefined ? {} : { ref }) };
    // A plain text message travels whole when it fits the transport's payload; else as its id.
    if (message.type === 'chat' && message.senderId !== null && message.subject === null && message.photoId === null && projectId !== undefined) {
      const m: LiveText = { id: message.id, c: message.conversationId, s: message.senderId, b: message.body, p: projectId, t: message.createdAt.toISOString() };
      try {
        return await this.fanOut.publish({ k: 'msg', m, to, ...(ref === undefined ? {} : { ref }) });
      } catch (err) {
        if (!(err instanceof Error && err.message.includes('too large'))) throw err;
      }
    }
    await this.fanOut.publish(short);
  }

  async delivered(senderIds: readonly string[], conversationId: string, messageIds: string[], at: Date): Promise<void> {
    // Ids are 36 characters: a few hundred fit in one notification; more go in several.
    for (let i = 0; i < messageIds.length; i += PRESENCE_CHUNK) {
      await this.fanOut.publish({
        k: 'frame',
        to: [...senderIds],
        frame: { action: 'delivered', conversationId, messageIds: messageIds.slice(i, i + PRESENCE_CHUNK), at: at.toISOString() },
      });
    }
  }

  async read(otherId: string, conversationId: string, readerId: string, at: Date): Promise<void> {
    await this.fanOut.publish({ k: 'frame', to: [otherId, readerId], frame: { action: 'read', conversationId, readerId, at: at.toISOString() } });
  }

  // From the fan-out

  private receive(event: FanOutEvent): void {
    switch (event.k) {
      case 'frame':
        for (const userId of event.to) for (const s of this.local.get(userId) ?? []) s.send(event.frame);
        return;
      case 'msg': {
        if (!event.to.some((u) => this.local.has(u))) return;
        const m = event.m;
        const row: MessageRow = {
          id: m.id,
          conversationId: m.c,
          senderId: m.s,
          type: 'chat',
          subject: null,
          body: m.b,
          photoId: null,
          voiceNoteId: null,
          voiceDurationMs: null,
          voiceMime: null,
          quoteId: null,
          recipientId: null,
          noticeKind: null,
          deliveredAt: null,
          readAt: null,
          mailedAt: null,
          hiddenAt: null,
          createdAt: new Date(m.t),
        };
        this.deliverMessage(row, m.p, event.to, event.ref ?? undefined);
        return;
      }
      case 'message':
        if (event.to.some((u) => this.local.has(u))) {
          if (this.pendingMessages.length === 0) setImmediate(() => void this.flushMessages());
          this.pendingMessages.push(event);
        }
        return;
      case 'presence':
        if (event.i !== this.instanceId) this.remotePresence(event.i, event.u, event.online);
        return;
      case 'sync':
        if (event.i !== this.instanceId) this.announceLocal();
        return;
      case 'alive': {
        if (event.i === this.instanceId) return;
        const inst = this.remote.get(event.i);
        if (inst) inst.seen = Date.now();
        return;
      }
      case 'ended': {
        const sessions = new Set(event.s ?? []);
        const users = new Set(event.u ?? []);
        // Their conversations are no longer open to write in (decision 043): read again at the next message.
        this.deps.conversations?.forgetPeople(event.u ?? []);
        this.closeWhere((s) => sessions.has(s.sessionId) || users.has(s.userId));
        return;
      }
      case 'gone': {
        if (event.i === this.instanceId) return;
        const inst = this.remote.get(event.i);
        this.remote.delete(event.i);
        for (const u of inst?.users ?? []) if (!this.isOnline(u)) void this.tellContacts(u, false);
        return;
      }
    }
  }

  private remotePresence(instance: string, users: string[], online: boolean): void {
    let inst = this.remote.get(instance);
    if (!inst) {
      inst = { users: new Set(), seen: Date.now() };
      this.remote.set(instance, inst);
    }
    inst.seen = Date.now();
    for (const u of users) {
      const before = this.isOnline(u);
      if (online) inst.users.add(u);
      else inst.users.delete(u);
      if (before !== this.isOnline(u)) void this.tellContacts(u, online);
    }
  }

  /** Tells this instance's sockets of the person's contacts that they came online or left. */
  private async tellContacts(userId: string, online: boolean): Promise<void> {
    if (this.local.size === 0) return;
    try {
      const contacts = await listContactIds(this.db, userId);
      for (const c of contacts) for (const s of this.local.get(c) ?? []) s.send({ action: 'presence', userId, online });
    } catch (err) {
      this.log.warn({ err }, 'chat: presence lookup failed');
    }
  }

  /** Reads the messages heard in this turn (one query) and sends each to the local sockets of its people, in the order heard. */
  private async flushMessages(): Promise<void> {
    const batch = this.pendingMessages;
    this.pendingMessages = [];
    try {
      const found = await findMessagesWithConversation(this.db, [...new Set(batch.map((e) => e.id))]);
      const byId = new Map(found.map((f) => [f.message.id, f]));
      for (const e of batch) {
        const f = byId.get(e.id);
        if (f) this.deliverMessage(f.message, f.conversation.projectId, e.to, e.ref ?? undefined);
      }
    } catch (err) {
      this.log.warn({ err }, 'chat: delivery failed');
    }
  }

  /**
   * Sends a stored message to the local sockets of its people, serialised once per person (the
   * sender's copy differs: `mine` and its `ref`); the recipient's receipt marks it delivered.
   */
  private deliverMessage(row: MessageRow, projectId: string | null, people: string[], ref: string | undefined): void {
    for (const userId of people) {
      const sockets = this.local.get(userId);
      if (!sockets) continue;
      const mine = row.senderId === userId;
      const data = JSON.stringify({ action: 'message', message: toChatMessage(row, userId, projectId), ...(mine && ref !== undefined ? { ref } : {}) } satisfies ChatServerFrame);
      for (const s of sockets) {
        s.sendRaw(data, (err) => {
          if (err || mine || row.senderId === null || row.deliveredAt !== null) return;
          this.received(row.id);
        });
      }
    }
  }

  /** A message reached its recipient's socket: marked delivered with the others of this turn, and each sender told. */
  private received(messageId: string): void {
    if (this.pendingAcks.size === 0) setImmediate(() => void this.flushAcks());
    this.pendingAcks.add(messageId);
  }

  private async flushAcks(): Promise<void> {
    const ids = [...this.pendingAcks];
    this.pendingAcks.clear();
    try {
      // With the PostgreSQL fan-out the same statement NOTIFYs the senders: one commit per turn.
      const channel = this.fanOut.notifyChannel;
      const marked = await markDeliveredIds(this.db, ids, channel);
      if (channel !== undefined) return;
      const byConversation = new Map<string, { senderId: string; ids: string[]; at: Date }>();
      for (const m of marked) {
        const c = byConversation.get(m.conversationId);
        if (c) c.ids.push(m.id);
        else byConversation.set(m.conversationId, { senderId: m.senderId, ids: [m.id], at: m.deliveredAt });
      }
      const events: FanOutEvent[] = [];
      for (const [conversationId, c] of byConversation)
        for (let i = 0; i < c.ids.length; i += PRESENCE_CHUNK)
          events.push({ k: 'frame', to: [c.senderId], frame: { action: 'delivered', conversationId, messageIds: c.ids.slice(i, i + PRESENCE_CHUNK), at: c.at.toISOString() } });
      if (this.fanOut.publishMany) await this.fanOut.publishMany(events);
      else for (const e of events) await this.fanOut.publish(e);
    } catch (err) {
      this.log.warn({ err }, 'chat: delivery acknowledgement failed');
    }
  }
}
