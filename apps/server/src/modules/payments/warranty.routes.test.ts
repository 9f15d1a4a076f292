import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claims, ledgerTransactions, quotes, warrantyHoldbacks } from '../../db/schema/index.ts';
import { balance, escrow, funded, post, setStatus, sysadmin } from '../../../test/support/payment-factories.ts';
import { offerTerms, person, postProject, type Person } from '../../../test/support/project-factories.ts';
import { runJob } from '../../../test/support/jobs.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { checkLedger } from './ledger-check.ts';
import { releaseDueHoldbacks } from './warranty.service.ts';

// Issue 49, part 2 (decision 055): the warranty holdback. The approval pays the price less the
// offer's holdback; the holdback stays in escrow for the warranty days, then the job pays it unless
// the client opened a warranty claim, which a sysadmin decides.

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const PRICE = 1_250_000;
const get = (who: Person | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const claim = (who: Person, projectId: string, reason: unknown = 'La tubería volvió a gotear.') => post(t, who, `/api/projects/${projectId}/warranty/claim`, { reason });
const decide = (who: Person, projectId: string, body: Record<string, unknown>) => post(t, who, `/api/admin/projects/${projectId}/warranty/decision`, body);
const holdbackRow = async (projectId: string) => (await t.db.select().from(warrantyHoldbacks).where(eq(warrantyHoldbacks.projectId, projectId)))[0];
const warrantyReleases = async (projectId: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `release:${projectId}:%:warranty`))
  )[0]!.n;

/** A project approved by its client, hired on an offer with a 5 % holdback for 90 days unless told. */
async function approved(quote: Record<string, unknown> = {}) {
  const h = await funded(t, { holdbackPercent: 5, warrantyDays: 90, ...quote });
  expect((await setStatus(t, h.contractor, h.projectId, 'in_progress')).statusCode).toBe(200);
  expect((await setStatus(t, h.contractor, h.projectId, 'delivered')).statusCode).toBe(200);
  const before = Date.now();
  expect((await setStatus(t, h.client, h.projectId, 'completado')).statusCode).toBe(200);
  return { ...h, approvedAt: before };
}

