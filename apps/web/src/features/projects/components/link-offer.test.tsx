// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { shell } from '@arreglaya/shared/i18n/shell';
import type { Offer } from '@arreglaya/shared/schemas/quotes';
import { formatDate, formatRating } from '@/lib/format.ts';
import { LinkOffer } from './link-offer.tsx';

afterEach(cleanup);

const STARS = shell.rating.label(formatRating(4.5));

function offer(extra: Partial<Offer> = {}): Offer {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    projectId: '00000000-0000-4000-8000-000000000002',
    status: 'created',
    priceMinor: 1_250_050,
    currency: 'DOP',
    description: 'Cambio completo con materiales.',
    expiresAt: '2030-01-10T12:00:00.000Z',
    stages: null,
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
      companyName: null,
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

function renderOffer(o: Offer) {
  const router = createMemoryRouter([{ path: '/', element: <LinkOffer offer={o} locale="es-DO" /> }]);
  render(<RouterProvider router={router} />);
  return screen.getByRole('article', { name: 'Ramón Báez' });
}

describe('LinkOffer (the mail link page /oferta/confirmar/:token)', () => {
  it('shows a listed contractor with their rating and a link to their profile, and the offer to confirm', () => {
    const card = renderOffer(offer());
    expect(card.textContent).toContain(t.offers.reviews('12', 12));
    expect(screen.getByRole('img', { name: STARS })).toBeTruthy();
    expect(screen.getByRole('link', { name: `${t.offers.viewProfile}: Ramón Báez` }).getAttribute('href')).toBe('/contractors/00000000-0000-4000-8000-000000000003');
    expect(card.textContent).not.toContain(t.offers.profileUnavailable);
    expect(card.textContent).toContain('RD$12,500.50');
    expect(card.textContent).toContain('Cambio completo con materiales.');
    expect(card.textContent).toContain(t.offers.validUntil(formatDate('2030-01-10T12:00:00.000Z', 'es-DO')));
  });

  it('a contractor no longer listed: the name with "Perfil no disponible", no stars, no profile link, the offer still shown', () => {
    const card = renderOffer(offer({ contractorListed: false }));
    expect(card.textContent).toContain(t.offers.profileUnavailable);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('img', { name: STARS })).toBeNull();
    expect(card.textContent).not.toContain(t.offers.reviews('12', 12));
    expect(card.textContent).toContain('RD$12,500.50');
    expect(card.textContent).toContain('Cambio completo con materiales.');
  });
});
