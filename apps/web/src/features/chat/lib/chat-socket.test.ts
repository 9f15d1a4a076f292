import { describe, expect, it, vi } from 'vitest';
import { ChatSocket, reconnectDelay } from './chat-socket.ts';
import { FakeSocket, create, latest, setUpFakeSockets } from '@/test/fake-socket.ts';

// The chat's socket client (chat-socket.ts): reconnect delays, keep-alive, when it reconnects, frames.
// ChatLive over it is tested in chat-live.test.ts.

setUpFakeSockets();

describe('reconnectDelay', () => {
  it('starts at 2000 ms, grows by 1000 ms to 3000 ms, plus at most 500 ms of jitter', () => {
    expect(reconnectDelay(1, () => 0)).toBe(2000);
    expect(reconnectDelay(2, () => 0)).toBe(3000);
    expect(reconnectDelay(7, () => 0)).toBe(3000);
    expect(reconnectDelay(1, () => 0.999)).toBe(2499);
    expect(reconnectDelay(5, () => 0.999)).toBe(3499);
  });
});

describe('ChatSocket', () => {
  it('says setName on open and keepItAlive every 120000 ms', () => {
    const s = new ChatSocket({ url: 'ws://x/ws', create });
    s.start();
    latest().serverOpens();
    expect(latest().sent).toEqual([{ action: 'setName' }]);
    vi.advanceTimersByTime(119_999);
    expect(latest().sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(latest().sent).toEqual([{ action: 'setName' }, { action: 'keepItAlive' }]);
    s.stop();
  });

  it('does not reconnect after 4008 (too many sockets) until the tab is used again, then announces the reconnect', () => {
    let resume: (() => void) | null = null;
    const s = new ChatSocket({ url: 'ws://x/ws', create, random: () => 0, whenBack: (r) => ((resume = r), () => (resume = null)) });
    const events: string[] = [];
    s.subscribe((e) => events.push(e.type === 'status' ? `status:${e.connected}` : e.type));
    s.start();
    latest().serverOpens();
    latest().serverCloses(4008);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(resume).not.toBeNull();
    resume!();
    expect(FakeSocket.all).toHaveLength(2);
    latest().serverOpens();
    expect(events).toEqual(['status:true', 'status:false', 'status:true', 'reconnected']);
    s.stop();
    expect(resume).toBeNull();
  });

  it('reconnects after a close other than 1000 with 2000 then 3000 ms, and announces the reconnect once open', () => {
    const s = new ChatSocket({ url: 'ws://x/ws', create, random: () => 0 });
    const events: string[] = [];
    s.subscribe((e) => events.push(e.type === 'status' ? `status:${e.connected}` : e.type));
    s.start();
    latest().serverOpens();
    latest().serverCloses(4000);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    // The server is still down: the next wait is 3000 ms.
    latest().serverCloses(1006);
    vi.advanceTimersByTime(2999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    latest().serverOpens();
    expect(events).toEqual(['status:true', 'status:false', 'status:false', 'status:true', 'reconnected']);
    // After a good open the delay starts again at 2000 ms.
    latest().serverCloses(1001);
    vi.advanceTimersByTime(2000);
    expect(FakeSocket.all).toHaveLength(4);
    s.stop();
  });

  it('does not reconnect after a 1000 close nor after stop()', () => {
    const s = new ChatSocket({ url: 'ws://x/ws', create, random: () => 0 });
    s.start();
    latest().serverOpens();
    latest().serverCloses(1000);
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(1);

    const t = new ChatSocket({ url: 'ws://x/ws', create, random: () => 0 });
    t.start();
    latest().serverOpens();
    const socket = latest();
    t.stop();
    expect(socket.closedWith).toBe(1000);
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('stops reconnecting when asked and the session is over', async () => {
    let signedIn = true;
    const s = new ChatSocket({ url: 'ws://x/ws', create, random: () => 0, shouldReconnect: async () => signedIn });
    s.start();
    latest().serverOpens();
    latest().serverCloses(4001);
    signedIn = false;
    await vi.advanceTimersByTimeAsync(2000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSocket.all).toHaveLength(1);

    const r = new ChatSocket({ url: 'ws://x/ws', create, random: () => 0, shouldReconnect: async () => Promise.reject(new Error('server down')) });
    r.start();
    latest().serverOpens();
    latest().serverCloses(1006);
    await vi.advanceTimersByTimeAsync(2000);
    expect(FakeSocket.all).toHaveLength(3);
    r.stop();
  });

  it('passes on frames with an action and ignores anything else', () => {
    const s = new ChatSocket({ url: 'ws://x/ws', create });
    const frames: unknown[] = [];
    s.subscribe((e) => e.type === 'frame' && frames.push(e.frame));
    s.start();
    latest().serverOpens();
    latest().onmessage?.({ data: 'not json' });
    latest().onmessage?.({ data: '42' });
    latest().push({ nothing: true });
    latest().push({ action: 'keepItAlive' });
    expect(frames).toEqual([{ action: 'keepItAlive' }]);
    expect(s.send({ action: 'typing', conversationId: '00000000-0000-4000-8000-000000000000' })).toBe(true);
    latest().serverCloses(4000);
    expect(s.send({ action: 'typing', conversationId: '00000000-0000-4000-8000-000000000000' })).toBe(false);
    s.stop();
  });
});