describe('the offer', () => {
  it('refuses a holdback above 10 % or without warranty days, in Spanish, and stores nothing', async () => {
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor');
    const projectId = await postProject(t, client);
    const offer = (extra: Record<string, unknown>) =>
      post(t, contractor, `/api/projects/${projectId}/quotes`, { ...offerTerms(), priceMinor: PRICE, description: 'Cambio completo con materiales incluidos.', ...extra });
    const tooMuch = await offer({ holdbackPercent: 11 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields.holdbackPercent).toBe('La retención de garantía tiene que estar entre 0 y 10 %.');
    const noWarranty = await offer({ holdbackPercent: 5, warrantyDays: 0 });
    expect(noWarranty.statusCode).toBe(400);
    expect(noWarranty.json().error.fields.holdbackPercent).toBe('Para ofrecer una retención de garantía, indica más de 0 días de garantía.');
    const lastStage = await offer({
      holdbackPercent: 10,
      stages: [
        { title: 'Materiales', percent: 90 },
        { title: 'Final', percent: 10 },
      ],
    });
    expect(lastStage.statusCode).toBe(400);
    expect(lastStage.json().error.fields.holdbackPercent).toMatch(/última etapa/);
    expect((await t.db.select({ n: count() }).from(quotes).where(eq(quotes.projectId, projectId)))[0]!.n).toBe(0);

    const ok = await offer({ holdbackPercent: 5 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().quote).toMatchObject({ holdbackPercent: 5, warrantyDays: 90 });
    // The client's offer mail names it.
    const mail = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.text.includes('Retención de garantía'));
    expect(mail.text).toContain('Retención de garantía: 5 % (RD$625.00) por 90 días');
  });
});

describe('approval keeps the holdback in escrow', () => {
  it('releases the price less the holdback, records it until approval + warranty days, and the receipt says what was withheld', async () => {
    const { client, contractor, projectId, approvedAt } = await approved();
    const holdback = 62_500;
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: PRICE, releasedMinor: PRICE - holdback, heldMinor: holdback });
    // The fee applies to what is released: 10 % of 1,187,500.
    expect(await balance(t, 'contractor_payable', { userId: contractor.id })).toBe(PRICE - holdback - 118_750);
    const row = (await holdbackRow(projectId))!;
    expect(row).toMatchObject({ amountMinor: holdback, currency: 'DOP', status: 'held' });
    expect(row.releaseAt.getTime()).toBeGreaterThanOrEqual(approvedAt + 90 * DAY);
    expect(row.releaseAt.getTime()).toBeLessThan(Date.now() + 90 * DAY);

    const seen = (await get(client, `/api/projects/${projectId}/warranty`)).json().holdback;
    expect(seen).toMatchObject({ amountMinor: holdback, percent: 5, warrantyDays: 90, status: 'held', canClaim: true, releaseAt: row.releaseAt.toISOString() });
    expect((await get(contractor, `/api/projects/${projectId}/warranty`)).json().holdback).toMatchObject({ status: 'held', canClaim: false });
    const receipt = await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === 'ArreglaYa - Pago liberado');
    expect(receipt.text).toContain('Retención de garantía: RD$625.00');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('keeps it on an automatic approval too: the release 3 days later pays the rest, and the warranty runs from that release', async () => {
    const h = await funded(t, { holdbackPercent: 5, warrantyDays: 90 });
    expect((await setStatus(t, h.contractor, h.projectId, 'in_progress')).statusCode).toBe(200);
    expect((await setStatus(t, h.contractor, h.projectId, 'delivered')).statusCode).toBe(200);
    const approvedAt = Date.now() + 7 * DAY + 60_000;
    await runJob(t.app.jobs, 'deliveries-auto-approve', { at: new Date(approvedAt).toISOString() });
    // Approved automatically: everything still held for the 3 days a claim may still come (decision 054).
    expect((await escrow(t, h.projectId)).heldMinor).toBe(PRICE);
    expect(await holdbackRow(h.projectId)).toBeUndefined();
    const releasedAt = approvedAt + 3 * DAY + 60_000;
    await runJob(t.app.jobs, 'deliveries-auto-approve', { at: new Date(releasedAt).toISOString() });
    expect((await escrow(t, h.projectId)).heldMinor).toBe(PRICE * 0.05);
    const row = (await holdbackRow(h.projectId))!;
    expect(row).toMatchObject({ status: 'held', amountMinor: PRICE * 0.05 });
    expect(Math.abs(row.releaseAt.getTime() - (releasedAt + 90 * DAY))).toBeLessThan(60_000);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('keeps nothing on an offer without a holdback', async () => {
    const { client, projectId } = await approved({ holdbackPercent: 0 });
    expect(await escrow(t, projectId)).toMatchObject({ releasedMinor: PRICE, heldMinor: 0 });
    expect((await get(client, `/api/projects/${projectId}/warranty`)).json()).toEqual({ holdback: null });
  });

  it('shows the holdback only to the project’s people', async () => {
    const { projectId } = await approved();
    const stranger = await person(t, 'client', 'Otra');
    const otherContractor = await person(t, 'contractor', 'Otro');
    expect((await get(stranger, `/api/projects/${projectId}/warranty`)).statusCode).toBe(404);
    expect((await get(otherContractor, `/api/projects/${projectId}/warranty`)).statusCode).toBe(404);
    expect((await get(null, `/api/projects/${projectId}/warranty`)).statusCode).toBe(401);
  });
});

describe('the warranty-holdbacks job', () => {
  it('pays the holdback to the contractor at the window’s end, not before, and once', async () => {
    const { contractor, projectId } = await approved();
    const row = (await holdbackRow(projectId))!;
    const payable = await balance(t, 'contractor_payable', { userId: contractor.id });
    await runJob(t.app.jobs, 'warranty-holdbacks', { at: new Date(row.releaseAt.getTime() - 60_000).toISOString() });
    expect((await holdbackRow(projectId))!.status).toBe('held');
    expect((await escrow(t, projectId)).heldMinor).toBe(62_500);

    await runJob(t.app.jobs, 'warranty-holdbacks', { at: new Date(row.releaseAt.getTime() + 60_000).toISOString() });
    expect((await holdbackRow(projectId))!.status).toBe('released');
    expect((await escrow(t, projectId)).heldMinor).toBe(0);
    expect(await balance(t, 'contractor_payable', { userId: contractor.id })).toBe(payable + 62_500 - 6_250);
    await runJob(t.app.jobs, 'warranty-holdbacks', { at: new Date(row.releaseAt.getTime() + 120_000).toISOString() });
    expect(await warrantyReleases(projectId)).toBe(1);
    const receipt = await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.text.includes('Esta liberación es la retención de garantía'));
    expect(receipt.text).toContain('RD$625.00');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('releases once when 20 runs happen at the same moment', async () => {
    const { projectId } = await approved();
    const at = new Date((await holdbackRow(projectId))!.releaseAt.getTime() + 1000);
    const deps = { db: t.db, feePercent: 10 };
    const runs = await Promise.all(Array.from({ length: 20 }, () => releaseDueHoldbacks(deps, at)));
    // Other tests' holdbacks may be due at `at` too: this project's is released by exactly one run.
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await warrantyReleases(projectId)).toBe(1);
    expect((await holdbackRow(projectId))!.status).toBe('released');
    expect((await escrow(t, projectId)).heldMinor).toBe(0);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('a warranty claim', () => {
  it('is opened by the project’s client only, with a reason, and freezes the holdback past its date', async () => {
    const { client, contractor, projectId } = await approved();
    const other = await person(t, 'client', 'Otra');
    expect((await claim(other, projectId)).statusCode).toBe(404);
    expect((await claim(contractor, projectId)).statusCode).toBe(403);
    const empty = await claim(client, projectId, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.reason).toBe('Campo obligatorio.');
    expect((await holdbackRow(projectId))!.status).toBe('held');

    const opened = await claim(client, projectId);
    expect(opened.statusCode).toBe(200);
    expect((await holdbackRow(projectId))!).toMatchObject({ status: 'claimed', claimReason: 'La tubería volvió a gotear.' });
    expect((await claim(client, projectId)).json().error.message).toBe('Ya hay un reclamo de garantía abierto para este trabajo.');
    // With the guarantee's deadlines: the contractor answers within 5 business days, the team decides within 10.
    const [deadlines] = await t.db.select().from(claims).where(eq(claims.projectId, projectId));
    expect(deadlines).toMatchObject({ kind: 'warranty', reason: 'La tubería volvió a gotear.', decidedAt: null });
    expect(deadlines!.answerDueAt.getTime()).toBeGreaterThan(deadlines!.openedAt.getTime() + 5 * DAY);
    expect(deadlines!.decideDueAt.getTime()).toBeGreaterThan(deadlines!.answerDueAt.getTime());
    const answered = await post(t, contractor, `/api/projects/${projectId}/claim/answer`, { answer: 'Voy el lunes a revisar la tubería.' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().claim).toMatchObject({ kind: 'warranty', answer: 'Voy el lunes a revisar la tubería.' });
    const told = await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === 'Reclamo de garantía abierto');
    expect(told.text).toContain('La tubería volvió a gotear.');
    // Only the project's people read it.
    expect((await get(other, `/api/projects/${projectId}/warranty`)).statusCode).toBe(404);

    const row = (await holdbackRow(projectId))!;
    await runJob(t.app.jobs, 'warranty-holdbacks', { at: new Date(row.releaseAt.getTime() + DAY).toISOString() });
    expect((await holdbackRow(projectId))!.status).toBe('claimed');
    expect((await escrow(t, projectId)).heldMinor).toBe(62_500);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('is refused after the window, naming the day it ended', async () => {
    const { client, projectId } = await approved();
    // The window ended yesterday (a fixed day, so the message is known).
    await t.db
      .update(warrantyHoldbacks)
      .set({ releaseAt: new Date('2026-03-05T16:00:00Z') })
      .where(eq(warrantyHoldbacks.projectId, projectId));
    const late = await claim(client, projectId);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('La garantía de este trabajo terminó el 05 mar 2026: ya no se puede abrir un reclamo.');
    expect((await holdbackRow(projectId))!.status).toBe('held');
    expect((await get(client, `/api/projects/${projectId}/warranty`)).json().holdback.canClaim).toBe(false);
  });

  it('is decided by a sysadmin: release, refund or split move the holdback, and the contractor is told', async () => {
    const admin = await sysadmin(t);
    const cases = [
      { body: { outcome: 'release' }, status: 'released', released: 62_500, refunded: 0 },
      { body: { outcome: 'refund' }, status: 'refunded', released: 0, refunded: 62_500 },
      { body: { outcome: 'split', contractorPercent: 40 }, status: 'split', released: 25_000, refunded: 37_500 },
    ];
    for (const c of cases) {
      const { client, contractor, projectId } = await approved();
      expect((await decide(admin, projectId, c.body)).statusCode).toBe(409);
      expect((await claim(client, projectId)).statusCode).toBe(200);
      expect((await decide(client, projectId, c.body)).statusCode).toBe(403);
      const listed = (await get(admin, '/api/admin/warranty-claims')).json().items;
      expect(listed.map((x: { projectId: string }) => x.projectId)).toContain(projectId);
      const payable = await balance(t, 'contractor_payable', { userId: contractor.id });
      const res = await decide(admin, projectId, c.body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: c.status, released: c.released, refunded: c.refunded });
      expect((await holdbackRow(projectId))!).toMatchObject({ status: c.status, decidedBy: admin.id });
      const [closed] = await t.db.select().from(claims).where(eq(claims.projectId, projectId));
      expect(closed!.decidedAt).not.toBeNull();
      expect(await escrow(t, projectId)).toMatchObject({ heldMinor: 0, releasedMinor: PRICE - 62_500 + c.released, refundedMinor: c.refunded });
      expect(await balance(t, 'contractor_payable', { userId: contractor.id })).toBe(payable + c.released - Math.round(c.released / 10));
      expect((await decide(admin, projectId, c.body)).statusCode).toBe(409);
      await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === 'Reclamo de garantía decidido');
    }
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
