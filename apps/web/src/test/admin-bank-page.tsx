// The console's bank page with a fake API, for its tests (admin-bank.test.tsx, admin-bank-queue.test.tsx).
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { bankConsole as t } from '@arreglaya/shared/i18n/statement-queue';
import type { BankMappingView, MoneyAlertView, StatementLineView, TransferReturnView } from '@arreglaya/shared/schemas/statements';
import { Component as AdminBankRoute } from '@/app/routes/admin-bank.tsx';
import '@/test/jsdom-css-escape.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const apiError = (status: number, code: string, message: string) => json(status, { error: { code, message } });

export const UNMATCHED: StatementLineView = {
  id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a40',
  bankTxId: '2025031400012345',
  bookedOn: '2025-03-14',
  amountMinor: 1_500_000,
  currency: 'DOP',
  reference: 'AY24FJYFAS2',
  description: 'PAGO AY-24FJ-YFAS-2 REPARACION BANO',
  payerName: 'JUAN PEREZ MARTINEZ',
  status: 'unmatched',
  paymentId: null,
  appliedMinor: 0,
  returnMinor: 0,
  returnedAt: null,
};
type Call = { method: string; url: string; headers: Headers; body: unknown };

/** The page with a fake API: `answer` decides the writes; each list is read from its answers in turn (the last one again). */
export function renderPage(
  opts: {
    queue?: StatementLineView[][];
    returns?: TransferReturnView[][];
    alerts?: MoneyAlertView[][];
    mappings?: BankMappingView[];
    answer?: (call: Call) => Response | Promise<Response>;
  } = {},
) {
  const calls: Call[] = [];
  const lists: Record<string, unknown[][]> = {
    '/api/admin/statement-lines': opts.queue ?? [[]],
    '/api/admin/transfer-returns': opts.returns ?? [[]],
    '/api/admin/money-alerts': opts.alerts ?? [[]],
    '/api/admin/bank-mappings': [opts.mappings ?? []],
  };
  const reads: Record<string, number> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const headers = new Headers(init?.headers);
      const body = init?.body instanceof Blob ? init.body : typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      const call = { method, url, headers, body };
      calls.push(call);
      const list = method === 'GET' ? lists[url] : undefined;
      if (list) {
        const n = (reads[url] = (reads[url] ?? -1) + 1);
        return json(200, { items: list[Math.min(n, list.length - 1)] });
      }
      return opts.answer?.(call) ?? json(200, { message: 'ok' });
    }),
  );
  renderWithProviders(<AdminBankRoute />);
  const writes = () => calls.filter((c) => c.method !== 'GET');
  return { calls, writes, user: userEvent.setup() };
}

export const importRegion = () => screen.getByRole('region', { name: t.import.title });
export const queueRegion = () => screen.getByRole('region', { name: t.queue.title });

/** After each test: the page unmounted and the fake API removed. */
export function setUpAdminBankPage(): void {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
