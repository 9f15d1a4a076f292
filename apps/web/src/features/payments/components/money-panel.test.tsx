// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { payments as tp, paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import type { ProjectStatus } from '@arreglaya/shared/lifecycles';
import type { ProjectMoney } from '@arreglaya/shared/schemas/payments';
import { formatMoment } from '@/lib/format.ts';
import { FundingSection } from './funding-section.tsx';
import { PaymentReturnNotice, usePaymentReturn } from './payment-return.tsx';
import { testMoney } from '@/test/project-fixtures.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';

// The money panel says one true thing for each state of a hired project's money (issue 29): what
// is due and by when, held, partly released, released (when), refunded (when); never "held until
// you approve" on a finished or refunded project. Back from the bank's page, the outcome is
// announced at the top and takes the focus. Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const money = (extra: Partial<ProjectMoney>): ProjectMoney => testMoney({ payBy: null, ...extra });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPanel(status: ProjectStatus, m: ProjectMoney, viewer: 'client' | 'contractor') {
  const fetch = vi.fn(async (url: string) => (url === '/api/me/payment-methods' ? json(200, { items: [] }) : json(404, { error: { code: 'NOT_FOUND', message: 'No' } })));
  vi.stubGlobal('fetch', fetch);
  renderWithProviders(
    <FundingSection projectId="p1" country="DO" status={status} money={m} viewer={viewer} clientId={viewer === 'client' ? 'u1' : null} locale="es-DO" onChanged={async () => {}} />,
    { route: '/proyectos/p1' },
  );
  return { fetch, state: () => screen.queryByTestId('money-state')?.textContent ?? '' };
}

const PAY_BY = '2026-11-30T18:00:00.000Z';
const HELD_UNTIL_APPROVAL = /apruebes|apruebe/;

describe('the money panel', () => {
  it('waiting for the payment: the client reads what to pay and by when, with the pay step', () => {
    const { state } = renderPanel('assigned', money({ payBy: PAY_BY }), 'client');
    expect(state()).toContain(t.state.payBy('RD$10,000.00', formatMoment(PAY_BY, 'es-DO', true)));
    expect(state()).toContain(t.state.payByNote);
    expect(screen.getByRole('region', { name: t.fund.title })).toBeTruthy();
  });

  it('waiting for the payment: the contractor reads the same amount and deadline, and is never offered the pay step nor asks for cards', () => {
    const { state, fetch } = renderPanel('assigned', money({ payBy: PAY_BY }), 'contractor');
    expect(state()).toContain(t.state.waitingBy('RD$10,000.00', formatMoment(PAY_BY, 'es-DO', true)));
    expect(screen.getByRole('region', { name: t.fund.moneyTitle })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pagar/ })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a staged plan with its deposit held: the client may pay the final stage now, without releasing anything (issue 46)', async () => {
    const plan = money({
      fundedMinor: 400_000,
      heldMinor: 400_000,
      funded: true,
      dueMinor: 600_000,
      milestones: [
        { id: 'm1', title: 'Materiales', amountMinor: 400_000, status: 'funded', last: false },
        { id: 'm2', title: 'Final', amountMinor: 600_000, status: 'pending', last: true },
      ],
    });
    const { state } = renderPanel('in_progress', plan, 'client');
    expect(state()).toContain(t.state.nextStageClient('Final', 'RD$6,000.00'));
    expect(screen.getByRole('region', { name: t.fund.title }).textContent).toContain(t.fund.milestoneIntro('Final', 'RD$6,000.00'));
    expect(await screen.findByRole('button', { name: new RegExp(`^${t.fund.pay}`) })).toBeTruthy();
    cleanup();
    // The contractor reads why he cannot deliver yet.
    const contractor = renderPanel('in_progress', plan, 'contractor');
    expect(contractor.state()).toContain(t.state.nextStageContractor('Final', 'RD$6,000.00'));
  });

  it('a staged plan waits for its first stage only', () => {
    const plan = money({
      dueMinor: 400_000,
      milestones: [
        { id: 'm1', title: 'Materiales', amountMinor: 400_000, status: 'pending', last: false },
        { id: 'm2', title: 'Final', amountMinor: 600_000, status: 'pending', last: true },
      ],
    });
    const { state } = renderPanel('assigned', plan, 'client');
    expect(state()).toContain(t.state.payNow('RD$4,000.00'));
  });

  it('held: how much, and who releases it', () => {
    const held = money({ fundedMinor: 1_000_000, heldMinor: 1_000_000, funded: true, dueMinor: 0 });
    expect(renderPanel('in_progress', held, 'client').state()).toBe(t.state.heldClient('RD$10,000.00'));
    cleanup();
    expect(renderPanel('in_progress', held, 'contractor').state()).toBe(t.state.heldContractor('RD$10,000.00'));
    cleanup();
    expect(renderPanel('disputed', held, 'client').state()).toBe(t.state.heldDisputed('RD$10,000.00'));
  });

  it('partly released: released of the price, what is held now, and the next stage due', () => {
    const partly = money({
      fundedMinor: 400_000,
      releasedMinor: 400_000,
      dueMinor: 600_000,
      releasedAt: '2026-11-26T15:00:00.000Z',
      milestones: [
        { id: 'm1', title: 'Materiales', amountMinor: 400_000, status: 'released', last: false },
        { id: 'm2', title: 'Final', amountMinor: 600_000, status: 'pending', last: true },
      ],
    });
    const { state } = renderPanel('in_progress', partly, 'client');
    expect(state()).toContain(t.state.partlyReleased('RD$4,000.00', 'RD$10,000.00', 'RD$0.00'));
    expect(state()).toContain(t.state.nextDueClient('Final', 'RD$6,000.00'));
    cleanup();
    expect(renderPanel('in_progress', partly, 'contractor').state()).toContain(t.state.nextDueContractor('Final', 'RD$6,000.00'));
  });

  it('released: the amount and the day, never "held until you approve"', () => {
    const released = money({ fundedMinor: 1_000_000, releasedMinor: 1_000_000, funded: true, dueMinor: 0, releasedAt: '2026-11-27T15:00:00.000Z' });
    renderPanel('completado', released, 'client');
    expect(screen.getByTestId('money-state').textContent).toBe(t.state.released('RD$10,000.00', formatMoment('2026-11-27T15:00:00.000Z', 'es-DO')));
    expect(screen.getByRole('region', { name: t.fund.moneyTitle }).textContent).not.toMatch(HELD_UNTIL_APPROVAL);
  });

  it('refunded: the amount and the day (and what a split released), never "held until you approve"', () => {
    const refunded = money({ fundedMinor: 1_000_000, refundedMinor: 1_000_000, funded: true, dueMinor: 0, refundedAt: '2026-11-28T15:00:00.000Z' });
    const { state } = renderPanel('cancelled', refunded, 'client');
    expect(state()).toBe(t.state.refundedClient('RD$10,000.00', formatMoment('2026-11-28T15:00:00.000Z', 'es-DO')));
    expect(screen.getByRole('region', { name: t.fund.moneyTitle }).textContent).not.toMatch(HELD_UNTIL_APPROVAL);
    cleanup();
    const split = money({ ...refunded, releasedMinor: 600_000, refundedMinor: 400_000, releasedAt: '2026-11-28T15:00:00.000Z' });
    const text = renderPanel('completado', split, 'contractor').state();
    expect(text).toContain(t.state.refunded('RD$4,000.00', formatMoment('2026-11-28T15:00:00.000Z', 'es-DO')));
    expect(text).toContain(t.state.released('RD$6,000.00', formatMoment('2026-11-28T15:00:00.000Z', 'es-DO')));
  });

  it('says nothing for a hire called off before any money', () => {
    renderPanel('created', money({ dueMinor: 0 }), 'client');
    expect(screen.queryByRole('region')).toBeNull();
  });
});

