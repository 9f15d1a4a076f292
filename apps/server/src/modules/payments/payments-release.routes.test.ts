import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ledgerTransactions, payments, processorRefunds, projects, sandboxCharges } from '../../db/schema/index.ts';
import { balance, escrow, funded, hired, newKey, post, setStatus, sysadmin } from '../../../test/support/payment-factories.ts';
import { autoApproveDelivered } from '../projects/project-progress.service.ts';
import { checkLedger } from './ledger-check.ts';
import { flushRefunds } from './payments.service.ts';
import { get, setUpPaymentsApp, t } from './payments-test-kit.ts';

// The held money's way out: approval (the client's or the system's) releases it, a claim freezes
// it until a sysadmin decides, a cancellation refunds it; then ledger:check, on these projects
// and on forged ones (last: the forgeries leave the ledger unsound).

setUpPaymentsApp();

describe('release, claims and refunds', () => {
  it('approval releases the held money to the contractor less the platform fee (10%)', async () => {
    const { client, contractor, projectId } = await funded(t);
    await setStatus(t, contractor, projectId, 'in_progress');
    await setStatus(t, contractor, projectId, 'delivered');
    const before = await balance(t, 'platform_revenue');
    expect((await setStatus(t, client, projectId, 'completado')).statusCode).toBe(200);
    expect(await escrow(t, projectId)).toEqual({ fundedMinor: 1_250_000, releasedMinor: 1_250_000, refundedMinor: 0, heldMinor: 0 });
    expect(await balance(t, 'contractor_payable', { userId: contractor.id })).toBe(1_125_000);
    expect((await balance(t, 'platform_revenue')) - before).toBe(125_000);
    expect((await get(client, `/api/projects/${projectId}`)).json().money).toMatchObject({ releasedMinor: 1_250_000, heldMinor: 0 });
    // Receipts: the client's for the charge, the contractor's for the release, with amounts and a reference.
    const charge = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Recibo de pago');
    expect(charge.text).toContain('Monto: RD$12,500.00 (Tarjeta)');
    expect(charge.text).toMatch(/Referencia: ch_[0-9a-f]{24}/);
    const release = await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === 'ArreglaYa - Pago liberado');
    expect(release.text).toContain('Monto liberado: RD$12,500.00. Comisión de la plataforma: RD$1,250.00. Para ti: RD$11,250.00.');
    // The fee with its ITBIS, as the country charges it (decision 067): tax-included, adding up to the cent.
    expect(release.text).toContain('Desglose de la comisión: comisión RD$1,059.32 + ITBIS (18%) RD$190.68 = RD$1,250.00.');
  });

  it('50 concurrent approvals release once', async () => {
    const { client, contractor, projectId } = await funded(t);
    await setStatus(t, contractor, projectId, 'in_progress');
    await setStatus(t, contractor, projectId, 'delivered');
    const answers = await Promise.all(Array.from({ length: 50 }, () => setStatus(t, client, projectId, 'completado')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(49);
    const releases = await t.db
      .select()
      .from(ledgerTransactions)
      .where(sql`${ledgerTransactions.projectId} = ${projectId} AND ${ledgerTransactions.kind} = 'release'`);
    expect(releases).toHaveLength(1);
    expect(await balance(t, 'contractor_payable', { userId: contractor.id })).toBe(1_125_000);
  });

  it('an approval with an idempotency key (the status route, as a claim): 50 concurrent with one key all get the first answer and release once', async () => {
    const { client, contractor, projectId } = await funded(t);
    await setStatus(t, contractor, projectId, 'in_progress');
    await setStatus(t, contractor, projectId, 'delivered');
    const key = newKey();
    const approve = (k: string, status = 'completado', who = client) =>
      t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/status`, headers: { ...who.headers, 'idempotency-key': k }, payload: { status } });
    // A malformed key is refused before anything happens.
    const bad = await approve('corta');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields['Idempotency-Key']).toBeDefined();
    const answers = await Promise.all(Array.from({ length: 50 }, () => approve(key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json()).toMatchObject({ status: 'completado' });
    // The same key with another request is a 409; another person's same key is their own (and refused here).
    const other = await approve(key, 'disputed');
    expect(other.statusCode).toBe(409);
    expect((await approve(key, 'completado', contractor)).statusCode).toBe(403);
    // A new key asks again: the project is already approved.
    expect((await approve(newKey())).statusCode).toBe(409);
    const releases = await t.db
      .select()
      .from(ledgerTransactions)
      .where(sql`${ledgerTransactions.projectId} = ${projectId} AND ${ledgerTransactions.kind} = 'release'`);
    expect(releases).toHaveLength(1);
    expect(await balance(t, 'contractor_payable', { userId: contractor.id })).toBe(1_125_000);
  });

  it("the system's automatic approval releases as the client's would", async () => {
    const { contractor, projectId } = await funded(t);
    await setStatus(t, contractor, projectId, 'in_progress');
    await setStatus(t, contractor, projectId, 'delivered');
    await t.db
      .update(projects)
      .set({ deliveredAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(projects.id, projectId));
    const deps = { db: t.db, mailer: t.app.mailer, appUrl: t.config.appUrl, money: { feePercent: 10, kickRefunds: () => undefined } };
    await autoApproveDelivered(deps);
    // Held through the days the client may still claim after an automatic approval (decision 054), then released.
    expect((await escrow(t, projectId)).heldMinor).toBe(1_250_000);
    await autoApproveDelivered(deps, new Date(Date.now() + 3 * 86_400_000 + 60_000));
    expect((await escrow(t, projectId)).heldMinor).toBe(0);
    expect(await balance(t, 'contractor_payable', { userId: contractor.id })).toBe(1_125_000);
  });

  it('a claim freezes the money; a sysadmin splits it: 70% released less the fee, 30% refunded to the card', async () => {
    const { client, contractor, projectId } = await funded(t);
    await setStatus(t, contractor, projectId, 'in_progress');
    await setStatus(t, client, projectId, 'disputed', 'No terminó el trabajo.');
    expect((await escrow(t, projectId)).heldMinor).toBe(1_250_000);
    const admin = await sysadmin(t);
    const url = `/api/admin/projects/${projectId}/decision`;
    expect((await post(t, client, url, { outcome: 'release' })).statusCode).toBe(403);
    expect((await post(t, admin, url, { outcome: 'split' })).json().error.fields.contractorPercent).toBe('Indica el porcentaje para el contratista (1 a 99).');
    const res = await post(t, admin, url, { outcome: 'split', contractorPercent: 70, note: 'Terminó la mayor parte.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Decisión registrada.', status: 'completado', released: 875_000, refunded: 375_000 });
    expect(await escrow(t, projectId)).toEqual({ fundedMinor: 1_250_000, releasedMinor: 875_000, refundedMinor: 375_000, heldMinor: 0 });
    expect(await balance(t, 'contractor_payable', { userId: contractor.id })).toBe(787_500);
    expect(await balance(t, 'refunds', { userId: client.id })).toBe(375_000);
    await flushRefunds(t.app.payments.deps);
    const [refund] = await t.db.select().from(processorRefunds).innerJoin(payments, eq(payments.id, processorRefunds.paymentId)).where(eq(payments.projectId, projectId));
    expect(refund!.processor_refunds).toMatchObject({ status: 'succeeded', amountMinor: 375_000 });
    const [charge] = await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, refund!.payments.processorRef!));
    expect(charge!.refundedMinor).toBe(375_000);
    expect((await post(t, admin, url, { outcome: 'refund' })).statusCode).toBe(409);
  });

  it('a claim and its decision with idempotency keys: repeated, they answer as the first and move the money once', async () => {
    const { client, contractor, projectId } = await funded(t);
    await setStatus(t, contractor, projectId, 'in_progress');
    const claimKey = newKey();
    const claim = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/status`,
        headers: { ...client.headers, 'idempotency-key': claimKey },
        payload: { status: 'disputed', note: 'No terminó el trabajo.' },
      });
    const claims = await Promise.all([claim(), claim()]);
    expect(claims.map((c) => c.statusCode)).toEqual([200, 200]);
    expect(claims[1]!.json()).toEqual(claims[0]!.json());
    const admin = await sysadmin(t);
    const decisionKey = newKey();
    const decide = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/admin/projects/${projectId}/decision`, headers: { ...admin.headers, 'idempotency-key': decisionKey }, payload: body });
    const decided = await Promise.all(Array.from({ length: 10 }, () => decide({ outcome: 'refund' })));
    expect(decided.map((d) => d.statusCode)).toEqual(Array(10).fill(200));
    for (const d of decided) expect(d.json()).toEqual({ message: 'Decisión registrada.', status: 'cancelled', released: 0, refunded: 1_250_000 });
    expect((await decide({ outcome: 'release' })).statusCode).toBe(409);
    expect(await escrow(t, projectId)).toEqual({ fundedMinor: 1_250_000, releasedMinor: 0, refundedMinor: 1_250_000, heldMinor: 0 });
    const refunds = await t.db.select().from(processorRefunds).innerJoin(payments, eq(payments.id, processorRefunds.paymentId)).where(eq(payments.projectId, projectId));
    expect(refunds).toHaveLength(1);
  });

  it('a refund racing a release: one wins, the other is refused, held never below zero', async () => {
    for (let i = 0; i < 3; i++) {
      const { client, contractor, projectId } = await funded(t);
      await setStatus(t, contractor, projectId, 'in_progress');
      await setStatus(t, client, projectId, 'disputed', 'Problema.');
      const admin = await sysadmin(t);
      const url = `/api/admin/projects/${projectId}/decision`;
      const [a, b] = await Promise.all([post(t, admin, url, { outcome: 'release' }), post(t, admin, url, { outcome: 'refund' })]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const e = await escrow(t, projectId);
      expect(e.heldMinor).toBe(0);
      expect(e.releasedMinor + e.refundedMinor).toBe(1_250_000);
      expect(e.releasedMinor === 0 || e.refundedMinor === 0).toBe(true);
    }
  });

  it('cancelling a hired, funded project refunds in full', async () => {
    const { client, projectId } = await funded(t);
    const admin = await sysadmin(t);
    expect((await post(t, client, `/api/admin/projects/${projectId}/cancel`)).statusCode).toBe(403);
    const res = await post(t, admin, `/api/admin/projects/${projectId}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', refunded: 1_250_000 });
    expect(await escrow(t, projectId)).toMatchObject({ refundedMinor: 1_250_000, heldMinor: 0 });
    await flushRefunds(t.app.payments.deps);
    const pending = await t.db.select().from(processorRefunds).where(eq(processorRefunds.status, 'pending'));
    expect(pending).toEqual([]);
    const receipt = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Reembolso');
    expect(receipt.text).toContain('Monto reembolsado: RD$12,500.00');
    expect(receipt.text).toMatch(/Referencia: re_[0-9a-f]{24}/);
  });
});

