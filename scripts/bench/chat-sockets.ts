// bench:chat's sockets: the file limit, opening them, keeping them alive and the message load (chat.ts runs them).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { People } from './chat-people.ts';

export const SOCKETS = Math.max(2, Math.floor(Number(process.env.BENCH_CHAT_SOCKETS ?? 10_000) / 2) * 2);
export const RATE = Number(process.env.BENCH_CHAT_RATE ?? 1_000);
export const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 20);
const OPEN_CONCURRENCY = Number(process.env.BENCH_CHAT_OPEN_CONCURRENCY ?? 100);
const DRAIN_MS = Number(process.env.BENCH_CHAT_DRAIN_MS ?? 5_000);
const KEEP_ALIVE_MS = 60_000;
const LOCAL_ADDRESSES = Math.max(1, Math.ceil(SOCKETS / 20_000));

// ---- File descriptors: one per socket here, and as many in the server (it inherits the limit) ----

export function raiseFileLimit(): void {
  if (process.env.BENCH_CHAT_ULIMIT === 'done') return;
  const soft = Number(spawnSync('sh', ['-c', 'ulimit -Sn'], { encoding: 'utf8' }).stdout.trim());
  const need = SOCKETS + 2_000;
  if (!Number.isFinite(soft) || soft >= need) return;
  const hard = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim();
  console.log(`bench:chat: the file-descriptor limit is ${soft}; re-running under ulimit -n ${hard} (needs ${need})`);
  const script = fileURLToPath(import.meta.url);
  const r = spawnSync('sh', ['-c', `ulimit -n ${hard} && exec "$0" --import tsx "$1"`, process.execPath, script], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_CHAT_ULIMIT: 'done' },
  });
  process.exit(r.status ?? 1);
}

// ---- Sockets ----

export interface Stats {
  latencies: number[];
  sent: Map<number, number>;
  received: Set<number>;
  errors: Map<string, number>;
  closes: Map<number, number>;
}

const bump = <K>(m: Map<K, number>, k: K) => m.set(k, (m.get(k) ?? 0) + 1);

function openSocket(url: string, token: string, i: number, stats: { current: Stats }): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, {
      headers: { authorization: `Bearer ${token}` },
      perMessageDeflate: false,
      localAddress: `127.0.0.${1 + (i % LOCAL_ADDRESSES)}`,
    });
    ws.on('message', (data) => {
      const s = String(data);
      // Only the frames this bench times are parsed in full; presence, echoes and receipts are counted cheaply.
      if (s.startsWith('{"action":"message"')) {
        const frame = JSON.parse(s) as { message: { text: string; mine: boolean } };
        if (frame.message.mine || !frame.message.text.startsWith('m')) return;
        const seq = Number(frame.message.text.slice(1));
        const at = stats.current.sent.get(seq);
        if (at === undefined || stats.current.received.has(seq)) return;
        stats.current.received.add(seq);
        stats.current.latencies.push(performance.now() - at);
      } else if (s.startsWith('{"action":"error"')) {
        bump(stats.current.errors, (JSON.parse(s) as { code: string }).code);
      }
    });
    ws.on('close', (code) => bump(stats.current.closes, code));
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Opens every person's socket, OPEN_CONCURRENCY at a time; `urlOf(i)` is the instance person i joins. */
export async function openAll(
  urlOf: (i: number) => string,
  people: People,
  stats: { current: Stats },
  sockets: WebSocket[],
): Promise<{ sockets: WebSocket[]; seconds: number; failed: number }> {
  let next = 0;
  let failed = 0;
  const t0 = performance.now();
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= people.tokens.length) return;
      for (let attempt = 0; ; attempt++) {
        try {
          sockets[i] = await openSocket(urlOf(i), people.tokens[i]!, i, stats);
          break;
        } catch (err) {
          if (attempt >= 4) {
            failed += 1;
            console.log(`  socket ${i}: ${(err as Error).message}`);
            break;
          }
          await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
        }
      }
      if (i > 0 && i % 2000 === 0) console.log(`  ${i} sockets open (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    }
  };
  await Promise.all(Array.from({ length: OPEN_CONCURRENCY }, worker));
  return { sockets, seconds: (performance.now() - t0) / 1000, failed };
}

/** keepItAlive on every socket once a minute, spread over the minute (from the first socket opened on). */
export function keepAlive(sockets: WebSocket[], total: number): () => void {
  let i = 0;
  const perTick = Math.max(1, Math.ceil(total / (KEEP_ALIVE_MS / 100)));
  const timer = setInterval(() => {
    for (let n = 0; n < perTick; n++, i = (i + 1) % sockets.length) {
      const ws = sockets[i];
      if (ws?.readyState === WebSocket.OPEN) ws.send('{"action":"keepItAlive"}');
    }
  }, 100);
  return () => clearInterval(timer);
}

/** RATE messages a second for SECONDS, each from one person of a random pair to the other. */
export async function sendLoad(sockets: WebSocket[], people: People, stats: Stats): Promise<{ sent: number; seconds: number }> {
  const half = people.tokens.length / 2;
  let seq = 0;
  const t0 = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - t0;
      const due = Math.min(Math.floor((elapsed * RATE) / 1000), Math.floor(SECONDS * RATE));
      while (seq < due) {
        const k = Math.floor(Math.random() * half);
        const fromClient = Math.random() < 0.5;
        const ws = sockets[fromClient ? k : half + k];
        if (ws?.readyState !== WebSocket.OPEN) {
          seq++;
          continue;
        }
        stats.sent.set(seq, performance.now());
        ws.send(`{"action":"sendPrivate","conversationId":"${people.conversations[k]}","message":"m${seq}"}`);
        seq++;
      }
      if (elapsed >= SECONDS * 1000) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  const seconds = (performance.now() - t0) / 1000;
  const deadline = performance.now() + DRAIN_MS;
  while (stats.received.size < stats.sent.size && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return { sent: stats.sent.size, seconds };
}