function ReturnPage({ onChanged }: { onChanged: () => Promise<unknown> }) {
  const outcome = usePaymentReturn(onChanged);
  return (
    <>
      <PaymentReturnNotice outcome={outcome} />
      <button type="button">Otro botón</button>
    </>
  );
}

function renderReturn(answer: Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return answer;
    }),
  );
  const onChanged = vi.fn(async () => {});
  const router = createMemoryRouter([{ path: '/proyectos/p1', element: <ReturnPage onChanged={onChanged} /> }], { initialEntries: ['/proyectos/p1?pago=pay1'] });
  render(<RouterProvider router={router} />);
  return { calls, onChanged, router };
}

describe('back from the bank’s page', () => {
  it('confirms once, announces the success at the top with the focus on it, and drops ?pago=', async () => {
    const { calls, onChanged, router } = renderReturn(
      json(200, { message: tp.fund.funded, paymentId: 'pay1', status: 'succeeded', amountMinor: 1_000_000, currency: 'DOP', actionUrl: null }),
    );
    const notice = screen.getByRole('region', { name: t.paymentReturn.label });
    expect(notice.textContent).toContain(t.fund.confirming);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(tp.fund.funded));
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(onChanged).toHaveBeenCalled();
    expect(calls).toEqual(['/api/payments/pay1/confirm']);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('reloads the project with the page’s latest reload (the session arrives after the page mounts)', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const first = vi.fn(async () => {});
    const latest = vi.fn(async () => {});
    // The page's reload changes once the session is known, after the confirmation was sent.
    function Switching() {
      const [reload, setReload] = useState(() => first);
      useEffect(() => {
        const later = setTimeout(() => setReload(() => latest), 0);
        return () => clearTimeout(later);
      }, []);
      return (
        <>
          {reload === latest ? <span data-testid="latest-reload" /> : null}
          <ReturnPage onChanged={reload} />
        </>
      );
    }
    const router = createMemoryRouter([{ path: '/proyectos/p1', element: <Switching /> }], { initialEntries: ['/proyectos/p1?pago=pay1'] });
    render(<RouterProvider router={router} />);
    // The page has its latest reload before the confirmation is answered.
    // A loaded machine may take longer than testing-library's 1 s default to run the page's effects.
    await screen.findByTestId('latest-reload', {}, { timeout: 10_000 });
    await act(async () => {
      answer(json(200, { message: tp.fund.funded, paymentId: 'pay1', status: 'succeeded', amountMinor: 1_000_000, currency: 'DOP', actionUrl: null }));
    });
    await waitFor(() => expect(latest).toHaveBeenCalled(), { timeout: 10_000 });
    expect(first).not.toHaveBeenCalled();
  });

  it('a cancelled confirmation is an alert at the top, focused', async () => {
    renderReturn(json(402, { error: { code: 'PAYMENT_FAILED', message: tp.fund.cancelled } }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(tp.fund.cancelled));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('region', { name: t.paymentReturn.label })));
    fireEvent.click(screen.getByRole('button', { name: 'Otro botón' }));
  });
});
