// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { payments as tp, paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import { formatMoney } from '@arreglaya/shared/format-money';
import type { Balance } from '@arreglaya/shared/schemas/payments';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { testSession } from '@/test/session-fixtures.ts';
import { Component as ContractorPaymentsPage } from './contractor-payments.tsx';

// /profile/pagos (issue 46): the contractor sees when the automatic payout next goes and can ask
// for the available balance now (Retirar); afterwards the page shows the payout and what is left.
// Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const PROJECT = '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const dop = (availableMinor: number, paidOutMinor = 0) => ({ currency: 'DOP' as const, pendingMinor: 0, availableMinor, paidOutMinor });
const before: Balance = {
  payoutCurrency: 'DOP',
  balances: [dop(360_000)],
  movements: [
    {
      kind: 'release',
      amountMinor: 360_000,
      currency: 'DOP',
      projectId: PROJECT,
      projectTitle: 'Pintar la sala',
      createdAt: '2026-12-05T15:00:00.000Z',
      payoutStatus: null,
      reason: null,
    },
  ],
  // Monday 7 December 2026, 9:00 in Santo Domingo.
  nextPayoutAt: '2026-12-07T13:00:00.000Z',
};
const after: Balance = {
  ...before,
  balances: [dop(0, 360_000)],
  movements: [
    { kind: 'payout', amountMinor: -360_000, currency: 'DOP', projectId: null, projectTitle: null, createdAt: '2026-12-06T02:00:00.000Z', payoutStatus: 'paid', reason: null },
    ...before.movements,
  ],
};
/** The bank rejected the payout (decision 052): its money back in the available balance, the reason in Spanish. */
const returned: Balance = {
  ...before,
  movements: [
    {
      kind: 'payout_return',
      amountMinor: 360_000,
      currency: 'DOP',
      projectId: null,
      projectTitle: null,
      createdAt: '2026-12-06T03:00:00.000Z',
      payoutStatus: 'failed',
      reason: tp.payout.reasons.ERROR_ACCOUNT_INCORRECT!,
    },
    {
      kind: 'payout',
      amountMinor: -360_000,
      currency: 'DOP',
      projectId: null,
      projectTitle: null,
      createdAt: '2026-12-06T02:00:00.000Z',
      payoutStatus: 'failed',
      reason: tp.payout.reasons.ERROR_ACCOUNT_INCORRECT!,
    },
    ...before.movements,
  ],
};
const account = {
  bank: 'popular',
  bankName: 'Banco Popular Dominicano',
  accountType: 'ahorros',
  last4: '6789',
  holderName: 'Ramón Báez',
  documentType: 'cedula',
  documentLast4: '5673',
};

/** A contractor paid in Colombia (his payout bank's country) who also worked a job in the Dominican Republic (decision 067). */
const colombianAccount = { ...account, bank: 'co_bancolombia', bankName: 'Bancolombia', last4: '8901', documentType: 'cc', documentLast4: '4050' };
const twoCurrencies: Balance = {
  payoutCurrency: 'COP',
  balances: [
    { currency: 'COP', pendingMinor: 0, availableMinor: 360_000_000, paidOutMinor: 0 },
    { currency: 'DOP', pendingMinor: 1_250_000, availableMinor: 1_125_000, paidOutMinor: 0 },
  ],
  movements: [
    {
      kind: 'release',
      amountMinor: 360_000_000,
      currency: 'COP',
      projectId: PROJECT,
      projectTitle: 'Pintar la sala',
      createdAt: '2026-12-05T15:00:00.000Z',
      payoutStatus: null,
      reason: null,
    },
    {
      kind: 'release',
      amountMinor: 1_125_000,
      currency: 'DOP',
      projectId: PROJECT,
      projectTitle: 'Cambiar la tubería',
      createdAt: '2026-12-04T15:00:00.000Z',
      payoutStatus: null,
      reason: null,
    },
  ],
  nextPayoutAt: '2026-12-07T13:00:00.000Z',
};

