import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CARDS, fund, post, setStatus, sysadmin, tokenize } from '../../../test/support/payment-factories.ts';
import { person, postProject, postQuote, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { expireQuotes } from '../projects/quote-expiry.ts';

// Issue 15 item 6: the projects' notifications (new offer, counter, accepted, rejected, expired,
// funded, in progress, delivered, approved, claim, decision) land in the client–contractor
// conversation, reach open sockets live after commit, and carry the project and quote to act on.

type Frame = Record<string, unknown> & { action: string };
interface Notice {
  type: string;
  subject: string;
  text: string;
  senderId: string | null;
  projectId: string | null;
  quoteId: string | null;
  conversationId: string;
}

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** A socket that collects the notification messages it receives. */
async function listen(who: Person): Promise<{ notices: Notice[]; waitFor(subject: string): Promise<Notice>; close(): void }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie: who.headers.cookie! } });
  const notices: Notice[] = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    if (frame.action === 'message' && (frame.message as Notice).type === 'notification') notices.push(frame.message as Notice);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return {
    notices,
    async waitFor(subject) {
      for (let i = 0; i < 100; i++) {
        const n = notices.find((x) => x.subject === subject);
        if (n) return n;
        await new Promise((r) => setTimeout(r, 30));
      }
      throw new Error(`no live notice '${subject}'; got ${JSON.stringify(notices.map((n) => n.subject))}`);
    },
    close: () => ws.close(1000),
  };
}

const unread = async (who: Person) => (await t.app.inject({ method: 'GET', url: '/api/me/unread', headers: who.headers })).json().unread as number;

