// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { directory as t } from '@arreglaya/shared/i18n/directory';
import { DIRECTORY_COUNT_CAP, DIRECTORY_PAGE_SIZE, type ContractorCard, type DirectoryPage } from '@arreglaya/shared/schemas/directory';
import { setCountry } from '@/lib/country.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { DirectorySearch } from './directory-search.tsx';

// The count above the results (decision 076): a search counts at most 1,000 contractors, and
// past that says "Más de 1.000 contratistas", written as the visitor's country writes numbers.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setCountry('DO');
});

const card = (i: number): ContractorCard => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `Contratista ${i}`,
  companyName: null,
  avatarPhotoId: null,
  services: ['pintura'],
  country: 'DO',
  city: 'santiago',
  ratingAvg: 0,
  ratingCount: 0,
  completedProjects: 0,
  distanceKm: null,
  memberSince: '2026-01-01T00:00:00.000Z',
  badges: { isNew: false, verified: false, featured: false },
  medianResponseMinutes: null,
  hiresCount: 0,
  priceGuide: [],
  portfolioThumbs: [],
});

/** The search page at `route`, the API answering `answer` (the same for any request). */
function renderSearch(answer: DirectoryPage, route = '/busqueda') {
  const fetch = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  renderWithProviders(<DirectorySearch renderCard={(c) => <p>{c.name}</p>} />, { route });
  return fetch;
}

const page = (over: Partial<DirectoryPage>): DirectoryPage => ({
  items: Array.from({ length: DIRECTORY_PAGE_SIZE }, (_, i) => card(i + 1)),
  total: DIRECTORY_COUNT_CAP,
  totalCapped: true,
  page: 1,
  pageSize: DIRECTORY_PAGE_SIZE,
  pageCount: Math.ceil(DIRECTORY_COUNT_CAP / DIRECTORY_PAGE_SIZE),
  origin: null,
  ...over,
});

const countText = () => screen.getByTestId('results-count').textContent;

describe('the count above the results', () => {
  it('says "Más de 1,000 contratistas" past the cap in the Dominican Republic, and the filters\' button too', async () => {
    renderSearch(page({}));
    await waitFor(() => expect(countText()).toBe('Más de 1,000 contratistas'));
    expect(screen.getByRole('button', { name: 'Ver más de 1,000 contratistas' })).toBeTruthy();
    // The pager ends at the last page the count vouches for.
    const nav = await screen.findByRole('navigation', { name: t.pagination.label });
    expect(within(nav).getByRole('link', { name: t.pagination.page(84) })).toBeTruthy();
    expect(
      within(nav)
        .getByRole('link', { name: /Siguiente/ })
        .getAttribute('href'),
    ).toBe('/busqueda?page=2');
  });

  it('writes the cap as Colombia writes numbers', async () => {
    setCountry('CO');
    renderSearch(page({}));
    await waitFor(() => expect(countText()).toBe('Más de 1.000 contratistas'));
  });

  it('gives the exact figure under the cap, and exactly 1,000 as a figure', async () => {
    renderSearch(page({ total: 998, totalCapped: false }));
    await waitFor(() => expect(countText()).toBe('998 contratistas'));
    cleanup();
    renderSearch(page({ total: 1000, totalCapped: false }));
    await waitFor(() => expect(countText()).toBe('1,000 contratistas'));
  });

  it('the last page the count vouches for is the last there is: no "Siguiente", capped or not', async () => {
    for (const totalCapped of [true, false]) {
      renderSearch(page({ page: 84, totalCapped }), '/busqueda?page=84');
      await waitFor(() => expect(screen.getByRole('link', { name: t.pagination.page(84) }).getAttribute('aria-current')).toBe('page'));
      expect(screen.queryByRole('link', { name: /Siguiente/ })).toBeNull();
      cleanup();
    }
  });
});
