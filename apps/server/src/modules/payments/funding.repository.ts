import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { postingSql, type Posting } from './ledger.repository.ts';
import { projects } from '../../db/schema/index.ts';
import type { PaymentRow, PaymentMethodRow } from './payments.repository.ts';

// The funding's writes and reads of its hot path (decision 021, 074).

// ---- The funding's hot path (decision 021): one read and one write per transaction, raw SQL ----

/** What a funding's rules need of a payment of the project. */
export interface PaymentBrief {
  id: string;
  status: PaymentRow['status'];
  milestoneId: string | null;
}

/**
 * A funding's first read, in one statement: the project locked, with its country and accepted price, the
 * project's payments, the saved card asked for (the payer's own only) and the idempotency key if it
 * was used before. Read in the statement that waited for the lock, the payments and the key may
 * miss a transaction that committed during the wait: the write (claimKeyAndInsertPayment) checks both.
 */
export async function readForFunding(tx: DbOrTx, projectId: string, userId: string, key: string, methodId: string | null) {
  const r = await tx.execute<{
    id: string;
    client_id: string;
    contractor_id: string | null;
    status: (typeof projects.$inferSelect)['status'];
    country: (typeof projects.$inferSelect)['country'];
    accepted_quote_id: string | null;
    agreed_price_minor: number | null;
    currency: PaymentRow['currency'] | null;
    staged: boolean;
    pays: PaymentBrief[];
    m_id: string | null;
    m_token: string | null;
    m_brand: PaymentMethodRow['brand'] | null;
    m_last4: string | null;
    m_status: PaymentMethodRow['status'] | null;
    r_id: string | null;
  }>(sql`
    SELECT p.id, p.client_id, p.contractor_id, p.status, p.country, p.accepted_quote_id, q.agreed_price_minor, q.currency, q.stages IS NOT NULL AS staged,
           (SELECT coalesce(json_agg(json_build_object('id', x.id, 'status', x.status, 'milestoneId', x.milestone_id) ORDER BY x.created_at), '[]'::json)
              FROM payments x WHERE x.project_id = p.id) AS pays,
           m.id AS m_id, m.processor_token AS m_token, m.brand AS m_brand, m.last4 AS m_last4, m.status AS m_status,
           (SELECT r.id FROM money_requests r WHERE r.user_id = ${userId}::uuid AND r.key = ${key}::varchar) AS r_id
      FROM projects p
      LEFT JOIN quotes q ON q.id = p.accepted_quote_id
      LEFT JOIN payment_methods m ON m.id = ${methodId}::uuid AND m.user_id = ${userId}::uuid
     WHERE p.id = ${projectId}::uuid
       FOR UPDATE OF p`);
  const row = r.rows[0];
  if (!row) return undefined;
  return {
    project: {
      id: row.id,
      clientId: row.client_id,
      contractorId: row.contractor_id,
      status: row.status,
      country: row.country,
      acceptedQuoteId: row.accepted_quote_id,
      price:
        row.agreed_price_minor === null || row.currency === null ? undefined : { agreedPriceMinor: Number(row.agreed_price_minor), currency: row.currency, staged: row.staged },
    },
    pays: row.pays,
    method: row.m_id === null ? undefined : { id: row.m_id, processorToken: row.m_token!, brand: row.m_brand!, last4: row.m_last4, status: row.m_status! },
    keyUsed: row.r_id !== null,
  };
}

/**
 * A funding's write, in one statement: the idempotency key taken and the pending payment inserted,
 * the payment only if the key was new and the project still has `paymentsRead` payments (none came
 * in while the read waited for the lock). Undefined when nothing was written but perhaps the key:
 * the caller then reads again (the key, if taken here, is this transaction's row).
 */
