import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-db.ts';
import { claimDueMails, insertMail } from './mail.repository.ts';
import { OutboxWorker } from './outbox-worker.ts';
import type { MailTransport, OutgoingMail } from './transport.ts';

/** An SMTP server's answers as the worker sees them: it accepts every mail except to `refuse`. */
function recordingTransport(refuse = new Set<string>()): MailTransport & { delivered: OutgoingMail[] } {
  const delivered: OutgoingMail[] = [];
  return {
    kind: 'smtp',
    delivered,
    send(mail) {
      if (refuse.has(mail.to)) return Promise.reject(new Error('550 mailbox unavailable'));
      delivered.push(mail);
      return Promise.resolve();
    },
    close: () => undefined,
  };
}

const quietLog = { warn: () => undefined, error: () => undefined };

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the outbox worker (decision 003)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  const rows = async () =>
    (
      await t.db.execute<{ to_address: string; status: string; attempts: number; last_error: string | null; locked_until: Date | null; sent_at: Date | null; retry_in: number }>(
        sql`SELECT to_address, status, attempts, last_error, locked_until, sent_at, extract(epoch FROM next_attempt_at - now()) AS retry_in FROM email_outbox ORDER BY created_at`,
      )
    ).rows;

  it('delivers in the order queued, marks the delivered ones sent and retries a refused one later', async () => {
    await t.db.execute(sql`DELETE FROM email_outbox`);
    for (let i = 0; i < 30; i++) await insertMail(t.db, { to: i === 7 ? 'rechaza@prueba.do' : `n${i}@prueba.do`, subject: `Correo ${i}`, text: 'Hola', template: 'test' });
    const transport = recordingTransport(new Set(['rechaza@prueba.do']));
    const worker = new OutboxWorker({ db: t.db, transport, log: quietLog, pollMs: 60_000 });
    worker.kick();
    await until(async () => (await rows()).filter((r) => r.status === 'sent').length === 29);
    await worker.stop();
    expect(transport.delivered.map((m) => m.subject)).toEqual(Array.from({ length: 30 }, (_, i) => `Correo ${i}`).filter((s) => s !== 'Correo 7'));
    const all = await rows();
    for (const r of all.filter((x) => x.to_address !== 'rechaza@prueba.do')) expect([r.status, r.attempts, r.locked_until, r.sent_at !== null]).toEqual(['sent', 1, null, true]);
    const refused = all.find((r) => r.to_address === 'rechaza@prueba.do')!;
    expect([refused.status, refused.attempts, refused.locked_until, refused.sent_at]).toEqual(['pending', 1, null, null]);
    expect(refused.last_error).toContain('550');
    expect(Number(refused.retry_in)).toBeGreaterThan(3);
  });

  it('leaves a mail another instance holds, and takes it over once that lease ends (a crash: sent again, at least once)', async () => {
    await t.db.execute(sql`DELETE FROM email_outbox`);
    await insertMail(t.db, { to: 'caido@prueba.do', subject: 'Tomado por otra instancia', text: 'Hola', template: 'test' });
    // Another instance claimed it and died before marking it sent.
    expect(await claimDueMails(t.db, 10)).toHaveLength(1);
    const transport = recordingTransport();
    const worker = new OutboxWorker({ db: t.db, transport, log: quietLog, pollMs: 60_000 });
    // A whole pass over what is due finds nothing it may take.
    expect(await worker.deliver()).toBe(0);
    expect(transport.delivered).toHaveLength(0);
    await t.db.execute(sql`UPDATE email_outbox SET locked_until = now() - interval '1 second'`);
    worker.kick();
    await until(async () => (await rows())[0]!.status === 'sent');
    await worker.stop();
    expect(transport.delivered.map((m) => m.to)).toEqual(['caido@prueba.do']);
    expect((await rows())[0]!.attempts).toBe(2);
  });

  it('delivers a mail kicked just before it stops', async () => {
    await t.db.execute(sql`DELETE FROM email_outbox`);
    await insertMail(t.db, { to: 'ultimo@prueba.do', subject: 'Antes de parar', text: 'Hola', template: 'test' });
    const transport = recordingTransport();
    const worker = new OutboxWorker({ db: t.db, transport, log: quietLog, pollMs: 60_000 });
    worker.kick();
    await worker.stop();
    expect(transport.delivered.map((m) => m.to)).toEqual(['ultimo@prueba.do']);
    expect((await rows())[0]!.status).toBe('sent');
  });
});
