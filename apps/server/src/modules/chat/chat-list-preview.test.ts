import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../../db/schema/index.ts';
import { person, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// /perfil/mensajes: each conversation's preview is the newest message its viewer may see (their
// own, the other person's, or a notice addressed to them), never a notice addressed to the other
// person; with none, lastMessage is null (the list shows chat.page.noPreview).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Summary {
  id: string;
  unread: number;
  lastMessage: { text: string; type: string; mine: boolean } | null;
}
const listOf = async (p: Person) => (await t.app.inject({ method: 'GET', url: '/api/conversations', headers: p.headers })).json().conversations as Summary[];

/** A platform notice addressed to one of the two, as the projects' notices are stored (decision 024). */
async function notice(conversationId: string, to: Person, subject: string, at: Date) {
  await t.db.insert(messages).values({ conversationId, type: 'notification', subject, body: `${subject}: detalles`, recipientId: to.id, createdAt: at });
}

describe('the conversation list preview', () => {
  it('shows the newest message the viewer may see, skips notices addressed to the other person, and is null when there is none', async () => {
    const client = await person(t, 'client', 'Inés');
    const contractor = await person(t, 'contractor', 'Pedro');
    const [row] = await t.db.insert(conversations).values({ clientId: client.id, contractorId: contractor.id }).returning({ id: conversations.id });
    const id = row!.id;
    const t0 = Date.now();

    // Only a notice to the client (the contractor's new offer): the client sees it, the contractor nothing.
    await notice(id, client, 'Nueva Oferta', new Date(t0 - 60_000));
    expect((await listOf(client))[0]).toMatchObject({ id, unread: 1, lastMessage: { type: 'notification', text: 'Nueva Oferta: detalles', mine: false } });
    expect((await listOf(contractor))[0]).toMatchObject({ id, unread: 0, lastMessage: null });

    // The contractor writes: both now see that message, each from their side.
    const sent = await t.app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: contractor.headers, payload: { text: '¿Le parece bien el lunes?' } });
    expect(sent.statusCode).toBe(201);
    expect((await listOf(contractor))[0]!.lastMessage).toMatchObject({ type: 'chat', text: '¿Le parece bien el lunes?', mine: true });
    expect((await listOf(client))[0]!.lastMessage).toMatchObject({ type: 'chat', text: '¿Le parece bien el lunes?', mine: false });

    // A newer notice to the client only: the client's preview is that notice; the contractor's stays their own message.
    await notice(id, client, 'Oferta actualizada', new Date(Date.now() + 60_000));
    expect((await listOf(client))[0]!.lastMessage).toMatchObject({ type: 'notification', text: 'Oferta actualizada: detalles' });
    expect((await listOf(contractor))[0]!.lastMessage).toMatchObject({ type: 'chat', text: '¿Le parece bien el lunes?', mine: true });

    // A notice to the contractor: now theirs is that notice, and the client's is unchanged.
    await notice(id, contractor, 'Tu oferta fue aceptada', new Date(Date.now() + 120_000));
    expect((await listOf(contractor))[0]!.lastMessage).toMatchObject({ type: 'notification', text: 'Tu oferta fue aceptada: detalles', mine: false });
    expect((await listOf(client))[0]!.lastMessage).toMatchObject({ type: 'notification', text: 'Oferta actualizada: detalles' });
  });
});
