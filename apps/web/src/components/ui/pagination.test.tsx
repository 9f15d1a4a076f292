// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Pagination, pageWindow } from './pagination.tsx';

afterEach(cleanup);

function renderAt(page: number, pageCount: number, more = false) {
  const router = createMemoryRouter([{ path: '/lista', element: <Pagination page={page} pageCount={pageCount} hrefFor={(p) => `/lista?pagina=${p}`} more={more} /> }], {
    initialEntries: ['/lista'],
  });
  return render(<RouterProvider router={router} />);
}

describe('pageWindow', () => {
  it('keeps the first, the last and two around the current page, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, null, 10]);
    expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    // A gap of one page shows that page instead of '…'.
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 6, null, 10]);
  });

  it('with more pages than counted: no last page, up to the next one, and a gap at the end', () => {
    expect(pageWindow(1, 1, true)).toEqual([1, 2, null]);
    expect(pageWindow(84, 84, true)).toEqual([1, null, 82, 83, 84, 85, null]);
    expect(pageWindow(90, 84, true)).toEqual([1, null, 88, 89, 90, 91, null]);
    // Past the counted pages without more: the current page is the last.
    expect(pageWindow(90, 84)).toEqual([1, null, 88, 89, 90]);
  });
});

describe('Pagination', () => {
  it('renders nothing for a single page', () => {
    const { container } = renderAt(1, 1);
    expect(container.querySelector('nav')).toBeNull();
  });

  it('marks the current page and links its neighbours', () => {
    renderAt(3, 5);
    const nav = screen.getByRole('navigation', { name: 'Páginas de resultados' });
    expect(within(nav).getByRole('link', { name: 'Página 3' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Página 4' }).getAttribute('aria-current')).toBeNull();
    expect(
      within(nav)
        .getByRole('link', { name: /Anterior/ })
        .getAttribute('href'),
    ).toBe('/lista?pagina=2');
    expect(
      within(nav)
        .getByRole('link', { name: /Siguiente/ })
        .getAttribute('href'),
    ).toBe('/lista?pagina=4');
  });

  it('has no previous link on the first page and no next link on the last', () => {
    renderAt(1, 2);
    expect(screen.queryByRole('link', { name: /Anterior/ })).toBeNull();
    cleanup();
    renderAt(2, 2);
    expect(screen.queryByRole('link', { name: /Siguiente/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Anterior/ })).toBeTruthy();
  });

  it('keeps "Siguiente" on the last page counted when more may follow', () => {
    renderAt(84, 84, true);
    expect(screen.getByRole('link', { name: /Siguiente/ }).getAttribute('href')).toBe('/lista?pagina=85');
    expect(screen.getByRole('link', { name: 'Página 84' }).getAttribute('aria-current')).toBe('page');
    cleanup();
    // Even one page counted: the pager shows when more may follow.
    renderAt(1, 1, true);
    expect(screen.getByRole('link', { name: /Siguiente/ }).getAttribute('href')).toBe('/lista?pagina=2');
  });
});
