// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminConsole as t } from '@arreglaya/shared/i18n/admin-console';
import type { AdminOverview } from '@arreglaya/shared/schemas/admin-console';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { Component as AdminOverviewPage } from './admin-overview.tsx';

// The console's overview on a phone (issue 46): each count opens the list it counts, filtered as
// counted. Only the network (and the chart's canvas) is replaced.

vi.mock('@/features/admin/components/new-projects-chart.tsx', () => ({ default: () => null }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const overview: AdminOverview = {
  people: { byRole: { client: 31, contractor: 12, sysadmin: 2 }, newThisWeek: 5 },
  projectsByStatus: { created: 4, assigned: 1, in_progress: 2, delivered: 0, completado: 9, disputed: 3, cancelled: 1 },
  offersThisWeek: 8,
  escrowHeld: [],
  releasedThisMonth: [],
  openClaims: 3,
  claimsUnanswered: 1,
  claimsLate: 1,
  reviewsWaiting: 7,
  contactUnanswered: 6,
  otherInboxesWaiting: 4,
  newProjectsPerDay: [{ day: '2026-12-05', count: 2 }],
};

/** A credit of the bank's statement waiting in the console's queue. */
const queuedLine = (id: string) => ({
  id: `00000000-0000-4000-8000-00000000000${id === 'a' ? 1 : 2}`,
  bankTxId: `tx-${id}`,
  bookedOn: '2026-12-05',
  amountMinor: 1_500_000,
  currency: 'DOP',
  reference: null,
  description: 'TRANSFERENCIA',
  payerName: null,
  status: 'unmatched',
  paymentId: null,
  appliedMinor: 0,
  returnMinor: 0,
  returnedAt: null,
});

/** Where the list page would be: it says its path and search. */
function ListStub() {
  const { pathname, search } = useLocation();
  return <p>{`Lista ${pathname}${search}`}</p>;
}

function renderOverview() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/admin/statement-lines' ? json(200, { items: [queuedLine('a'), queuedLine('b')] }) : json(200, overview))),
  );
  renderWithProviders(<AdminOverviewPage />, { route: '/admin', routes: [{ path: '/admin/*', element: <ListStub /> }] });
}

describe('the console’s overview', () => {
  it('makes each count a link, named by its number and what it counts, to the list it counts', async () => {
    renderOverview();
    const href = async (name: string) => (await screen.findByRole('link', { name })).getAttribute('href');
    expect(await href(`45 ${t.overview.people}`)).toBe('/admin/personas');
    expect(await href(`${t.roles.client}: 31`)).toBe('/admin/personas?role=client');
    expect(await href(`${t.roles.contractor}: 12`)).toBe('/admin/personas?role=contractor');
    expect(await href(`${t.roles.sysadmin}: 2`)).toBe('/admin/personas?role=sysadmin');
    expect(await href(`3 ${t.overview.openClaims}`)).toBe('/admin/reclamos');
    expect(await href(`7 ${t.overview.reviewsWaiting}`)).toBe('/admin/resenas');
    expect(await href(`6 ${t.overview.contactUnanswered}`)).toBe('/admin/bandejas?bandeja=contact_page&estado=new');
    expect(await href(`2 ${t.overview.bankQueue}`)).toBe('/admin/banco');
  });

  it('a tap on a count opens its list', async () => {
    renderOverview();
    await userEvent.click(await screen.findByRole('link', { name: `${t.roles.contractor}: 12` }));
    expect(await screen.findByText('Lista /admin/personas?role=contractor')).toBeTruthy();
  });
});