export async function claimKeyAndInsertPayment(
  tx: DbOrTx,
  k: { userId: string; key: string; requestHash: string },
  p: Pick<PaymentRow, 'projectId' | 'milestoneId' | 'payerId' | 'paymentMethodId' | 'amountMinor' | 'currency' | 'idempotencyKey' | 'cardBrand' | 'cardLast4'>,
  paymentsRead: number,
): Promise<{ requestId: string; payment: PaymentRow } | undefined> {
  const r = await tx.execute<{ request_id: string; id: string | null; created_at: string | Date | null }>(sql`
    WITH k AS (
      INSERT INTO money_requests (user_id, key, request_hash) VALUES (${k.userId}::uuid, ${k.key}::varchar, ${k.requestHash}::char(64))
      ON CONFLICT DO NOTHING RETURNING id),
    p AS (
      INSERT INTO payments (project_id, milestone_id, payer_id, payment_method_id, amount_minor, currency, status, idempotency_key, card_brand, card_last4)
      SELECT ${p.projectId}::uuid, ${p.milestoneId}::uuid, ${p.payerId}::uuid, ${p.paymentMethodId}::uuid, ${p.amountMinor}::bigint, ${p.currency}::currency, 'pending', ${p.idempotencyKey}::varchar,
             ${p.cardBrand}::card_brand, ${p.cardLast4}::char(4)
        FROM k WHERE (SELECT count(*) FROM payments WHERE project_id = ${p.projectId}::uuid) = ${paymentsRead}::int
      RETURNING id, created_at)
    SELECT k.id AS request_id, p.id, p.created_at FROM k LEFT JOIN p ON true`);
  const row = r.rows[0];
  if (!row?.id) return undefined;
  const at = new Date(row.created_at!);
  return {
    requestId: row.request_id,
    payment: {
      ...p,
      id: row.id,
      status: 'pending',
      processorRef: null,
      failureCode: null,
      nextActionUrl: null,
      rail: 'card',
      method: null,
      expiresAt: null,
      reference: null,
      receivedMinor: 0,
      instructions: null,
      createdAt: at,
      updatedAt: at,
    },
  };
}

/**
 * A charge's outcome recorded in one statement: the payment settled (only while pending or
 * challenged, to another state), the funding posted to the ledger when given (only if the payment
 * was settled here), and the answer stored under the idempotency key (only if the payment was
 * settled here and no answer was stored). `settled` false: nothing changed.
 */
export async function settleFunding(
  tx: DbOrTx,
  s: {
    paymentId: string;
    status: PaymentRow['status'];
    processorRef: string;
    failureCode: string | null;
    nextActionUrl: string | null;
    posting: Posting | null;
    requestId: string;
    statusCode: number;
    response: unknown;
  },
): Promise<{ settled: boolean; ledgerId: string | null; stored: boolean }> {
  const r = await tx.execute<{ settled: number; ledger_id: string | null; stored: number }>(sql`
    WITH pay AS (
      UPDATE payments SET status = ${s.status}::payment_status, processor_ref = ${s.processorRef}::text, failure_code = ${s.failureCode}::varchar,
             next_action_url = ${s.nextActionUrl}::text, updated_at = now()
       WHERE id = ${s.paymentId}::uuid AND (status IN ('pending', 'requires_action') OR (status = 'expired' AND ${s.status}::payment_status = 'succeeded'))
         AND status <> ${s.status}::payment_status
      RETURNING id),
    ${s.posting ? sql`${postingSql(s.posting, sql`EXISTS (SELECT 1 FROM pay)`)},` : sql``}
    req AS (
      UPDATE money_requests SET status_code = ${s.statusCode}::int, response = ${JSON.stringify(s.response)}::jsonb, updated_at = now()
       WHERE id = ${s.requestId}::uuid AND response IS NULL AND EXISTS (SELECT 1 FROM pay)
      RETURNING id)
    SELECT (SELECT count(*) FROM pay)::int AS settled, ${s.posting ? sql`(SELECT transaction_id FROM ledger_e LIMIT 1)` : sql`NULL::uuid`} AS ledger_id,
           (SELECT count(*) FROM req)::int AS stored`);
  const row = r.rows[0]!;
  return { settled: row.settled === 1, ledgerId: row.ledger_id, stored: row.stored === 1 };
}
