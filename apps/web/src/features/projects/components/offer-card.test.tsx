// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { QUOTE_STATUSES, quoteAllows, type QuoteStatus } from '@arreglaya/shared/lifecycles';
import type { Offer } from '@arreglaya/shared/schemas/quotes';
import { formatDate } from '@/lib/format.ts';
import { OfferCard } from './offer-card.tsx';

afterEach(cleanup);

function offer(status: QuoteStatus, extra: Partial<Offer> = {}): Offer {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    projectId: '00000000-0000-4000-8000-000000000002',
    status,
    priceMinor: 1_250_050,
    currency: 'DOP',
    description: 'Cambio completo con materiales.',
    expiresAt: '2030-01-10T12:00:00.000Z',
    stages: [
      { title: 'Materiales', percent: 40 },
      { title: 'Final', percent: 60 },
    ],
    counterPriceMinor: null,
    counterComment: null,
    counterStatus: null,
    agreedPriceMinor: 0,
    clientConfirmation: false,
    confirmationDate: null,
    clientComments: null,
    createdAt: '2030-01-01T12:00:00.000Z',
    updatedAt: '2030-01-01T12:00:00.000Z',
    contractor: {
      id: '00000000-0000-4000-8000-000000000003',
      name: 'Ramón Báez',
      companyName: 'Báez Servicios',
      avatarPhotoId: null,
      services: ['plomeria'],
      country: 'DO',
      city: 'santo-domingo',
      ratingAvg: 4.5,
      ratingCount: 12,
      completedProjects: 7,
      distanceKm: null,
      memberSince: '2029-01-01T12:00:00.000Z',
      badges: { isNew: false, verified: true, featured: false },
      medianResponseMinutes: null,
      hiresCount: 0,
      priceGuide: [],
      portfolioThumbs: [],
    },
    contractorListed: true,
    conversationId: null,
    startDate: null,
    durationDays: null,
    warrantyDays: null,
    holdbackPercent: null,
    materialsIncluded: null,
    ...extra,
  };
}

function renderCard(o: Offer, projectOpen = true) {
  const noop = () => {};
  const router = createMemoryRouter([{ path: '/', element: <OfferCard offer={o} locale="es-DO" projectOpen={projectOpen} onAccept={noop} onReject={noop} onCounter={noop} /> }]);
  return render(<RouterProvider router={router} />);
}

const decisionButtons = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe('OfferCard', () => {
  it('shows what a client compares: price, track record, badges, validity, message and plan', () => {
    renderCard(offer('created'));
    const card = screen.getByRole('article', { name: 'Ramón Báez' });
    expect(card.textContent).toContain('RD$12,500.50');
    expect(card.textContent).toContain(t.offers.reviews('12', 12));
    expect(card.textContent).toContain(t.offers.completed('7', 7));
    expect(screen.getByRole('list', { name: 'Distinciones' }).textContent).toBe('Verificado');
    expect(card.textContent).toContain('Cambio completo con materiales.');
    expect(card.textContent).toContain(t.offers.stage('Materiales', 40));
    expect(card.textContent).toContain(t.offers.validUntil(formatDate('2030-01-10T12:00:00.000Z', 'es-DO')));
  });

  it('shows the warranty holdback with its percent, amount and days, and nothing when the offer keeps none (decision 055)', () => {
    renderCard(offer('created', { priceMinor: 2_500_000, warrantyDays: 90, holdbackPercent: 5 }));
    const term = screen.getByText('Retención de garantía');
    expect(term.tagName).toBe('DT');
    expect(term.nextElementSibling?.textContent).toBe('5 % (RD$1,250.00) por 90 días');
    cleanup();

    renderCard(offer('created', { warrantyDays: 90, holdbackPercent: 0 }));
    expect(screen.queryByText('Retención de garantía')).toBeNull();
  });

  it('links a listed contractor to their profile; one no longer listed shows the name and "Perfil no disponible", no profile link, and stays decidable', () => {
    renderCard(offer('created'));
    expect(screen.getByRole('link', { name: `${t.offers.viewProfile}: Ramón Báez` }).getAttribute('href')).toBe('/contractors/00000000-0000-4000-8000-000000000003');
    expect(screen.queryByText(t.offers.profileUnavailable)).toBeNull();
    cleanup();

    renderCard(offer('created', { contractorListed: false }));
    const card = screen.getByRole('article', { name: 'Ramón Báez' });
    expect(card.textContent).toContain(t.offers.profileUnavailable);
    expect(card.textContent).toContain('RD$12,500.50');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Distinciones' })).toBeNull();
    expect(card.textContent).not.toContain(t.offers.completed('7', 7));
    expect(decisionButtons()).toEqual([t.offers.accept, t.offers.counter, t.offers.reject]);
  });

  it('offers exactly the decisions the lifecycle table allows the client for each status', () => {
    for (const status of QUOTE_STATUSES) {
      renderCard(offer(status));
      const expected = quoteAllows('accept', status) ? [t.offers.accept, t.offers.counter, t.offers.reject] : [];
      expect(decisionButtons(), status).toEqual(expected);
      cleanup();
    }
  });

  it('offers no decision once the project is no longer open', () => {
    renderCard(offer('created'), false);
    expect(decisionButtons()).toEqual([]);
  });

  it('shows a counter-offer and the price both agreed', () => {
    renderCard(offer('created', { counterPriceMinor: 1_100_000, counterStatus: 'accepted', agreedPriceMinor: 1_100_000 }));
    const card = screen.getByRole('article', { name: 'Ramón Báez' });
    expect(card.textContent).toContain(t.offers.counterStatus.accepted);
    expect(card.textContent).toContain(`${t.offers.agreedPrice}RD$11,000.00`);
  });
});
