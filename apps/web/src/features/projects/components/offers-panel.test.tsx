// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { compareOffers as tc, offerTerms as tt } from '@arreglaya/shared/i18n/offers-trust';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import type { QuoteStatus } from '@arreglaya/shared/lifecycles';
import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';
import type { Offer } from '@arreglaya/shared/schemas/quotes';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
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
  medianResponseMinutes: null,
  hiresCount: 0,
  priceGuide: [],
  portfolioThumbs: [],
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
    conversationId: null,
    startDate: null,
    durationDays: null,
    warrantyDays: null,
    holdbackPercent: null,
    materialsIncluded: null,
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

function renderPanel(offers: Offer[] = items) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ items: offers }), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  const project = { id: '00000000-0000-4000-8000-000000000900', status: 'created' } as ProjectDetail;
  renderWithProviders(<OffersPanel project={project} userId="u1" locale="es-DO" />);
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

describe('Comparar ofertas (decision 043)', () => {
  const who = (n: number, name: string, ratingAvg: number, ratingCount: number, medianResponseMinutes: number | null) => ({
    ...contractor(n, name),
    ratingAvg,
    ratingCount,
    medianResponseMinutes,
  });
  const withTerms = (o: Offer, startDate: string | null): Offer => ({
    ...o,
    startDate,
    durationDays: 3,
    warrantyDays: 90,
    materialsIncluded: true,
    conversationId: `00000000-0000-4000-8000-0000000007${o.id.slice(-2)}`,
  });
  const compared = [
    // Luis: cheapest, no ratings, slowest; Marta: best rated, starts first, answers in 20 min; Pedro: no start date ('Sin indicar'), no response time.
    withTerms(offer(4, who(4, 'Luis Mora', 0, 0, 3000), 'created', 500_000, '2030-01-01T09:00:00.000Z'), '2030-02-10'),
    withTerms(offer(5, who(5, 'Marta Gil', 4.9, 20, 20), 'created', 900_000, '2030-01-01T09:30:00.000Z'), '2030-02-01'),
    withTerms(offer(6, who(6, 'Pedro Sosa', 4.2, 5, null), 'created', 700_000, '2030-01-01T09:45:00.000Z'), null),
  ];
  const order = (scope: HTMLElement) =>
    within(scope)
      .getAllByRole('article')
      .map((a) => within(a).getByRole('heading').textContent);

  it('sorts by price, rating, start date and response time, cards and table alike', async () => {
    renderPanel(compared);
    const list = await screen.findByRole('list', { name: t.offers.listLabel });
    expect(order(list)).toEqual(['Luis Mora', 'Pedro Sosa', 'Marta Gil']);
    const sort = screen.getByLabelText('Ordenar por');
    fireEvent.change(sort, { target: { value: 'rating' } });
    expect(order(list)).toEqual(['Marta Gil', 'Pedro Sosa', 'Luis Mora']);
    const table = screen.getByRole('table', { name: 'Comparar ofertas' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Marta Gil', 'Pedro Sosa', 'Luis Mora']);
    fireEvent.change(sort, { target: { value: 'start' } });
    expect(order(list)).toEqual(['Marta Gil', 'Luis Mora', 'Pedro Sosa']);
    fireEvent.change(sort, { target: { value: 'response' } });
    expect(order(list)).toEqual(['Marta Gil', 'Luis Mora', 'Pedro Sosa']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Marta Gil', 'Luis Mora', 'Pedro Sosa']);
    // What a row compares, and 'Escribir' opening the chat with that contractor.
    const marta = within(table).getAllByRole('row')[1]!;
    expect(marta.textContent).toContain('RD$9,000.00');
    expect(marta.textContent).toContain('~20 min');
    expect(marta.textContent).toContain('90 días');
    expect(within(table).getByRole('link', { name: 'Escribir a Marta Gil' }).getAttribute('href')).toBe('/perfil/mensajes?conversation=00000000-0000-4000-8000-000000000705');
    expect(within(list).getByRole('link', { name: 'Escribir a Pedro Sosa' }).getAttribute('href')).toBe('/perfil/mensajes?conversation=00000000-0000-4000-8000-000000000706');
    expect(within(list).getAllByRole('article')[2]!.textContent).toContain('Sin indicar');
  });

  it('a phone compares the deciding terms side by side, one column per contractor, in the chosen order (issue 46)', async () => {
    renderPanel(compared);
    await screen.findByRole('list', { name: t.offers.listLabel });
    const compact = screen.getByRole('table', { name: tc.compactTitle });
    expect(
      within(compact)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Luis', 'Pedro', 'Marta']);
    const rows = within(compact).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([tc.price, tc.start, tt.duration, tt.warranty]);
    expect(rows[0]!.textContent).toContain('RD$9,000.00');
    expect(rows[3]!.textContent).toContain('90 días');
  });
});
