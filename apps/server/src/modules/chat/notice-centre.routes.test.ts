import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notices as tn } from '@arreglaya/shared/i18n/notices';
import type { NoticesPage, NoticesRead } from '@arreglaya/shared/schemas/notifications';
import { noticesSent } from '../../db/client.ts';
import { person, postProject, postQuote, type Person } from '../../../test/support/project-factories.ts';
import { funded, post, setStatus, sysadmin } from '../../../test/support/payment-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { flushRefunds } from '../payments/payments.service.ts';

// The notification centre (issue 31, decision 031): GET /api/me/notices, the read marks, the
// session's count and the project page marking its notices read.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const list = async (who: Person, query = '') => t.app.inject({ method: 'GET', url: `/api/me/notices${query}`, headers: who.headers });
const page = async (who: Person, query = '') => {
  const res = await list(who, query);
  expect(res.statusCode).toBe(200);
  return res.json<NoticesPage>();
};
const markOne = (who: Person, id: string, payload?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/me/notices/${id}/read`,
    headers: { ...who.headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload,
  });
const markAll = (who: Person) => t.app.inject({ method: 'POST', url: '/api/me/notices/read', headers: who.headers });
const session = async (who: Person) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: who.headers })).json<{ user: { unreadNotices: number; unreadMessages: number } }>().user;

/** A client with `offers` offers from as many contractors, each on a project of its own; the notices arrive newest last. */
async function clientWithOffers(offers: number) {
  const client = await person(t, 'client', 'Yolanda');
  const projects: string[] = [];
  for (let i = 0; i < offers; i++) {
    const contractor = await person(t, 'contractor', `Ramón ${i}`);
    const projectId = await postProject(t, client, { title: `Proyecto número ${i + 1}` });
    await postQuote(t, contractor, projectId);
    projects.push(projectId);
  }
  await noticesSent(t.db);
  return { client, projects };
}

describe('GET /api/me/notices', () => {
  it("lists the person's notices newest first, with the place to act and the unread counts, page by page", async () => {
    const { client, projects } = await clientWithOffers(3);
    const first = await page(client, '?limit=2');
    expect(first.items.map((n) => n.url)).toEqual([`/proyectos/${projects[2]}#ofertas`, `/proyectos/${projects[1]}#ofertas`]);
    expect(first.items[0]).toMatchObject({ kind: 'newQuote', title: 'Nueva oferta a tu proyecto', read: false, text: expect.stringContaining('te envió una oferta') });
    expect(new Date(first.items[0]!.createdAt).getTime()).toBeGreaterThanOrEqual(new Date(first.items[1]!.createdAt).getTime());
    expect(first.unread).toEqual({ notices: 3, messages: 3 });
    expect(first.nextBefore).toBe(first.items[1]!.id);

    const second = await page(client, `?limit=2&before=${first.nextBefore}`);
    expect(second.items.map((n) => n.url)).toEqual([`/proyectos/${projects[0]}#ofertas`]);
    expect(second.nextBefore).toBeNull();
    // The bell's count comes with the session: no request of its own.
    expect(await session(client)).toMatchObject({ unreadNotices: 3, unreadMessages: 3 });
  });

  it('shows the contractor none of the notices of the client they wrote to', async () => {
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor');
    await postQuote(t, contractor, await postProject(t, client));
    await noticesSent(t.db);
    expect((await page(contractor)).items).toEqual([]);
    expect((await page(client)).items).toHaveLength(1);
  });

  it("refuses another person's notice as a cursor, bad cursors and bad limits with a Spanish message, never a 500", async () => {
    const { client } = await clientWithOffers(1);
    const stranger = await person(t, 'client', 'Marta');
    const [notice] = (await page(client)).items;
    const foreign = await list(stranger, `?before=${notice!.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(tn.notFound);
    for (const q of ['?before=nada', '?before=', '?limit=0', '?limit=51', '?limit=dos', `?before=${'a'.repeat(5000)}`]) {
      const res = await list(client, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.message, q).toMatch(/[a-záéíóúñ]/i);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/me/notices' })).statusCode).toBe(401);
  });
});

describe('marking notices read', () => {
  it('marks one when clicked, once, and answers the counts the bell shows', async () => {
    const { client } = await clientWithOffers(2);
    const [newest] = (await page(client)).items;
    const res = await markOne(client, newest!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<NoticesRead>()).toEqual({ read: 1, unread: { notices: 1, messages: 1 } });
    expect((await markOne(client, newest!.id)).json<NoticesRead>().read).toBe(0);
    const after = await page(client);
    expect(after.items.map((n) => n.read)).toEqual([true, false]);
    expect(await session(client)).toMatchObject({ unreadNotices: 1 });
  });

  it("cannot list, mark or learn of another person's notices: 404 and nothing changed", async () => {
    const { client } = await clientWithOffers(2);
    const other = await person(t, 'contractor', 'Intruso');
    const [notice] = (await page(client)).items;
    const res = await markOne(other, notice!.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(tn.notFound);
    expect((await markAll(other)).json<NoticesRead>().read).toBe(0);
    const still = await page(client);
    expect(still.items.every((n) => !n.read)).toBe(true);
    expect(still.unread.notices).toBe(2);
  });

  it('refuses bad ids, huge and broken bodies with a 4xx and a Spanish message', async () => {
    const { client } = await clientWithOffers(1);
    const [notice] = (await page(client)).items;
    const cases: [string, number, string | undefined][] = [
      ['nada', 400, undefined],
      ['00000000-0000-0000-0000-000000000000', 404, undefined],
      [`${notice!.id}x`, 400, undefined],
      [notice!.id, 400, '{"roto":'],
      [notice!.id, 400, ''],
      [notice!.id, 413, JSON.stringify({ relleno: 'x'.repeat(2_000_000) })],
    ];
    for (const [id, status, body] of cases) {
      const res = await markOne(client, id, body);
      expect(res.statusCode, `${id.slice(0, 40)} ${status}`).toBe(status);
      expect(res.json().error.message).toMatch(/[a-záéíóúñ]/i);
    }
    // None of them marked anything; an empty JSON object is a fine body.
    expect((await page(client)).unread.notices).toBe(1);
    expect((await markOne(client, notice!.id, '{}')).json<NoticesRead>().read).toBe(1);
  });

  it('50 concurrent marks of one notice mark it once', async () => {
    const { client } = await clientWithOffers(1);
    const [notice] = (await page(client)).items;
    const answers = await Promise.all(Array.from({ length: 50 }, () => markOne(client, notice!.id)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(answers.reduce((sum, r) => sum + r.json<NoticesRead>().read, 0)).toBe(1);
    expect((await page(client)).unread.notices).toBe(0);
  });

  it('marks all read, and only the person’s own', async () => {
    const { client } = await clientWithOffers(3);
    const { client: neighbour } = await clientWithOffers(1);
    expect((await markAll(client)).json<NoticesRead>()).toEqual({ read: 3, unread: { notices: 0, messages: 0 } });
    expect((await page(client)).items.every((n) => n.read)).toBe(true);
    expect((await page(neighbour)).unread.notices).toBe(1);
  });

  it("opening the project page marks that project's notices read for the viewer, and no one else's", async () => {
    const { client, projects } = await clientWithOffers(2);
    const stranger = await person(t, 'contractor', 'Curioso');
    // Another contractor opening the (open) project changes nothing of the client's.
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${projects[0]}?notices=read`, headers: stranger.headers })).statusCode).toBe(200);
    expect((await page(client)).unread.notices).toBe(2);
    // Without the web's ?notices=read (nothing unread in its session) the page reads as before.
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${projects[0]}`, headers: client.headers })).statusCode).toBe(200);
    expect((await page(client)).unread.notices).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${projects[0]}?notices=nada`, headers: client.headers })).statusCode).toBe(400);

    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${projects[0]}?notices=read`, headers: client.headers })).statusCode).toBe(200);
    const after = await page(client);
    expect(after.items.map((n) => [n.url, n.read])).toEqual([
      [`/proyectos/${projects[1]}#ofertas`, false],
      [`/proyectos/${projects[0]}#ofertas`, true],
    ]);
    expect(after.unread).toEqual({ notices: 1, messages: 1 });
  });
});

