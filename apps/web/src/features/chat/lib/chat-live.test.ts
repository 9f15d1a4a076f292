import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { ChatMessage } from '@arreglaya/shared/schemas/chat';
import { ChatLive } from './chat-live.ts';
import { applyRead, mergeMessages } from './message-log.ts';
import { FakeSocket, create, latest, setUpFakeSockets } from '@/test/fake-socket.ts';

// ChatLive (chat-live.ts) over the socket client: its message log, and catching up after a reconnect,
// a restart or a failed catch-up; the open project page's queries.

setUpFakeSockets();

const CONV = '11111111-1111-4111-8111-111111111111';
const ME = '22222222-2222-4222-8222-222222222222';
const OTHER = '33333333-3333-4333-8333-333333333333';
let seq = 0;
function message(text: string, mine: boolean, at: number): ChatMessage {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    conversationId: CONV,
    senderId: mine ? ME : OTHER,
    mine,
    type: 'chat',
    subject: null,
    text,
    photoId: null,
    voiceNote: null,
    quoteId: null,
    projectId: null,
    createdAt: new Date(Date.UTC(2026, 10, 24, 12, 0, at)).toISOString(),
    deliveredAt: null,
    readAt: null,
    serviceRequest: null,
  };
}

describe('mergeMessages', () => {
  it('keeps each id once, oldest first, and never loses an acknowledgement', () => {
    const a = message('a', true, 1);
    const b = message('b', false, 2);
    const delivered = { ...a, deliveredAt: '2026-11-24T12:00:05.000Z' };
    const merged = mergeMessages([b, delivered], [a, b]);
    expect(merged.map((m) => m.text)).toEqual(['a', 'b']);
    expect(merged[0]!.deliveredAt).toBe('2026-11-24T12:00:05.000Z');
    expect(applyRead(merged, false, 'x').map((m) => m.readAt)).toEqual(['x', null]);
  });
});

describe('ChatLive after a reconnect', () => {
  it('fetches what was missed after the last message id, once, and shows a message that arrives twice once', async () => {
    vi.useRealTimers();
    const first = [message('hola', false, 1), message('¿cómo está?', true, 2)];
    const missed = message('le escribí mientras no estaba', false, 3);
    const calls: string[] = [];
    const api = {
      messages: vi.fn(async (id: string, cursor: { before?: string; after?: string } = {}) => {
        calls.push(`${id}:${cursor.after ?? cursor.before ?? 'latest'}`);
        return cursor.after ? { messages: [missed], hasMore: false } : { messages: first, hasMore: false };
      }),
      markRead: vi.fn(async () => ({ read: 1 })),
      unread: vi.fn(async () => ({ unread: 0, notices: 0 })),
      send: vi.fn(),
      sendPhoto: vi.fn(),
      respond: vi.fn(),
      conversations: vi.fn(),
      stillSignedIn: vi.fn(async () => true),
    };
    const live = new ChatLive(new QueryClient(), ME, { url: 'ws://x/ws', createSocket: create, api: api as never, isVisible: () => false });
    live.start();
    latest().serverOpens();
    await live.open(CONV);
    expect(live.log(CONV).messages.map((m) => m.text)).toEqual(['hola', '¿cómo está?']);

    // The socket drops (not 1000), reconnects after the delay, and asks ?after=<last id>.
    vi.useFakeTimers();
    latest().serverCloses(1006);
    vi.advanceTimersByTime(3500);
    vi.useRealTimers();
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    latest().serverOpens();
    await vi.waitFor(() => expect(live.log(CONV).messages).toHaveLength(3));
    expect(calls).toEqual([`${CONV}:latest`, `${CONV}:${first[1]!.id}`]);
    // The same message also arrives as a frame: still shown once.
    latest().push({ action: 'message', message: missed });
    latest().push({ action: 'delivered', conversationId: CONV, messageIds: [first[1]!.id], at: '2026-11-24T12:01:00.000Z' });
    const log = live.log(CONV).messages;
    expect(log.map((m) => m.text)).toEqual(['hola', '¿cómo está?', 'le escribí mientras no estaba']);
    expect(log[1]!.deliveredAt).toBe('2026-11-24T12:01:00.000Z');
    latest().push({ action: 'read', conversationId: CONV, readerId: OTHER, at: '2026-11-24T12:02:00.000Z' });
    expect(live.log(CONV).messages[1]!.readAt).toBe('2026-11-24T12:02:00.000Z');
    latest().push({ action: 'presence', userId: OTHER, online: true });
    expect(live.isOnline(OTHER)).toBe(true);
    live.stop();
  });
});

