import { statementQueue as ts } from '@arreglaya/shared/i18n/statement-queue';
import type { Currency } from '@arreglaya/shared/domain';
import type { MoneyAlertView, RecordReturn, ReturnReason, TransferReturnView } from '@arreglaya/shared/schemas/statements';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bankCsvMappings, moneyAlerts, payments, processorRefunds, projects, statementLines, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { moneyStep, recordMoneyEvent, type PaymentsDeps } from '../payments/payments.service.ts';

// The console's money queues (issue 47, decision 051): everything ArreglaYa owes back by bank
// transfer, recorded once it is made; the money alerts, reviewed with a note; the banks' saved CSV
// layouts. A transfer-funded refund was posted in the ledger when it was decided (the escrow to the
// client's refunds account, as a card's): recording its return settles its processor_refunds row,
// as the processor's answer settles a card's, and posts nothing more. A statement line's excess
// never entered the ledger (only what a line applied funds): its return posts nothing either.

/** The most debts the list answers with, oldest first. */
export const TRANSFER_RETURNS_MAX = 200;

/** Everything owed back by transfer: transfer-funded refunds not yet returned, and statement lines with money to give back. */
export async function listTransferReturns(db: Db, limit = TRANSFER_RETURNS_MAX): Promise<TransferReturnView[]> {
  const r = await db.execute<{
    kind: 'refund' | 'line';
    id: string;
    amount_minor: string;
    currency: Currency;
    reason: ReturnReason;
    client_name: string | null;
    payer_name: string | null;
    reference: string | null;
    project_title: string | null;
    since: Date | string;
  }>(sql`
    SELECT * FROM (
      SELECT 'refund' AS kind, r.id, r.amount_minor, r.currency,
             CASE WHEN t.payment_id IS NOT NULL THEN 'paidTwice' ELSE 'hireEnded' END AS reason,
             nullif(trim(u.first_name || ' ' || u.last_name), '') AS client_name,
             (SELECT string_agg(DISTINCT l.payer_name, ', ') FROM statement_lines l WHERE l.payment_id = p.id AND l.payer_name IS NOT NULL) AS payer_name,
             p.reference, pr.title AS project_title, r.created_at AS since
        FROM processor_refunds r
        JOIN payments p ON p.id = r.payment_id
        JOIN ledger_transactions t ON t.id = r.ledger_transaction_id
        LEFT JOIN users u ON u.id = p.payer_id
        LEFT JOIN projects pr ON pr.id = p.project_id
       WHERE r.status = 'pending' AND p.rail = 'transfer'
      UNION ALL
      SELECT 'line', l.id, l.return_minor, l.currency,
             CASE WHEN l.status = 'returned' THEN 'unknownCredit'
                  WHEN l.applied_minor > 0 THEN 'overpayment'
                  WHEN p.status = 'expired' THEN 'expiredReference'
                  ELSE 'lateTransfer' END,
             nullif(trim(u.first_name || ' ' || u.last_name), ''),
             l.payer_name, coalesce(p.reference, l.reference), pr.title,
             CASE WHEN p.status = 'expired' THEN greatest(l.created_at, p.expires_at) ELSE l.created_at END
        FROM statement_lines l
        LEFT JOIN payments p ON p.id = l.payment_id
        LEFT JOIN users u ON u.id = p.payer_id
        LEFT JOIN projects pr ON pr.id = p.project_id
       WHERE l.return_minor > 0 AND l.returned_at IS NULL
    ) owed
    ORDER BY since, id
    LIMIT ${limit}`);
  return r.rows.map((x) => ({
    kind: x.kind,
    id: x.id,
    amountMinor: Number(x.amount_minor),
    currency: x.currency,
    reason: x.reason,
    clientName: x.client_name,
    payerName: x.payer_name,
    reference: x.reference,
    projectTitle: x.project_title,
    since: new Date(x.since).toISOString(),
  }));
}

/** What recording a return did: `recorded` false when the same return had been recorded already (a replay). */
export interface ReturnOutcome {
  recorded: boolean;
}

/** A return recorded again: the same bank reference is a replay (nothing changes), another one a conflict. */
function replayOf(recordedRef: string | null, input: RecordReturn): ReturnOutcome {
  if (recordedRef === input.returnRef) return { recorded: false };
  throw new AppError('CONFLICT', ts.returns.otherReference(recordedRef ?? ''));
}

/**
 * The console records that a transfer-funded refund was given back by a bank transfer. Under the
 * refund's row lock: 50 identical requests record it once (and tell the client once).
 */
export async function recordRefundReturned(deps: PaymentsDeps, refundId: string, input: RecordReturn, by: string): Promise<ReturnOutcome> {
  return moneyStep(deps, async (tx) => {
    const [row] = await tx
      .select({ refund: processorRefunds, rail: payments.rail, payerId: payments.payerId, projectId: payments.projectId })
      .from(processorRefunds)
      .innerJoin(payments, eq(payments.id, processorRefunds.paymentId))
      .where(eq(processorRefunds.id, refundId))
      .for('update', { of: processorRefunds });
    if (!row) throw new AppError('NOT_FOUND', ts.returns.notFound);
    if (row.rail !== 'transfer') throw new AppError('CONFLICT', ts.returns.notTransfer);
    if (row.refund.status === 'succeeded') return replayOf(row.refund.processorRef, input);
    await tx
      .update(processorRefunds)
      .set({ status: 'succeeded', processorRef: input.returnRef, returnedOn: input.returnedOn, returnedBy: by, updatedAt: new Date() })
      .where(eq(processorRefunds.id, refundId));
    await tellReturned(tx, { payerId: row.payerId, projectId: row.projectId, amountMinor: row.refund.amountMinor, currency: row.refund.currency }, input);
    return { recorded: true };
  });
}

