// The cluster test's load: HTTP through the balancer, the web app's chat clients, steady load, and the figures (cluster.ts).
import crypto from 'node:crypto';
import { QueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@arreglaya/shared/schemas/chat';
import pg from 'pg';
import WebSocket from 'ws';
import { ChatLive } from '../../apps/web/src/features/chat/lib/chat-live.ts';
import type { SocketLike } from '../../apps/web/src/features/chat/lib/chat-socket.ts';
import { type People } from '../bench/chat-people.ts';
import { CHAT_RATE, HTTP_RATE, PAY_RATE, eventually, t0 } from './harness.ts';

// ---- HTTP through the balancer, counted ----

interface Outcome {
  at: number;
  status: number; // 0: no answer
  what: string;
}

export class Http {
  outcomes: Outcome[] = [];
  counting = false;
  constructor(readonly base: string) {}

  async call<T>(
    method: string,
    url: string,
    o: { token?: string; cookie?: string; body?: unknown; headers?: Record<string, string>; base?: string } = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.cookie) headers.cookie = o.cookie;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') Object.assign(headers, { origin: this.base, 'x-requested-with': 'arreglaya' });
    const at = performance.now();
    const what = `${method} ${url.split('?')[0]!.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')}`;
    try {
      const res = await fetch(`${o.base ?? this.base}${url}`, {
        method,
        headers,
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON: HAProxy's own error page, for one.
      }
      if (this.counting) this.outcomes.push({ at, status: res.status, what: res.status >= 400 ? `${what}: ${text.slice(0, 90).replace(/\s+/g, ' ')}` : what });
      return { status: res.status, body: body as T, headers: res.headers };
    } catch (err) {
      const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
      if (this.counting) this.outcomes.push({ at, status: 0, what: `${what} (${(err as Error).message}${cause ? `: ${cause.code ?? cause.message}` : ''})` });
      throw err;
    }
  }

  /** The answer's body, or an error naming the status (the web app's api helper throws the same way). */
  async ok<T>(method: string, url: string, o: Parameters<Http['call']>[2] = {}): Promise<T> {
    const res = await this.call<T>(method, url, o);
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
}

export const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');

// ---- The web app's chat client, one per person ----

export interface Person {
  i: number;
  id: string;
  token: string;
  conversation: string;
  live: ChatLive;
  reconnects: number;
}

export interface SocketFigures {
  opened: number;
  /** Close codes of sockets that were open. */
  closes: Map<number, number>;
  /** (Re)connections that never opened (the upgrade refused or the connection failed). */
  refused: number;
}

export function chatClient(http: Http, wsUrl: string, userId: string, token: string, figures: SocketFigures): ChatLive {
  const auth = { token };
  const api = {
    messages: (id: string, cursor: { before?: string; after?: string } = {}) => {
      const q = new URLSearchParams(Object.entries(cursor).filter(([, v]) => v) as [string, string][]).toString();
      return http.ok<{ messages: ChatMessage[]; hasMore: boolean }>('GET', `/api/conversations/${id}/messages${q ? `?${q}` : ''}`, auth);
    },
    send: (id: string, text: string) => http.ok<{ message: ChatMessage }>('POST', `/api/conversations/${id}/messages`, { ...auth, body: { text } }).then((r) => r.message),
    markRead: (id: string) => http.ok<{ read: number }>('POST', `/api/conversations/${id}/read`, { ...auth, body: {} }),
    unread: () => http.ok<{ unread: number }>('GET', '/api/me/unread', auth).then((r) => r.unread),
    stillSignedIn: (id: string) => http.ok<{ user: { id: string } | null }>('GET', '/api/auth/session', auth).then((s) => s.user?.id === id),
  };
  const createSocket = (url: string): SocketLike => {
    const ws = new WebSocket(url, { headers: { authorization: `Bearer ${token}` }, perMessageDeflate: false });
    let opened = false;
    ws.on('open', () => {
      opened = true;
      figures.opened += 1;
    });
    ws.on('close', (code) => {
      if (opened) figures.closes.set(code, (figures.closes.get(code) ?? 0) + 1);
      else figures.refused += 1;
    });
    return ws as unknown as SocketLike;
  };
  return new ChatLive(new QueryClient(), userId, { url: wsUrl, createSocket, api: api as never, isVisible: () => false });
}

export function startPeople(http: Http, wsUrl: string, people: People, figures: SocketFigures): Person[] {
  const half = people.tokens.length / 2;
  return people.tokens.map((token, i) => {
    const live = chatClient(http, wsUrl, people.ids[i]!, token, figures);
    const person: Person = { i, id: people.ids[i]!, token, conversation: people.conversations[i % half]!, live, reconnects: 0 };
    live.socket.subscribe((e) => {
      if (e.type === 'reconnected') person.reconnects += 1;
    });
    live.start();
    return person;
  });
}

// ---- Steady load ----

interface Sent {
  text: string;
  conversation: string;
  id?: string;
  at: number;
}

export class Load {
  private timers: NodeJS.Timeout[] = [];
  private inFlight = new Set<Promise<unknown>>();
  sent: Sent[] = [];
  payments: { project: string; id: string }[] = [];
  private seq = 0;

  constructor(
    private readonly http: Http,
    private readonly people: Person[],
    /** Every message's text starts with it (`rr-1`, `k9-1`…): one scenario's messages apart from the other's. */
    readonly tag: string,
  ) {}

  private track(p: Promise<unknown>): void {
    const q = p.catch(() => undefined);
    this.inFlight.add(q);
    void q.finally(() => this.inFlight.delete(q));
  }

  private every(perSecond: number, fn: () => Promise<unknown>): void {
    if (perSecond <= 0) return;
    this.timers.push(setInterval(() => this.track(fn()), 1000 / perSecond));
  }

  start(pay?: { projects: string[]; tokens: string[]; methods: string[] }): void {
    const pick = () => this.people[crypto.randomInt(this.people.length)]!;
    const reads = ['/api/contractors?sort=rating_desc', '/api/services/counts', '/api/me/unread', '/api/conversations', '/api/auth/session'];
    let r = 0;
    this.every(HTTP_RATE, () => this.http.call('GET', reads[r++ % reads.length]!, { token: pick().token }));
    this.every(CHAT_RATE, async () => {
      const from = pick();
      const sent: Sent = { text: `${this.tag}-${++this.seq}`, conversation: from.conversation, at: performance.now() };
      this.sent.push(sent);
      await from.live.sendText(from.conversation, sent.text);
      sent.id = from.live.log(from.conversation).messages.find((m) => m.text === sent.text)?.id;
    });
    if (pay) {
      let n = 0;
      this.every(PAY_RATE, async () => {
        const i = n++;
        if (i >= pay.projects.length) return;
        const res = await this.http.call<{ paymentId?: string }>('POST', `/api/projects/${pay.projects[i]}/fund`, {
          token: pay.tokens[i],
          headers: { 'idempotency-key': `cluster-${i}` },
          body: { paymentMethodId: pay.methods[i] },
        });
        if (res.status === 200 && res.body.paymentId) this.payments.push({ project: pay.projects[i]!, id: res.body.paymentId });
      });
    }
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}

// ---- What the chat clients hold against what was acknowledged ----

interface ChatFigures {
  sent: number;
  acknowledged: number;
  lost: number;
  doubled: number;
  missingInDatabase: number;
}

export async function chatFigures(people: Person[], load: Load, pool: pg.Pool): Promise<ChatFigures> {
  const acked = load.sent.filter((s) => s.id !== undefined);
  const byConversation = new Map<string, Sent[]>();
  for (const s of acked) byConversation.set(s.conversation, [...(byConversation.get(s.conversation) ?? []), s]);
  const missing = () => {
    let lost = 0;
    for (const p of people) {
      const held = new Set(p.live.log(p.conversation).messages.map((m) => m.id));
      for (const s of byConversation.get(p.conversation) ?? []) if (!held.has(s.id!)) lost += 1;
    }
    return lost;
  };
  // Frames still on their way and catch-ups still running: give them a moment, no more.
  await eventually(() => missing() === 0, 15_000, 200);
  let doubled = 0;
  for (const p of people) {
    const texts = p.live
      .log(p.conversation)
      .messages.map((m) => m.text)
      .filter((t) => t?.startsWith(`${load.tag}-`));
    doubled += texts.length - new Set(texts).size;
  }
  const { rows } = await pool.query<{ n: string }>(`SELECT count(*) - count(DISTINCT body) AS n FROM messages WHERE body LIKE $1`, [`${load.tag}-%`]);
  const { rows: stored } = await pool.query<{ id: string }>('SELECT id FROM messages WHERE id = ANY($1::uuid[])', [acked.map((s) => s.id!)]);
  return { sent: load.sent.length, acknowledged: acked.length, lost: missing(), doubled: doubled + Number(rows[0]!.n), missingInDatabase: acked.length - stored.length };
}

export function printRequests(title: string, outcomes: Outcome[]): Outcome[] {
  const failed = outcomes.filter((o) => o.status === 0 || o.status >= 400);
  const statuses = new Map<number, number>();
  for (const o of outcomes) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
  console.log(`  ${title}: ${outcomes.length} HTTP requests, ${failed.length} failed; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  for (const f of failed.slice(0, 10)) console.log(`    failed: ${f.what} → ${f.status || 'no answer'} (sent at ${((f.at - t0) / 1000).toFixed(1)} s)`);
  return failed;
}

export const closesText = (m: Map<number, number>) => [...m.entries()].map(([c, n]) => `${c}×${n}`).join(', ') || 'none';
