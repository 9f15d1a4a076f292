import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareHiredProjects } from './support/money-fixtures.ts';
import { recordStatements } from './support/statement-recorder.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The round trips of one money action (decision 021): every statement the server sends to
// PostgreSQL while it funds a hired project with a saved card, and while its client approves the
// delivered work, counted at the driver. A money action's cost is mostly per statement (the socket
// write, the query's parse and plan), so the counts are a budget: a change that adds statements
// to the hot path fails here. MONEY_STATEMENTS=1 prints them.

const statements = recordStatements();

// The workers' statements, which run beside the request: the outbox worker's (claiming, marking
// sent, looking up the recipients' account ids for its log line, reading when the next refused mail
// is due) and the job queue's (fetching a job, marking it completed; decision 035). The request's own
// kick of the mail-delivery job (an INSERT INTO pgboss.job after commit) stays counted.
// The notification dispatcher's delivery round (decision 038) likewise: its lease and its next due time.
// And the rate limiter's flush of its counts (decision 004), a timer every 200 ms that a request may fall beside.
const OUTBOX_WORKER =
  /^\s*(INSERT INTO rate_limits \(key, hits, reset_at\)|update "email_outbox"|UPDATE email_outbox|WITH claimed AS|select "id", lower\("email"\) from "users"|SELECT min\(next_attempt_at\) AS at FROM email_outbox|UPDATE "notification_deliveries" SET lease_until|select min\("next_attempt_at"\) from "notification_deliveries"|WITH next as \(\s+SELECT id, singleton_key, policy\s+FROM pgboss\.job|WITH results AS \(\s+UPDATE pgboss\.job)/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  statements.restore();
  await t.close();
});

async function counted(run: () => Promise<{ statusCode: number }>): Promise<string[]> {
  statements.start();
  try {
    const res = await run();
    expect(res.statusCode).toBe(200);
    // The outbox worker's own statements (its mail deliveries) run beside the request, not in it.
    return statements.sent.filter((s) => !OUTBOX_WORKER.test(s));
  } finally {
    statements.stop();
  }
}

const show = (label: string, texts: string[]) => {
  if (process.env.MONEY_STATEMENTS) console.log(`${label}: ${texts.length} statements\n${texts.map((s) => `  ${s.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n')}`);
};

describe('the statements of one money action', () => {
  it('funds with a saved card and approves within their budget of round trips', async () => {
    const b = await prepareHiredProjects(t.pool, 's', 3);
    const fund = (i: number, key: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/projects/${b.projects[i]}/fund`,
        headers: { authorization: `Bearer ${b.tokens[i]}`, 'idempotency-key': key },
        payload: { paymentMethodId: b.methods[i] },
      });
    const approve = (i: number) =>
      t.app.inject({ method: 'POST', url: `/api/projects/${b.projects[i]}/status`, headers: { authorization: `Bearer ${b.tokens[i]}` }, payload: { status: 'completado' } });
    const deliver = (i: number) => t.pool.query(`UPDATE projects SET status = 'delivered', started_at = now(), delivered_at = now() WHERE id = $1`, [b.projects[i]]);
    // A first cycle warms what each process reads once (sessions, caches).
    expect((await fund(0, 'warm_up_key_0')).statusCode).toBe(200);
    await deliver(0);
    expect((await approve(0)).statusCode).toBe(200);

    const funding = await counted(() => fund(1, 'counted_key_1'));
    show('fund', funding);
    await deliver(1);
    const approval = await counted(() => approve(1));
    show('approve', approval);
    // 17: since decision 038 the commit also wakes the outside channels' delivery job (one INSERT into pgboss.job, beside the mail's).
    // 25 since decision 074: the money transaction recorded its announcement (1), delivered after the commit in a
    // transaction of its own (the due list, begin, the row locked, the notice's two reads and its write, the mark,
    // commit: 8). 22 since the step delivers the id it just wrote (074, amended; 21 measured): the announcement's
    // insert joins the transaction's deferred writes (0); its delivery is begin, the row locked and marked delivered
    // in one UPDATE, the notice's two reads and its write, commit (6); the due list is the money-events job's
    // catch-up only; and the step kicks the mailer once after the delivery, not the delivery and the step each (-1).
    expect(funding.length).toBeLessThanOrEqual(22);
    // 20 since the approval's notice is announced too (074, amended; 17 or 18 measured, as a kick of the funding's
    // lands in the window or not): nothing more inside the money's transaction, and after its commit the delivery's
    // begin, the row claimed, the people's read, the notice's writes, commit (5).
    expect(approval.length).toBeLessThanOrEqual(20);
  });
});
