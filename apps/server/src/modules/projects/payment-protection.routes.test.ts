import { offerTerms } from '../../../test/support/project-factories.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logTrail, projects, quotes } from '../../db/schema/index.ts';
import { CARDS, escrow, fund, hired, post, setStatus, tokenize } from '../../../test/support/payment-factories.ts';
import { person, postProject, postQuote, type Person } from '../../../test/support/project-factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { runJob } from '../../../test/support/jobs.ts';
import { lapseUnpaidHires } from './hire-end.service.ts';

// Issue 29: payment protection that protects. The server refuses work without its money, ends
// unpaid hires, and shares contact details only once the money to begin is held; each refusal is
// a 409 that changes nothing.

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const get = (who: Person | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const pay = async (client: Person, projectId: string, card: string = CARDS.visa) => fund(t, client, projectId, { token: await tokenize(t, card) });
const endHire = (who: Person, projectId: string, reason: unknown = 'Cambié de planes.') => post(t, who, `/api/projects/${projectId}/end-hire`, { reason });
const HOUR = 3_600_000;
const STAGES = [
  { title: 'Materiales', percent: 40 },
  { title: 'Final', percent: 60 },
];

/** The project row, its quotes and its escrow: what a refused move must leave as it was. */
async function snapshot(projectId: string) {
  const p = await t.db.query.projects.findFirst({ where: eq(projects.id, projectId) });
  const q = await t.db.select({ id: quotes.id, status: quotes.status }).from(quotes).where(eq(quotes.projectId, projectId));
  return { p, q: q.sort((a, b) => a.id.localeCompare(b.id)), money: await escrow(t, projectId) };
}

async function refused(res: { statusCode: number; json(): { error: { message: string } } }, message: string) {
  expect(res.statusCode, message).toBe(409);
  expect(res.json().error.message).toBe(message);
}

describe('start needs the money to begin', () => {
  it('refuses to start an unpaid single-price hire, naming what is due, and changes nothing; once paid, the work starts', async () => {
    const { client, contractor, projectId } = await hired(t);
    const before = await snapshot(projectId);
    await refused(
      await setStatus(t, contractor, projectId, 'in_progress'),
      'Todavía no puedes empezar: el cliente debe pagar RD$12,500.00 para que el dinero quede retenido en la protección de pagos.',
    );
    // 50 taps at once: all refused, nothing moved.
    const taps = await Promise.all(Array.from({ length: 50 }, () => setStatus(t, contractor, projectId, 'in_progress')));
    expect(new Set(taps.map((r) => r.statusCode))).toEqual(new Set([409]));
    expect(await snapshot(projectId)).toEqual(before);
    const money = (await get(contractor, `/api/projects/${projectId}`)).json().money;
    expect(money).toMatchObject({ funded: false, dueMinor: 1_250_000, payBy: expect.any(String) });

    expect((await pay(client, projectId)).statusCode).toBe(200);
    expect((await setStatus(t, contractor, projectId, 'in_progress')).json().status).toBe('in_progress');
  });

  it('a failed or challenged payment holds nothing: the start stays refused', async () => {
    const { client, contractor, projectId } = await hired(t);
    expect((await pay(client, projectId, CARDS.declined)).statusCode).toBe(402);
    expect((await pay(client, projectId, CARDS.challenge)).statusCode).toBe(202);
    expect((await setStatus(t, contractor, projectId, 'in_progress')).statusCode).toBe(409);
    expect((await t.db.query.projects.findFirst({ where: eq(projects.id, projectId) }))!.status).toBe('assigned');
  });
});

describe('a staged plan: each stage’s work needs its money, approval the whole price', () => {
  it('starts on the first stage, refuses delivery until every stage is funded, and approval releases the full price', async () => {
    const { client, contractor, projectId } = await hired(t, { priceMinor: 1_100_000, stages: STAGES });
    await refused(
      await setStatus(t, contractor, projectId, 'in_progress'),
      'Todavía no puedes empezar: el cliente debe pagar RD$4,400.00 para que el dinero quede retenido en la protección de pagos.',
    );
    expect((await pay(client, projectId)).json().amountMinor).toBe(440_000);
    expect((await setStatus(t, contractor, projectId, 'in_progress')).statusCode).toBe(200);
    const before = await snapshot(projectId);
    await refused(
      await setStatus(t, contractor, projectId, 'delivered'),
      'Todavía no puedes marcar el trabajo como entregado: el cliente debe pagar RD$6,600.00 de las etapas pendientes.',
    );
    expect(await snapshot(projectId)).toEqual(before);

    const [first] = (await get(client, `/api/projects/${projectId}`)).json().money.milestones as { id: string }[];
    expect((await post(t, client, `/api/projects/${projectId}/milestones/${first!.id}/release`)).statusCode).toBe(200);
    expect((await get(client, `/api/projects/${projectId}`)).json().money).toMatchObject({ dueMinor: 660_000, releasedAt: expect.any(String) });
    expect((await pay(client, projectId)).json().amountMinor).toBe(660_000);
    expect((await setStatus(t, contractor, projectId, 'delivered')).statusCode).toBe(200);
    expect((await setStatus(t, client, projectId, 'completado')).statusCode).toBe(200);
    expect(await escrow(t, projectId)).toEqual({ fundedMinor: 1_100_000, releasedMinor: 1_100_000, refundedMinor: 0, heldMinor: 0 });
  });

  it('the next stage is due and payable at any time: with the deposit held and nothing released, the final stage is paid and the work delivered (issue 46)', async () => {
    const { client, contractor, projectId } = await hired(t, { priceMinor: 400_000, stages: STAGES });
    expect((await pay(client, projectId)).json().amountMinor).toBe(160_000);
    expect((await setStatus(t, contractor, projectId, 'in_progress')).statusCode).toBe(200);
    // What the client's page reads: the final stage is due now, not after she releases the deposit.
    const money = (await get(client, `/api/projects/${projectId}`)).json().money;
    expect(money).toMatchObject({ funded: true, dueMinor: 240_000, heldMinor: 160_000, releasedMinor: 0 });
    expect(money.milestones.map((m: { status: string }) => m.status)).toEqual(['funded', 'pending']);
    expect((await pay(client, projectId)).json().amountMinor).toBe(240_000);
    expect((await get(client, `/api/projects/${projectId}`)).json().money).toMatchObject({ dueMinor: 0, heldMinor: 400_000, releasedMinor: 0 });
    expect((await setStatus(t, contractor, projectId, 'delivered')).statusCode).toBe(200);
    expect((await setStatus(t, client, projectId, 'completado')).statusCode).toBe(200);
    expect(await escrow(t, projectId)).toEqual({ fundedMinor: 400_000, releasedMinor: 400_000, refundedMinor: 0, heldMinor: 0 });
  });

  it('refuses an approval short of the price (work stored before the rule), by hand and by the 7-day sweep, changing nothing', async () => {
    const { client, projectId } = await hired(t, { priceMinor: 1_100_000, stages: STAGES });
    expect((await pay(client, projectId)).statusCode).toBe(200);
    // Delivered with only the deposit held: what the old server allowed.
    await t.db
      .update(projects)
      .set({ status: 'delivered', startedAt: new Date(), deliveredAt: new Date(Date.now() - 11 * 24 * HOUR), autoApprovedAt: new Date(Date.now() - 4 * 24 * HOUR) })
      .where(eq(projects.id, projectId));
    const before = await snapshot(projectId);
    await refused(
      await setStatus(t, client, projectId, 'completado'),
      'Todavía no se puede aprobar: falta pagar RD$6,600.00 del precio acordado para que el pago quede retenido completo.',
    );
    expect(await runJob(t.app.jobs, 'deliveries-auto-approve')).toBe(0);
    expect(await snapshot(projectId)).toEqual(before);
    expect(before.money).toMatchObject({ heldMinor: 440_000, releasedMinor: 0 });
  });

  it('refuses a plan whose stages round to zero when it is offered or countered, naming the field', async () => {
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor');
    const projectId = await postProject(t, client);
    const offer = await post(t, contractor, `/api/projects/${projectId}/quotes`, {
      ...offerTerms(),
      priceMinor: 1,
      description: 'Precio simbólico por etapas.',
      stages: STAGES,
    });
    expect(offer.statusCode).toBe(400);
    expect(offer.json().error.fields).toEqual({ stages: 'Con este precio alguna etapa quedaría en cero: sube el precio o cambia los porcentajes.' });
    const quoteId = await postQuote(t, contractor, projectId, { stages: STAGES });
    const counter = await post(t, client, `/api/quotes/${quoteId}/counter`, { priceMinor: 1 });
    expect(counter.statusCode).toBe(400);
    expect(counter.json().error.fields).toEqual({ priceMinor: 'Con este precio alguna etapa del plan quedaría en cero: propón un precio mayor.' });
    expect((await t.db.query.quotes.findFirst({ where: eq(quotes.id, quoteId) }))!.counterStatus).toBeNull();
  });
});

describe('ending a hire before funding', () => {
  it('the client cancels with a reason: the project reopens to offers, the hired offer is withdrawn, the others stay rejected, the contractor is told', async () => {
    const client = await person(t, 'client', 'Yolanda');
    const contractor = await person(t, 'contractor', 'Ramón');
    const loser = await person(t, 'contractor', 'Pedro');
    const projectId = await postProject(t, client);
    const quoteId = await postQuote(t, contractor, projectId);
    const lostQuote = await postQuote(t, loser, projectId);
    expect((await post(t, client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);

    const res = await endHire(client, projectId, 'Encontré a alguien de mi familia.');
    expect(res.json()).toEqual({ message: 'Cancelaste la contratación. Tu proyecto vuelve a recibir ofertas.', status: 'created' });
    const p = (await t.db.query.projects.findFirst({ where: eq(projects.id, projectId) }))!;
    expect(p).toMatchObject({ status: 'created', contractorId: null, acceptedQuoteId: null, assignedAt: null });
    expect((await t.db.query.quotes.findFirst({ where: eq(quotes.id, quoteId) }))!.status).toBe('withdrawn');
    expect((await t.db.query.quotes.findFirst({ where: eq(quotes.id, lostQuote) }))!.status).toBe('rejected');
    const mail = await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === 'ArreglaYa - Contratación cancelada');
    expect(mail.text).toContain('Motivo: Encontré a alguien de mi familia.');
    expect(mail.text).not.toContain(client.email);
    const log = await t.db
      .select({ action: logTrail.action })
      .from(logTrail)
      .where(and(eq(logTrail.userId, client.id), eq(logTrail.location, `/proyectos/${projectId}`)));
    expect(log.map((l) => l.action)).toContain('project-cancel-hire');

    // Open again: another contractor sees it, offers, and is hired; the new hire waits for its money.
    const next = await person(t, 'contractor', 'Luisa');
    expect((await get(next, `/api/projects/${projectId}`)).statusCode).toBe(200);
    const newQuote = await postQuote(t, next, projectId, { priceMinor: 900_000 });
    expect((await post(t, client, `/api/quotes/${newQuote}/accept`)).statusCode).toBe(200);
    expect((await get(client, `/api/projects/${projectId}`)).json().money).toMatchObject({ priceMinor: 900_000, fundedMinor: 0, dueMinor: 900_000 });
    expect((await pay(client, projectId)).json().amountMinor).toBe(900_000);
    expect((await setStatus(t, next, projectId, 'in_progress')).statusCode).toBe(200);
  });

  it('a staged hire ended before funding leaves no plan behind for the next hire', async () => {
    const { client, contractor, projectId } = await hired(t, { stages: STAGES });
    expect((await pay(client, projectId, CARDS.declined)).statusCode).toBe(402);
    expect((await endHire(contractor, projectId, 'No tengo disponibilidad este mes.')).json()).toEqual({
      message: 'Te retiraste del trabajo. El cliente fue avisado.',
      status: 'created',
    });
    const told = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Contratación cancelada');
    expect(told.text).toContain('Ramón Almonte se retiró de');
    expect(told.text).toContain('Motivo: No tengo disponibilidad este mes.');
    const next = await person(t, 'contractor', 'Luisa');
    const quoteId = await postQuote(t, next, projectId, { priceMinor: 500_000 });
    expect((await post(t, client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
    expect((await get(client, `/api/projects/${projectId}`)).json().money).toMatchObject({ milestones: [], dueMinor: 500_000 });
    expect((await pay(client, projectId)).json().amountMinor).toBe(500_000);
  });

  it('is refused once money is held or a payment is under way, to strangers, without a reason, and on an open project', async () => {
    const paid = await hired(t);
    expect((await pay(paid.client, paid.projectId)).statusCode).toBe(200);
    const before = await snapshot(paid.projectId);
    await refused(await endHire(paid.client, paid.projectId), 'Ya hay dinero retenido para este trabajo. Para cancelarlo, escríbenos y lo resolvemos con un reembolso completo.');
    // The contractor's end-hire on a funded hire is a step back with a full refund (decision 057, show-up.routes.test.ts).
    expect(await snapshot(paid.projectId)).toEqual(before);

    const challenged = await hired(t);
    expect((await pay(challenged.client, challenged.projectId, CARDS.challenge)).statusCode).toBe(202);
    await refused(await endHire(challenged.client, challenged.projectId), 'Hay un pago en curso para este proyecto. Espera a que termine e inténtalo de nuevo.');

    const h = await hired(t);
    expect((await endHire(await person(t, 'contractor'), h.projectId)).statusCode).toBe(403);
    expect((await endHire(await person(t, 'client'), h.projectId)).statusCode).toBe(403);
    expect((await endHire(await person(t, 'sysadmin'), h.projectId)).statusCode).toBe(403);
    for (const reason of ['', '   ', null, 42, 'x'.repeat(1001), 'a\u0000b']) expect((await endHire(h.client, h.projectId, reason)).statusCode, String(reason)).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/projects/${h.projectId}/end-hire`, headers: h.client.headers })).statusCode).toBe(400);
    const open = await postProject(t, h.client);
    await refused(await endHire(h.client, open), 'Solo puedes cancelar la contratación de un proyecto asignado que aún no empezó.');
    // 50 at once: one ends it, the rest are told why not (or to slow down: 20 a minute per person), none is a 500.
    const answers = await Promise.all(Array.from({ length: 50 }, () => endHire(h.client, h.projectId)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 409 || c === 429)).toBe(true);
    expect((await t.db.query.quotes.findFirst({ where: eq(quotes.id, h.quoteId) }))!.status).toBe('withdrawn');
  });
});

describe('an unpaid hire lapses', () => {
  it('after HIRE_PAYMENT_HOURS: reopened once whatever the instances and restarts, both told; paid, recent and challenged hires stay', async () => {
    const age = (projectId: string, hours: number) =>
      t.db
        .update(projects)
        .set({ assignedAt: new Date(Date.now() - hours * HOUR) })
        .where(eq(projects.id, projectId));
    const lapsing = await hired(t);
    const paid = await hired(t);
    const recent = await hired(t);
    const challenged = await hired(t);
    expect((await pay(paid.client, paid.projectId)).statusCode).toBe(200);
    expect((await pay(challenged.client, challenged.projectId, CARDS.challenge)).statusCode).toBe(202);
    for (const h of [lapsing, paid, challenged]) await age(h.projectId, 73);
    await age(recent.projectId, 71);
    const money = (await get(lapsing.client, `/api/projects/${lapsing.projectId}`)).json().money;
    expect(Date.parse(money.payBy)).toBeLessThan(Date.now());

    const deps = { db: t.db, mailer: t.app.mailer, appUrl: t.config.appUrl };
    // The queue's job and, at the same moment, a sweep outside it (an instance of the previous
    // version still running its timer during a rolling upgrade), then the job again: one lapse in all.
    const counts = await Promise.all([runJob(t.app.jobs, 'hires-lapse'), lapseUnpaidHires(deps)]);
    expect((counts[0] as number) + counts[1]).toBe(1);
    expect(await runJob(t.app.jobs, 'hires-lapse')).toBe(0);

    expect((await t.db.query.projects.findFirst({ where: eq(projects.id, lapsing.projectId) }))!).toMatchObject({ status: 'created', contractorId: null });
    expect((await t.db.query.quotes.findFirst({ where: eq(quotes.id, lapsing.quoteId) }))!.status).toBe('withdrawn');
    for (const h of [paid, recent, challenged]) expect((await t.db.query.projects.findFirst({ where: eq(projects.id, h.projectId) }))!.status).toBe('assigned');
    const toContractor = await t.smtp.waitFor((m) => m.to.includes(lapsing.contractor.email) && m.subject === 'ArreglaYa - Contratación cancelada');
    expect(toContractor.text).toContain('no pagó «Cambiar tubería del baño» en 72 horas');
    const toClient = await t.smtp.waitFor((m) => m.to.includes(lapsing.client.email) && m.subject === 'ArreglaYa - Contratación cancelada');
    expect(toClient.text).toContain('Tu proyecto vuelve a recibir ofertas.');
    // A lapsed hire cannot be paid or started any more.
    await refused(await pay(lapsing.client, lapsing.projectId), 'Solo puedes pagar un proyecto contratado que todavía tiene montos pendientes.');
    expect((await setStatus(t, lapsing.contractor, lapsing.projectId, 'in_progress')).statusCode).toBe(403);
  });
});

describe('contact details follow the money', () => {
  it('are in no offer mail, acceptance notice or project page until the money to begin is held, then reach both', async () => {
    const client = await person(t, 'client', 'Yolanda');
    const contractor = await person(t, 'contractor', 'Ramón');
    const projectId = await postProject(t, client);
    const quoteId = await postQuote(t, contractor, projectId, { stages: STAGES });
    expect((await post(t, client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
    const offerMail = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Nueva oferta a tu proyecto');
    const accepted = await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === 'ArreglaYa - Tu oferta fue aceptada');
    const assigned = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Proyecto asignado');
    expect(offerMail.text).not.toContain(contractor.email);
    expect(accepted.text).not.toContain(client.email);
    expect(accepted.text).not.toContain('Almonte');
    expect(assigned.text).not.toContain(contractor.email);
    expect(assigned.text).toContain('Paga RD$5,000.00 antes del');
    const chat = (await get(contractor, '/api/conversations')).json();
    expect(JSON.stringify(chat)).not.toContain(client.email);
    for (const [who, other] of [
      [contractor, client],
      [client, contractor],
    ] as const) {
      const page = (await get(who, `/api/projects/${projectId}`)).json();
      expect(page.clientContact === null || who === client).toBe(true);
      expect(page.contractorContact === null || who === contractor).toBe(true);
      expect(JSON.stringify(page)).not.toContain(other.email);
    }

    expect((await pay(client, projectId)).statusCode).toBe(200);
    const toContractor = await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === 'ArreglaYa - Datos de contacto');
    expect(toContractor.text).toContain(`Cliente: Yolanda Almonte`);
    expect(toContractor.text).toContain(client.email);
    const toClient = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Datos de contacto');
    expect(toClient.text).toContain(contractor.email);
    expect((await get(contractor, `/api/projects/${projectId}`)).json().clientContact).toMatchObject({ email: client.email, name: 'Yolanda Almonte' });
    expect((await get(client, `/api/projects/${projectId}`)).json().contractorContact).toMatchObject({ email: contractor.email });
    // The second stage's funding does not send them again.
    expect((await setStatus(t, contractor, projectId, 'in_progress')).statusCode).toBe(200);
    const [first] = (await get(client, `/api/projects/${projectId}`)).json().money.milestones as { id: string }[];
    await post(t, client, `/api/projects/${projectId}/milestones/${first!.id}/release`);
    expect((await pay(client, projectId)).statusCode).toBe(200);
    await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === 'ArreglaYa - Pago protegido recibido' && m.text.includes('RD$7,500.00'));
    expect(t.smtp.mails.filter((m) => m.to.includes(contractor.email) && m.subject === 'ArreglaYa - Datos de contacto')).toHaveLength(1);
  });
});
