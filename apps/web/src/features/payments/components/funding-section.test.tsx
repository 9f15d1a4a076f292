// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { payments as tp, paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import type { ProjectMoney } from '@arreglaya/shared/schemas/payments';
import { MessageBoxProvider } from '@/components/ui/message-box.tsx';
import { FundingSection } from './funding-section.tsx';
import { testMoney } from '@/test/project-fixtures.ts';

// The pay step's Idempotency-Key: the same request sent again after no answer (503) carries the
// same key (the server answers the first attempt, never charges twice); after a definitive
// answer (declined) the next attempt has a new key. Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const money: ProjectMoney = testMoney({ payBy: null });
const card = { id: '8f0e7a1c-4b8e-4d5e-9f7a-1c2b3d4e5f60', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2099, isDefault: true, createdAt: '2026-01-01T00:00:00Z' };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fail = (status: number, code: string, message: string) => json(status, { error: { code, message } });

function renderSection(fundAnswers: Response[]) {
  const keys: string[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/me/payment-methods') return json(200, { items: [card] });
    if (url === '/api/projects/p1/fund') {
      keys.push((init?.headers as Record<string, string>)['idempotency-key']!);
      return fundAnswers.shift()!;
    }
    return fail(404, 'NOT_FOUND', 'No');
  });
  vi.stubGlobal('fetch', fetch);
  const onChanged = vi.fn(async () => {});
  const router = createMemoryRouter(
    [{ path: '/proyectos/p1', element: <FundingSection projectId="p1" status="assigned" money={money} viewer="client" clientId="u1" locale="es-DO" onChanged={onChanged} /> }],
    { initialEntries: ['/proyectos/p1'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MessageBoxProvider>
        <RouterProvider router={router} />
      </MessageBoxProvider>
    </QueryClientProvider>,
  );
  return { keys, onChanged };
}

describe('FundingSection', () => {
  it('retries with the same key after no answer, and uses a new one after a decline', async () => {
    const { keys, onChanged } = renderSection([
      fail(503, 'UNAVAILABLE', tp.fund.unknown),
      fail(402, 'PAYMENT_FAILED', tp.fund.declined),
      json(200, { message: tp.fund.funded, paymentId: card.id, status: 'succeeded', amountMinor: 1_000_000, currency: 'DOP', actionUrl: null }),
    ]);
    expect(screen.getByRole('region', { name: t.fund.title })).toBeTruthy();
    expect(await screen.findByRole('radio', { name: /Visa •••• 4242/ })).toHaveProperty('checked', true);
    const pay = () => fireEvent.click(screen.getByRole('button', { name: t.fund.pay }));

    pay();
    expect(await screen.findByText(tp.fund.unknown)).toBeTruthy();
    pay();
    expect(await screen.findByText(tp.fund.declined)).toBeTruthy();
    pay();
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,60}$/);
  });
});