/**
 * The console records that a statement line's money was given back: all of an unknown credit (it
 * becomes `returned`), or what a matched line brought beyond its payment. Under the line's lock,
 * once; a line with a payment tells that payment's client.
 */
export async function recordLineReturned(deps: PaymentsDeps, lineId: string, input: RecordReturn, by: string): Promise<ReturnOutcome> {
  return moneyStep(deps, async (tx) => {
    const [line] = await tx.select().from(statementLines).where(eq(statementLines.id, lineId)).for('update');
    if (!line) throw new AppError('NOT_FOUND', ts.lineNotFound);
    if (line.returnedAt !== null) return replayOf(line.returnRef, input);
    const recorded = { returnedAt: new Date(), returnRef: input.returnRef, returnedOn: input.returnedOn, resolvedBy: by };
    if (line.status === 'unmatched') {
      await tx
        .update(statementLines)
        .set({ status: 'returned', returnMinor: line.amountMinor, ...recorded })
        .where(eq(statementLines.id, line.id));
    } else if (line.returnMinor > 0) {
      await tx.update(statementLines).set(recorded).where(eq(statementLines.id, line.id));
    } else {
      throw new AppError('CONFLICT', ts.notReturnable);
    }
    if (line.paymentId && line.returnMinor > 0) {
      const [p] = await tx.select({ payerId: payments.payerId, projectId: payments.projectId }).from(payments).where(eq(payments.id, line.paymentId));
      if (p) await tellReturned(tx, { ...p, amountMinor: line.returnMinor, currency: line.currency }, input);
    }
    return { recorded: true };
  });
}

/**
 * The payer is told their money went back (notifications/payment-notices.ts): announced in the
 * return's transaction and told after its commit (decision 074), so a notice that fails never
 * leaves the return unrecorded.
 */
async function tellReturned(tx: Tx, money: { payerId: string; projectId: string; amountMinor: number; currency: Currency }, input: RecordReturn): Promise<void> {
  await recordMoneyEvent(tx, {
    kind: 'transfer-returned',
    projectId: money.projectId,
    payload: { payerId: money.payerId, amountMinor: money.amountMinor, currency: money.currency, returnedOn: input.returnedOn, returnRef: input.returnRef },
  });
}

// ---- Money alerts ----

const amountOf = (v: unknown): { amountMinor: number; currency: string } | null => {
  const o = v as { amountMinor?: unknown; currency?: unknown } | null | undefined;
  return o && typeof o.amountMinor === 'number' && typeof o.currency === 'string' ? { amountMinor: o.amountMinor, currency: o.currency } : null;
};

/** The open alerts, oldest first, with what was expected and what came (the alert's details) and whose payment it is. */
export async function listOpenAlerts(db: Db, limit = 200): Promise<MoneyAlertView[]> {
  const rows = await db
    .select({
      id: moneyAlerts.id,
      kind: moneyAlerts.kind,
      paymentId: moneyAlerts.paymentId,
      details: moneyAlerts.details,
      createdAt: moneyAlerts.createdAt,
      clientName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      projectTitle: projects.title,
    })
    .from(moneyAlerts)
    .leftJoin(payments, eq(payments.id, moneyAlerts.paymentId))
    .leftJoin(users, eq(users.id, payments.payerId))
    .leftJoin(projects, eq(projects.id, payments.projectId))
    .where(isNull(moneyAlerts.resolvedAt))
    .orderBy(moneyAlerts.createdAt, moneyAlerts.id)
    .limit(limit);
  return rows.map((r) => {
    const d = r.details as { expected?: unknown; notified?: unknown; received?: unknown };
    return {
      id: r.id,
      kind: r.kind,
      paymentId: r.paymentId,
      expected: amountOf(d.expected),
      received: amountOf(d.notified ?? d.received),
      clientName: r.clientName,
      projectTitle: r.projectTitle ?? null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** Marks an alert reviewed with the sysadmin's note, once: the same note again is a replay, another a conflict. */
export async function reviewAlert(db: Db, alertId: string, note: string, by: string): Promise<ReturnOutcome> {
  return db.transaction(async (tx) => {
    const [alert] = await tx.select().from(moneyAlerts).where(eq(moneyAlerts.id, alertId)).for('update');
    if (!alert) throw new AppError('NOT_FOUND', ts.alerts.notFound);
    if (alert.resolvedAt !== null) {
      if (alert.resolutionNote === note) return { recorded: false };
      throw new AppError('CONFLICT', ts.alerts.alreadyReviewed);
    }
    await tx
      .update(moneyAlerts)
      .set({ resolvedAt: new Date(), resolvedBy: by, resolutionNote: note })
      .where(and(eq(moneyAlerts.id, alertId), isNull(moneyAlerts.resolvedAt)));
    return { recorded: true };
  });
}

// ---- The banks' CSV layouts ----

/** Every saved layout, by bank key. */
export function listBankMappings(db: Db) {
  return db.select({ bank: bankCsvMappings.bank, mapping: bankCsvMappings.mapping, updatedAt: bankCsvMappings.updatedAt }).from(bankCsvMappings).orderBy(bankCsvMappings.bank);
}
