// The chat socket client's tests' stand-in for the browser's WebSocket (chat-socket.test.ts, chat-live.test.ts).
import { afterEach, beforeEach, vi } from 'vitest';
import type { SocketLike } from '@/features/chat/lib/chat-socket.ts';

/** Stands in for the browser's WebSocket: records what is sent, and the test opens, closes and pushes frames. */
export class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // Test side.
  serverOpens() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  push(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

export const latest = () => FakeSocket.all.at(-1)!;
export const create = (url: string) => new FakeSocket(url);

/** Each test starts with no sockets and fake timers (the reconnect delays and keep-alives are timers). */
export function setUpFakeSockets(): void {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
