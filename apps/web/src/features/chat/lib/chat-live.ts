import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatServerFrame } from '@arreglaya/shared/schemas/chat';
import { SESSION_QUERY_KEY, type Session } from '@/lib/session-user.ts';
import { chatApi, CONVERSATIONS_KEY } from '../api/chat-api.ts';
import { ChatSocket, reconnectDelay, type SocketLike } from './chat-socket.ts';
import { applyDelivered, applyRead, lastMessageId, mergeMessages } from './message-log.ts';

/** One conversation's history as the pane shows it. */
export interface ConversationLog {
  messages: ChatMessage[];
  hasMore: boolean;
  status: 'loading' | 'ready' | 'error';
  loadingOlder: boolean;
}

/** How long "escribiendo…" stays after the other person's last keystroke frame. */
export const TYPING_SHOWN_MS = 3000;
/** At most one typing frame per this period. */
export const TYPING_SEND_EVERY_MS = 2000;

const EMPTY_LOG: ConversationLog = { messages: [], hasMore: false, status: 'loading', loadingOlder: false };

export interface ChatLiveOptions {
  url?: string;
  createSocket?: (url: string) => SocketLike;
  api?: typeof chatApi;
  isVisible?: () => boolean;
}

/**
 * The tab's live chat (decision 024): one socket, the open conversations' histories, presence and
 * typing. Messages from REST and from the socket are merged by id; after a reconnect each loaded
 * conversation asks `?after=<last id>`, so nothing is lost nor shown twice. Components read it
 * through useSyncExternalStore (use-chat.ts).
 */
export class ChatLive {
  readonly socket: ChatSocket;
  private logs = new Map<string, ConversationLog>();
  private presence = new Map<string, boolean>();
  private typingUntil = new Map<string, number>();
  private lastTypingSent = new Map<string, number>();
  private listeners = new Set<() => void>();
  private active: string | null = null;
  /**
   * Per conversation, the newest message held while the socket was last open: the reconnect's
   * `?after=` starts there. The log's own newest may be later by then (my REST send while the
   * socket was down), and asking after it would skip what the other person sent meanwhile.
   */
  private resumeFrom = new Map<string, string | null>();
  /** A catch-up that failed (the server restarting too) is tried again while the socket stays open. */
  private catchUpRetry: ReturnType<typeof setTimeout> | null = null;
  private unsubscribe: () => void;
  private readonly api: typeof chatApi;
  private readonly isVisible: () => boolean;
  private version = 0;

