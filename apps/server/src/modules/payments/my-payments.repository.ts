import { eq, sql } from 'drizzle-orm';
import type { Currency } from '@arreglaya/shared/domain';
import type { DbOrTx } from '../../db/client.ts';
import { milestones, paymentMethods, payments, projects, users } from '../../db/schema/index.ts';
import type { PaymentRow, PaymentMethodRow } from './payments.repository.ts';

// A payer's own payments and receipts (decision 021, 074).

/**
 * A payer's charges, newest first (GET /api/me/payments), each with its project's title, the
 * stage it funded (its position of the plan's count), the saved card it used, how much of it was
 * refunded, and what its project still holds in its currency: what `paymentMoneyState` needs.
 */
export async function listPaymentsOfPayer(db: DbOrTx, payerId: string, limit = 100) {
  const r = await db.execute<{
    id: string;
    project_id: string;
    project_title: string;
    amount_minor: string;
    currency: Currency;
    status: PaymentRow['status'];
    created_at: Date | string;
    stage_title: string | null;
    stage_position: number | null;
    stage_count: string | null;
    stage_status: (typeof milestones.$inferSelect)['status'] | null;
    brand: PaymentMethodRow['brand'] | null;
    last4: string | null;
    rail: PaymentRow['rail'];
    refunded_minor: string;
    held_minor: string;
  }>(sql`
    SELECT p.id, p.project_id, pr.title AS project_title, p.amount_minor, p.currency, p.status, p.rail, p.created_at,
           m.title AS stage_title, m.position AS stage_position, m.status AS stage_status,
           (SELECT count(*) FROM milestones mm WHERE mm.quote_id = m.quote_id) AS stage_count,
           coalesce(p.card_brand, pm.brand) AS brand, coalesce(p.card_last4, pm.last4) AS last4,
           (SELECT coalesce(sum(r.amount_minor), 0) FROM processor_refunds r WHERE r.payment_id = p.id)::bigint AS refunded_minor,
           (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
             WHERE a.kind = 'escrow' AND a.project_id = p.project_id AND a.currency = p.currency)::bigint AS held_minor
      FROM payments p JOIN projects pr ON pr.id = p.project_id
      LEFT JOIN milestones m ON m.id = p.milestone_id
      LEFT JOIN payment_methods pm ON pm.id = p.payment_method_id
     WHERE p.payer_id = ${payerId}
     ORDER BY p.created_at DESC
     LIMIT ${limit}`);
  return r.rows.map((x) => ({
    id: x.id,
    projectId: x.project_id,
    projectTitle: x.project_title,
    amountMinor: Number(x.amount_minor),
    currency: x.currency,
    status: x.status,
    createdAt: new Date(x.created_at),
    // Positions count from 0; people count stages from 1.
    stage: x.stage_title === null ? null : { title: x.stage_title, position: Number(x.stage_position) + 1, count: Number(x.stage_count), status: x.stage_status! },
    rail: x.rail,
    card: x.brand && x.last4 ? { brand: x.brand, last4: x.last4 } : null,
    refundedMinor: Number(x.refunded_minor),
    projectHeldMinor: Number(x.held_minor),
  }));
}

/** One charge with what its receipt needs: its payer's first name, the project's title, the saved card it used. */
export async function findPaymentReceipt(db: DbOrTx, paymentId: string) {
  const [row] = await db
    .select({
      id: payments.id,
      payerId: payments.payerId,
      projectId: payments.projectId,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      status: payments.status,
      rail: payments.rail,
      processorRef: payments.processorRef,
      createdAt: payments.createdAt,
      title: projects.title,
      firstName: users.firstName,
      brand: sql<PaymentMethodRow['brand'] | null>`coalesce(${payments.cardBrand}, ${paymentMethods.brand})`,
      last4: sql<string | null>`coalesce(${payments.cardLast4}, ${paymentMethods.last4})`,
    })
    .from(payments)
    .innerJoin(projects, eq(projects.id, payments.projectId))
    .innerJoin(users, eq(users.id, payments.payerId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(eq(payments.id, paymentId));
  return row;
}
