import { addBusinessDays, SANTO_DOMINGO_TIME_ZONE } from '@arreglaya/shared/business-days';
import { formatDayTime } from '@arreglaya/shared/format-dates';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claims, projects } from '../../db/schema/index.ts';
import { runJob } from '../../../test/support/jobs.ts';
import { escrow, funded, post, setStatus, sysadmin } from '../../../test/support/payment-factories.ts';
import { person, type Person } from '../../../test/support/project-factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';

// The guarantee's windows and deadlines (issue 49, decision 054), with the server's clock moved.

const DAY = 86_400_000;
let now = new Date();
let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail({}, { clock: () => now });
});
afterAll(() => t.close());

const get = (who: Person, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
const sd = (d: Date) => formatDayTime(d, 'es-DO', SANTO_DOMINGO_TIME_ZONE);

/** A funded project, worked and delivered (deliveredAt: the real clock, as moveProject stamps it). */
async function delivered() {
  now = new Date();
  const h = await funded(t);
  expect((await setStatus(t, h.contractor, h.projectId, 'in_progress')).statusCode).toBe(200);
  expect((await setStatus(t, h.contractor, h.projectId, 'delivered')).statusCode).toBe(200);
  const p = await t.db.query.projects.findFirst({ where: eq(projects.id, h.projectId) });
  return { ...h, deliveredAt: p!.deliveredAt! };
}

const claimRows = (projectId: string) => t.db.select().from(claims).where(eq(claims.projectId, projectId));
const projectRow = async (projectId: string) => (await t.db.query.projects.findFirst({ where: eq(projects.id, projectId) }))!;

describe('opening a claim: the windows', () => {
  it('stores a claim inside the review window with its deadlines in Dominican business days', async () => {
    const { client, contractor, projectId } = await delivered();
    now = new Date(Date.now() + 2 * DAY);
    const before = await get(client, `/api/projects/${projectId}/claim`);
    expect(before.json()).toMatchObject({ claim: null, autoApprovedAt: null, canAnswer: false });
    expect(before.json().claimUntil).not.toBeNull();
    const res = await setStatus(t, client, projectId, 'disputed', 'Sigue goteando.');
    expect(res.statusCode).toBe(200);
    const [row] = await claimRows(projectId);
    expect(row).toMatchObject({ kind: 'delivery', reason: 'Sigue goteando.', openedBy: client.id, openedAt: now });
    expect(row!.answerDueAt).toEqual(addBusinessDays(now, 5));
    expect(row!.decideDueAt).toEqual(addBusinessDays(now, 10));
    const seen = (await get(contractor, `/api/projects/${projectId}/claim`)).json();
    expect(seen).toMatchObject({ canAnswer: true, claim: { reason: 'Sigue goteando.', answerDueAt: row!.answerDueAt.toISOString(), escalatedAt: null } });
  });

  it('keeps the money held after an automatic approval and accepts a claim within the 3 days after it', async () => {
    const { client, projectId, deliveredAt } = await delivered();
    const approvedAt = new Date(deliveredAt.getTime() + 7 * DAY + 60_000);
    await runJob(t.app.jobs, 'deliveries-auto-approve', { at: approvedAt.toISOString() });
    const p = await projectRow(projectId);
    expect(p.status).toBe('delivered');
    expect(p.autoApprovedAt).toEqual(approvedAt);
    expect((await escrow(t, projectId)).heldMinor).toBe(1_250_000);
    await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Trabajo aprobado automáticamente');
    now = new Date(approvedAt.getTime() + 3 * DAY - 60_000);
    expect((await get(client, `/api/projects/${projectId}/claim`)).json().claimUntil).toBe(new Date(approvedAt.getTime() + 3 * DAY).toISOString());
    const res = await setStatus(t, client, projectId, 'disputed', 'La pintura se está cayendo.');
    expect(res.statusCode).toBe(200);
    expect(await claimRows(projectId)).toHaveLength(1);
    // Claimed: the release step leaves it to the team.
    await runJob(t.app.jobs, 'deliveries-auto-approve', { at: new Date(approvedAt.getTime() + 4 * DAY).toISOString() });
    expect((await projectRow(projectId)).status).toBe('disputed');
    expect((await escrow(t, projectId)).heldMinor).toBe(1_250_000);
  });

  it('refuses a claim past the window after an automatic approval with a 409 naming when it closed, writing nothing', async () => {
    const { client, contractor, projectId, deliveredAt } = await delivered();
    const approvedAt = new Date(deliveredAt.getTime() + 7 * DAY + 60_000);
    await runJob(t.app.jobs, 'deliveries-auto-approve', { at: approvedAt.toISOString() });
    // Stamped by that run (a project the run skipped would read its window from the delivery, a minute earlier).
    expect((await projectRow(projectId)).autoApprovedAt).toEqual(approvedAt);
    const closed = new Date(approvedAt.getTime() + 3 * DAY);
    now = new Date(closed.getTime() + 1000);
    const before = await projectRow(projectId);
    const late = await setStatus(t, client, projectId, 'disputed', 'Tarde.');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      `El plazo para reclamar cerró el ${sd(closed)}: tras una aprobación automática se puede reclamar durante 3 días, y el pago ya se liberó o está por liberarse.`,
    );
    expect(await projectRow(projectId)).toEqual(before);
    expect(await claimRows(projectId)).toHaveLength(0);
    // The release step: completado, the money released; a claim now is refused the same way.
    await runJob(t.app.jobs, 'deliveries-auto-approve', { at: now.toISOString() });
    expect((await projectRow(projectId)).status).toBe('completado');
    expect((await escrow(t, projectId)).heldMinor).toBe(0);
    await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === 'ArreglaYa - Trabajo aprobado');
    const after = await setStatus(t, client, projectId, 'disputed', 'Tarde.');
    expect(after.statusCode).toBe(409);
    expect(after.json().error.message).toContain(`cerró el ${sd(closed)}`);
    expect((await get(client, `/api/projects/${projectId}/claim`)).json()).toMatchObject({ claim: null, claimUntil: null });
  });

  it('approves automatically a project whose row another transaction holds for a child row (a conversation, an alert), and names the right closing time', async () => {
    const { client, projectId, deliveredAt } = await delivered();
    const approvedAt = new Date(deliveredAt.getTime() + 7 * DAY + 60_000);
    // Writing a row that references the project (a notice's conversation, a project alert, a money
    // event) holds the project's row FOR KEY SHARE until that transaction ends: the automatic
    // approval must not skip the project for it (it would stay unstamped, and the window would be
    // read from the delivery, a minute before the approval that the job's time makes).
    const stamped = await t.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM projects WHERE id = ${projectId} FOR KEY SHARE`);
      return runJob(t.app.jobs, 'deliveries-auto-approve', { at: approvedAt.toISOString() });
    });
    expect(stamped).toBe(1);
    expect((await projectRow(projectId)).autoApprovedAt).toEqual(approvedAt);
    const closed = new Date(approvedAt.getTime() + 3 * DAY);
    now = new Date(closed.getTime() + 1000);
    const late = await setStatus(t, client, projectId, 'disputed', 'Tarde.');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toContain(`cerró el ${sd(closed)}`);
  });

  it("refuses a claim after the client's own approval, naming it", async () => {
    const { client, projectId } = await delivered();
    expect((await setStatus(t, client, projectId, 'completado')).statusCode).toBe(200);
    const approvedAt = (await projectRow(projectId)).completedAt!;
    const res = await setStatus(t, client, projectId, 'disputed', 'Me arrepentí.');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(`Aprobaste el trabajo el ${sd(approvedAt)}: la garantía permite reclamar hasta la aprobación, y el pago ya se liberó.`);
    expect(await claimRows(projectId)).toHaveLength(0);
  });

  it('stores two claims sent at once only once', async () => {
    const { client, projectId } = await delivered();
    const answers = await Promise.all([0, 1, 2].map(() => setStatus(t, client, projectId, 'disputed', 'Dos veces.')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await claimRows(projectId)).toHaveLength(1);
  });
});

describe('the answer and the deadlines', () => {
  it('lets only the hired contractor answer; the client gets 403, others 404; replaced until decided', async () => {
    const { client, contractor, projectId } = await delivered();
    expect((await setStatus(t, client, projectId, 'disputed', 'No terminó.')).statusCode).toBe(200);
    const url = `/api/projects/${projectId}/claim/answer`;
    const stranger = await person(t, 'contractor', 'Otro');
    const otherClient = await person(t, 'client', 'Otra');
    expect((await post(t, client, url, { answer: 'Yo contesto.' })).statusCode).toBe(403);
    expect((await post(t, stranger, url, { answer: 'Yo contesto.' })).statusCode).toBe(404);
    expect((await get(otherClient, `/api/projects/${projectId}/claim`)).statusCode).toBe(404);
    expect((await get(stranger, `/api/projects/${projectId}/claim`)).statusCode).toBe(404);
    const empty = await post(t, contractor, url, { answer: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ answer: 'Escribe tu respuesta.' });
    const ok = await post(t, contractor, url, { answer: 'Terminé todo lo acordado; faltó solo la pintura, que no estaba en la oferta.' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().claim.answer).toContain('faltó solo la pintura');
    await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - El contratista respondió tu reclamo');
    expect((await post(t, contractor, url, { answer: 'Corrijo: también cambié la llave.' })).json().claim.answer).toBe('Corrijo: también cambié la llave.');
    const admin = await sysadmin(t);
    expect((await post(t, admin, `/api/admin/projects/${projectId}/decision`, { outcome: 'release' })).statusCode).toBe(200);
    const [row] = await claimRows(projectId);
    expect(row!.decidedAt).not.toBeNull();
    const closed = await post(t, contractor, url, { answer: 'Otra más.' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe('Este proyecto no tiene un reclamo abierto.');
  });

  it('escalates an unanswered claim after 5 business days and raises the late-decision alert after 10, by the job with its time', async () => {
    const { client, projectId } = await delivered();
    expect((await setStatus(t, client, projectId, 'disputed', 'No vino más.')).statusCode).toBe(200);
    const [opened] = await claimRows(projectId);
    const admin = await sysadmin(t);
    // Just before the answer's deadline: nothing.
    await runJob(t.app.jobs, 'claims-deadlines', { at: new Date(opened!.answerDueAt.getTime() - 1000).toISOString() });
    expect((await claimRows(projectId))[0]!.escalatedAt).toBeNull();
    const escalatedAt = new Date(opened!.answerDueAt.getTime() + 1000);
    await runJob(t.app.jobs, 'claims-deadlines', { at: escalatedAt.toISOString() });
    const listed = (await get(admin, '/api/admin/claims')).json().items.find((c: { projectId: string }) => c.projectId === projectId);
    expect(listed.claim).toMatchObject({ escalatedAt: escalatedAt.toISOString(), lateAt: null });
    expect((await get(admin, '/api/admin/overview')).json().claimsUnanswered).toBeGreaterThanOrEqual(1);
    // Ten business days pass undecided: the alert, once.
    const lateAt = new Date(opened!.decideDueAt.getTime() + 1000);
    await runJob(t.app.jobs, 'claims-deadlines', { at: lateAt.toISOString() });
    await runJob(t.app.jobs, 'claims-deadlines', { at: new Date(lateAt.getTime() + DAY).toISOString() });
    expect((await claimRows(projectId))[0]).toMatchObject({ escalatedAt, lateAt });
    expect((await get(admin, '/api/admin/overview')).json().claimsLate).toBeGreaterThanOrEqual(1);
    expect((await get(client, `/api/projects/${projectId}/claim`)).json().claim).toMatchObject({ lateAt: lateAt.toISOString() });
  });
});