describe('project notifications in the conversation', () => {
  it('every step of an offer and a project reaches its recipient live, with the project and quote ids, and in the REST history', async () => {
    const client = await person(t, 'client', 'Yolanda');
    const contractor = await person(t, 'contractor', 'Ramón');
    const other = await person(t, 'contractor', 'Julio');
    const projectId = await postProject(t, client);
    const c = await listen(client);
    const k = await listen(contractor);
    const o = await listen(other);

    const before = await unread(client);
    const quoteId = await postQuote(t, contractor, projectId, { priceMinor: 1_000_000 });
    const offer = await c.waitFor('Nueva oferta a tu proyecto');
    expect(offer).toMatchObject({ type: 'notification', senderId: null, projectId, quoteId });
    // The client's unread count grew; the contractor (who made the offer) is not told of it.
    expect(await unread(client)).toBe(before + 1);

    const otherQuote = await postQuote(t, other, projectId);
    await c.waitFor('Nueva oferta a tu proyecto');

    expect((await post(t, client, `/api/quotes/${quoteId}/counter`, { priceMinor: 900_000 })).statusCode).toBe(200);
    expect(await k.waitFor('Contraoferta a tu oferta')).toMatchObject({ projectId, quoteId });
    expect((await post(t, contractor, `/api/quotes/${quoteId}/counter/answer`, { accept: true })).statusCode).toBe(200);
    expect(await c.waitFor('Respuesta a tu contraoferta')).toMatchObject({ projectId, quoteId });

    expect((await post(t, client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
    expect(await k.waitFor('Tu oferta fue aceptada')).toMatchObject({ projectId, quoteId });
    expect(await c.waitFor('Proyecto asignado')).toMatchObject({ projectId, quoteId });
    // The other contractor's offer was closed: told in their own conversation with the client.
    expect(await o.waitFor('Tu oferta no fue elegida')).toMatchObject({ projectId, quoteId: otherQuote });

    expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
    const funded = await k.waitFor('Pago protegido recibido');
    expect(funded).toMatchObject({ projectId });
    expect(funded.text).toContain('RD$9,000.00');
    // The money to begin is held: now, and only now, each gets the other's contact details (issue 29).
    expect((await k.waitFor('Ya pueden contactarse')).text).toContain(client.email);
    expect((await c.waitFor('Ya pueden contactarse')).text).toContain(contractor.email);

    await setStatus(t, contractor, projectId, 'in_progress');
    expect(await c.waitFor('Trabajo en progreso')).toMatchObject({ projectId });
    await setStatus(t, contractor, projectId, 'delivered', 'Listo.');
    expect(await c.waitFor('Trabajo entregado')).toMatchObject({ projectId });
    await setStatus(t, client, projectId, 'disputed', 'Falta una llave.');
    expect(await k.waitFor('Reclamación abierta')).toMatchObject({ projectId });
    const admin = await sysadmin(t);
    expect((await post(t, admin, `/api/admin/projects/${projectId}/decision`, { outcome: 'release' })).statusCode).toBe(200);
    expect(await c.waitFor('Reclamación resuelta')).toMatchObject({ projectId });

    // The REST history holds each person's own notices with the same links, and only theirs.
    const historyOf = async (who: Person) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/conversations/${offer.conversationId}/messages`, headers: who.headers });
      return (res.json().messages as Notice[]).filter((m) => m.type === 'notification').map((m) => [m.subject, m.projectId, m.quoteId]);
    };
    expect(await historyOf(contractor)).toEqual([
      ['Contraoferta a tu oferta', projectId, quoteId],
      ['Tu oferta fue aceptada', projectId, quoteId],
      ['Pago protegido recibido', projectId, null],
      ['Ya pueden contactarse', projectId, null],
      ['Reclamación abierta', projectId, null],
      ['Reclamación resuelta', projectId, null],
    ]);
    expect(await historyOf(client)).toEqual([
      ['Nueva oferta a tu proyecto', projectId, quoteId],
      ['Respuesta a tu contraoferta', projectId, quoteId],
      ['Proyecto asignado', projectId, quoteId],
      ['Ya pueden contactarse', projectId, null],
      ['Trabajo en progreso', projectId, null],
      ['Trabajo entregado', projectId, null],
      ['Reclamación resuelta', projectId, null],
    ]);
    // Each socket heard only its own notices: one 'Reclamación resuelta' each, none of the other's.
    expect(k.notices.filter((n) => n.conversationId === offer.conversationId).map((n) => n.subject)).toEqual((await historyOf(contractor)).map(([s]) => s));
    expect(c.notices.filter((n) => n.subject === 'Tu oferta fue aceptada' || n.subject === 'Pago protegido recibido')).toEqual([]);
    // Nobody else's socket heard any of it.
    expect(o.notices.every((n) => n.conversationId !== offer.conversationId)).toBe(true);
    for (const s of [c, k, o]) s.close();
  });

  it('an approval and an expired offer arrive live too; a refused move sends nothing', async () => {
    const client = await person(t, 'client', 'Marta');
    const contractor = await person(t, 'contractor', 'Luis');
    const projectId = await postProject(t, client);
    const k = await listen(contractor);
    const c = await listen(client);
    const quoteId = await postQuote(t, contractor, projectId);
    expect((await post(t, client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
    expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
    await setStatus(t, contractor, projectId, 'in_progress');
    await setStatus(t, contractor, projectId, 'delivered');
    await c.waitFor('Trabajo entregado');
    const seen = k.notices.length;
    // A refused move (the contractor cannot approve) stores and publishes nothing.
    expect((await setStatus(t, contractor, projectId, 'completado')).statusCode).toBeGreaterThanOrEqual(400);
    await setStatus(t, client, projectId, 'completado');
    expect(await k.waitFor('Trabajo aprobado')).toMatchObject({ projectId });
    expect(k.notices.length).toBe(seen + 1);

    const second = await postProject(t, client);
    const late = await postQuote(t, contractor, second);
    await expireQuotes({ db: t.db, mailer: t.app.mailer, appUrl: t.config.appUrl }, new Date(Date.now() + 60 * 86_400_000));
    expect(await k.waitFor('Tu oferta venció')).toMatchObject({ projectId: second, quoteId: late });
    k.close();
    c.close();
  });

  it('a notice is unread only for its recipient, and only they can mark it read', async () => {
    const client = await person(t, 'client', 'Inés');
    const contractor = await person(t, 'contractor', 'Pedro');
    const projectId = await postProject(t, client);
    const quoteId = await postQuote(t, contractor, projectId);
    // 'Nueva Oferta' is the client's: one unread for them, none for the contractor who made the offer.
    expect(await unread(client)).toBe(1);
    expect(await unread(contractor)).toBe(0);
    // The navbar's badge (the session's count) says the same.
    const badge = async (who: Person) => (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: who.headers })).json().user.unreadMessages as number;
    expect(await badge(client)).toBe(1);
    expect(await badge(contractor)).toBe(0);
    const listOf = async (who: Person) =>
      (await t.app.inject({ method: 'GET', url: '/api/conversations', headers: who.headers })).json().conversations as {
        id: string;
        unread: number;
        lastMessage: { type: string } | null;
      }[];
    const [forContractor] = await listOf(contractor);
    expect(forContractor).toMatchObject({ unread: 0, lastMessage: null });
    const [forClient] = await listOf(client);
    expect(forClient).toMatchObject({ id: forContractor!.id, unread: 1, lastMessage: { type: 'notification' } });

    // The contractor opening the conversation marks nothing: the client's notice stays unread for the client.
    const byContractor = await t.app.inject({ method: 'POST', url: `/api/conversations/${forClient!.id}/read`, headers: contractor.headers });
    expect(byContractor.json()).toEqual({ read: 0 });
    expect(await unread(client)).toBe(1);

    // The client's acceptance tells the contractor ('Tu oferta fue aceptada'): now one each, each marks their own.
    expect((await post(t, client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
    expect(await unread(contractor)).toBe(1);
    expect(await unread(client)).toBe(2);
    expect((await t.app.inject({ method: 'POST', url: `/api/conversations/${forClient!.id}/read`, headers: client.headers })).json()).toEqual({ read: 2 });
    expect(await unread(client)).toBe(0);
    expect(await unread(contractor)).toBe(1);
    expect((await t.app.inject({ method: 'POST', url: `/api/conversations/${forClient!.id}/read`, headers: contractor.headers })).json()).toEqual({ read: 1 });
    expect(await unread(contractor)).toBe(0);
  });
});