function renderPage(opts: { account: typeof account | null; balances: Balance[] }) {
  const calls: { method: string; url: string; key?: string }[] = [];
  const balances = [...opts.balances];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, key: (init?.headers as Record<string, string> | undefined)?.['idempotency-key'] });
      if (url === '/api/me/balance') return json(200, balances.length > 1 ? balances.shift() : balances[0]);
      if (url === '/api/me/payout-account') return json(200, { account: opts.account });
      if (url === '/api/me/payouts' && method === 'POST')
        return json(200, {
          message: tp.payout.withdrawn('RD$3,600.00'),
          payout: { id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', amountMinor: 360_000, currency: 'DOP', status: 'paid' },
        });
      return json(404, { error: { code: 'NOT_FOUND', message: 'No' } });
    }),
  );
  renderWithProviders(<ContractorPaymentsPage />, { route: '/profile/pagos', session: testSession({ role: 'contractor', firstName: 'Ramón' }) });
  return calls;
}

const available = () => within(screen.getByText(t.balance.available).parentElement!).getByRole('definition').textContent;

describe('/profile/pagos: Retirar and the payout schedule', () => {
  it('states the daily schedule with its next date in Dominican time', async () => {
    renderPage({ account, balances: [before] });
    expect(await screen.findByText('Los pagos automáticos salen cada día a las 9:00 a. m.; el próximo: lunes, 7 de diciembre de 2026.')).toBeTruthy();
  });

  it('Retirar sends the available balance once with an idempotency key; then the page shows the payout and nothing available', async () => {
    const calls = renderPage({ account, balances: [before, after] });
    const button = await screen.findByRole('button', { name: 'Retirar RD$3,600.00' });
    expect(available()).toBe('RD$3,600.00');
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText(tp.payout.withdrawn('RD$3,600.00'))).toBeTruthy();
    await waitFor(() => expect(available()).toBe('RD$0.00'));
    const movements = screen.getByRole('list', { name: t.balance.movements });
    expect(within(movements).getAllByRole('listitem')[0]!.textContent).toContain(t.balance.kinds.payout);
    expect(within(movements).getAllByRole('listitem')[0]!.textContent).toContain('-RD$3,600.00');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.key).toMatch(/^[A-Za-z0-9_-]{8,60}$/);
    expect(screen.queryByRole('button', { name: /^Retirar/ })).toBeNull();
  });

  it('shows a payout the bank rejected with its reason in Spanish, and its money back in the available balance', async () => {
    renderPage({ account, balances: [returned] });
    const movements = await screen.findByRole('list', { name: t.balance.movements });
    const [back, failed] = within(movements).getAllByRole('listitem');
    expect(back!.textContent).toContain(t.balance.kinds.payout_return);
    expect(back!.textContent).toContain('RD$3,600.00');
    expect(failed!.textContent).toContain(t.balance.payoutStates.failed);
    expect(failed!.textContent).toContain(t.balance.failedReason('el número de cuenta no existe en ese banco'));
    expect(available()).toBe('RD$3,600.00');
  });

  it('without a payout account, says to save one instead of offering Retirar', async () => {
    renderPage({ account: null, balances: [before] });
    expect(await screen.findByText(t.balance.withdrawNeedsAccount)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Retirar/ })).toBeNull();
  });

  it('shows each currency apart under its name, each movement in its own currency, and Retirar only for what the payout bank receives', async () => {
    renderPage({ account: colombianAccount, balances: [twoCurrencies] });
    const cop = formatMoney(360_000_000, 'COP');
    const figures = (name: string) => screen.getByRole('region', { name });
    const amountOf = (region: HTMLElement, label: string) => within(within(region).getByText(label).parentElement!).getByRole('definition').textContent;
    await screen.findByRole('heading', { name: 'Pesos colombianos (COP)' });
    expect(
      screen
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent)
        .slice(0, 2),
    ).toEqual(['Pesos colombianos (COP)', 'Pesos dominicanos (DOP)']);
    expect(amountOf(figures('Pesos colombianos (COP)'), t.balance.available)).toBe(cop);
    expect(amountOf(figures('Pesos dominicanos (DOP)'), t.balance.pending)).toBe('RD$12,500.00');
    expect(amountOf(figures('Pesos dominicanos (DOP)'), t.balance.available)).toBe('RD$11,250.00');
    // Retirar pays the pesos colombianos to the Colombian bank; the pesos dominicanos say how they are paid, never exchanged.
    expect(screen.getByRole('button', { name: `Retirar ${cop}` })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Retirar/ })).toHaveLength(1);
    expect(screen.getByText(t.balance.otherCurrency('RD$11,250.00', 'República Dominicana'))).toBeTruthy();
    const [first, second] = within(screen.getByRole('list', { name: t.balance.movements })).getAllByRole('listitem');
    expect(first!.textContent).toContain(cop);
    expect(second!.textContent).toContain('RD$11,250.00');
  });
});
