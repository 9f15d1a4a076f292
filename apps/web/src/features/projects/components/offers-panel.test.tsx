// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import type { QuoteStatus } from '@arreglaya/shared/lifecycles';
import type { Offer, ProjectDetail } from '@arreglaya/shared/schemas/projects';
import { MessageBoxProvider } from '@/components/ui/message-box.tsx';
import { OffersPanel } from './offers-panel.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const contractor = (n: number, name: string): Offer['contractor'] => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  name,
  companyName: null,
  avatarPhotoId: null,
  services: ['plomeria'],
  country: 'DO',
  city: 'santo-domingo',
  ratingAvg: 4.5,
  ratingCount: 3,
  completedProjects: 1,
  distanceKm: null,
  memberSince: '2029-01-01T12:00:00.000Z',
  badges: { isNew: false, verified: false, featured: false },
});

function offer(id: number, who: Offer['contractor'], status: QuoteStatus, priceMinor: number, createdAt: string): Offer {
  return {
    id: `00000000-0000-4000-8000-00000000000${id}`,
    projectId: '00000000-0000-4000-8000-000000000900',
    status,
    priceMinor,
    currency: 'DOP',
    description: `Oferta número ${id} con materiales incluidos.`,
    expiresAt: '2030-01-10T12:00:00.000Z',
    stages: null,
    counterPriceMinor: null,
    counterComment: null,
    counterStatus: null,
    agreedPriceMinor: 0,
    clientConfirmation: false,
    confirmationDate: null,
    clientComments: null,
    createdAt,
    updatedAt: createdAt,
    contractor: who,
    contractorListed: true,
  };
}

const ramon = contractor(1, 'Ramón Báez');
const ana = contractor(2, 'Ana Peña');
// Ramón replaced his first offer (withdrawn) by a cheaper one; Ana sent one.
const items = [
  offer(1, ramon, 'withdrawn', 900_000, '2030-01-01T10:00:00.000Z'),
  offer(2, ramon, 'created', 800_000, '2030-01-01T11:00:00.000Z'),
  offer(3, ana, 'created', 850_000, '2030-01-01T10:30:00.000Z'),
];

function renderPanel() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ items }), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  const project = { id: '00000000-0000-4000-8000-000000000900', status: 'created' } as ProjectDetail;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <OffersPanel project={project} userId="u1" locale="es-DO" /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <MessageBoxProvider>
        <RouterProvider router={router} />
      </MessageBoxProvider>
    </QueryClientProvider>,
  );
}

describe('OffersPanel (issue 35)', () => {
  it('shows a replaced offer only on demand, under the offer that replaced it', async () => {
    renderPanel();
    const list = await screen.findByRole('list', { name: t.offers.listLabel });
    const cards = within(list).getAllByRole('article');
    // One card per contractor: the current offers.
    expect(cards).toHaveLength(2);
    expect(list.textContent).not.toContain('Retirada');
    expect(list.textContent).not.toContain('RD$9,000.00');
    const more = within(list).getByRole('button', { name: t.offers.showEarlier(1) });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const earlier = screen.getByRole('list', { name: t.offers.earlierLabel('Ramón Báez') });
    expect(earlier.textContent).toContain('RD$9,000.00');
    expect(earlier.textContent).toContain('Retirada');
    // A replaced offer offers no decision.
    expect(within(earlier).queryAllByRole('button')).toHaveLength(0);
    fireEvent.click(within(list).getByRole('button', { name: t.offers.hideEarlier }));
    expect(screen.queryByRole('list', { name: t.offers.earlierLabel('Ramón Báez') })).toBeNull();
  });
});
