import { chat as tc } from '@arreglaya/shared/i18n/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, postProject, postQuote, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// Decision 043: each offer on the client's page carries the conversation of the client and its
// contractor ('Escribir'). Someone who can no longer answer (banned, deleted) gets none, and the
// chat refuses a message to them through a conversation id the client kept from before.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface OfferSeen {
  id: string;
  contractor: { id: string };
  conversationId: string | null;
}

async function offersOf(client: Person, projectId: string): Promise<OfferSeen[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/quotes`, headers: client.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as OfferSeen[];
}
const write = (who: Person, conversationId: string, text: string) =>
  t.app.inject({ method: 'POST', url: `/api/conversations/${conversationId}/messages`, headers: who.headers, payload: { text } });

describe("'Escribir' on an offer", () => {
  it('is there for an active contractor and gone for a banned or deleted one, whom the chat then refuses', async () => {
    const client = await person(t, 'client', 'Carmen');
    const active = await person(t, 'contractor', 'Julio');
    const banned = await person(t, 'contractor', 'Nelson');
    const leaving = await person(t, 'contractor', 'Wilson');
    const admin = await person(t, 'sysadmin', 'Admin');
    const projectId = await postProject(t, client);
    for (const c of [active, banned, leaving]) await postQuote(t, c, projectId);

    // Before: every offer opens its pair's conversation.
    const before = new Map((await offersOf(client, projectId)).map((o) => [o.contractor.id, o.conversationId]));
    for (const [name, c] of Object.entries({ active, banned, leaving })) expect(before.get(c.id), name).toEqual(expect.any(String));
    expect((await write(client, before.get(banned.id)!, '¿Puede venir el lunes?')).statusCode).toBe(201);

    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/people/${banned.id}/ban`, headers: admin.headers, payload: { reason: 'Cobró por fuera de la plataforma.' } }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/account', headers: leaving.headers, payload: { password: leaving.password } })).statusCode).toBe(200);

    const after = new Map((await offersOf(client, projectId)).map((o) => [o.contractor.id, o.conversationId]));
    expect(after.get(active.id)).toBe(before.get(active.id));
    expect(after.get(banned.id)).toBeNull();
    expect(after.get(leaving.id)).toBeNull();

    // The active contractor is written to; the banned and the deleted ones are not, even with the id kept from before.
    expect((await write(client, after.get(active.id)!, '¿Puede venir el lunes?')).statusCode).toBe(201);
    for (const [name, gone] of Object.entries({ banned, leaving })) {
      const res = await write(client, before.get(gone.id)!, '¿Sigue ahí?');
      expect(res.statusCode, name).toBe(409);
      expect(res.json().error.message).toBe(tc.otherPersonGone);
    }
    // The client's conversation list says which can still be written in: the page shows the reason instead of a composer.
    const list = await t.app.inject({ method: 'GET', url: '/api/conversations', headers: client.headers });
    expect(list.statusCode).toBe(200);
    const canWrite = new Map((list.json().conversations as { other: { id: string }; canWrite: boolean }[]).map((c) => [c.other.id, c.canWrite]));
    expect(canWrite.get(active.id)).toBe(true);
    expect(canWrite.get(banned.id)).toBe(false);
    expect(canWrite.get(leaving.id)).toBe(false);
    // Nothing was stored after the ban: the conversation still shows the one message sent before.
    const history = await t.app.inject({ method: 'GET', url: `/api/conversations/${before.get(banned.id)!}/messages`, headers: client.headers });
    expect(history.statusCode).toBe(200);
    expect((history.json().messages as { text: string; mine: boolean }[]).filter((m) => m.mine).map((m) => m.text)).toEqual(['¿Puede venir el lunes?']);
  });
});
