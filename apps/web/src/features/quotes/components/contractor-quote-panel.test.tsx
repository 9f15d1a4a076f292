// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { projects as tp } from '@arreglaya/shared/i18n/projects';
import { offerPanel as t } from '@arreglaya/shared/i18n/quotes-web';
import type { ProjectStatus } from '@arreglaya/shared/lifecycles';
import type { ProjectMoney } from '@arreglaya/shared/schemas/payments';
import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';
import { quotes as tq } from '@arreglaya/shared/i18n/projects';
import { ContractorQuotePanel } from './contractor-quote-panel.tsx';
import { testMoney, testProject } from '@/test/project-fixtures.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { testSession } from '@/test/session-fixtures.ts';

// The hired contractor's moves wait for the money (MONEY_GATES, issue 29): "Marcar en progreso"
// is disabled while the money to begin is not held, and "Marcar como entregado" while a stage is
// unpaid, each with the reason (what the client still has to pay) next to it and bound to it by
// aria-describedby. Once allowed, one tap sends one request. Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const money = testMoney;

const project = (status: ProjectStatus, m: ProjectMoney) => testProject('contractor', { status, money: m });

function renderPanel(p: ProjectDetail, statusAnswer: () => Promise<Response> = async () => new Response('{}'), profileListed = true) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        calls.push(`${url} ${String(init.body)}`);
        return statusAnswer();
      }
      return new Response(JSON.stringify({ items: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  renderWithProviders(<ContractorQuotePanel project={p} />, {
    session: testSession({ id: 'c1', role: 'contractor', firstName: 'Ramón', lastName: 'Báez', email: 'r@ejemplo.do', profileListed }),
  });
  return { calls };
}

const describedBy = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;

describe('the hired contractor’s moves and the money', () => {
  it('start is disabled until the money to begin is held, with what the client still has to pay as its description', async () => {
    const { calls } = renderPanel(project('assigned', money()));
    const start = await screen.findByRole('button', { name: t.start });
    expect((start as HTMLButtonElement).disabled).toBe(true);
    expect(describedBy(start)).toBe(tp.moneyRefused.start('RD$10,000.00'));
    expect(screen.getByText(tp.moneyRefused.start('RD$10,000.00'))).toBeTruthy();
    fireEvent.click(start);
    expect(calls).toEqual([]);
  });

  it('a staged plan: start needs the first stage only; delivery waits for the rest', async () => {
    const stages = [
      { id: 'm1', title: 'Materiales', amountMinor: 400_000, status: 'funded' as const, last: false },
      { id: 'm2', title: 'Final', amountMinor: 600_000, status: 'pending' as const, last: true },
    ];
    renderPanel(project('assigned', money({ fundedMinor: 400_000, heldMinor: 400_000, funded: true, dueMinor: 0, payBy: null, milestones: stages })));
    const start = await screen.findByRole('button', { name: t.start });
    expect((start as HTMLButtonElement).disabled).toBe(false);
    expect(start.getAttribute('aria-describedby')).toBeNull();
    cleanup();
    renderPanel(project('in_progress', money({ fundedMinor: 400_000, heldMinor: 400_000, funded: true, dueMinor: 0, payBy: null, milestones: stages })));
    const deliver = await screen.findByRole('button', { name: t.deliver });
    expect((deliver as HTMLButtonElement).disabled).toBe(true);
    expect(describedBy(deliver)).toBe(tp.moneyRefused.deliver('RD$6,000.00'));
  });

  it('once the money is held, a double tap on start sends one request', async () => {
    let answer: (r: Response) => void = () => {};
    const { calls } = renderPanel(
      project('assigned', money({ fundedMinor: 1_000_000, heldMinor: 1_000_000, funded: true, dueMinor: 0, payBy: null })),
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const start = await screen.findByRole('button', { name: t.start });
    expect((start as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(start);
    fireEvent.click(start);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect((start as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      answer(new Response(JSON.stringify({ message: tp.statusChanged.in_progress, status: 'in_progress' }), { status: 200, headers: { 'content-type': 'application/json' } }));
    });
    expect(await screen.findByText(tp.statusChanged.in_progress)).toBeTruthy();
    expect(calls).toEqual([expect.stringContaining('/status {"status":"in_progress"}')]);
  });
});

describe('a contractor whose profile is not listed yet (issue 35)', () => {
  const openProject = () => ({ ...project('created', money()), viewer: { isClient: false, isHiredContractor: false } });

  it('is told to complete the profile before the offer form, with a link to it, and gets no form to fill in vain', async () => {
    renderPanel(openProject(), undefined, false);
    expect(await screen.findByText(tq.profileIncomplete)).toBeTruthy();
    // The spec's registration screen, 'Completa tu perfil de contratista' (issue 55).
    expect(screen.getByRole('link', { name: t.completeProfile }).getAttribute('href')).toBe('/contractor/profile');
    expect(screen.queryByRole('button', { name: t.make })).toBeNull();
  });

  it('a listed contractor makes the offer as before', async () => {
    renderPanel(openProject());
    expect(await screen.findByRole('button', { name: t.make })).toBeTruthy();
    expect(screen.queryByText(tq.profileIncomplete)).toBeNull();
  });
});
