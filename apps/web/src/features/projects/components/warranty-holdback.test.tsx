// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warranty as tw } from '@arreglaya/shared/i18n/warranty';
import type { WarrantyHoldback } from '@arreglaya/shared/schemas/warranty';
import '@/test/jsdom-css-escape.ts';
import { formatDate } from '@/lib/format.ts';
import { testProject } from '@/test/project-fixtures.ts';
import { WarrantyHoldbackSection } from './warranty-holdback.tsx';
import { renderWithProviders, testQueryClient } from '@/test/render-with-providers.tsx';

// The warranty holdback on the project page (decision 055): amount, release day, state, and the
// client's claim while the window is open. Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderSection(viewer: 'client' | 'contractor', holdback: Partial<WarrantyHoldback> = {}) {
  const project = testProject(viewer, { status: 'completado' });
  const h: WarrantyHoldback = {
    projectId: project.id,
    amountMinor: 75_000,
    currency: 'DOP',
    percent: 5,
    warrantyDays: 90,
    releaseAt: '2027-03-05T16:00:00.000Z',
    status: 'held',
    claimReason: null,
    claimedAt: null,
    decidedAt: null,
    canClaim: viewer === 'client',
    ...holdback,
  };
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `/api/projects/${project.id}/warranty/claim`) {
        posted.push(JSON.parse(String(init?.body)));
        return json(200, { message: tw.sent });
      }
      if (url === `/api/projects/${project.id}/warranty`) return json(200, { holdback: h });
      return json(404, { error: { code: 'NOT_FOUND', message: 'No' } });
    }),
  );
  const client = testQueryClient();
  renderWithProviders(<WarrantyHoldbackSection project={project} userId="u1" locale="es-DO" />, { queryClient: client });
  return { posted };
}

describe('WarrantyHoldbackSection', () => {
  it('shows the client the amount, the release day and the state, and sends a warranty claim with its reason', async () => {
    const { posted } = renderSection('client');
    const section = await screen.findByRole('region', { name: tw.section });
    expect(section.textContent).toContain('RD$750.00');
    expect(section.textContent).toContain(formatDate('2027-03-05T16:00:00.000Z', 'es-DO'));
    expect(section.textContent).toContain(tw.states.held);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: tw.open }));
    await user.type(screen.getByLabelText(tw.reasonLabel), 'Volvió a gotear.');
    await user.click(screen.getByRole('button', { name: tw.send }));
    await waitFor(() => expect(posted).toEqual([{ reason: 'Volvió a gotear.' }]));
  });

  it('gives the contractor no claim button, and the client none once the window closed', async () => {
    renderSection('contractor');
    expect(await screen.findByRole('region', { name: tw.section })).toBeTruthy();
    expect(screen.queryByRole('button', { name: tw.open })).toBeNull();
    cleanup();
    renderSection('client', { status: 'released', canClaim: false });
    const section = await screen.findByRole('region', { name: tw.section });
    expect(section.textContent).toContain(tw.states.released);
    expect(section.textContent).toContain(tw.endedAt);
    expect(screen.queryByRole('button', { name: tw.open })).toBeNull();
  });
});
