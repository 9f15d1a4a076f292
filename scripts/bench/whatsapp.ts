/**
 * `npm run bench:whatsapp` (issue 50, decision 063): a burst of people's WhatsApp messages through
 * our signed webhook, with Meta's retries, into the web chat.
 *
 * An embedded PostgreSQL of its own is prepared by SQL: BENCH_WA_PAIRS client–contractor pairs, one
 * conversation each, the client's number verified for WhatsApp and a notice WhatsApp delivered to
 * them about that conversation (so a reply goes there, decision 061), a session per contractor. One
 * server (production mode, the WhatsApp stand-in chosen with WHATSAPP_API_URL=sandbox and a known
 * app secret); every contractor opens the chat's socket (/ws), as the web chat does. Then:
 *   - BENCH_WA_MESSAGES messages in BENCH_WA_SECONDS (evenly spread), each from a random client,
 *     posted to /api/webhooks/whatsapp signed X-Hub-Signature-256 like Meta's;
 *   - Meta's retries: BENCH_WA_RETRY_SHARE of the message ids are sent 2 or 3 times, half of those
 *     copies at the same moment as the first, half 0.2–3 s later;
 *   - each message is timed from its first POST to the `message` frame at the contractor's socket;
 *   - at the end the database is counted: every message stored once (0 lost, 0 doubled).
 * Target: p99 < 2 s, none lost, none doubled. The machine is shared: the figures are what it gave.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { createPool } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { whatsappSignature } from '../../apps/server/src/modules/messaging/webhook-signatures.ts';
import { startServerProcess, type ServerProcess } from '../../apps/server/test/support/server-process.ts';
import { preparePeople } from './chat-people.ts';
import { verdict } from './run.ts';

const PAIRS = Number(process.env.BENCH_WA_PAIRS ?? 200);
const MESSAGES = Number(process.env.BENCH_WA_MESSAGES ?? 1_000);
const SECONDS = Number(process.env.BENCH_WA_SECONDS ?? 10);
const RETRY_SHARE = Number(process.env.BENCH_WA_RETRY_SHARE ?? 0.2);
const DRAIN_MS = Number(process.env.BENCH_WA_DRAIN_MS ?? 15_000);
const TARGET_P99_MS = 2_000;
/** The server writes a V8 CPU profile here when it stops (`scripts/bench/cpu-profile.ts` sums it). */
const PROFILE_DIR = process.env.BENCH_WA_PROFILE_DIR;
const APP_SECRET = randomBytes(24).toString('base64url');
const EMAIL_DOMAIN = 'bench-whatsapp.arreglaya.test';

const numberOf = (k: number) => `+18297${String(k).padStart(6, '0')}`;

/** Numbers verified for WhatsApp on the clients, and a delivered WhatsApp notice naming each pair's conversation. */
async function prepareWhatsApp(pool: ReturnType<typeof createPool>, ids: string[], conversations: string[]): Promise<void> {
  const half = ids.length / 2;
  const clients = ids.slice(0, half);
  const contractors = ids.slice(half);
  await pool.query(
    `INSERT INTO phone_numbers (user_id, number, whatsapp_verified_at, whatsapp_opted_in_at, whatsapp_opt_in_source)
     SELECT u, '+18297' || lpad((k - 1)::text, 6, '0'), now(), now(), 'settings' FROM unnest($1::uuid[]) WITH ORDINALITY AS t(u, k)`,
    [clients],
  );
  await pool.query(
    `INSERT INTO notification_deliveries (user_id, type, channel, source_key, state, title, body, url, provider_message_id, chat_pair)
     SELECT c, 'messageWhileAway', 'whatsapp', 'bench:' || k, 'delivered', 'Mensaje', 'Te escribieron', 'https://arreglaya.do/perfil/mensajes',
            'wamid.bench' || k, jsonb_build_object('clientId', c, 'contractorId', x, 'projectId', null)
     FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS t(c, x, k)`,
    [clients, contractors],
  );
  if (conversations.length !== half) throw new Error('one conversation per pair expected');
}

