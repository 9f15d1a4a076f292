// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { payments as tp, paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import type { ProjectStatus } from '@arreglaya/shared/lifecycles';
import type { ProjectMoney } from '@arreglaya/shared/schemas/payments';
import { MessageBoxProvider } from '@/components/ui/message-box.tsx';
import { MilestonesList } from './milestones-list.tsx';

// A staged plan on the project page: each milestone with its state; the client releases a funded
// milestone (not the last) after a confirmation, while the work is in progress; the contractor is
// told to wait when the next milestone is due. Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const plan = (statuses: ('pending' | 'funded' | 'released')[], extra: Partial<ProjectMoney> = {}): ProjectMoney => ({
  currency: 'DOP',
  pending: null,
  priceMinor: 1_000_000,
  fundedMinor: 400_000,
  releasedMinor: 0,
  refundedMinor: 0,
  heldMinor: 400_000,
  funded: true,
  dueMinor: 0,
  payBy: null,
  releasedAt: null,
  refundedAt: null,
  feePercent: 10,
  milestones: [
    { id: 'm1', title: 'Materiales', amountMinor: 400_000, status: statuses[0]!, last: false },
    { id: 'm2', title: 'Final', amountMinor: 600_000, status: statuses[1]!, last: true },
  ],
  ...extra,
});

function renderList(money: ProjectMoney, who: 'client' | 'contractor', status: ProjectStatus = 'in_progress') {
  const calls: { url: string; key: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, key: (init?.headers as Record<string, string>)['idempotency-key']! });
      return new Response(JSON.stringify({ message: tp.milestones.released('Materiales') }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const onChanged = vi.fn(async () => {});
  render(
    <MessageBoxProvider>
      <MilestonesList projectId="p1" status={status} money={money} asClient={who === 'client'} asContractor={who === 'contractor'} onChanged={onChanged} />
    </MessageBoxProvider>,
  );
  return { calls, onChanged };
}

describe('MilestonesList', () => {
  it('lists each milestone with its amount and state; the client releases a funded one after confirming', async () => {
    const { calls, onChanged } = renderList(plan(['funded', 'pending']), 'client');
    const items = within(screen.getByRole('list', { name: t.milestones.listLabel })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Materiales · RD$4,000.00Pagada y retenida'),
      expect.stringContaining('Final · RD$6,000.00Por pagar'),
    ]);
    // The last milestone goes with the final approval: no button for it.
    expect(screen.getAllByRole('button', { name: /Liberar la etapa/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: t.milestones.releaseLabel('Materiales') }));
    expect(screen.getByText(t.milestones.confirmText('Materiales', 'RD$4,000.00'))).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: t.milestones.confirm }));
    expect(await screen.findByText(tp.milestones.released('Materiales'))).toBeTruthy();
    expect(calls).toEqual([{ url: '/api/projects/p1/milestones/m1/release', key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    expect(onChanged).toHaveBeenCalled();
  });

  it('offers no release before the work starts, nor to the contractor, who is told to wait when the next milestone is due', () => {
    renderList(plan(['funded', 'pending']), 'client', 'assigned');
    expect(screen.queryByRole('button', { name: /Liberar/ })).toBeNull();
    cleanup();
    renderList(plan(['released', 'pending'], { releasedMinor: 400_000, heldMinor: 0, funded: false, dueMinor: 600_000 }), 'contractor');
    expect(screen.queryByRole('button', { name: /Liberar/ })).toBeNull();
    expect(screen.getByText(t.milestones.contractorNextDue)).toBeTruthy();
    expect(screen.getByText(t.milestones.statuses.released)).toBeTruthy();
  });
});
