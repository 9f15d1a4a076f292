// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guarantee as tg } from '@arreglaya/shared/i18n/guarantee';
import type { ProjectClaim } from '@arreglaya/shared/schemas/claims';
import { testMoney, testProject } from '@/test/project-fixtures.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { GuaranteePanel } from './guarantee-panel.tsx';
import '@/test/jsdom-css-escape.ts';

// The hired contractor's answer to a claim (decision 054): required by the server's own schema,
// which comes with the first send (decision 070), so nothing is sent without it and the field is
// focused; then one tap sends one request. Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const claim: ProjectClaim = {
  claim: {
    id: '7a1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    kind: 'delivery',
    reason: 'La llave volvió a gotear.',
    openedAt: '2026-12-01T12:00:00.000Z',
    answer: null,
    answeredAt: null,
    answerDueAt: '2026-12-08T12:00:00.000Z',
    escalatedAt: null,
    decideDueAt: '2026-12-15T12:00:00.000Z',
    decidedAt: null,
    lateAt: null,
  },
  autoApprovedAt: null,
  claimUntil: null,
  canAnswer: true,
};

describe('GuaranteePanel, the contractor’s answer', () => {
  it('asks for the answer (the server’s schema), then sends it once', async () => {
    const posts: unknown[] = [];
    let finish: (r: Response) => void = () => {};
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method !== 'POST') return json(claim);
        posts.push(JSON.parse(String(init.body)));
        return new Promise<Response>((resolve) => (finish = resolve));
      }),
    );
    const project = testProject('contractor', { id: 'p1', title: 'Llave que gotea', description: 'Gotea.', status: 'disputed', money: testMoney({}) });
    renderWithProviders(<GuaranteePanel project={project} userId="u1" locale="es-DO" />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: tg.answer.send }));
    expect(await screen.findByText(tg.answer.required)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(tg.answer.label));
    expect(posts).toHaveLength(0);

    await user.type(screen.getByLabelText(tg.answer.label), '  Voy mañana a cambiar el sello.  ');
    await user.dblClick(screen.getByRole('button', { name: tg.answer.send }));
    await waitFor(() => expect(posts).toEqual([{ answer: 'Voy mañana a cambiar el sello.' }]));
    finish(json({ ...claim, claim: { ...claim.claim!, answer: 'Voy mañana a cambiar el sello.', answeredAt: '2026-12-02T12:00:00.000Z' } }));
    expect(await screen.findByText(tg.answer.sent)).toBeTruthy();
    expect(posts).toHaveLength(1);
  });
});
