import { expect } from 'vitest';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Currency } from '@arreglaya/shared/domain';
import type { Balance } from '@arreglaya/shared/schemas/payments';
import { person, postProject, postQuote, type Person } from './project-factories.ts';
import type { TestApp } from './test-app.ts';

/** Next year's December: a card that has not expired. */
export const EXP = { expMonth: 12, expYear: new Date().getUTCFullYear() + 1 };

export const CARDS = {
  visa: '4242 4242 4242 4242',
  mastercard: '5555 5555 5555 4444',
  amex: '3782 822463 10005',
  declined: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
  challenge: '4000 0000 0000 3220',
  processingError: '4000 0000 0000 0119',
} as const;

/** The browser's tokenize call at the sandbox processor. */
export function tokenizeRaw(t: TestApp, card: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/sandbox-processor/v1/tokens', payload: card });
}

export async function tokenize(t: TestApp, number: string, cvc = number.startsWith('37') ? '7319' : '846'): Promise<string> {
  const res = await tokenizeRaw(t, { number, cvc, ...EXP });
  if (res.statusCode !== 201) throw new Error(`tokenize: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
}

/**
 * The browser's tokenize call at the processor the server names (GET /api/payments/tokenizer): the
 * card sandbox's route, or dLocal's Smart Fields (its stand-in's). Returns the token and the processor.
 */
export async function tokenizeAtProcessor(t: TestApp, number: string): Promise<{ token: string; processor: 'sandbox' | 'dlocal' }> {
  const tokenizer = (await t.app.inject({ method: 'GET', url: '/api/payments/tokenizer' })).json<{ processor: 'sandbox' | 'dlocal'; tokenizeUrl: string }>();
  if (tokenizer.processor === 'sandbox') return { token: await tokenize(t, number), processor: 'sandbox' };
  const res = await t.app.inject({
    method: 'POST',
    url: tokenizer.tokenizeUrl,
    payload: { number: number.replace(/\s/g, ''), cvv: '846', expiration_month: EXP.expMonth, expiration_year: EXP.expYear },
  });
  if (res.statusCode !== 200) throw new Error(`tokenize: ${res.statusCode} ${res.body}`);
  return { token: res.json<{ token: string }>().token, processor: 'dlocal' };
}

export const newKey = () => `k_${crypto.randomBytes(10).toString('hex')}`;

export function fund(t: TestApp, who: Person, projectId: string, body: Record<string, unknown>, key: string | null = newKey()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/fund`,
    headers: { ...who.headers, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
}

export const post = (t: TestApp, who: Person | null, url: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

/** A project whose client hired the contractor at RD$12,500.00 (1,250,000 centavos) unless told. */
export async function hired(t: TestApp, quote: Record<string, unknown> = {}) {
  const client = await person(t, 'client', 'Yolanda');
  const contractor = await person(t, 'contractor', 'Ramón');
  const projectId = await postProject(t, client);
  const quoteId = await postQuote(t, contractor, projectId, quote);
  const accepted = await post(t, client, `/api/quotes/${quoteId}/accept`);
  expect(accepted.statusCode).toBe(200);
  return { client, contractor, projectId, quoteId };
}

/** A hired project funded with a fresh Visa token. */
export async function funded(t: TestApp, quote: Record<string, unknown> = {}) {
  const h = await hired(t, quote);
  const res = await fund(t, h.client, h.projectId, { token: await tokenize(t, CARDS.visa) });
  expect(res.statusCode).toBe(200);
  return h;
}

/** held, funded, released, refunded of a project's escrow (DOP), from the ledger. */
export async function escrow(t: TestApp, projectId: string) {
  const r = await t.db.execute<{ kind: string; total: string }>(sql`
    SELECT t.kind, sum(e.amount_minor)::bigint AS total FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE a.kind = 'escrow' AND a.project_id = ${projectId} GROUP BY t.kind`);
  const by = Object.fromEntries(r.rows.map((x) => [x.kind, Number(x.total)]));
  const fundedMinor = by.fund ?? 0;
  const releasedMinor = -(by.release ?? 0) || 0;
  const refundedMinor = -(by.refund ?? 0) || 0;
  return { fundedMinor, releasedMinor, refundedMinor, heldMinor: fundedMinor - releasedMinor - refundedMinor };
}

export async function balance(t: TestApp, kind: string, owner: { userId?: string; projectId?: string } = {}) {
  const r = await t.db.execute<{ total: string }>(sql`
    SELECT coalesce(sum(e.amount_minor), 0)::bigint AS total FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     WHERE a.kind = ${kind} AND a.user_id IS NOT DISTINCT FROM ${owner.userId ?? null}::uuid AND a.project_id IS NOT DISTINCT FROM ${owner.projectId ?? null}::uuid`);
  return Number(r.rows[0]!.total);
}

export const setStatus = (t: TestApp, who: Person, projectId: string, status: string, note?: string) =>
  post(t, who, `/api/projects/${projectId}/status`, { status, ...(note ? { note } : {}) });

export async function sysadmin(t: TestApp) {
  return person(t, 'sysadmin', 'Admin');
}

/**
 * GET /api/me/balance as `who`, with one currency's figures beside the movements: the payout
 * currency's (the first) unless `currency` is given (decision 067: each currency on its own).
 */
export async function myBalance(t: TestApp, who: Person, currency?: Currency) {
  const res = await t.app.inject({ method: 'GET', url: '/api/me/balance', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  const b = res.json<Balance>();
  const own = b.balances.find((x) => x.currency === (currency ?? b.payoutCurrency)) ?? { currency, pendingMinor: 0, availableMinor: 0, paidOutMinor: 0 };
  return { ...own, payoutCurrency: b.payoutCurrency, movements: b.movements };
}
