// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminClaims as t } from '@arreglaya/shared/i18n/admin-ops';
import { payments as tp } from '@arreglaya/shared/i18n/payments';
import { testMoney, testProject } from '@/test/project-fixtures.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { ClaimPage } from './claim-page.tsx';
import '@/test/jsdom-css-escape.ts';

// A claim's decision moves money and cannot be undone (issue 46): nothing is chosen for the
// sysadmin, each outcome shows what each side receives, and the money moves only after a
// confirmation that repeats the amounts. Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
// RD$8,050.00 held, a 10 % fee.
const project = testProject('client', { status: 'disputed', money: testMoney({ fundedMinor: 805_000, heldMinor: 805_000, funded: true, dueMinor: 0, payBy: null }) });

function renderClaim() {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        return json(200, { message: tp.claim.decided });
      }
      if (url.startsWith('/api/projects/')) return json(200, project);
      if (url.endsWith('/conversation')) return json(200, { participants: [], messages: [] });
      return json(200, { items: [] });
    }),
  );
  renderWithProviders(<ClaimPage />, { route: `/admin/reclamos/${project.id}`, path: '/admin/reclamos/:projectId' });
  return { posts };
}

describe('a claim’s decision', () => {
  it('chooses nothing by itself and says what each side receives before anything is chosen', async () => {
    const { posts } = renderClaim();
    const decision = await screen.findByRole('region', { name: t.decision.title });
    for (const radio of within(decision).getAllByRole('radio')) expect((radio as HTMLInputElement).checked).toBe(false);
    expect(decision.textContent).toContain(t.decision.shares('RD$7,245.00', 'RD$805.00', 'RD$0.00'));
    expect(decision.textContent).toContain(t.decision.shares('RD$0.00', 'RD$0.00', 'RD$8,050.00'));
    await userEvent.click(within(decision).getByRole('button', { name: t.decision.review }));
    expect(await within(decision).findByText(tp.claim.chooseOutcome)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts).toHaveLength(0);
  });

  it('a split shows both amounts as the percent is typed, and moves the money only once confirmed', async () => {
    const { posts } = renderClaim();
    const decision = await screen.findByRole('region', { name: t.decision.title });
    await userEvent.click(within(decision).getByRole('radio', { name: new RegExp(t.decision.split) }));
    expect(within(decision).getByTestId('split-shares').textContent).toBe(t.decision.sharesNeedPercent);
    await userEvent.type(within(decision).getByLabelText(t.decision.percent), '60');
    // 60 % of RD$8,050.00 = RD$4,830.00, less 10 %: RD$4,347.00; the client gets RD$3,220.00 back.
    expect(within(decision).getByTestId('split-shares').textContent).toBe(t.decision.shares('RD$4,347.00', 'RD$483.00', 'RD$3,220.00'));

    await userEvent.click(within(decision).getByRole('button', { name: t.decision.review }));
    const confirm = await screen.findByRole('alertdialog', { name: t.decision.confirmTitle });
    expect(confirm.textContent).toContain(t.decision.shares('RD$4,347.00', 'RD$483.00', 'RD$3,220.00'));
    expect(posts).toHaveLength(0);
    // Back out: nothing sent.
    await userEvent.click(within(confirm).getByRole('button', { name: t.decision.cancel }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts).toHaveLength(0);

    await userEvent.click(within(decision).getByRole('button', { name: t.decision.review }));
    const again = await screen.findByRole('alertdialog', { name: t.decision.confirmTitle });
    await userEvent.dblClick(within(again).getByRole('button', { name: t.decision.confirmYes }));
    expect(await screen.findByText(new RegExp(t.decision.decided))).toBeTruthy();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({ outcome: 'split', contractorPercent: 60 });
  });
});