function envelope(from: string, id: string, text: string): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'bench-waba',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '18095550000', phone_number_id: 'bench' },
              contacts: [{ profile: { name: '' }, wa_id: from.slice(1) }],
              messages: [{ from: from.slice(1), id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }],
            },
          },
        ],
      },
    ],
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  console.log(
    `bench:whatsapp: ${MESSAGES} messages in ${SECONDS} s from ${PAIRS} phones, ${Math.round(RETRY_SHARE * 100)} % of ids retried; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-wa-'));
  const database = await startEmbeddedPostgres(dataDir, () => undefined);
  const pool = createPool(database.url, 2);
  let server: ServerProcess | undefined;
  const serverDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-wa-server-'));
  const sockets: WebSocket[] = [];
  let ok: boolean;
  try {
    await runMigrations(pool);
    const people = await preparePeople(pool, PAIRS * 2, EMAIL_DOMAIN);
    await prepareWhatsApp(pool, people.ids, people.conversations);
    server = await startServerProcess(
      {
        DATA_DIR: serverDir,
        DATABASE_URL: database.url,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        PROCESSOR: 'sandbox',
        MAIL_TRANSPORT: 'outbox',
        WHATSAPP_API_URL: 'sandbox',
        WHATSAPP_APP_SECRET: APP_SECRET,
        WHATSAPP_VERIFY_TOKEN: randomBytes(12).toString('hex'),
        WHATSAPP_ACCESS_TOKEN: randomBytes(24).toString('base64url'),
        CHAT_SOCKETS_PER_ADDRESS: String(PAIRS * 4),
        CHAT_UPGRADES_PER_ADDRESS: String(PAIRS * 4),
      },
      PROFILE_DIR ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] } : undefined,
    );
    const url = server.url;

    // The contractors' open chats: the `message` frame of each "w<seq>" is timed once; copies are counted.
    const firstSent = new Map<number, number>();
    const latencies: number[] = [];
    const framesOf = new Map<number, number>();
    for (let k = 0; k < PAIRS; k++) {
      const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, { headers: { authorization: `Bearer ${people.tokens[PAIRS + k]}` }, perMessageDeflate: false });
      ws.on('message', (data) => {
        const s = String(data);
        if (!s.startsWith('{"action":"message"')) return;
        const frame = JSON.parse(s) as { message: { text: string; mine: boolean } };
        if (frame.message.mine || !/^w\d+$/.test(frame.message.text)) return;
        const seq = Number(frame.message.text.slice(1));
        const n = (framesOf.get(seq) ?? 0) + 1;
        framesOf.set(seq, n);
        const at = firstSent.get(seq);
        if (n === 1 && at !== undefined) latencies.push(performance.now() - at);
      });
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      sockets.push(ws);
    }
    console.log(`${PAIRS} contractors' chats open`);

    // The burst.
    const statuses = new Map<number, number>();
    const posts: Promise<void>[] = [];
    let copies = 0;
    const post = (body: string) => {
      copies++;
      posts.push(
        fetch(`${url}/api/webhooks/whatsapp`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': whatsappSignature(APP_SECRET, body) }, body })
          .then(async (res) => {
            await res.arrayBuffer();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          })
          .catch(() => {
            statuses.set(0, (statuses.get(0) ?? 0) + 1);
          }),
      );
    };
    let retried = 0;
    const t0 = performance.now();
    for (let seq = 0; seq < MESSAGES; seq++) {
      const due = t0 + (seq * SECONDS * 1000) / MESSAGES;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const k = Math.floor(Math.random() * PAIRS);
      const body = envelope(numberOf(k), `wamid.bench.${seq}.${randomBytes(6).toString('hex')}`, `w${seq}`);
      firstSent.set(seq, performance.now());
      post(body);
      if (Math.random() < RETRY_SHARE) {
        retried++;
        const extra = Math.random() < 0.5 ? 1 : 2;
        const together = Math.random() < 0.5;
        for (let c = 0; c < extra; c++) {
          if (together) post(body);
          else setTimeout(() => post(body), 200 + Math.random() * 2_800);
        }
      }
    }
    const burstSeconds = (performance.now() - t0) / 1000;
    // The delayed copies are posted up to 3 s after the last message.
    await new Promise((r) => setTimeout(r, 3_100));
    await Promise.all(posts);
    const deadline = performance.now() + DRAIN_MS;
    while (latencies.length < MESSAGES && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));

    const { rows } = await pool.query<{ body: string; n: string }>(`SELECT body, count(*) AS n FROM messages WHERE body ~ '^w[0-9]+$' GROUP BY body`);
    const stored = rows.length;
    const doubled = rows.reduce((s, r) => s + Number(r.n) - 1, 0);
    const lost = MESSAGES - stored;
    const framesDoubled = [...framesOf.values()].reduce((s, n) => s + n - 1, 0);
    const sorted = [...latencies].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    const fmt = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(0));
    console.log(
      `\n${MESSAGES} messages (${retried} ids retried, ${copies} webhook posts) in ${burstSeconds.toFixed(1)} s; answers ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`,
    );
    console.log(`  stored ${stored}, lost ${lost}, doubled ${doubled}; reached the other side's open chat: ${latencies.length} (${framesDoubled} extra frames)`);
    console.log(
      `  webhook → other side's chat: min ${fmt(sorted[0] ?? NaN)} ms, p50 ${fmt(p50)} ms, p95 ${fmt(percentile(sorted, 95))} ms, p99 ${fmt(p99)} ms, max ${fmt(sorted.at(-1) ?? NaN)} ms; load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    const checks: [string, boolean][] = [
      ['none lost', lost === 0],
      ['none doubled (stored and live frames)', doubled === 0 && framesDoubled === 0],
      [`p99 < ${TARGET_P99_MS} ms`, p99 < TARGET_P99_MS],
    ];
    for (const [name, pass] of checks) console.log(`  ${name}: ${verdict(pass)}`);
    ok = checks.every(([, pass]) => pass);
    console.log(`\nWhatsApp targets: ${ok ? 'all met' : 'NOT all met'}.`);
  } finally {
    for (const ws of sockets) ws.terminate();
    await server?.stop();
    await pool.end();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(serverDir, { recursive: true, force: true });
  }
  process.exit(ok ? 0 : 1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