describe('what the centre lists', () => {
  it("a counter-offer reaches the contractor's centre with its kind and place", async () => {
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor');
    const projectId = await postProject(t, client);
    const quoteId = await postQuote(t, contractor, projectId);
    const res = await t.app.inject({ method: 'POST', url: `/api/quotes/${quoteId}/counter`, headers: client.headers, payload: { priceMinor: 1_000_000 } });
    expect(res.statusCode).toBe(200);
    await noticesSent(t.db);
    const [notice] = (await page(contractor)).items;
    expect(notice).toMatchObject({ kind: 'quoteCountered', title: 'Contraoferta a tu oferta', url: `/proyectos/${projectId}#mi-oferta`, read: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/me/unread', headers: contractor.headers })).json()).toEqual({ unread: 1, notices: 1 });
  });

  it('a hired project’s steps reach each person’s centre with their kind: payment held, contacts, work, claim, decision, refund', async () => {
    const { client, contractor, projectId } = await funded(t);
    await setStatus(t, contractor, projectId, 'in_progress');
    await setStatus(t, client, projectId, 'disputed', 'No terminó el trabajo.');
    const admin = await sysadmin(t);
    expect((await post(t, admin, `/api/admin/projects/${projectId}/decision`, { outcome: 'refund', note: 'No se hizo el trabajo.' })).statusCode).toBe(200);
    // The refund goes to the processor here, or first by the sweep the decision kicked: the refund's
    // notice follows whichever sweep's commit sent it (decision 074), so the client's list is waited for.
    await flushRefunds(t.app.payments.deps);
    await noticesSent(t.db);
    // Each leads to the project's page, at the section where its person acts (issue 46).
    const kinds = async (who: Person) => (await page(who)).items.map((n) => [n.kind, n.url.replace(projectId, ':id')]).reverse();
    await vi.waitFor(
      async () =>
        expect(await kinds(client)).toEqual([
          ['newQuote', '/proyectos/:id#ofertas'],
          ['projectAssigned', '/proyectos/:id'],
          ['contactShared', '/proyectos/:id'],
          ['projectStarted', '/proyectos/:id'],
          ['claimDecided', '/proyectos/:id'],
          ['refundSent', '/proyectos/:id'],
        ]),
      { timeout: 10_000, interval: 50 },
    );
    expect(await kinds(contractor)).toEqual([
      ['quoteAccepted', '/proyectos/:id#mi-oferta'],
      ['projectFunded', '/proyectos/:id#mi-oferta'],
      ['contactShared', '/proyectos/:id'],
      ['projectDisputed', '/proyectos/:id'],
      ['claimDecided', '/proyectos/:id'],
    ]);
  });

  it('a review’s moderation reaches its author and the person reviewed, leading to their reviews', async () => {
    const { client, contractor, projectId } = await funded(t);
    await setStatus(t, contractor, projectId, 'in_progress');
    await setStatus(t, contractor, projectId, 'delivered');
    expect((await setStatus(t, client, projectId, 'completado')).statusCode).toBe(200);
    const written = await post(t, client, `/api/projects/${projectId}/review`, { rating: 5, title: 'Excelente trabajo', comments: 'Llegó a tiempo y dejó todo limpio.' });
    expect(written.statusCode).toBe(201);
    const admin = await sysadmin(t);
    expect((await post(t, admin, `/api/admin/reviews/${written.json().review.id as string}/approve`)).statusCode).toBe(200);
    await noticesSent(t.db);
    const [toAuthor] = (await page(client)).items;
    const [toSubject] = (await page(contractor)).items;
    expect(toAuthor).toMatchObject({ kind: 'reviewApproved', title: 'Tu reseña fue publicada', url: '/perfil/reviews', read: false });
    expect(toSubject).toMatchObject({ kind: 'reviewPublished', title: 'Tienes una nueva reseña', url: '/perfil/reviews', read: false });
  });
});
