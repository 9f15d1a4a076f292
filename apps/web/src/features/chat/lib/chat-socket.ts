import { CHAT_KEEP_ALIVE_MS } from '@arreglaya/shared/chat-limits';
import type { ChatClientFrame, ChatServerFrame } from '@arreglaya/shared/schemas/chat';

/** Spec §9: the reconnect delay starts at 2000 ms and grows by 1000 ms up to 3000 ms; a little jitter spreads a server restart's reconnects. */
export const RECONNECT_FIRST_MS = 2000;
export const RECONNECT_STEP_MS = 1000;
export const RECONNECT_MAX_MS = 3000;
export const RECONNECT_JITTER_MS = 500;

/** The part of the browser's WebSocket this client uses (a test passes a fake class). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

const OPEN = 1;

export interface ChatSocketOptions {
  url: string;
  create?: (url: string) => SocketLike;
  keepAliveMs?: number;
  /** 0 ≤ n < 1; Math.random by default. */
  random?: () => number;
  /**
   * Asked before each reconnect: false ends the reconnecting (the session is over, so the
   * upgrade would only be refused). Errors count as true: a server restarting is what reconnects are for.
   */
  shouldReconnect?: () => Promise<boolean>;
  /**
   * After a 4008 close (this tab's socket made room for a newer one of the same session or
   * address: too many tabs), waits until the person comes back to this tab and then calls
   * `resume`; returns a function that stops waiting. By default: the tab becoming visible again.
   */
  whenBack?: (resume: () => void) => () => void;
}

/** The server closed this socket to make room for a newer one (too many sockets): not reconnected until the tab is used again. */
export const CLOSE_TOO_MANY = 4008;

function whenTabVisibleAgain(resume: () => void): () => void {
  if (typeof document === 'undefined') return () => undefined;
  const onChange = () => {
    if (document.visibilityState === 'visible') resume();
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

export type ChatSocketEvent =
  | { type: 'frame'; frame: ChatServerFrame }
  /** The socket is open again after a close other than 1000: fetch what was missed. */
  | { type: 'reconnected' }
  | { type: 'status'; connected: boolean };

/** The delay before reconnect attempt `attempt` (1, 2, …): 2000, then 3000 ms, plus up to 500 ms of jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS + RECONNECT_STEP_MS * Math.max(0, attempt - 1));
  return base + Math.floor(random() * RECONNECT_JITTER_MS);
}

/**
 * The chat's one socket per tab (spec §7, decision 024): on open it says `setName` (the server
 * knows who from the session cookie) and then `keepItAlive` every 120000 ms; any close but 1000
 * (ours, on stop) reconnects after reconnectDelay, and a reconnect is announced so the caller
 * fetches what it missed. A 4008 (too many sockets: the server closed this, the oldest, for a
 * newer tab) waits until this tab is looked at again, so two tabs over the cap never take turns
 * closing each other. Frames that are not JSON objects with an action are ignored.
 */
export class ChatSocket {
  private socket: SocketLike | null = null;
  private listeners = new Set<(event: ChatSocketEvent) => void>();
  private keepAlive: ReturnType<typeof setInterval> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private stopWaiting: (() => void) | null = null;
  private attempt = 0;
  private everOpened = false;
  private openedAgain = false;
  private stopped = true;
  private readonly create: (url: string) => SocketLike;
  private readonly keepAliveMs: number;
  private readonly random: () => number;

  constructor(private readonly options: ChatSocketOptions) {
    this.create = options.create ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.keepAliveMs = options.keepAliveMs ?? CHAT_KEEP_ALIVE_MS;
    this.random = options.random ?? Math.random;
  }

  get connected(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** The open socket follows an earlier one or a failed try: a `reconnected` event was announced with it. */
  get reopened(): boolean {
    return this.openedAgain;
  }

  subscribe(listener: (event: ChatSocketEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
  }

  /** Closes with 1000: no reconnect. */
  stop(): void {
    this.stopped = true;
    if (this.retry !== null) clearTimeout(this.retry);
    this.retry = null;
    this.stopWaiting?.();
    this.stopWaiting = null;
    this.stopKeepAlive();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000, 'bye');
    }
  }

  /** Sends when open; false when the socket is not (the caller falls back to REST or waits). */
  send(frame: ChatClientFrame): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private emit(event: ChatSocketEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  private open(): void {
    let socket: SocketLike;
    try {
      socket = this.create(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      const reconnected = this.everOpened;
      this.openedAgain = reconnected;
      this.everOpened = true;
      this.attempt = 0;
      this.send({ action: 'setName' });
      this.stopKeepAlive();
      this.keepAlive = setInterval(() => this.send({ action: 'keepItAlive' }), this.keepAliveMs);
      this.emit({ type: 'status', connected: true });
      if (reconnected) this.emit({ type: 'reconnected' });
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let frame: unknown;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      if (typeof frame === 'object' && frame !== null && typeof (frame as { action?: unknown }).action === 'string') this.emit({ type: 'frame', frame: frame as ChatServerFrame });
    };
    // Spec §7: an error closes the socket; the close decides about reconnecting.
    socket.onerror = () => {
      if (socket.readyState === OPEN) socket.close(4002, 'error');
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopKeepAlive();
      this.emit({ type: 'status', connected: false });
      if (this.stopped || event.code === 1000) return;
      if (event.code === CLOSE_TOO_MANY) this.waitUntilBack();
      else this.scheduleReconnect();
    };
  }

  private waitUntilBack(): void {
    this.stopWaiting?.();
    this.stopWaiting = (this.options.whenBack ?? whenTabVisibleAgain)(() => {
      this.stopWaiting?.();
      this.stopWaiting = null;
      if (this.stopped || this.socket !== null || this.retry !== null) return;
      this.open();
    });
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.attempt += 1;
    // A socket that never opened (refused upgrade) still counts: the next open is a reconnect.
    this.everOpened = this.everOpened || this.attempt > 0;
    this.retry = setTimeout(
      () => {
        this.retry = null;
        if (this.stopped) return;
        if (!this.options.shouldReconnect) return this.open();
        void this.options
          .shouldReconnect()
          .catch(() => true)
          .then((again) => {
            if (this.stopped || this.socket !== null) return;
            if (again) this.open();
            else this.stopped = true;
          });
      },
      reconnectDelay(this.attempt, this.random),
    );
  }

  private stopKeepAlive(): void {
    if (this.keepAlive !== null) clearInterval(this.keepAlive);
    this.keepAlive = null;
  }
}