describe('ledger:check', () => {
  it('finds the ledger sound after the money tests, and names a problem when there is one', async () => {
    expect(await checkLedger(t.db)).toEqual([]);
    const root = path.resolve(import.meta.dirname, '../../../../..');
    const run = promisify(execFile);
    const ok = await run('npx', ['tsx', 'apps/server/src/cli/ledger-check.ts'], { cwd: root, env: { ...process.env, DATABASE_URL: t.url, LOG_LEVEL: 'silent' } });
    expect(ok.stdout).toContain('ledger:check: OK');
    // A release on a project nobody approved: named, and the command fails.
    const { projectId } = await funded(t);
    await t.db.transaction(async (tx) => {
      const [txn] = await tx
        .insert(ledgerTransactions)
        .values({ kind: 'release', idempotencyKey: `bad:${projectId}`, projectId })
        .returning();
      const accounts = await tx.execute<{ id: string; kind: string }>(sql`SELECT id, kind FROM ledger_accounts WHERE project_id = ${projectId} OR kind = 'platform_revenue'`);
      const escrowId = accounts.rows.find((a) => a.kind === 'escrow')!.id;
      const revenueId = accounts.rows.find((a) => a.kind === 'platform_revenue')!.id;
      await tx.execute(
        sql`INSERT INTO ledger_entries (transaction_id, account_id, amount_minor, currency) VALUES (${txn!.id}, ${escrowId}, -1, 'DOP'), (${txn!.id}, ${revenueId}, 1, 'DOP')`,
      );
    });
    const problems = await checkLedger(t.db);
    expect(problems).toEqual([expect.stringContaining(`on project ${projectId} that is assigned, not approved`)]);
    const failed = await run('npx', ['tsx', 'apps/server/src/cli/ledger-check.ts'], { cwd: root, env: { ...process.env, DATABASE_URL: t.url, LOG_LEVEL: 'silent' } }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect('code' in failed && failed.code).toBe(1);
    expect((failed as { stderr: string }).stderr).toContain('not approved');
  });

  it('names a milestone released before it was funded, twice, or for another amount (forged in the ledger)', async () => {
    const stages = [
      { title: 'Materiales', percent: 40 },
      { title: 'Final', percent: 60 },
    ];
    const { client, projectId } = await funded(t, { stages });
    const plan = await t.db.execute<{ id: string; amount_minor: string }>(sql`SELECT id, amount_minor FROM milestones WHERE project_id = ${projectId} ORDER BY position`);
    const [first, second] = plan.rows;
    // The escrow's counterpart is the client's clearing account here: only the milestone rules are under test.
    const accounts = await t.db.execute<{ id: string; kind: string }>(
      sql`SELECT id, kind FROM ledger_accounts WHERE project_id = ${projectId} OR (kind = 'processor_clearing' AND user_id = ${client.id})`,
    );
    const escrowId = accounts.rows.find((a) => a.kind === 'escrow')!.id;
    const revenueId = accounts.rows.find((a) => a.kind === 'processor_clearing')!.id;
    const forge = (key: string, milestoneId: string, amount: number) =>
      t.db.transaction(async (tx) => {
        const [txn] = await tx.insert(ledgerTransactions).values({ kind: 'release', idempotencyKey: key, projectId, milestoneId }).returning();
        await tx.execute(
          sql`INSERT INTO ledger_entries (transaction_id, account_id, amount_minor, currency) VALUES (${txn!.id}, ${escrowId}, ${-amount}, 'DOP'), (${txn!.id}, ${revenueId}, ${amount}, 'DOP')`,
        );
        return txn!.id;
      });
    const early = await forge(`bad-early:${projectId}`, second!.id, Number(second!.amount_minor));
    const once = await forge(`bad-once:${projectId}`, first!.id, Number(first!.amount_minor));
    const twice = await forge(`bad-twice:${projectId}`, first!.id, 1);
    const problems = await checkLedger(t.db);
    expect(problems).toEqual(
      expect.arrayContaining([
        `milestone released before it was funded: milestone ${second!.id} transaction ${early}`,
        `milestone released twice: milestone ${first!.id} transaction ${once}`,
        `milestone released twice: milestone ${first!.id} transaction ${twice}`,
        `milestone released for another amount than its own: milestone ${first!.id} transaction ${twice}`,
        `milestone released on a project that is assigned: milestone ${first!.id} transaction ${once}`,
      ]),
    );
    expect(problems.some((p) => p.includes(`milestone ${first!.id} transaction ${once}`) && p.includes('another amount'))).toBe(false);
  });

  it('names every project past assigned with less held or released than its status needs, and every completado not paid out without a decision (forged in the database)', async () => {
    const before = await checkLedger(t.db);
    const stages = [
      { title: 'Materiales', percent: 40 },
      { title: 'Final', percent: 60 },
    ];
    const forceStatus = (projectId: string, status: string) => t.db.execute(sql`UPDATE projects SET status = ${status}::project_status WHERE id = ${projectId}`);
    // Clean: funded and moved through the API (a single price to completado, a staged plan started on its first milestone).
    const done = await funded(t);
    await setStatus(t, done.contractor, done.projectId, 'in_progress');
    await setStatus(t, done.contractor, done.projectId, 'delivered');
    expect((await setStatus(t, done.client, done.projectId, 'completado')).statusCode).toBe(200);
    const begun = await funded(t, { stages });
    expect((await setStatus(t, begun.contractor, begun.projectId, 'in_progress')).statusCode).toBe(200);
    // Clean although forged: a staged plan in progress on its first milestone (500,000 of 1,250,000), and a
    // completado a sysadmin decided (its log trail line) with less than the price paid out.
    const firstStage = await funded(t, { stages });
    await forceStatus(firstStage.projectId, 'in_progress');
    const decided = await funded(t, { stages });
    await forceStatus(decided.projectId, 'completado');
    await t.db.execute(
      sql`INSERT INTO log_trail (user_id, action, location, details) VALUES (NULL, 'project-claim-split', ${`/proyectos/${decided.projectId}`}, ${JSON.stringify({ projectId: decided.projectId })}::jsonb)`,
    );
    expect(await checkLedger(t.db)).toEqual(before);

    // Started, delivered, approved or under a claim without the money: named with what was due.
    const unfunded = await hired(t);
    await forceStatus(unfunded.projectId, 'in_progress');
    const disputed = await hired(t, { stages });
    await forceStatus(disputed.projectId, 'disputed');
    const deliveredOnFirst = await funded(t, { stages });
    await forceStatus(deliveredOnFirst.projectId, 'delivered');
    const approvedOnFirst = await funded(t, { stages });
    await forceStatus(approvedOnFirst.projectId, 'completado');
    // The whole price held but never released, and a claim's log line that is not a decision.
    const neverReleased = await funded(t);
    await forceStatus(neverReleased.projectId, 'completado');
    await t.db.execute(
      sql`INSERT INTO log_trail (user_id, action, location, details) VALUES (NULL, 'project-claimed', ${`/proyectos/${neverReleased.projectId}`}, ${JSON.stringify({ projectId: neverReleased.projectId })}::jsonb)`,
    );
    // Refunded after the start: the money to begin is no longer there.
    const refunded = await funded(t);
    await setStatus(t, refunded.contractor, refunded.projectId, 'in_progress');
    await t.db.transaction(async (tx) => {
      const [txn] = await tx
        .insert(ledgerTransactions)
        .values({ kind: 'refund', idempotencyKey: `bad-refund:${refunded.projectId}`, projectId: refunded.projectId })
        .returning();
      const accounts = await tx.execute<{ id: string; kind: string }>(
        sql`SELECT id, kind FROM ledger_accounts WHERE project_id = ${refunded.projectId} OR (kind = 'processor_clearing' AND user_id = ${refunded.client.id})`,
      );
      const escrowId = accounts.rows.find((a) => a.kind === 'escrow')!.id;
      const clearingId = accounts.rows.find((a) => a.kind === 'processor_clearing')!.id;
      await tx.execute(
        sql`INSERT INTO ledger_entries (transaction_id, account_id, amount_minor, currency) VALUES (${txn!.id}, ${escrowId}, -1, 'DOP'), (${txn!.id}, ${clearingId}, 1, 'DOP')`,
      );
    });
    // Past assigned without an accepted quote.
    const noQuote = await hired(t);
    await t.db.execute(sql`UPDATE projects SET status = 'delivered', accepted_quote_id = NULL WHERE id = ${noQuote.projectId}`);

    const found = (await checkLedger(t.db)).filter((p) => !before.includes(p));
    expect(found.sort()).toEqual(
      [
        `project ${unfunded.projectId} is in_progress with 0 DOP held or released, less than the money to begin (1250000)`,
        `project ${disputed.projectId} is disputed with 0 DOP held or released, less than the money to begin (500000)`,
        `project ${deliveredOnFirst.projectId} is delivered with 500000 DOP held or released, less than the whole price (1250000)`,
        `project ${approvedOnFirst.projectId} is completado with 500000 DOP held or released, less than the whole price (1250000)`,
        `project ${approvedOnFirst.projectId} is completado but released 0 and refunded 0 DOP of its price 1250000, and no sysadmin decided a claim`,
        `project ${neverReleased.projectId} is completado but released 0 and refunded 0 DOP of its price 1250000, and no sysadmin decided a claim`,
        `project ${refunded.projectId} is in_progress with 1249999 DOP held or released, less than the money to begin (1250000)`,
        `project ${noQuote.projectId} is delivered without an accepted quote: nothing says what had to be funded`,
      ].sort(),
    );
    // The command names them too and fails.
    const root = path.resolve(import.meta.dirname, '../../../../..');
    const failed = await promisify(execFile)('npx', ['tsx', 'apps/server/src/cli/ledger-check.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: t.url, LOG_LEVEL: 'silent' },
    }).catch((e: { code: number; stderr: string }) => e);
    expect('code' in failed && failed.code).toBe(1);
    expect((failed as { stderr: string }).stderr).toContain(`ledger:check: project ${unfunded.projectId} is in_progress with 0 DOP held or released`);
  });
});
