import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logTrail } from '../../db/schema/index.ts';
import { escrow, funded, newKey, post, setStatus, sysadmin } from '../../../test/support/payment-factories.ts';
import { person, type Person } from '../../../test/support/project-factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';

// The claims committee's console (issue 16, item 4) and the sysadmin's reading of a claim's chat (issue 15).

let t: MailTestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestAppWithMail();
  admin = await sysadmin(t);
});
afterAll(() => t.close());

const get = (who: Person, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });

async function claimed() {
  const h = await funded(t);
  expect((await setStatus(t, h.contractor, h.projectId, 'in_progress')).statusCode).toBe(200);
  expect((await setStatus(t, h.contractor, h.projectId, 'delivered')).statusCode).toBe(200);
  // The two people talk about the project before the claim.
  const conversation = await get(h.client, `/api/projects/${h.projectId}`);
  const conversationId = conversation.json<{ conversationId: string }>().conversationId;
  expect((await post(t, h.client, `/api/conversations/${conversationId}/messages`, { text: 'La llave sigue goteando.' })).statusCode).toBe(201);
  expect((await setStatus(t, h.client, h.projectId, 'disputed', 'Sigue la fuga después de la entrega.')).statusCode).toBe(200);
  return h;
}

describe('claims console', () => {
  it('lists the disputed projects with both names, the reason and what the ledger holds', async () => {
    const h = await claimed();
    const res = await get(admin, '/api/admin/claims');
    expect(res.statusCode).toBe(200);
    const item = res.json<{ items: { projectId: string }[] }>().items.find((i) => i.projectId === h.projectId);
    expect(item).toMatchObject({
      clientName: expect.stringContaining('Yolanda'),
      contractorName: expect.stringContaining('Ramón'),
      heldMinor: 1_250_000,
      currency: 'DOP',
      claimReason: 'Sigue la fuga después de la entrega.',
    });
  });

  it('lets the sysadmin read the conversation of a disputed project, and logs each read', async () => {
    const h = await claimed();
    const res = await get(admin, `/api/admin/claims/${h.projectId}/conversation`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ messages: { from: string; to: string | null; subject: string | null; body: string }[] }>();
    expect(body.messages).toContainEqual(expect.objectContaining({ from: 'client', to: null, body: 'La llave sigue goteando.' }));
    // The sysadmin sees every notice, each with whom it was for (the claim was told to the contractor).
    expect(body.messages).toContainEqual(expect.objectContaining({ from: 'system', to: 'contractor', subject: 'Reclamación abierta' }));
    expect(body.messages).toContainEqual(expect.objectContaining({ from: 'system', to: 'client', subject: 'Nueva oferta a tu proyecto' }));
    await get(admin, `/api/admin/claims/${h.projectId}/conversation`);
    const reads = await t.db
      .select()
      .from(logTrail)
      .where(and(eq(logTrail.userId, admin.id), eq(logTrail.action, 'admin-claim-conversation-read')));
    expect(reads.filter((r) => (r.details as { projectId: string }).projectId === h.projectId)).toHaveLength(2);
  });

  it('refuses the conversation of a project without a claim (403), an unknown one (404) and a bad id (400 in Spanish)', async () => {
    const h = await funded(t);
    expect((await get(admin, `/api/admin/claims/${h.projectId}/conversation`)).statusCode).toBe(403);
    expect((await get(admin, `/api/admin/claims/00000000-0000-4000-8000-000000000000/conversation`)).statusCode).toBe(404);
    const bad = await get(admin, '/api/admin/claims/nope/conversation');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/[áéíóúñ]|Revisa|inválido/i);
  });

  it('refuses clients and contractors with 403, even the claim’s own people', async () => {
    const h = await claimed();
    for (const who of [h.client, h.contractor, await person(t, 'client'), await person(t, 'contractor')]) {
      expect((await get(who, '/api/admin/claims')).statusCode).toBe(403);
      expect((await get(who, `/api/admin/claims/${h.projectId}/conversation`)).statusCode).toBe(403);
    }
  });

  it('a split decision mails both people with the reason, and the decided record stays readable', async () => {
    const h = await claimed();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/projects/${h.projectId}/decision`,
      headers: { ...admin.headers, 'idempotency-key': newKey() },
      payload: { outcome: 'split', contractorPercent: 60, note: 'Trabajo hecho en parte.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const to of [h.client.email, h.contractor.email]) {
      const mail = await t.smtp.waitFor((m) => m.to.includes(to) && m.subject === 'ArreglaYa - Reclamación resuelta');
      expect(mail.text).toContain('el 60 % del pago retenido');
      expect(mail.text).toContain('Razón de la decisión: Trabajo hecho en parte.');
    }
    expect((await get(admin, '/api/admin/claims')).json<{ items: { projectId: string }[] }>().items.map((i) => i.projectId)).not.toContain(h.projectId);
    expect((await get(admin, `/api/admin/claims/${h.projectId}/conversation`)).statusCode).toBe(200);
  });

  it('a decision without an outcome is refused in Spanish and moves nothing (no outcome is ever assumed)', async () => {
    const h = await claimed();
    const before = await escrow(t, h.projectId);
    for (const payload of [{ note: 'Sin resultado.' }, { outcome: '', note: '' }, {}]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/admin/projects/${h.projectId}/decision`, headers: { ...admin.headers, 'idempotency-key': newKey() }, payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields.outcome).toBe('Elige el resultado de la decisión.');
    }
    expect(await escrow(t, h.projectId)).toEqual(before);
    expect(before.heldMinor).toBeGreaterThan(0);
  });
});