  constructor(
    private readonly queryClient: QueryClient,
    readonly userId: string,
    options: ChatLiveOptions = {},
  ) {
    const url = options.url ?? `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    this.api = options.api ?? chatApi;
    this.socket = new ChatSocket({
      url,
      ...(options.createSocket ? { create: options.createSocket } : {}),
      // Still signed in as this person? (A socket closed at the session's expiry: the upgrade would be refused.)
      shouldReconnect: () => this.api.stillSignedIn(this.userId),
    });
    this.isVisible = options.isVisible ?? (() => document.visibilityState === 'visible');
    this.unsubscribe = this.socket.subscribe((event) => {
      if (event.type === 'frame') this.onFrame(event.frame);
      else if (event.type === 'reconnected') void this.catchUp();
      else if (event.type === 'status' && event.connected) this.onOpen();
      else if (event.type === 'status') this.holdCursors();
    });
  }

  start(): void {
    this.socket.start();
  }

  private onOpen(): void {
    this.askPresence(this.knownContacts());
    // A history read before the tab's first socket was open misses what the server sent before it
    // knew the socket (a slow line: the page shown, the socket a second later). A reopened socket
    // catches up on its `reconnected`.
    if (!this.socket.reopened && this.resumeFrom.size > 0) void this.catchUp();
  }

  stop(): void {
    if (this.catchUpRetry !== null) clearTimeout(this.catchUpRetry);
    this.catchUpRetry = null;
    this.unsubscribe();
    this.socket.stop();
    this.listeners.clear();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes whenever anything shown changes (for useSyncExternalStore). */
  getVersion = (): number => this.version;

  private changed(): void {
    this.version += 1;
    for (const l of [...this.listeners]) l();
  }

  log(conversationId: string): ConversationLog {
    return this.logs.get(conversationId) ?? EMPTY_LOG;
  }

  isOnline(userId: string): boolean {
    return this.presence.get(userId) ?? false;
  }

  isTyping(conversationId: string): boolean {
    return (this.typingUntil.get(conversationId) ?? 0) > Date.now();
  }

  private setLog(id: string, patch: Partial<ConversationLog>): void {
    this.logs.set(id, { ...this.log(id), ...patch });
    this.changed();
  }

  /** The newest page, once per conversation (again after an error). */
  async open(conversationId: string): Promise<void> {
    const current = this.logs.get(conversationId);
    if (current && current.status !== 'error') return;
    this.setLog(conversationId, { status: 'loading' });
    const liveBefore = this.socket.connected;
    try {
      const page = await this.api.messages(conversationId);
      this.setLog(conversationId, { messages: mergeMessages(this.log(conversationId).messages, page.messages), hasMore: page.hasMore, status: 'ready' });
      if (!this.socket.connected) this.holdCursors();
      // The socket opened while the page was read: the page may predate it, ask after it.
      else if (!liveBefore) {
        this.resumeFrom.set(conversationId, lastMessageId(page.messages));
        void this.catchUp();
      }
    } catch {
      this.setLog(conversationId, { status: 'error' });
    }
  }

  /** The socket is down: each loaded conversation's reconnect will ask after what it holds now (kept from the first drop until a catch-up succeeds). */
  private holdCursors(): void {
    for (const [id, log] of this.logs) if (log.status === 'ready' && !this.resumeFrom.has(id)) this.resumeFrom.set(id, lastMessageId(log.messages));
  }

  /** The 30 before the oldest shown (scrolled to the top). */
  async loadOlder(conversationId: string): Promise<void> {
    const log = this.log(conversationId);
    const oldest = log.messages[0];
    if (!oldest || !log.hasMore || log.loadingOlder) return;
    this.setLog(conversationId, { loadingOlder: true });
    try {
      const page = await this.api.messages(conversationId, { before: oldest.id });
      this.setLog(conversationId, { messages: mergeMessages(this.log(conversationId).messages, page.messages), hasMore: page.hasMore, loadingOlder: false });
    } catch {
      this.setLog(conversationId, { loadingOlder: false });
    }
  }

  /**
   * After a reconnect: what each loaded conversation missed, then the list and the badge. A
   * conversation whose catch-up failed keeps its cursor and is asked again after a reconnect's
   * delay while the socket is open (or at the next reconnect).
   */
  async catchUp(): Promise<void> {
    if (this.catchUpRetry !== null) clearTimeout(this.catchUpRetry);
    this.catchUpRetry = null;
    let failed = false;
    await Promise.all(
      [...this.logs.entries()].map(async ([id, log]) => {
        const after = this.resumeFrom.has(id) ? (this.resumeFrom.get(id) ?? null) : lastMessageId(log.messages);
        try {
          if (after === null) {
            const page = await this.api.messages(id);
            this.setLog(id, { messages: mergeMessages(this.log(id).messages, page.messages), hasMore: page.hasMore, status: 'ready' });
            this.resumeFrom.delete(id);
            return;
          }
          let cursor: string | null = after;
          // `?after=` answers up to 200 at a time.
          while (cursor !== null) {
            const page = await this.api.messages(id, { after: cursor });
            this.setLog(id, { messages: mergeMessages(this.log(id).messages, page.messages) });
            cursor = page.hasMore ? lastMessageId(page.messages) : null;
          }
          this.resumeFrom.delete(id);
        } catch {
          failed = true;
        }
      }),
    );
    if (failed && this.socket.connected && this.catchUpRetry === null)
      this.catchUpRetry = setTimeout(() => {
        this.catchUpRetry = null;
        if (this.socket.connected) void this.catchUp();
      }, reconnectDelay(1));
    if (this.active) void this.markRead(this.active);
    this.refreshLists();
  }

  /** The conversation the pane shows (null: none); opening one marks it read (spec §4). */
  setActive(conversationId: string | null): void {
    this.active = conversationId;
    if (conversationId) void this.markRead(conversationId);
  }

  async markRead(conversationId: string): Promise<void> {
    if (!this.isVisible()) return;
    const hasUnread = this.log(conversationId).messages.some((m) => !m.mine && m.readAt === null);
    const known = this.queryClient.getQueryData<{ id: string; unread: number }[]>(CONVERSATIONS_KEY)?.find((c) => c.id === conversationId);
    if (!hasUnread && known !== undefined && known.unread === 0) return;
    try {
      const { read } = await this.api.markRead(conversationId);
      const at = new Date().toISOString();
      this.setLog(conversationId, { messages: applyRead(this.log(conversationId).messages, true, at) });
      if (read > 0 || (known?.unread ?? 0) > 0) this.refreshLists();
    } catch {
      // Shown unread until the next opening.
    }
  }

  async sendText(conversationId: string, text: string): Promise<void> {
    const message = await this.api.send(conversationId, text);
    this.addMessages(conversationId, [message]);
    this.refreshLists(false);
  }

  async sendPhoto(conversationId: string, file: File): Promise<void> {
    const message = await this.api.sendPhoto(conversationId, file);
    this.addMessages(conversationId, [message]);
    this.refreshLists(false);
  }

  async sendVoiceNote(conversationId: string, audio: Blob): Promise<void> {
    const message = await this.api.sendVoiceNote(conversationId, audio);
    this.addMessages(conversationId, [message]);
    this.refreshLists(false);
  }

  async respond(conversationId: string, requestId: string, response: 'accept' | 'reject'): Promise<void> {
    const answer = await this.api.respond(conversationId, requestId, response);
    const messages = this.log(conversationId).messages.map((m) =>
      m.id === requestId ? { ...m, serviceRequest: response === 'accept' ? ('accepted' as const) : ('rejected' as const) } : m,
    );
    this.setLog(conversationId, { messages: mergeMessages(messages, [answer]) });
    this.refreshLists(false);
  }

  /** Tells the other person I am typing, at most every TYPING_SEND_EVERY_MS. */
  typing(conversationId: string): void {
    const now = Date.now();
    if (now - (this.lastTypingSent.get(conversationId) ?? 0) < TYPING_SEND_EVERY_MS) return;
    if (this.socket.send({ action: 'typing', conversationId })) this.lastTypingSent.set(conversationId, now);
  }

  /** Asks whether these contacts are online (the answer and later changes arrive as frames). */
  askPresence(userIds: readonly string[]): void {
    for (const contact of new Set(userIds)) this.socket.send({ action: 'isContactOnLine', contact });
  }

  private knownContacts(): string[] {
    return (this.queryClient.getQueryData<{ other: { id: string } }[]>(CONVERSATIONS_KEY) ?? []).map((c) => c.other.id);
  }

  private addMessages(conversationId: string, messages: ChatMessage[]): void {
    if (!this.logs.has(conversationId)) return;
    this.setLog(conversationId, { messages: mergeMessages(this.log(conversationId).messages, messages) });
  }

  /** The conversation list, the navbar's badge and the notification bell (the session's unreadMessages and unreadNotices). */
  private refreshLists(unread = true): void {
    void this.queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    if (!unread) return;
    this.api
      .unread()
      .then((n) =>
        this.queryClient.setQueryData<Session>(SESSION_QUERY_KEY, (session) =>
          session?.user && session.user.id === this.userId ? { ...session, user: { ...session.user, unreadMessages: n.unread, unreadNotices: n.notices } } : session,
        ),
      )
      .catch(() => undefined);
  }

  /**
   * A notice about a project (an offer, a counter-offer and its answer, a hire, a payment, a
   * delivery...) means the other side just changed it: every query whose key names the project
   * (its page, its offers, the contractor's own offer on it) is read again, so an open project page
   * follows without a reload (issue 46). Only notices: a chat message changes no project.
   */
  private followProject(projectId: string): void {
    void this.queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes(projectId) });
  }

  private onFrame(frame: ChatServerFrame): void {
    switch (frame.action) {
      case 'message': {
        const m = frame.message;
        this.addMessages(m.conversationId, [m]);
        if (m.conversationId === this.typingConversation(m)) this.typingUntil.delete(m.conversationId);
        if (!m.mine && m.conversationId === this.active && this.isVisible()) void this.markRead(m.conversationId);
        else this.refreshLists(!m.mine);
        if (m.type === 'notification' && m.projectId) this.followProject(m.projectId);
        if (m.mine) this.changed();
        return;
      }
      case 'delivered':
        if (this.logs.has(frame.conversationId))
          this.setLog(frame.conversationId, { messages: applyDelivered(this.log(frame.conversationId).messages, frame.messageIds, frame.at) });
        return;
      case 'read':
        if (this.logs.has(frame.conversationId))
          this.setLog(frame.conversationId, { messages: applyRead(this.log(frame.conversationId).messages, frame.readerId === this.userId, frame.at) });
        if (frame.readerId === this.userId) this.refreshLists();
        return;
      case 'typing': {
        if (frame.userId === this.userId) return;
        this.typingUntil.set(frame.conversationId, Date.now() + TYPING_SHOWN_MS);
        this.changed();
        setTimeout(() => this.changed(), TYPING_SHOWN_MS + 50);
        return;
      }
      case 'presence':
        this.presence.set(frame.userId, frame.online);
        this.changed();
        return;
      case 'isContactOnLine':
        this.presence.set(frame.contact, frame.members.includes(frame.contact));
        this.changed();
        return;
      case 'ready':
        this.askPresence(this.knownContacts());
        return;
      default:
        return;
    }
  }

  /** A message from the other person ends their "escribiendo…". */
  private typingConversation(m: ChatMessage): string | null {
    return m.mine ? null : m.conversationId;
  }
}

let live: ChatLive | null = null;

/** The tab's chat, started for the signed-in person (root layout); null when signed out. */
export function chatLive(): ChatLive | null {
  return live;
}

const startListeners = new Set<() => void>();
export function subscribeChatLive(listener: () => void): () => void {
  startListeners.add(listener);
  return () => startListeners.delete(listener);
}

/** Starts (or keeps) the tab's socket for this person; another person or null stops it. */
export function startChatLive(queryClient: QueryClient, userId: string | null): void {
  if (live && live.userId === userId) return;
  live?.stop();
  live = null;
  if (userId) {
    live = new ChatLive(queryClient, userId);
    live.start();
  }
  for (const l of [...startListeners]) l();
}
