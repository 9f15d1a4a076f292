import { inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, sandboxCharges } from '../../db/schema/index.ts';
import { CARDS, escrow, fund, post, setStatus, sysadmin, tokenize } from '../../../test/support/payment-factories.ts';
import { person, postProject, postQuote, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { checkLedger } from './ledger-check.ts';
import { milestoneReleaseProblems } from './ledger.repository.ts';
import { flushRefunds, reconcile } from './payments.service.ts';

// Random sequences of fund / confirm / start / release a milestone / deliver / approve / claim /
// decide / cancel / reconcile, with retried keys, duplicated concurrent requests and processor
// timeouts, on one hired project per run (half of them with a staged plan of three milestones): after every step the money invariants hold, and no answer is a 5xx
// other than the 503 of a processor that did not answer.

let t: TestApp;
let admin: Person;
let client: Person;
let contractor: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await sysadmin(t);
  client = await person(t, 'client');
  contractor = await person(t, 'contractor');
});
afterAll(() => t.close());

const PRICE = 1_250_000;
const card = fc.constantFrom('visa', 'declined', 'insufficient', 'challenge');
const op = fc.oneof(
  fc.record({ kind: fc.constant('fund' as const), slot: fc.integer({ min: 0, max: 2 }), card, copies: fc.integer({ min: 1, max: 3 }), timeout: fc.boolean() }),
  fc.record({ kind: fc.constant('challenge' as const), confirm: fc.boolean() }),
  fc.record({ kind: fc.constantFrom('start' as const, 'deliver' as const, 'approve' as const, 'claim' as const), copies: fc.integer({ min: 1, max: 3 }) }),
  fc.record({
    kind: fc.constant('decide' as const),
    outcome: fc.constantFrom('release', 'refund', 'split'),
    percent: fc.integer({ min: 1, max: 99 }),
    copies: fc.integer({ min: 1, max: 2 }),
  }),
  fc.record({ kind: fc.constant('milestone' as const), index: fc.integer({ min: 0, max: 2 }), copies: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constantFrom('cancel' as const, 'reconcile' as const, 'flush' as const) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const funds = (c: 'visa' | 'challenge', slot = 0): Op[] =>
  c === 'visa'
    ? [{ kind: 'fund', slot, card: 'visa', copies: 1, timeout: false }]
    : [
        { kind: 'fund', slot, card: 'challenge', copies: 1, timeout: false },
        { kind: 'challenge', confirm: true },
      ];
const step = (kind: 'start' | 'deliver' | 'approve' | 'claim'): Op => ({ kind, copies: 2 });
const decide = (outcome: 'release' | 'refund' | 'split'): Op => ({ kind: 'decide', outcome, percent: 40, copies: 2 });
const milestone = (index: number): Op => ({ kind: 'milestone', index, copies: 2 });
/** The paths money takes, so most runs reach a release, a claim or a refund; random steps are mixed in. */
const paths = fc.constantFrom<Op[]>(
  [...funds('visa'), step('start'), step('deliver'), step('approve')],
  [...funds('challenge'), step('start'), step('deliver'), step('approve')],
  [...funds('visa'), step('start'), step('claim'), decide('split')],
  [...funds('visa'), step('start'), step('deliver'), step('claim'), decide('refund')],
  [...funds('visa'), step('start'), step('claim'), decide('release')],
  [...funds('visa'), { kind: 'cancel' }],
  // Staged plans: a milestone released while in progress, the next funded, then approval, a claim or a release refused.
  [...funds('visa'), step('start'), milestone(0), ...funds('challenge', 1), milestone(1), ...funds('visa', 2), step('deliver'), step('approve')],
  [...funds('visa'), step('start'), milestone(0), ...funds('visa', 1), step('claim'), milestone(1), decide('split')],
  [...funds('visa'), step('start'), milestone(2), milestone(1), step('deliver'), step('claim'), decide('refund')],
);
const sequence = fc.tuple(fc.boolean(), paths, fc.array(fc.tuple(op, fc.nat()), { maxLength: 6 })).map(([staged, path, noise]) => {
  const ops = [...path];
  for (const [o, at] of noise) ops.splice(at % (ops.length + 1), 0, o);
  return { staged: staged || ops.some((o) => o.kind === 'milestone'), ops };
});
const STAGES = [
  { title: 'Materiales', percent: 40 },
  { title: 'Avance', percent: 30 },
  { title: 'Final', percent: 30 },
];

async function invariants(projectId: string, contractorId: string) {
  const e = await escrow(t, projectId);
  expect(e.heldMinor).toBeGreaterThanOrEqual(0);
  expect(e.heldMinor).toBe(e.fundedMinor - e.releasedMinor - e.refundedMinor);
  expect(e.fundedMinor).toBeLessThanOrEqual(PRICE);
  const [project] = await t.db.execute<{ status: string }>(sql`SELECT status FROM projects WHERE id = ${projectId}`).then((r) => r.rows);
  const open = await t.db
    .select()
    .from(payments)
    .where(sql`${payments.projectId} = ${projectId} AND ${payments.status} IN ('pending', 'requires_action')`);
  if ((project!.status === 'completado' || project!.status === 'cancelled') && open.length === 0) expect(e.heldMinor).toBe(0);
  // Before approval only whole funded milestones leave the escrow, each once (never one unfunded), and never the last one.
  const early = await t.db.execute<{ total: string; n: string; last: string }>(sql`
    SELECT coalesce(sum(m.amount_minor), 0)::bigint AS total, count(*) AS n,
           count(*) FILTER (WHERE m.position = (SELECT max(position) FROM milestones WHERE project_id = m.project_id)) AS last
      FROM ledger_transactions x JOIN milestones m ON m.id = x.milestone_id WHERE x.project_id = ${projectId} AND x.kind = 'release'`);
  expect(Number(early.rows[0]!.last)).toBe(0);
  if (project!.status !== 'completado') expect(e.releasedMinor).toBe(Number(early.rows[0]!.total));
  expect(await milestoneReleaseProblems(t.db)).toEqual([]);
  // What the contractor and the platform received from this project is what left its escrow as releases.
  const paid = await t.db.execute<{ total: string }>(sql`
    SELECT coalesce(sum(e.amount_minor), 0)::bigint AS total FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      JOIN ledger_transactions x ON x.id = e.transaction_id
     WHERE x.project_id = ${projectId} AND x.kind = 'release' AND a.kind IN ('contractor_payable', 'platform_revenue')`);
  expect(Number(paid.rows[0]!.total)).toBe(e.releasedMinor);
  // Every payment we count as paid is a succeeded charge of the same amount at the processor.
  const succeeded = await t.db
    .select()
    .from(payments)
    .where(sql`${payments.projectId} = ${projectId} AND ${payments.status} = 'succeeded'`);
  if (succeeded.length > 0) {
    const charges = await t.db
      .select()
      .from(sandboxCharges)
      .where(
        inArray(
          sandboxCharges.idempotencyKey,
          succeeded.map((p) => `pay_${p.id}`),
        ),
      );
    expect(charges.map((c) => [c.status, c.amountMinor]).sort()).toEqual(succeeded.map((p) => ['succeeded', p.amountMinor]).sort());
  }
  void contractorId;
}

async function run({ staged, ops }: { staged: boolean; ops: Op[] }) {
  const projectId = await postProject(t, client);
  const quoteId = await postQuote(t, contractor, projectId, staged ? { stages: STAGES } : {});
  expect((await post(t, client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
  const tokens = {
    visa: await tokenize(t, CARDS.visa),
    declined: await tokenize(t, CARDS.declined),
    insufficient: await tokenize(t, CARDS.insufficient),
    challenge: await tokenize(t, CARDS.challenge),
  };
  const keys = [0, 1, 2].map((i) => `prop-${projectId.slice(0, 8)}-${i}`);
  const times = (n: number, f: () => Promise<{ statusCode: number }>) => Promise.all(Array.from({ length: n }, f));
  for (const o of ops) {
    let answers: { statusCode: number }[] = [];
    let timeout = false;
    if (o.kind === 'fund') {
      timeout = o.timeout;
      if (o.timeout) t.app.payments.sandbox.injectFault('charge', 'timeout_after');
      answers = await times(o.copies, () => fund(t, client, projectId, { token: tokens[o.card] }, keys[o.slot]!));
      t.app.payments.sandbox.clearFaults();
    } else if (o.kind === 'challenge') {
      const [waiting] = await t.db
        .select()
        .from(payments)
        .where(sql`${payments.projectId} = ${projectId} AND ${payments.status} = 'requires_action'`);
      if (waiting?.nextActionUrl) {
        await t.app.inject({ method: 'POST', url: `${waiting.nextActionUrl}/${o.confirm ? 'confirm' : 'cancel'}` });
        answers = [await post(t, client, `/api/payments/${waiting.id}/confirm`)];
      }
    } else if (o.kind === 'start' || o.kind === 'deliver') {
      answers = await times(o.copies, () => setStatus(t, contractor, projectId, o.kind === 'start' ? 'in_progress' : 'delivered'));
    } else if (o.kind === 'approve') {
      answers = await times(o.copies, () => setStatus(t, client, projectId, 'completado'));
    } else if (o.kind === 'claim') {
      answers = await times(o.copies, () => setStatus(t, client, projectId, 'disputed', 'No quedó bien.'));
    } else if (o.kind === 'decide') {
      const body = o.outcome === 'split' ? { outcome: 'split', contractorPercent: o.percent } : { outcome: o.outcome };
      answers = await times(o.copies, () => post(t, admin, `/api/admin/projects/${projectId}/decision`, body));
    } else if (o.kind === 'milestone') {
      const plan = await t.db.execute<{ id: string }>(sql`SELECT id FROM milestones WHERE project_id = ${projectId} ORDER BY position`);
      const id = plan.rows[o.index]?.id;
      if (id) answers = await times(o.copies, () => post(t, client, `/api/projects/${projectId}/milestones/${id}/release`));
    } else if (o.kind === 'cancel') {
      answers = [await post(t, admin, `/api/admin/projects/${projectId}/cancel`)];
    } else if (o.kind === 'reconcile') {
      await reconcile(t.app.payments.deps, { olderThanMs: 0 });
    } else {
      await flushRefunds(t.app.payments.deps);
    }
    for (const a of answers) {
      if (a.statusCode >= 500) expect(timeout && a.statusCode === 503, `${o.kind} answered ${a.statusCode}`).toBe(true);
    }
    await invariants(projectId, contractor.id);
  }
  // Whatever was left unanswered is reconciled; then every refund goes out and the whole ledger checks.
  await reconcile(t.app.payments.deps, { olderThanMs: 0 });
  await flushRefunds(t.app.payments.deps);
  await invariants(projectId, contractor.id);
  const refunds = await t.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM processor_refunds WHERE status = 'pending'`);
  expect(Number(refunds.rows[0]!.n)).toBe(0);
}

describe('money invariants under random sequences', () => {
  it('hold after every step of random fund / release a milestone / deliver / approve / claim / decide / refund / cancel sequences with retries and duplicates', async () => {
    await fc.assert(fc.asyncProperty(sequence, run), { numRuns: 9 });
    // And the whole ledger, as npm run ledger:check sees it.
    expect(await checkLedger(t.db)).toEqual([]);
  }, 120_000);
});