/** The chat API a ChatLive talks to: `messages` as the test says, the rest answering as a quiet server would. */
function fakeApi(
  messages: (id: string, cursor: { before?: string; after?: string }) => Promise<{ messages: ChatMessage[]; hasMore: boolean }>,
  send: () => Promise<unknown> = async () => undefined,
) {
  return {
    messages: vi.fn(async (id: string, cursor: { before?: string; after?: string } = {}) => messages(id, cursor)),
    markRead: vi.fn(async () => ({ read: 0 })),
    unread: vi.fn(async () => 0),
    send: vi.fn(send),
    sendPhoto: vi.fn(),
    respond: vi.fn(),
    conversations: vi.fn(),
    stillSignedIn: vi.fn(async () => true),
  };
}

/** A started ChatLive on the fake socket, its socket open and the conversation loaded. */
async function openLive(api: ReturnType<typeof fakeApi>): Promise<ChatLive> {
  const live = new ChatLive(new QueryClient(), ME, { url: 'ws://x/ws', createSocket: create, api: api as never, isVisible: () => false });
  live.start();
  latest().serverOpens();
  await live.open(CONV);
  return live;
}

describe('ChatLive when the socket opens after the history was read', () => {
  /** The history as the server holds it: `stored` grows while the socket is still on its way. */
  function serverHistory(stored: ChatMessage[]) {
    const asked: string[] = [];
    const api = fakeApi(async (_id, cursor) => {
      asked.push(cursor.after ?? 'latest');
      const from = cursor.after ? stored.findIndex((m) => m.id === cursor.after) + 1 : 0;
      return { messages: stored.slice(from), hasMore: false };
    });
    return { api, asked };
  }

  it('asks once for what came between the history and the open socket (a slow line)', async () => {
    vi.useRealTimers();
    const stored = [message('hola', false, 1)];
    const { api, asked } = serverHistory(stored);
    const live = new ChatLive(new QueryClient(), ME, { url: 'ws://x/ws', createSocket: create, api: api as never, isVisible: () => false });
    live.start();
    await live.open(CONV);
    // Sent before the server knew this tab's socket: no frame will bring it.
    const missed = message('le mandé una nota de voz', false, 2);
    stored.push(missed);
    latest().serverOpens();
    await vi.waitFor(() => expect(live.log(CONV).messages.map((m) => m.text)).toEqual(['hola', 'le mandé una nota de voz']));
    expect(asked).toEqual(['latest', stored[0]!.id]);
    live.stop();
  });

  it('asks after the page when the socket opened while the page was on its way', async () => {
    vi.useRealTimers();
    const stored = [message('hola', false, 1)];
    const { api, asked } = serverHistory(stored);
    let answer!: () => void;
    api.messages.mockImplementationOnce(async () => {
      const page = { messages: [...stored], hasMore: false };
      await new Promise<void>((resolve) => (answer = resolve));
      return page;
    });
    const live = new ChatLive(new QueryClient(), ME, { url: 'ws://x/ws', createSocket: create, api: api as never, isVisible: () => false });
    live.start();
    const opening = live.open(CONV);
    latest().serverOpens();
    stored.push(message('¿me oye?', false, 2));
    answer();
    await opening;
    await vi.waitFor(() => expect(live.log(CONV).messages.map((m) => m.text)).toEqual(['hola', '¿me oye?']));
    expect(asked).toEqual([stored[0]!.id]);
    live.stop();
  });

  it('asks nothing more when the socket was open before the history was read', async () => {
    vi.useRealTimers();
    const { api, asked } = serverHistory([message('hola', false, 1)]);
    const live = await openLive(api);
    await new Promise((r) => setTimeout(r, 20));
    expect(asked).toEqual(['latest']);
    live.stop();
  });
});

describe('ChatLive after a server restart (1012)', () => {
  it('asks from the last message held when the socket dropped, so a message of mine sent meanwhile does not skip theirs', async () => {
    vi.useRealTimers();
    const first = [message('hola', false, 1)];
    const theirsMeanwhile = message('¿sigue en pie lo del martes?', false, 2);
    const mineMeanwhile = message('sí, a las nueve', true, 3);
    const afters: string[] = [];
    const api = fakeApi(
      async (_id, cursor) => {
        if (!cursor.after) return { messages: first, hasMore: false };
        afters.push(cursor.after);
        // The server's ?after=: everything stored later than the cursor.
        const all = [...first, theirsMeanwhile, mineMeanwhile];
        return { messages: all.slice(all.findIndex((m) => m.id === cursor.after) + 1), hasMore: false };
      },
      async () => mineMeanwhile,
    );
    const live = await openLive(api);

    // The instance restarts: 1012, which the client reconnects after (not 1000, not 4008).
    vi.useFakeTimers();
    latest().serverCloses(1012);
    // While the socket is down I send over REST; the other person's message went out before mine.
    await live.sendText(CONV, 'sí, a las nueve');
    expect(live.log(CONV).messages.map((m) => m.text)).toEqual(['hola', 'sí, a las nueve']);
    vi.advanceTimersByTime(3500);
    vi.useRealTimers();
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    latest().serverOpens();
    await vi.waitFor(() => expect(live.log(CONV).messages).toHaveLength(3));
    expect(afters).toEqual([first[0]!.id]);
    // Their message also arrives as a frame: shown once, in order.
    latest().push({ action: 'message', message: theirsMeanwhile });
    expect(live.log(CONV).messages.map((m) => m.text)).toEqual(['hola', '¿sigue en pie lo del martes?', 'sí, a las nueve']);

    // The next drop asks from the newest message again.
    vi.useFakeTimers();
    latest().serverCloses(1012);
    vi.advanceTimersByTime(3500);
    vi.useRealTimers();
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(3));
    latest().serverOpens();
    await vi.waitFor(() => expect(afters).toHaveLength(2));
    expect(afters[1]).toBe(mineMeanwhile.id);
    expect(live.log(CONV).messages).toHaveLength(3);
    live.stop();
  });
});

