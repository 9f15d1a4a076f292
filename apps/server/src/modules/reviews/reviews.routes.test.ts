import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorProfiles, reviews } from '../../db/schema/index.ts';
import { person, postProject, postQuote, type Person } from '../../../test/support/project-factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { CARDS, fund, tokenize } from '../../../test/support/payment-factories.ts';

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PUT', who: Person | null, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const setStatus = (who: Person, projectId: string, status: string) => send('POST', who, `/api/projects/${projectId}/status`, { status });
const form = (overrides: Record<string, unknown> = {}) => ({ rating: 5, title: 'Excelente trabajo', comments: 'Llegó a tiempo y dejó todo limpio.', ...overrides });

/** The client pays the agreed price into payment protection (work may start once it is held). */
async function payFor(client: Person, projectId: string) {
  expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
}

/** A project the client hired the contractor for, taken as far as `until`. */
async function project(until: 'assigned' | 'completado' = 'completado', contractorName = 'Ramón') {
  const client = await person(t, 'client', 'Yolanda');
  const contractor = await person(t, 'contractor', contractorName);
  const projectId = await postProject(t, client);
  const quoteId = await postQuote(t, contractor, projectId);
  expect((await send('POST', client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
  if (until === 'completado') {
    await payFor(client, projectId);
    expect((await setStatus(contractor, projectId, 'in_progress')).statusCode).toBe(200);
    expect((await setStatus(contractor, projectId, 'delivered')).statusCode).toBe(200);
    expect((await setStatus(client, projectId, 'completado')).statusCode).toBe(200);
  }
  return { client, contractor, projectId };
}

const review = (who: Person | null, projectId: string, body: unknown = form()) => send('POST', who, `/api/projects/${projectId}/review`, body);
const approve = (admin: Person, id: string) => send('POST', admin, `/api/admin/reviews/${id}/approve`);
const profileOf = async (id: string) => (await t.db.query.contractorProfiles.findFirst({ where: eq(contractorProfiles.userId, id) }))!;

describe('writing a review', () => {
  it('lets the client and the contractor of a completed project review each other once, pending until moderated', async () => {
    const { client, contractor, projectId } = await project();
    expect((await send('GET', client, `/api/projects/${projectId}/review`)).json()).toEqual({ canReview: true, mine: null });

    const res = await review(client, projectId);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Tu reseña fue enviada. Gracias por tu opinión. Nos ayuda a mejorar el sistema.');
    expect(res.json().review).toMatchObject({ status: 'pending', rating: 5, direction: 'client_to_contractor', subjectId: contractor.id, authorName: 'Yolanda A.' });
    const back = await review(contractor, projectId, form({ rating: 4, title: 'Buena clienta', comments: 'Pagó a tiempo.' }));
    expect(back.statusCode).toBe(201);
    expect(back.json().review).toMatchObject({ direction: 'contractor_to_client', subjectId: client.id });

    const second = await review(client, projectId, form({ rating: 1 }));
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('Ya dejaste tu reseña de este proyecto. Puedes editarla mientras esté pendiente.');
    expect((await send('GET', client, `/api/projects/${projectId}/review`)).json()).toMatchObject({ canReview: false, mine: { status: 'pending' } });
    // A pending review counts nowhere yet.
    expect(await profileOf(contractor.id)).toMatchObject({ ratingCount: 0, ratingAvg: 0 });
  });

  it('answers the spec messages under the fields for bad input', async () => {
    const { client, projectId } = await project();
    const res = await review(client, projectId, { rating: 0, title: '', comments: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ rating: 'Elige una opción válida.', title: 'Campo obligatorio.', comments: 'Campo obligatorio.' });
    expect((await review(client, projectId, form({ rating: 6 }))).json().error.fields).toEqual({ rating: 'Elige una opción válida.' });
    expect((await review(client, projectId, form({ rating: 'cinco' }))).json().error.fields).toEqual({ rating: 'Elige una opción válida.' });
  });

  it('refuses a review before completion, by someone outside the project, and by a sysadmin', async () => {
    const early = await project('assigned');
    const before = await review(early.client, early.projectId);
    expect(before.statusCode).toBe(409);
    expect(before.json().error.message).toBe('Podrás dejar tu reseña cuando el proyecto esté completado.');
    expect((await send('GET', early.client, `/api/projects/${early.projectId}/review`)).json().canReview).toBe(false);

    const { projectId } = await project();
    const stranger = await person(t, 'client', 'Marta');
    const otherContractor = await person(t, 'contractor', 'Pedro');
    for (const who of [stranger, otherContractor]) {
      const res = await review(who, projectId);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('Solo el cliente y el contratista del proyecto pueden dejar una reseña.');
      expect((await send('GET', who, `/api/projects/${projectId}/review`)).statusCode).toBe(403);
    }
    expect((await review(await person(t, 'sysadmin', 'Admin'), projectId)).statusCode).toBe(403);
    expect((await review(null, projectId)).statusCode).toBe(401);
    expect((await review(stranger, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await t.db.$count(reviews, eq(reviews.projectId, projectId))).toBe(0);
  });

  it('lets only its author edit a review, and only while it is pending', async () => {
    const { client, contractor, projectId } = await project();
    const id = (await review(client, projectId)).json().review.id as string;
    const edited = await send('PUT', client, `/api/reviews/${id}`, form({ rating: 3, title: 'Bien', comments: 'Tardó un poco.' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().review).toMatchObject({ rating: 3, title: 'Bien', status: 'pending' });
    const notMine = await send('PUT', contractor, `/api/reviews/${id}`, form());
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error.message).toBe('Solo su autor puede editar esta reseña.');

    await approve(await person(t, 'sysadmin', 'Admin'), id);
    const late = await send('PUT', client, `/api/reviews/${id}`, form({ rating: 1 }));
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Esta reseña ya fue revisada y no se puede editar.');
    expect((await t.db.query.reviews.findFirst({ where: eq(reviews.id, id) }))!.rating).toBe(3);
  });
});

describe('moderation', () => {
  it('is for sysadmins only', async () => {
    const { client, contractor, projectId } = await project();
    const id = (await review(client, projectId)).json().review.id as string;
    for (const who of [client, contractor]) {
      expect((await send('GET', who, '/api/admin/reviews')).statusCode).toBe(403);
      expect((await approve(who, id)).statusCode).toBe(403);
      expect((await send('POST', who, `/api/admin/reviews/${id}/reject`, { reason: 'No' })).statusCode).toBe(403);
    }
    expect((await send('GET', null, '/api/admin/reviews')).statusCode).toBe(401);
    expect((await t.db.query.reviews.findFirst({ where: eq(reviews.id, id) }))!.status).toBe('pending');
  });

  it('lists pending reviews oldest first; approval publishes, recomputes the rating and tells both people', async () => {
    const admin = await person(t, 'sysadmin', 'Admin');
    const a = await project('completado', 'Wenceslao');
    const b = await project('completado', 'Wenceslao');
    const search = async (query: string) =>
      (await send('GET', null, `/api/contractors?q=Wenceslao${query}`)).json() as { items: { id: string; ratingAvg: number; ratingCount: number }[] };
    const before = await search('&sort=rating_desc');
    expect(before.items.map((c) => c.ratingCount)).toEqual([0, 0]);
    expect((await search('&rating=star5')).items).toEqual([]);

    const ra = (await review(a.client, a.projectId, form({ rating: 3 }))).json().review.id as string;
    const rb = (await review(b.client, b.projectId, form({ rating: 5 }))).json().review.id as string;
    const queue = (await send('GET', admin, '/api/admin/reviews')).json();
    const order = queue.items.map((r: { id: string }) => r.id);
    expect(order.indexOf(ra)).toBeLessThan(order.indexOf(rb));
    expect(queue.items.every((r: { status: string }) => r.status === 'pending')).toBe(true);

    const res = await approve(admin, rb);
    expect(res.statusCode).toBe(200);
    expect(res.json().review.status).toBe('approved');
    await approve(admin, ra);
    expect((await approve(admin, ra)).statusCode).toBe(409);
    expect(await profileOf(b.contractor.id)).toMatchObject({ ratingAvg: 5, ratingCount: 1, completedProjects: 1 });
    expect(await profileOf(a.contractor.id)).toMatchObject({ ratingAvg: 3, ratingCount: 1, completedProjects: 1 });

    // The directory (and its cache) sees it: the 5-star contractor now sorts first, and only he is in '5 estrellas'.
    await expect
      .poll(async () => (await search('&sort=rating_desc')).items.map((c) => [c.id, c.ratingAvg, c.ratingCount]))
      .toEqual([
        [b.contractor.id, 5, 1],
        [a.contractor.id, 3, 1],
      ]);
    await expect.poll(async () => (await search('&rating=star5')).items.map((c) => c.id)).toEqual([b.contractor.id]);
    const page = (await send('GET', null, `/api/contractors/${b.contractor.id}`)).json();
    expect(page.reviews).toEqual([expect.objectContaining({ id: rb, rating: 5, authorName: 'Yolanda A.', reply: null })]);

    const toAuthor = await t.smtp.waitFor((m) => m.to.includes(b.client.email) && m.subject === 'ArreglaYa - Tu reseña fue publicada');
    expect(toAuthor.text).toContain('Cambiar tubería del baño');
    const toSubject = await t.smtp.waitFor((m) => m.to.includes(b.contractor.email) && m.subject === 'ArreglaYa - Tienes una nueva reseña');
    expect(toSubject.text).toContain('Yolanda A. dejó una reseña sobre el proyecto «Cambiar tubería del baño» y te calificó con 5 de 5 estrellas.');
  });

  it('rejects with a required reason, mailed to the author; a rejected review counts nowhere', async () => {
    const admin = await person(t, 'sysadmin', 'Admin');
    const { client, contractor, projectId } = await project();
    const id = (await review(client, projectId, form({ rating: 1 }))).json().review.id as string;
    const noReason = await send('POST', admin, `/api/admin/reviews/${id}/reject`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ reason: 'Escribe el motivo del rechazo.' });
    expect((await send('POST', admin, `/api/admin/reviews/${id}/reject`, { reason: 'x'.repeat(501) })).statusCode).toBe(400);

    const res = await send('POST', admin, `/api/admin/reviews/${id}/reject`, { reason: 'Contiene datos personales.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().review).toMatchObject({ status: 'rejected', rejectionReason: 'Contiene datos personales.' });
    const mail = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Tu reseña no fue publicada');
    expect(mail.text).toContain('Motivo: Contiene datos personales.');
    expect(await profileOf(contractor.id)).toMatchObject({ ratingCount: 0 });
    expect((await send('GET', contractor, `/api/contractors/${contractor.id}`)).json().reviews).toEqual([]);

    // The author sees it with the reason; the reviewed person does not see it at all.
    const mine = (await send('GET', client, '/api/me/reviews?tab=by')).json();
    expect(mine.items).toEqual([expect.objectContaining({ id, status: 'rejected', rejectionReason: 'Contiene datos personales.' })]);
    expect((await send('GET', contractor, '/api/me/reviews?tab=about')).json()).toMatchObject({ items: [], counts: { about: 0 } });
  });
  it('counts every one of three approvals of one contractor made at the same instant', async () => {
    const admin = await person(t, 'sysadmin', 'Admin');
    const contractor = await person(t, 'contractor', 'Ramón');
    const ids: string[] = [];
    for (const rating of [5, 4, 3]) {
      const client = await person(t, 'client', 'Yolanda');
      const projectId = await postProject(t, client);
      const quoteId = await postQuote(t, contractor, projectId);
      await send('POST', client, `/api/quotes/${quoteId}/accept`);
      await payFor(client, projectId);
      await setStatus(contractor, projectId, 'in_progress');
      await setStatus(contractor, projectId, 'delivered');
      await setStatus(client, projectId, 'completado');
      ids.push((await review(client, projectId, form({ rating }))).json().review.id as string);
    }
    const answers = await Promise.all(ids.map((id) => approve(admin, id)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await profileOf(contractor.id)).toMatchObject({ ratingAvg: 4, ratingCount: 3, completedProjects: 3 });
  });
});

describe('the reply and /perfil/reviews', () => {
  it('lets the reviewed person reply once to a published review, shown on the public page', async () => {
    const admin = await person(t, 'sysadmin', 'Admin');
    const { client, contractor, projectId } = await project();
    const id = (await review(client, projectId)).json().review.id as string;
    const early = await send('PUT', contractor, `/api/reviews/${id}/reply`, { reply: 'Gracias.' });
    expect(early.statusCode).toBe(409);
    await approve(admin, id);

    const other = await person(t, 'contractor', 'Pedro');
    for (const who of [client, other]) {
      const res = await send('PUT', who, `/api/reviews/${id}/reply`, { reply: 'Falso.' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('Solo la persona de quien trata la reseña puede responderla.');
    }
    expect((await send('PUT', contractor, `/api/reviews/${id}/reply`, { reply: '' })).json().error.fields).toEqual({ reply: 'Campo obligatorio.' });
    const ok = await send('PUT', contractor, `/api/reviews/${id}/reply`, { reply: '¡Gracias, Yolanda!' });
    expect(ok.statusCode).toBe(200);
    const again = await send('PUT', contractor, `/api/reviews/${id}/reply`, { reply: 'Otra vez.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Ya respondiste a esta reseña.');
    await expect.poll(async () => (await send('GET', null, `/api/contractors/${contractor.id}`)).json().reviews[0]?.reply).toBe('¡Gracias, Yolanda!');
  });

  it('shows each person the reviews about them and by them, with counts, rating and sorts, and only their own', async () => {
    const admin = await person(t, 'sysadmin', 'Admin');
    const contractor = await person(t, 'contractor', 'Ramón');
    const ratings = [2, 5, 4];
    const ids: string[] = [];
    for (const rating of ratings) {
      const client = await person(t, 'client', 'Yolanda');
      const projectId = await postProject(t, client);
      const quoteId = await postQuote(t, contractor, projectId);
      await send('POST', client, `/api/quotes/${quoteId}/accept`);
      await payFor(client, projectId);
      await setStatus(contractor, projectId, 'in_progress');
      await setStatus(contractor, projectId, 'delivered');
      await setStatus(client, projectId, 'completado');
      ids.push((await review(client, projectId, form({ rating }))).json().review.id as string);
    }
    await approve(admin, ids[0]!);
    await approve(admin, ids[1]!);
    const about = (await send('GET', contractor, '/api/me/reviews?tab=about&sort=highest')).json();
    expect(about).toMatchObject({ total: 2, counts: { about: 2, by: 0 }, rating: { average: 3.5, count: 2 } });
    expect(about.items.map((r: { rating: number }) => r.rating)).toEqual([5, 2]);
    expect((await send('GET', contractor, '/api/me/reviews?tab=about&sort=lowest')).json().items.map((r: { rating: number }) => r.rating)).toEqual([2, 5]);
    expect((await send('GET', contractor, '/api/me/reviews?tab=about&sort=oldest')).json().items.map((r: { id: string }) => r.id)).toEqual([ids[0], ids[1]]);
    expect((await send('GET', contractor, '/api/me/reviews?tab=about&sort=newest')).json().items.map((r: { id: string }) => r.id)).toEqual([ids[1], ids[0]]);
    expect(await profileOf(contractor.id)).toMatchObject({ ratingAvg: 3.5, ratingCount: 2, completedProjects: 3 });

    const stranger = await person(t, 'client', 'Marta');
    expect((await send('GET', stranger, '/api/me/reviews?tab=about')).json()).toMatchObject({ items: [], counts: { about: 0, by: 0 } });
    expect((await send('GET', stranger, '/api/me/reviews?sort=nope')).json().error.fields).toEqual({ sort: 'Elige una opción válida.' });
  });
});
