/**
 * A steady write load for tests that break things underneath a running server: writers post
 * contact messages (each from an address of its own, so per-address limits do not interfere; the
 * server must run with TRUST_PROXY) and keep every acknowledged id, so a test can check that none
 * was lost, and every status, so it can check that nothing answered 5xx but 503.
 */
export interface WriteLoad {
  /** Ids the server answered 201 for. */
  acknowledged: string[];
  /** How many answers of each status (0: no answer, the connection failed). */
  statuses: Map<number, number>;
  /** Resolves with the time of the first 201 that started after `since`, or rejects after `ms`. */
  okAfter(since: number, ms: number): Promise<number>;
  stop(): Promise<void>;
}

interface OutboxMail {
  subject: string;
  text: string;
}

export function contactMessage(i: number) {
  return { firstName: `Persona ${i}`, email: `persona${i}@ejemplo.do`, messageType: 'sugerencia', message: `Mensaje número ${i}` };
}

export function postContact(baseUrl: string, i: number, ip = `10.9.${(i >> 8) & 255}.${i & 255}`): Promise<Response> {
  return fetch(`${baseUrl}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(contactMessage(i)),
  });
}

export function startWriteLoad(baseUrl: string, opts: { writers?: number; max?: number; first?: number } = {}): WriteLoad {
  const acknowledged: string[] = [];
  const statuses = new Map<number, number>();
  const oks: number[] = []; // start times of acknowledged requests
  let next = opts.first ?? 0;
  let stopped = false;
  const writers = Array.from({ length: opts.writers ?? 4 }, async () => {
    while (!stopped) {
      const n = next++;
      if (opts.max !== undefined && n >= opts.max) return;
      const started = Date.now();
      let status = 0;
      try {
        const res = await postContact(baseUrl, n);
        status = res.status;
        const body = (await res.json()) as { id?: string };
        if (status === 201 && body.id) {
          acknowledged.push(body.id);
          oks.push(started);
        }
      } catch {
        // No answer: the server is gone or the connection broke; a pause before the next one.
        await new Promise((r) => setTimeout(r, 50));
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 503) await new Promise((r) => setTimeout(r, 20));
    }
  });
  return {
    acknowledged,
    statuses,
    async okAfter(since, ms) {
      const deadline = Date.now() + ms;
      for (;;) {
        const ok = oks.find((t) => t > since);
        if (ok !== undefined) return ok;
        if (Date.now() > deadline) throw new Error(`no write acknowledged within ${ms} ms; statuses: ${JSON.stringify([...statuses])}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      stopped = true;
      await Promise.all(writers);
    },
  };
}

/** The acknowledged ids that the server's outbox does not hold (each contact message mails the team with its reference). */
export async function lostWrites(baseUrl: string, acknowledged: string[]): Promise<string[]> {
  const mails = (await (await fetch(`${baseUrl}/dev/outbox.json?template=contact-team&limit=5000`)).json()) as OutboxMail[];
  const references = new Set(mails.map((m) => /Referencia: ([0-9a-f-]{36})/.exec(m.text)?.[1]).filter(Boolean));
  return acknowledged.filter((id) => !references.has(id));
}
