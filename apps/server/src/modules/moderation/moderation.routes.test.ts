import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorProfiles, logTrail, messages } from '../../db/schema/index.ts';
import { hired, post } from '../../../test/support/payment-factories.ts';
import { person, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// Reports (issue 15) and the moderation queue (issue 16, item 3).

let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'sysadmin', 'Admin');
});
afterAll(() => t.close());

const get = (who: Person, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });

/** A hired pair and one chat message from the contractor to the client. */
async function conversationWithMessage(text = 'Págame por fuera y te hago descuento.') {
  const h = await hired(t);
  const conversationId = (await get(h.client, `/api/projects/${h.projectId}`)).json<{ conversationId: string }>().conversationId;
  const sent = await post(t, h.contractor, `/api/conversations/${conversationId}/messages`, { text });
  expect(sent.statusCode, sent.body).toBe(201);
  const [row] = await t.db.select({ id: messages.id }).from(messages).where(eq(messages.body, text));
  return { ...h, messageId: row!.id, conversationId };
}

type Reports = { items: { id: string; targetKind: string; messageId: string | null; subjectId: string | null; messageBody: string | null; reason: string }[] };

describe('POST /api/reports', () => {
  it('lets a person report a message of their conversation once; the sysadmin hides it', async () => {
    const c = await conversationWithMessage();
    const res = await post(t, c.client, '/api/reports', { targetKind: 'message', messageId: c.messageId, reason: 'contact_outside', details: 'Quiere cobrar fuera.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Gracias. Nuestro equipo revisará tu reporte.');
    const again = await post(t, c.client, '/api/reports', { targetKind: 'message', messageId: c.messageId, reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Ya reportaste esto; nuestro equipo lo está revisando.');

    const queue = (await get(admin, '/api/admin/reports')).json<Reports>();
    const report = queue.items.find((r) => r.messageId === c.messageId)!;
    expect(report).toMatchObject({ targetKind: 'message', reason: 'contact_outside', subjectId: c.contractor.id, messageBody: 'Págame por fuera y te hago descuento.' });

    expect((await post(t, admin, `/api/admin/reports/${report.id}/decision`, { action: 'act' })).statusCode).toBe(200);
    const [msg] = await t.db.select({ hiddenAt: messages.hiddenAt }).from(messages).where(eq(messages.id, c.messageId));
    expect(msg!.hiddenAt).not.toBeNull();
    const history = await get(c.client, `/api/conversations/${c.conversationId}/messages`);
    expect(history.body).not.toContain('Págame por fuera');
    expect(history.body).toContain('Mensaje ocultado por moderación.');
    const list = await get(c.client, '/api/conversations');
    expect(list.body).not.toContain('Págame por fuera');
    expect((await get(admin, '/api/admin/reports')).json<Reports>().items.map((r) => r.id)).not.toContain(report.id);
    // Settled: it may be reported again, as a new report.
    expect((await post(t, c.client, '/api/reports', { targetKind: 'message', messageId: c.messageId, reason: 'spam' })).statusCode).toBe(201);
    const logged = await t.db.select().from(logTrail).where(eq(logTrail.action, 'admin-report-actioned'));
    expect(logged).toHaveLength(1);
  });

  it('refuses a message of someone else’s conversation (404) and one’s own message (400)', async () => {
    const c = await conversationWithMessage('Mensaje privado de otros.');
    const stranger = await person(t, 'client', 'Extraña');
    const res = await post(t, stranger, '/api/reports', { targetKind: 'message', messageId: c.messageId, reason: 'spam' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Solo puedes reportar mensajes de tus conversaciones.');
    expect((await post(t, c.contractor, '/api/reports', { targetKind: 'message', messageId: c.messageId, reason: 'spam' })).statusCode).toBe(400);
  });

  it('reports a contractor profile; the sysadmin dismisses it', async () => {
    const contractor = await person(t, 'contractor', 'Perfil');
    const client = await person(t, 'client');
    expect((await post(t, client, '/api/reports', { targetKind: 'profile', contractorId: contractor.id, reason: 'fraud' })).statusCode).toBe(201);
    const report = (await get(admin, '/api/admin/reports')).json<Reports>().items.find((r) => r.subjectId === contractor.id && r.targetKind === 'profile')!;
    expect((await post(t, admin, `/api/admin/reports/${report.id}/decision`, { action: 'dismiss' })).statusCode).toBe(200);
    expect((await post(t, admin, `/api/admin/reports/${report.id}/decision`, { action: 'dismiss' })).statusCode).toBe(409);
    // A client is not a profile one can report.
    expect((await post(t, contractor, '/api/reports', { targetKind: 'profile', contractorId: client.id, reason: 'fraud' })).statusCode).toBe(404);
  });

  it('answers bad input in Spanish and refuses visitors', async () => {
    const client = await person(t, 'client');
    const bad = await post(t, client, '/api/reports', { targetKind: 'message', reason: 'nada' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ reason: 'Elige una opción válida.' });
    const missing = await post(t, client, '/api/reports', { targetKind: 'message', reason: 'spam' });
    expect(missing.json().error.fields.targetKind).toBe('Campo obligatorio.');
    expect((await post(t, null, '/api/reports', { targetKind: 'profile', contractorId: client.id, reason: 'spam' })).statusCode).toBe(401);
  });
});

describe('flagged profiles', () => {
  it('lists contractors whose description or portfolio shows a phone, an e-mail or a link, with the matches', async () => {
    const flagged = await person(t, 'contractor', 'Marcado');
    const clean = await person(t, 'contractor', 'Limpio');
    await t.db
      .update(contractorProfiles)
      .set({ description: 'Plomero desde 2009. Llámame al 809-555-1234 o escribe a yo@correo.com' })
      .where(eq(contractorProfiles.userId, flagged.id));
    await t.db.update(contractorProfiles).set({ description: 'Plomería residencial, más de 150 trabajos.' }).where(eq(contractorProfiles.userId, clean.id));
    const res = await get(admin, '/api/admin/moderation/flagged');
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: { contractorId: string; texts: { matches: { kind: string; text: string }[] }[] }[] }>().items;
    expect(items.map((i) => i.contractorId)).not.toContain(clean.id);
    const entry = items.find((i) => i.contractorId === flagged.id)!;
    expect(entry.texts[0]!.matches.map((m) => [m.kind, m.text])).toEqual([
      ['phone', '809-555-1234'],
      ['email', 'yo@correo.com'],
    ]);
  });
});

describe('access', () => {
  it('refuses clients and contractors with 403 on every moderation route', async () => {
    for (const who of [await person(t, 'client'), await person(t, 'contractor')]) {
      expect((await get(who, '/api/admin/reports')).statusCode).toBe(403);
      expect((await get(who, '/api/admin/moderation/flagged')).statusCode).toBe(403);
      expect((await post(t, who, '/api/admin/reports/00000000-0000-4000-8000-000000000000/decision', { action: 'dismiss' })).statusCode).toBe(403);
    }
  });
});
