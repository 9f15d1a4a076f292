import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { noticesSent } from '../../db/client.ts';
import { contractorProfiles, projectArrivals, reliabilityEvents } from '../../db/schema/index.ts';
import { CARDS, escrow, fund, post, setStatus, sysadmin, tokenize } from '../../../test/support/payment-factories.ts';
import { dayFromToday, offerTerms, person, postProject, postQuote, projectStatus, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// Decision 057: "Llegué" and its confirmation, a late cancellation or a no-show giving the
// client's money back in the same transaction, the pause after three in 90 days, the public
// record. The server's clock is moved by the test (`now`); every rule reads it.

const DAY = 86_400_000;
let now = new Date();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
});
afterAll(() => t.close());
beforeEach(() => {
  now = new Date();
});

const PRICE = 1_250_000;

/** A hire of `contractor` (a new one unless given) funded by a new client, the offer starting on `startDate` (today unless told). */
async function fundedHire(opts: { contractor?: Person; startDate?: string } = {}) {
  const client = await person(t, 'client', 'Yolanda');
  const contractor = opts.contractor ?? (await person(t, 'contractor', 'Ramón'));
  const projectId = await postProject(t, client);
  const quoteId = await postQuote(t, contractor, projectId, opts.startDate ? { startDate: opts.startDate } : {});
  expect((await post(t, client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
  expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
  return { client, contractor, projectId };
}

const arrive = (who: Person, projectId: string) => post(t, who, `/api/projects/${projectId}/arrival`);
const answer = (who: Person, projectId: string, arrived: boolean) => post(t, who, `/api/projects/${projectId}/arrival/answer`, { arrived });
const stepBack = (who: Person, projectId: string) => post(t, who, `/api/projects/${projectId}/end-hire`, { reason: 'Se me dañó la camioneta.' });
const state = (who: Person, projectId: string) => t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/show-up`, headers: who.headers });
const record = async (contractorId: string) => (await t.app.inject({ method: 'GET', url: `/api/contractors/${contractorId}/record` })).json();
const eventsOf = (contractorId: string) => t.db.select().from(reliabilityEvents).where(eq(reliabilityEvents.contractorId, contractorId));
const pausedAt = async (contractorId: string) =>
  (
    await t.db.select({ pausedAt: contractorProfiles.pausedAt, listable: contractorProfiles.listable }).from(contractorProfiles).where(eq(contractorProfiles.userId, contractorId))
  )[0]!;

async function refundsOf(projectId: string) {
  const r = await t.db.execute<{ amount: string; status: string }>(sql`
    SELECT r.amount_minor::bigint AS amount, r.status FROM processor_refunds r JOIN payments p ON p.id = r.payment_id WHERE p.project_id = ${projectId}`);
  return r.rows.map((x) => ({ amount: Number(x.amount), status: x.status }));
}

describe('POST /api/projects/:id/arrival ("Llegué")', () => {
  it('refuses "Llegué" before the start day with a Spanish message, then from the start day records it and starts the work', async () => {
    const { client, contractor, projectId } = await fundedHire({ startDate: dayFromToday(2) });
    const early = await arrive(contractor, projectId);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/^Todavía no puedes marcar tu llegada: el trabajo empieza el /);
    expect((await state(contractor, projectId)).json().may.arrive).toBe(false);

    now = new Date(Date.now() + 2 * DAY);
    expect((await state(contractor, projectId)).json().may.arrive).toBe(true);
    const res = await arrive(contractor, projectId);
    expect(res.statusCode).toBe(200);
    expect((await projectStatus(t, projectId))!.status).toBe('in_progress');
    const [row] = await t.db.select().from(projectArrivals).where(eq(projectArrivals.projectId, projectId));
    expect(row).toMatchObject({ contractorId: contractor.id, onStartDay: true, answer: null });
    // The client is told, with the action to confirm.
    await noticesSent(t.db);
    const notices = (await t.app.inject({ method: 'GET', url: '/api/me/notices', headers: client.headers })).json().items as { text: string }[];
    expect(notices.some((n) => n.text.includes('marcó «Llegué»'))).toBe(true);
    expect((await state(client, projectId)).json().may).toMatchObject({ answer: true, reportNoShow: false });
  });

  it('refuses "Llegué" by another contractor (403) and shows them nothing of it (404)', async () => {
    const { projectId } = await fundedHire();
    const other = await person(t, 'contractor', 'Félix');
    expect((await arrive(other, projectId)).statusCode).toBe(403);
    expect((await state(other, projectId)).statusCode).toBe(404);
    expect(await t.db.select().from(projectArrivals).where(eq(projectArrivals.projectId, projectId))).toEqual([]);
  });

  it('refuses "Llegué" on a hire whose money to begin is not held', async () => {
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor');
    const projectId = await postProject(t, client);
    const quoteId = await postQuote(t, contractor, projectId);
    await post(t, client, `/api/quotes/${quoteId}/accept`);
    const res = await arrive(contractor, projectId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/^Todavía no puedes empezar/);
    expect((await projectStatus(t, projectId))!.status).toBe('assigned');
  });

  it('stores one arrival when fifty "Llegué" arrive at once', async () => {
    const { contractor, projectId } = await fundedHire();
    const answers = await Promise.all(Array.from({ length: 50 }, () => arrive(contractor, projectId)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(49);
    expect(await t.db.select().from(projectArrivals).where(eq(projectArrivals.projectId, projectId))).toHaveLength(1);
  });
});

describe('POST /api/projects/:id/arrival/answer', () => {
  it("confirms the arrival once, and refuses another client's answer", async () => {
    const { client, contractor, projectId } = await fundedHire();
    expect((await arrive(contractor, projectId)).statusCode).toBe(200);
    const stranger = await person(t, 'client', 'Marta');
    expect((await answer(stranger, projectId, true)).statusCode).toBe(403);
    expect((await answer(contractor, projectId, true)).statusCode).toBe(403);
    const res = await answer(client, projectId, true);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Confirmaste la llegada del contratista.');
    expect((await answer(client, projectId, false)).statusCode).toBe(409);
    const [row] = await t.db.select().from(projectArrivals).where(eq(projectArrivals.projectId, projectId));
    expect(row).toMatchObject({ answer: 'confirmed', answeredBy: client.id });
  });

  it('reports a no-show only after the start day ended, cancelling the hire and refunding everything held in the same request', async () => {
    const { client, contractor, projectId } = await fundedHire();
    const early = await answer(client, projectId, false);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/^Podrás avisar que no llegó cuando termine el día de inicio/);

    now = new Date(Date.now() + DAY);
    const res = await answer(client, projectId, false);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', message: expect.stringContaining('te devolvemos todo el dinero retenido') });
    // No job has run: the ledger and the processor's refund were written by the request's own transaction.
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: PRICE, refundedMinor: PRICE, heldMinor: 0 });
    expect(await refundsOf(projectId)).toEqual([{ amount: PRICE, status: 'pending' }]);
    expect((await projectStatus(t, projectId))!.status).toBe('cancelled');
    expect((await eventsOf(contractor.id)).map((e) => e.kind)).toEqual(['no_show']);
    // Once: the hire is over.
    expect((await answer(client, projectId, false)).statusCode).toBe(409);
    expect(await refundsOf(projectId)).toHaveLength(1);
  });
});

describe('a contractor steps back from a funded hire (POST /api/projects/:id/end-hire)', () => {
  it('within 24 hours of the start day: cancelled, everything held refunded in the same transaction, a late cancellation', async () => {
    const { client, contractor, projectId } = await fundedHire({ startDate: dayFromToday(1) });
    expect((await state(contractor, projectId)).json()).toMatchObject({ may: { stepBack: true }, stepBackIsLate: true });
    const res = await stepBack(contractor, projectId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'cancelled', message: 'Te retiraste de este trabajo. Devolvimos al cliente todo el dinero retenido.' });
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: PRICE, refundedMinor: PRICE, heldMinor: 0 });
    expect(await refundsOf(projectId)).toEqual([{ amount: PRICE, status: 'pending' }]);
    expect((await projectStatus(t, projectId))!.status).toBe('cancelled');
    expect((await eventsOf(contractor.id)).map((e) => e.kind)).toEqual(['late_cancellation']);
    // The client's page: nothing left to do.
    expect((await state(client, projectId)).json().may).toEqual({ arrive: false, answer: false, reportNoShow: false, stepBack: false });
  });

  it('earlier than that: refunded all the same, and nothing on the record', async () => {
    const { contractor, projectId } = await fundedHire({ startDate: dayFromToday(5) });
    expect((await stepBack(contractor, projectId)).statusCode).toBe(200);
    expect(await escrow(t, projectId)).toMatchObject({ heldMinor: 0, refundedMinor: PRICE });
    expect(await eventsOf(contractor.id)).toEqual([]);
  });

  it('the client cannot end a funded hire alone (unchanged)', async () => {
    const { client, projectId } = await fundedHire();
    expect((await post(t, client, `/api/projects/${projectId}/end-hire`, { reason: 'Ya no lo necesito.' })).statusCode).toBe(409);
    expect(await escrow(t, projectId)).toMatchObject({ heldMinor: PRICE });
  });
});

describe('the pause after three late cancellations or no-shows in 90 days', () => {
  it('pauses at three within 90 days (one 91 days old does not count); a sysadmin lifts it', async () => {
    const contractor = await person(t, 'contractor', 'Julio');
    const start = Date.now();
    const lateAt = async (days: number) => {
      now = new Date(start);
      const { projectId } = await fundedHire({ contractor });
      now = new Date(start + days * DAY);
      expect((await stepBack(contractor, projectId)).statusCode).toBe(200);
    };
    await lateAt(0);
    await lateAt(10);
    await lateAt(91);
    // Day 91: the first is out of the window, two remain.
    expect((await pausedAt(contractor.id)).pausedAt).toBeNull();
    expect((await record(contractor.id)).lateCancellations90d).toBe(2);
    await lateAt(95);
    const paused = await pausedAt(contractor.id);
    expect(paused.pausedAt?.getTime()).toBe(start + 95 * DAY);
    expect(paused.listable).toBe(false);
    // Cannot offer, told why.
    const client = await person(t, 'client', 'Altagracia');
    const open = await postProject(t, client);
    const offer = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${open}/quotes`,
      headers: contractor.headers,
      payload: { ...offerTerms(), priceMinor: 300_000, description: 'Lo hago esta semana con mis materiales.' },
    });
    expect(offer.statusCode).toBe(403);
    expect(offer.json().error.message).toMatch(/^Tu cuenta está en pausa/);
    // The console lists them with the three events that paused them.
    const admin = await sysadmin(t);
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/paused-contractors', headers: admin.headers })).json();
    const mine = list.items.find((p: { id: string }) => p.id === contractor.id);
    expect(mine.events).toHaveLength(3);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/paused-contractors', headers: contractor.headers })).statusCode).toBe(403);
    // Lifted by a sysadmin, once.
    expect((await post(t, contractor, `/api/admin/people/${contractor.id}/unpause`)).statusCode).toBe(403);
    expect((await post(t, admin, `/api/admin/people/${contractor.id}/unpause`)).statusCode).toBe(200);
    expect(await pausedAt(contractor.id)).toEqual({ pausedAt: null, listable: true });
    expect((await post(t, admin, `/api/admin/people/${contractor.id}/unpause`)).statusCode).toBe(409);
  });
});