describe('ChatLive when the catch-up itself fails', () => {
  it('asks again while the socket stays open, from the same message, until it gets what was missed', async () => {
    vi.useRealTimers();
    const first = [message('hola', false, 1)];
    const missed = message('¿me confirma la hora?', false, 2);
    let failures = 1;
    const afters: string[] = [];
    const api = fakeApi(async (_id, cursor) => {
      if (!cursor.after) return { messages: first, hasMore: false };
      afters.push(cursor.after);
      // The balancer had no instance for a moment: the first catch-up fails.
      if (failures-- > 0) throw new Error('503');
      return { messages: [missed], hasMore: false };
    });
    const live = await openLive(api);
    vi.useFakeTimers();
    latest().serverCloses(1012);
    vi.advanceTimersByTime(3500);
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    latest().serverOpens();
    // The catch-up is over (it refreshes the badge last), and failed.
    await vi.waitFor(() => expect(api.unread).toHaveBeenCalled());
    expect(afters).toHaveLength(1);
    expect(live.log(CONV).messages).toHaveLength(1);
    // No new close: the retry comes by itself after a reconnect's delay.
    vi.advanceTimersByTime(3000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(live.log(CONV).messages.map((m) => m.text)).toEqual(['hola', '¿me confirma la hora?']));
    expect(afters).toEqual([first[0]!.id, first[0]!.id]);
    expect(FakeSocket.all).toHaveLength(2);
    live.stop();
  });
});

describe('ChatLive and an open project page', () => {
  it('a notice about a project reads that project’s queries again; a chat message, or another project’s notice, does not (issue 46)', async () => {
    vi.useRealTimers();
    const PROJECT = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
    const queryClient = new QueryClient();
    const reads = { detail: 0, offers: 0, other: 0 };
    // Each read once frames are pushed, named with how many had been pushed when it started.
    let pushed = 0;
    const readsAfter: string[] = [];
    // What the project page keeps watched: its detail and its offers (keys name the project), and another project's page.
    const watch = (key: readonly string[], name: keyof typeof reads) =>
      new QueryObserver(queryClient, {
        queryKey: key,
        queryFn: async () => {
          if (pushed > 0) readsAfter.push(`${name}@${pushed}`);
          return ++reads[name];
        },
        staleTime: Infinity,
      }).subscribe(() => undefined);
    const stop = [
      watch(['projects', ME, 'detail', PROJECT], 'detail'),
      watch(['projects', ME, 'offers', PROJECT, 'recommended'], 'offers'),
      watch(['projects', ME, 'detail', 'other'], 'other'),
    ];
    await vi.waitFor(() => expect(reads).toEqual({ detail: 1, offers: 1, other: 1 }));
    // The first reads have settled (a query still fetching is not read again when invalidated).
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const live = new ChatLive(queryClient, ME, {
      url: 'ws://x/ws',
      createSocket: create,
      api: fakeApi(async () => ({ messages: [], hasMore: false })) as never,
      isVisible: () => false,
    });
    live.start();
    latest().serverOpens();

    pushed = 1;
    latest().push({ action: 'message', message: { ...message('¿Podemos hablar?', false, 1), projectId: PROJECT } });
    pushed = 2;
    latest().push({ action: 'message', message: { ...message('Nueva oferta', false, 2), type: 'notification', senderId: null, projectId: 'other-project' } });
    pushed = 3;
    latest().push({ action: 'message', message: { ...message('El contratista aceptó tu contraoferta', false, 3), type: 'notification', senderId: null, projectId: PROJECT } });
    await vi.waitFor(() => expect(reads).toEqual({ detail: 2, offers: 2, other: 1 }));
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // Only the third frame read anything again: the first two started no read, before it or after.
    expect(reads).toEqual({ detail: 2, offers: 2, other: 1 });
    expect(readsAfter.sort()).toEqual(['detail@3', 'offers@3']);
    live.stop();
    stop.forEach((unsubscribe) => unsubscribe());
  });
});
