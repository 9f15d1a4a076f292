import { offerTerms } from '../../../test/support/project-factories.ts';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorProfiles, conversations, emailOutbox, logTrail, messages, projects, quotes } from '../../db/schema/index.ts';
import sharp from 'sharp';
import { person, postProject, postQuote, projectForm, projectStatus, uploadPhoto, type Person } from '../../../test/support/project-factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { saveNotificationPreferences } from '../notifications/notification-preferences.repository.ts';
import { runJob } from '../../../test/support/jobs.ts';
import { CARDS, fund, tokenize } from '../../../test/support/payment-factories.ts';

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const post = (who: Person | null, url: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const get = (who: Person | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const setStatus = (who: Person, projectId: string, status: string, note?: string) => post(who, `/api/projects/${projectId}/status`, { status, ...(note ? { note } : {}) });

/** A project whose client hired the contractor and paid the price into payment protection (work may start). */
async function hired() {
  const client = await person(t, 'client', 'Yolanda');
  const contractor = await person(t, 'contractor', 'Ramón');
  const projectId = await postProject(t, client);
  const quoteId = await postQuote(t, contractor, projectId);
  expect((await post(client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
  await payFor(client, projectId);
  return { client, contractor, projectId, quoteId };
}

async function payFor(client: Person, projectId: string) {
  expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
}

async function snapshot(projectId: string) {
  const p = await t.db.query.projects.findFirst({ where: eq(projects.id, projectId) });
  const q = await t.db.select({ id: quotes.id, status: quotes.status }).from(quotes).where(eq(quotes.projectId, projectId));
  return { p, q };
}

describe('after hiring: in progress, delivered, approved', () => {
  it('walks the work to completado, telling the other side at each step, and counts the completed project', async () => {
    const { client, contractor, projectId } = await hired();
    const start = await setStatus(contractor, projectId, 'in_progress');
    expect(start.json()).toEqual({ message: 'Trabajo marcado en progreso.', status: 'in_progress' });
    await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Trabajo en progreso');

    const deliver = await setStatus(contractor, projectId, 'delivered', 'Quedó listo, revise la llave de paso.');
    expect(deliver.json().status).toBe('delivered');
    const delivered = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Trabajo entregado');
    expect(delivered.text).toContain('Nota del contratista: Quedó listo, revise la llave de paso.');
    expect((await get(client, `/api/projects/${projectId}`)).json().deliveryNote).toBe('Quedó listo, revise la llave de paso.');
    expect((await get(client, '/api/me/projects')).json().items[0]).toMatchObject({ id: projectId, nextAction: 'approve' });

    const approve = await setStatus(client, projectId, 'completado');
    expect(approve.json()).toEqual({ message: 'Trabajo aprobado. ¡Gracias!', status: 'completado' });
    await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === 'ArreglaYa - Trabajo aprobado');
    const profile = await t.db.query.contractorProfiles.findFirst({ where: eq(contractorProfiles.userId, contractor.id) });
    expect(profile!.completedProjects).toBe(1);
    const p = await t.db.query.projects.findFirst({ where: eq(projects.id, projectId) });
    expect(p).toMatchObject({ status: 'completado', startedAt: expect.any(Date), deliveredAt: expect.any(Date), completedAt: expect.any(Date) });
    const log = await t.db
      .select({ action: logTrail.action })
      .from(logTrail)
      .where(eq(logTrail.location, `/proyectos/${projectId}`));
    expect(log.map((l) => l.action)).toEqual(
      expect.arrayContaining(['project-created', 'quote-sent', 'quote-accepted', 'project-in_progress', 'project-delivered', 'project-completado']),
    );
  });

  it('lets the hired contractor add photos of the work while it is in progress, shown to the client only', async () => {
    const { client, contractor, projectId } = await hired();
    const photo = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const url = `/api/projects/${projectId}/delivery-photos`;
    const early = await uploadPhoto(t, contractor, url, photo);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Solo puedes agregar fotos de un trabajo en progreso.');
    await setStatus(contractor, projectId, 'in_progress');
    expect((await uploadPhoto(t, await person(t, 'contractor'), url, photo)).statusCode).toBe(403);
    expect((await uploadPhoto(t, client, url, photo)).statusCode).toBe(403);
    const added = await uploadPhoto(t, contractor, url, photo);
    expect(added.statusCode).toBe(201);
    const detail = (await get(client, `/api/projects/${projectId}`)).json();
    expect(detail.deliveryPhotos.map((p: { id: string }) => p.id)).toEqual([added.json().photos[0].id]);
    expect(detail).toMatchObject({ photos: [], coverPhotoId: null });
    await setStatus(contractor, projectId, 'delivered');
    expect((await uploadPhoto(t, contractor, url, photo)).statusCode).toBe(409);
  });

  it('lets the client open a claim on delivered work, with a reason', async () => {
    const { client, contractor, projectId } = await hired();
    await setStatus(contractor, projectId, 'in_progress');
    await setStatus(contractor, projectId, 'delivered');
    const noReason = await setStatus(client, projectId, 'disputed');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ note: 'Cuéntanos qué pasó.' });
    const res = await setStatus(client, projectId, 'disputed', 'Sigue goteando.');
    expect(res.json().status).toBe('disputed');
    const mail = await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === 'ArreglaYa - Reclamación abierta');
    expect(mail.text).toContain('Motivo: Sigue goteando.');
  });

  it('approves delivered work by itself after 7 days without approval or claim, releasing the money 3 days later (decision 054)', async () => {
    const late = await hired();
    const recent = await hired();
    for (const h of [late, recent]) {
      await setStatus(h.contractor, h.projectId, 'in_progress');
      await setStatus(h.contractor, h.projectId, 'delivered');
    }
    const day = 86_400_000;
    await t.db
      .update(projects)
      .set({ deliveredAt: new Date(Date.now() - 7 * day - 60_000) })
      .where(eq(projects.id, late.projectId));
    await t.db
      .update(projects)
      .set({ deliveredAt: new Date(Date.now() - 6 * day) })
      .where(eq(projects.id, recent.projectId));
    // Through the job queue, as its schedule runs it: approved automatically, the money still held; a second run changes nothing.
    expect(await runJob(t.app.jobs, 'deliveries-auto-approve')).toBe(1);
    expect(await runJob(t.app.jobs, 'deliveries-auto-approve')).toBe(0);
    expect((await projectStatus(t, late.projectId))!.status).toBe('delivered');
    // Three days later nobody claimed: completado, released (and the recent one is approved automatically in turn).
    expect(await runJob(t.app.jobs, 'deliveries-auto-approve', { at: new Date(Date.now() + 3 * day + 60_000).toISOString() })).toBe(2);
    expect((await projectStatus(t, late.projectId))!.status).toBe('completado');
    expect((await projectStatus(t, recent.projectId))!.status).toBe('delivered');
    const mail = await t.smtp.waitFor((m) => m.to.includes(late.contractor.email) && m.subject === 'ArreglaYa - Trabajo aprobado');
    expect(mail.text).toContain('aprobado automáticamente');
    expect((await t.db.query.contractorProfiles.findFirst({ where: eq(contractorProfiles.userId, late.contractor.id) }))!.completedProjects).toBe(1);
    expect((await setStatus(late.client, late.projectId, 'disputed', 'Tarde')).statusCode).toBe(409);
  });

  it('refuses every move the table forbids with a 409 in Spanish, changing nothing', async () => {
    const { client, contractor, projectId, quoteId } = await hired();
    const before = await snapshot(projectId);
    const refusals: [Promise<{ statusCode: number; json(): { error: { message: string } } }>, string][] = [
      [setStatus(client, projectId, 'completado'), 'Solo puedes aprobar un trabajo entregado.'],
      [setStatus(contractor, projectId, 'delivered'), 'Solo puedes entregar un trabajo en progreso.'],
      [setStatus(client, projectId, 'disputed', 'Todavía no empezó.'), 'Solo puedes abrir una reclamación de un trabajo en progreso o entregado.'],
      [
        t.app.inject({ method: 'PUT', url: `/api/projects/${projectId}`, headers: client.headers, payload: projectForm() }),
        'Solo puedes editar un proyecto abierto que todavía no tiene una oferta aceptada.',
      ],
      [t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}`, headers: client.headers }), 'Este proyecto ya no se puede cancelar ni eliminar.'],
      [post(client, `/api/quotes/${quoteId}/accept`), 'Este proyecto ya no está abierto: no se puede aceptar otra oferta.'],
      [post(client, `/api/quotes/${quoteId}/reject`, {}), 'Esta oferta ya no está abierta.'],
      [post(client, `/api/quotes/${quoteId}/counter`, { priceMinor: 100 }), 'Esta oferta ya no está abierta.'],
      [post(contractor, `/api/quotes/${quoteId}/withdraw`), 'Esta oferta ya no está abierta.'],
      [
        post(contractor, `/api/projects/${projectId}/quotes`, { ...offerTerms(), priceMinor: 100, description: 'Otra oferta con materiales.' }),
        'Este proyecto ya no recibe ofertas.',
      ],
    ];
    for (const [call, message] of refusals) {
      const res = await call;
      expect(res.statusCode, message).toBe(409);
      expect(res.json().error.message).toBe(message);
    }
    await setStatus(contractor, projectId, 'in_progress');
    const twice = await setStatus(contractor, projectId, 'in_progress');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Solo puedes empezar un trabajo que te asignaron y que aún no empezó.');
    const after = await snapshot(projectId);
    expect(after.q).toEqual(before.q);
    expect({ ...after.p, status: 'assigned', startedAt: null, updatedAt: null }).toEqual({ ...before.p, startedAt: null, updatedAt: null });
  });

  it('keeps each move to its side: 403 for the other side and for other contractors', async () => {
    const { client, contractor, projectId } = await hired();
    const stranger = await person(t, 'contractor', 'Extraño');
    expect((await setStatus(client, projectId, 'in_progress')).statusCode).toBe(403);
    expect((await setStatus(stranger, projectId, 'in_progress')).statusCode).toBe(403);
    await setStatus(contractor, projectId, 'in_progress');
    await setStatus(contractor, projectId, 'delivered');
    expect((await setStatus(contractor, projectId, 'completado')).statusCode).toBe(403);
    expect((await setStatus(await person(t, 'client'), projectId, 'completado')).statusCode).toBe(403);
    expect((await projectStatus(t, projectId))!.status).toBe('delivered');
  });
});

describe('Mis ofertas and Mis trabajos', () => {
  it('lists the contractor’s quotes by state and the jobs they were hired for', async () => {
    const { contractor, projectId, quoteId } = await hired();
    const client2 = await person(t, 'client');
    const open = await postQuote(t, contractor, await postProject(t, client2, { title: 'Otro baño' }));
    const mine = (await get(contractor, '/api/me/quotes')).json().items as { id: string; status: string; project: { title: string } }[];
    expect(mine.map((q) => [q.id, q.status])).toEqual([
      [open, 'created'],
      [quoteId, 'accepted'],
    ]);
    expect((await get(contractor, '/api/me/quotes?status=accepted')).json().items.map((q: { id: string }) => q.id)).toEqual([quoteId]);
    const jobs = (await get(contractor, '/api/me/jobs')).json().items as { id: string; status: string; agreedPriceMinor: number }[];
    expect(jobs).toEqual([expect.objectContaining({ id: projectId, status: 'assigned', agreedPriceMinor: 1_250_000 })]);
    expect((await get(contractor, '/api/me/jobs?status=completado')).json().items).toEqual([]);
    expect((await get(client2, '/api/me/jobs')).statusCode).toBe(403);
  });
});

describe('who sees offers and contact data', () => {
  it('shows a project’s offers to its client only; a contractor sees only their own', async () => {
    const client = await person(t, 'client');
    const a = await person(t, 'contractor', 'Ana');
    const b = await person(t, 'contractor', 'Beto');
    const projectId = await postProject(t, client);
    const qa = await postQuote(t, a, projectId);
    const qb = await postQuote(t, b, projectId);
    expect((await get(client, `/api/projects/${projectId}/quotes`)).json().items).toHaveLength(2);
    expect((await get(a, `/api/projects/${projectId}/quotes`)).json().items.map((o: { id: string }) => o.id)).toEqual([qa]);
    expect((await get(b, `/api/projects/${projectId}/quotes`)).json().items.map((o: { id: string }) => o.id)).toEqual([qb]);
    expect((await get(await person(t, 'contractor'), `/api/projects/${projectId}/quotes`)).json().items).toEqual([]);
    expect((await get(await person(t, 'client'), `/api/projects/${projectId}/quotes`)).statusCode).toBe(404);
    expect((await get(await person(t, 'sysadmin'), `/api/projects/${projectId}/quotes`)).statusCode).toBe(403);
    expect((await get(null, `/api/projects/${projectId}/quotes`)).statusCode).toBe(401);
  });

  it('lets nobody decide, counter or withdraw someone else’s offer', async () => {
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor');
    const projectId = await postProject(t, client);
    const quoteId = await postQuote(t, contractor, projectId);
    const otherClient = await person(t, 'client');
    const otherContractor = await person(t, 'contractor');
    for (const url of ['accept', 'reject', 'counter']) {
      const res = await post(otherClient, `/api/quotes/${quoteId}/${url}`, url === 'counter' ? { priceMinor: 100 } : url === 'reject' ? {} : undefined);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await post(otherContractor, `/api/quotes/${quoteId}/withdraw`)).statusCode).toBe(404);
    expect((await post(otherContractor, `/api/quotes/${quoteId}/counter/answer`, { accept: true })).statusCode).toBe(404);
    expect((await post(contractor, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(403);
    expect((await t.db.query.quotes.findFirst({ where: eq(quotes.id, quoteId) }))!.status).toBe('created');
  });
});

describe('the new-offer mail and its links', () => {
  it('mails the client the offer with single-use links: opening changes nothing, confirming accepts once', async () => {
    const client = await person(t, 'client', 'Yolanda');
    const contractor = await person(t, 'contractor', 'Ramón');
    const projectId = await postProject(t, client);
    const quoteId = await postQuote(t, contractor, projectId, { priceMinor: 1_250_000, description: 'Con materiales incluidos en el precio.' });
    const mail = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Nueva oferta a tu proyecto');
    expect(mail.text).toContain('Hola Yolanda:');
    expect(mail.text).toContain('Ramón Almonte te envió una oferta para «');
    expect(mail.text).toContain('Precio: RD$12,500.00');
    expect(mail.text).toContain('Oferta: Con materiales incluidos en el precio.');
    expect(mail.text).toContain('Proyecto: Cambiar tubería del baño');
    // Contact details follow the money (issue 29): the offer names the contractor, nothing more.
    expect(mail.text).not.toContain(contractor.email);
    expect(mail.html).toContain('>Aprobar oferta</a>');
    expect(mail.html).toContain('>Rechazar oferta</a>');
    const link = (label: string) => new RegExp(`${label}: (\\S+)`).exec(mail.text)![1]!;
    const acceptToken = link('Aprobar oferta').split('/').pop()!;
    const rejectToken = link('Rechazar oferta').split('/').pop()!;
    expect(link('Aprobar oferta')).toBe(`${t.config.appUrl}/oferta/confirmar/${acceptToken}`);

    // A mail scanner opening both links changes nothing.
    for (const token of [acceptToken, rejectToken, acceptToken]) {
      const shown = await get(null, `/api/quote-links/${token}`);
      expect(shown.statusCode).toBe(200);
    }
    expect((await get(null, `/api/quote-links/${acceptToken}`)).json()).toMatchObject({
      action: 'accept',
      question: '¿Aceptar esta oferta?',
      projectId,
      offer: { id: quoteId, status: 'created' },
    });
    expect((await t.db.query.quotes.findFirst({ where: eq(quotes.id, quoteId) }))!.status).toBe('created');

    const confirmed = await post(null, `/api/quote-links/${acceptToken}`, {});
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ message: 'Oferta aceptada. El proyecto quedó asignado.', quote: { status: 'accepted' } });
    expect(await projectStatus(t, projectId)).toEqual({ status: 'assigned', contractorId: contractor.id });
    // Single use, and the other link of the same offer is spent too.
    for (const token of [acceptToken, rejectToken]) {
      const again = await post(null, `/api/quote-links/${token}`, {});
      expect(again.statusCode).toBe(404);
      expect(again.json().error.message).toBe('Este enlace no es válido o ya fue usado.');
      expect((await get(null, `/api/quote-links/${token}`)).statusCode).toBe(404);
    }
    await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Proyecto asignado');
  });

  it('spends the links of the offers that were not chosen', async () => {
    const client = await person(t, 'client');
    const [a, b] = [await person(t, 'contractor', 'Ana'), await person(t, 'contractor', 'Beto')];
    const projectId = await postProject(t, client);
    const qa = await postQuote(t, a, projectId);
    await postQuote(t, b, projectId);
    const mailB = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.text.includes('Beto Almonte te envió una oferta para «'));
    const tokenB = /Aprobar oferta: (\S+)/.exec(mailB.text)![1]!.split('/').pop()!;
    expect((await get(null, `/api/quote-links/${tokenB}`)).statusCode).toBe(200);
    await post(client, `/api/quotes/${qa}/accept`);
    expect((await get(null, `/api/quote-links/${tokenB}`)).statusCode).toBe(404);
    expect((await post(null, `/api/quote-links/${tokenB}`, {})).statusCode).toBe(404);
  });

  it('takes 50 identical confirmations of one link at once: one acts, the rest are refused, none is a 500', async () => {
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor');
    const projectId = await postProject(t, client);
    await postQuote(t, contractor, projectId);
    const mail = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Nueva oferta a tu proyecto');
    const token = /Aprobar oferta: (\S+)/.exec(mail.text)![1]!.split('/').pop()!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.app.inject({ method: 'POST', url: `/api/quote-links/${token}`, remoteAddress: `10.9.${i}.1`, payload: {} })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(49).fill(404)]);
    // And 50 identical status moves once it is paid for: one moves the project, the rest are told why not.
    await payFor(client, projectId);
    const moves = await Promise.all(Array.from({ length: 50 }, () => setStatus(contractor, projectId, 'in_progress')));
    expect(moves.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(49).fill(409)]);
  });

  it('stores every notification in the pair’s conversation, and mails only those who want mail', async () => {
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor');
    await saveNotificationPreferences(t.db, client.id, { immediate: false, matches: false });
    const projectId = await postProject(t, client);
    const quoteId = await postQuote(t, contractor, projectId);
    const conversation = await t.db.query.conversations.findFirst({ where: and(eq(conversations.clientId, client.id), eq(conversations.contractorId, contractor.id)) });
    expect(conversation!.projectId).toBe(projectId);
    const notes = await t.db.select().from(messages).where(eq(messages.conversationId, conversation!.id));
    expect(notes).toEqual([expect.objectContaining({ type: 'notification', senderId: null, subject: 'Nueva oferta a tu proyecto', quoteId })]);
    expect(await t.db.$count(emailOutbox, eq(emailOutbox.toAddress, client.email))).toBe(0);
    await post(client, `/api/quotes/${quoteId}/accept`);
    expect(await t.db.$count(messages, eq(messages.conversationId, conversation!.id))).toBe(3);
    // Besides the new project's alert (decision 036): the accepted offer's mail.
    expect(await t.db.$count(emailOutbox, and(eq(emailOutbox.toAddress, contractor.email), ne(emailOutbox.template, 'project-alert')))).toBe(1);
  });
});
