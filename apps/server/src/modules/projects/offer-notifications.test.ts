import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticesSent } from '../../db/client.ts';
import { person, postProject, postQuote } from '../../../test/support/project-factories.ts';
import { recordStatements } from '../../../test/support/statement-recorder.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// An offer's NOTIFYs leave after its commit (db/notifier.ts, decision 020): PostgreSQL lets one
// notifying transaction commit at a time, and offers queued behind each other's WAL flush. What
// the other instances hear must not change: one 'projects_changed' for the project (the
// triggers of migration 0017 stay silent for it, migration 0022) and the client's live notice.

const statements = recordStatements();

let t: TestApp;
let listener: pg.Client;
const heard: { channel: string; payload: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  listener = new pg.Client({ connectionString: t.url });
  await listener.connect();
  listener.on('notification', (m) => heard.push({ channel: m.channel, payload: m.payload ?? '' }));
  await listener.query('LISTEN projects_changed');
  await listener.query('LISTEN chat_events');
});
afterAll(async () => {
  statements.restore();
  await listener.end();
  await t.close();
});

/** Everything heard up to now: a marker NOTIFY sent after the app's own arrives last. */
async function heardNow() {
  await noticesSent(t.db);
  const mark = `mark-${Math.random()}`;
  await t.pool.query(`SELECT pg_notify('chat_events', $1)`, [mark]);
  for (let i = 0; i < 300 && !heard.some((h) => h.payload === mark); i++) await new Promise((r) => setTimeout(r, 10));
  return heard.splice(0).filter((h) => h.payload !== mark);
}

const NOTIFIER = /^SELECT set_config\('synchronous_commit', 'off', true\)/;

describe("an offer's notifications", () => {
  it('go after the commit: one projects_changed for the project and the live notice to its client, none from inside the transaction', async () => {
    const client = await person(t, 'client', 'Yolanda');
    const contractor = await person(t, 'contractor', 'Ramón');
    const projectId = await postProject(t, client);
    await heardNow();

    statements.start();
    await postQuote(t, contractor, projectId);
    // Replacing one's open offer withdraws the old one in the same statement: still one change heard.
    await postQuote(t, contractor, projectId, { priceMinor: 990_000 });
    await noticesSent(t.db);
    statements.stop();
    const got = await heardNow();

    const { sent } = statements;
    const inTransaction = sent.filter((s) => !NOTIFIER.test(s));
    expect(inTransaction.filter((s) => /pg_notify/i.test(s))).toEqual([]);
    expect(sent.filter((s) => NOTIFIER.test(s)).length).toBeGreaterThanOrEqual(1);
    expect(got.filter((h) => h.channel === 'projects_changed')).toEqual([
      { channel: 'projects_changed', payload: projectId },
      { channel: 'projects_changed', payload: projectId },
    ]);
    const notices = got.filter((h) => h.channel === 'chat_events').map((h) => JSON.parse(h.payload) as { k: string; to: string[]; id: string });
    expect(notices).toHaveLength(2);
    for (const n of notices) expect(n).toMatchObject({ k: 'message', to: [client.id] });
    // The live event names the notice stored for the client.
    const { rows } = await t.pool.query(`SELECT recipient_id, type FROM messages WHERE id = ANY($1::uuid[])`, [notices.map((n) => n.id)]);
    expect(rows).toEqual([
      { recipient_id: client.id, type: 'notification' },
      { recipient_id: client.id, type: 'notification' },
    ]);
  });

  it('leave the other writers as they were: a withdrawal is still notified by the triggers, from its transaction', async () => {
    const client = await person(t, 'client', 'Yolanda');
    const contractor = await person(t, 'contractor', 'Ramón');
    const projectId = await postProject(t, client);
    const quoteId = await postQuote(t, contractor, projectId);
    await heardNow();
    const res = await t.app.inject({ method: 'POST', url: `/api/quotes/${quoteId}/withdraw`, headers: contractor.headers });
    expect(res.statusCode).toBe(200);
    expect((await heardNow()).filter((h) => h.channel === 'projects_changed')).toEqual([{ channel: 'projects_changed', payload: projectId }]);
  });
});
