import crypto from 'node:crypto';
import type { z } from 'zod';
import { DLOCAL_ERRORS, PAYMENT_STATUS_DETAILS, REFUND_STATUS_CODES, toDlocalAmount, type DlocalRefundBody, type DlocalRefundStatus } from '../dlocal-types.ts';
import type { SandboxPayment, SandboxRefund } from './dlocal-sandbox.repository.ts';

// The stand-in's answers (decision 075 split them from dlocal-sandbox.ts): dLocal's error shape,
// its dates and amounts, and the objects it answers that need no database.

/** An answer of the stand-in's API: an HTTP status and a JSON body. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

export const error = (e: { http: number; code: number; message: string }, extra: { message?: string; param?: string } = {}): ApiAnswer => ({
  status: e.http,
  body: { code: e.code, message: extra.message ?? e.message, ...(extra.param === undefined ? {} : { param: extra.param }) },
});

/** dLocal's date shape: 2018-12-26T20:37:20.000+0000. */
export const dlocalDate = (d: Date) => d.toISOString().replace('Z', '+0000');

export const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** The value at a path of the raw JSON (to tell a missing parameter, 5001, from an invalid one, 5000). */
export function valueAt(json: unknown, path: PropertyKey[]): unknown {
  let v: unknown = json;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** The first zod issue as dLocal's error: 5001 for a missing parameter, 5000 for an invalid one. */
export function invalid(json: unknown, issues: z.core.$ZodIssue[]): ApiAnswer {
  const issue = issues[0]!;
  const param = issue.path.map(String).join('.');
  if (valueAt(json, issue.path) === undefined) return error(DLOCAL_ERRORS.missingParameter, { message: `Missing parameter: ${param}`, param });
  return error(DLOCAL_ERRORS.invalidRequest, { message: `Invalid parameter: ${param}`, param });
}

export const digits = (n: number) => Array.from({ length: n }, () => crypto.randomInt(10)).join('');

export function statusDetail(code: string): string {
  return PAYMENT_STATUS_DETAILS[code]?.detail ?? 'The payment is pending.';
}

/** The ticket's reference code (ticket.id): the method and part of its number. */
export function ticketReference(p: SandboxPayment): string {
  return `${p.paymentMethodId}-${p.ticketNumber?.slice(0, 8) ?? ''}`;
}

export function refundObject(r: SandboxRefund, p: SandboxPayment): DlocalRefundBody {
  const status = r.status as DlocalRefundStatus;
  const { code, detail } = REFUND_STATUS_CODES[status] ?? REFUND_STATUS_CODES.PENDING;
  return {
    id: r.id,
    payment_id: r.paymentId,
    amount: toDlocalAmount(r.amountMinor),
    amount_refunded: status === 'SUCCESS' ? toDlocalAmount(r.amountMinor) : 0,
    currency: r.currency,
    status,
    status_code: code,
    status_detail: detail,
    created_date: dlocalDate(r.createdAt),
    ...(r.notificationUrl ? { notification_url: r.notificationUrl } : {}),
    ...(r.description ? { description: r.description } : {}),
    order_id: p.orderId,
  };
}
