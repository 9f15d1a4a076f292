// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validation } from '@arreglaya/shared/i18n/common';
import { projects as tp, projectsWeb } from '@arreglaya/shared/i18n/projects';
import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';
import { testMoney, testProject } from '@/test/project-fixtures.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { EndHire } from './end-hire.tsx';
import '@/test/jsdom-css-escape.ts';

// Ending an unpaid hire (issue 29): offered to the client ("Cancelar contratación") and the hired
// contractor ("Retirarme de este trabajo") only while the project is assigned and nothing is
// funded; the reason is required by the server's own schema (nothing sent without it); one tap
// sends one request and the answer's message is shown. Only the network is replaced.

const t = projectsWeb.endHire;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const money = (fundedMinor: number) =>
  testMoney({
    priceMinor: 300_000,
    fundedMinor,
    heldMinor: fundedMinor,
    funded: fundedMinor > 0,
    dueMinor: fundedMinor > 0 ? 0 : 300_000,
    payBy: fundedMinor > 0 ? null : '2026-11-30T18:00:00.000Z',
  });

const project = (viewer: 'client' | 'contractor', fundedMinor = 0, status: ProjectDetail['status'] = 'assigned') =>
  testProject(viewer, { id: 'p1', title: 'Ventana rota', description: 'Un cristal roto.', status, money: money(fundedMinor) });

function renderEndHire(p: ProjectDetail, answer: () => Promise<Response> = async () => new Response('{}')) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init?.body)) });
      return answer();
    }),
  );
  renderWithProviders(<EndHire project={p} userId="u1" />);
  return { calls, user: userEvent.setup() };
}

describe('EndHire', () => {
  it('is offered to each side of an assigned, unfunded hire only', () => {
    renderEndHire(project('client'));
    expect(screen.getByRole('button', { name: t.cancel })).toBeTruthy();
    cleanup();
    renderEndHire(project('contractor'));
    expect(screen.getByRole('button', { name: t.withdraw })).toBeTruthy();
    cleanup();
    renderEndHire(project('client', 300_000));
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    renderEndHire(project('contractor', 0, 'in_progress'));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks for the reason (the server’s schema), then sends it once and shows the answer', async () => {
    let finish: (r: Response) => void = () => {};
    const { calls, user } = renderEndHire(project('client'), () => new Promise<Response>((resolve) => (finish = resolve)));
    await user.click(screen.getByRole('button', { name: t.cancel }));
    const dialog = screen.getByRole('alertdialog', { name: t.cancel });
    await user.click(screen.getByRole('button', { name: t.confirmCancel }));
    // Checked once the form's schema has arrived (imported as it is sent, decision 070).
    expect(await screen.findByText(validation.required)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(t.reason));
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText(t.reason), '  Encontré a alguien más cerca.  ');
    const confirm = screen.getByRole('button', { name: t.confirmCancel });
    await user.dblClick(confirm);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls).toEqual([{ url: '/api/projects/p1/end-hire', body: { reason: 'Encontré a alguien más cerca.' } }]);
    expect(dialog.querySelector('form')?.getAttribute('aria-busy')).toBe('true');
    finish(new Response(JSON.stringify({ message: tp.hireEnd.cancelled, status: 'created' }), { status: 200, headers: { 'content-type': 'application/json' } }));
    expect(await screen.findByText(tp.hireEnd.cancelled)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toHaveLength(1);
  });

  it('keeps the dialog open with the server’s refusal when money arrived meanwhile', async () => {
    const { user } = renderEndHire(
      project('contractor'),
      async () => new Response(JSON.stringify({ error: { code: 'CONFLICT', message: tp.moneyRefused.funded } }), { status: 409, headers: { 'content-type': 'application/json' } }),
    );
    await user.click(screen.getByRole('button', { name: t.withdraw }));
    await user.type(screen.getByLabelText(t.reason), 'Me surgió otro compromiso.');
    await user.click(screen.getByRole('button', { name: t.confirmWithdraw }));
    expect((await screen.findByRole('alert')).textContent).toBe(tp.moneyRefused.funded);
    expect(screen.getByRole('alertdialog', { name: t.withdraw })).toBeTruthy();
  });
});