describe('GET /api/contractors/:id/record', () => {
  it('shows rates from five ended hires on, over the last twenty, and the 90 days of late cancellations', async () => {
    const contractor = await person(t, 'contractor', 'Manuel');
    const completeOne = async (confirm: boolean) => {
      const { client, projectId } = await fundedHire({ contractor });
      expect((await arrive(contractor, projectId)).statusCode).toBe(200);
      if (confirm) expect((await answer(client, projectId, true)).statusCode).toBe(200);
      expect((await setStatus(t, contractor, projectId, 'delivered')).statusCode).toBe(200);
      expect((await setStatus(t, client, projectId, 'completado')).statusCode).toBe(200);
    };
    await completeOne(true);
    await completeOne(true);
    await completeOne(false); // unanswered, then approved: counts as arrived
    await completeOne(true);
    expect(await record(contractor.id)).toMatchObject({ endedHires: 4, completionRate: null, onTimeRate: null, lateCancellations90d: 0 });

    const { projectId } = await fundedHire({ contractor });
    // A day late by the server's clock: "Llegué" is no longer on time; he steps back instead.
    now = new Date(Date.now() + 2 * DAY);
    expect((await stepBack(contractor, projectId)).statusCode).toBe(200);
    expect(await record(contractor.id)).toEqual({ endedHires: 5, counted: 5, completionRate: 0.8, onTimeRate: 0.8, lateCancellations90d: 1, noShows90d: 0 });

    // 91 days on, the late cancellation leaves the 90 days; the rates stay.
    now = new Date(Date.now() + 93 * DAY);
    expect(await record(contractor.id)).toMatchObject({ completionRate: 0.8, onTimeRate: 0.8, lateCancellations90d: 0 });
  });
});
