// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Pagination, pageWindow } from './pagination.tsx';

afterEach(cleanup);

function renderAt(page: number, pageCount: number) {
  const router = createMemoryRouter([{ path: '/lista', element: <Pagination page={page} pageCount={pageCount} hrefFor={(p) => `/lista?pagina=${p}`} /> }], {
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
});
