// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminConsole as t } from '@arreglaya/shared/i18n/admin-console';
import type { AdminPeoplePage } from '@arreglaya/shared/schemas/admin-console';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { PeopleSearch } from './people-search.tsx';

// The people search of the console: what is typed goes to the API as the URL's search, the
// answer becomes a table of links to each person, and paging keeps the search. Only the network
// is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ramon = {
  id: '8f0e7a1c-4b8e-4d5e-9f7a-1c2b3d4e5f60',
  firstName: 'Ramón',
  lastName: 'Báez',
  email: 'ramon@prueba.do',
  phone: '809-555-0199',
  role: 'contractor' as const,
  status: 'banned' as const,
  createdAt: '2026-03-05T15:00:00Z',
};

function renderSearch(answer: (url: URL) => AdminPeoplePage | Response, initial = '/admin/personas') {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const parsed = new URL(url, 'http://localhost');
      asked.push(parsed);
      const a = answer(parsed);
      return a instanceof Response ? a : json(200, a);
    }),
  );
  const { router } = renderWithProviders(<PeopleSearch locale="es-DO" />, { route: initial, routes: [{ path: '/admin/personas/:id', element: <p>ficha</p> }], messageBox: false });
  return { asked, router };
}

const page = (items: (typeof ramon)[], total = items.length, n = 1): AdminPeoplePage => ({ items, total, page: n, pageSize: 20 });

describe('PeopleSearch', () => {
  it('searches by what is typed and the chosen role, and links each person to their page', async () => {
    const { asked, router } = renderSearch((url) => (url.searchParams.get('q') ? page([ramon]) : page([])));
    expect(await screen.findByText(t.people.none)).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: t.people.searchLabel }), { target: { value: ' 001-1234567-3 ' } });
    fireEvent.change(screen.getByRole('combobox', { name: t.people.roleLabel }), { target: { value: 'contractor' } });
    fireEvent.click(screen.getByRole('button', { name: t.people.search }));

    const link = await screen.findByRole('link', { name: 'Ramón Báez' });
    expect(link.getAttribute('href')).toBe(`/admin/personas/${ramon.id}`);
    const last = asked.at(-1)!;
    expect(last.pathname).toBe('/api/admin/people');
    expect(last.searchParams.get('q')).toBe('001-1234567-3');
    expect(last.searchParams.get('role')).toBe('contractor');
    expect(router.state.location.search).toBe('?q=001-1234567-3&role=contractor');

    const row = link.closest('tr')!;
    expect(within(row).getByText(t.statuses.banned)).toBeTruthy();
    expect(within(row).getByText(t.roles.contractor)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(t.people.results(1, '1'));
  });

  it('pages through the results keeping the search', async () => {
    renderSearch((url) => page([ramon], 45, Number(url.searchParams.get('page') ?? '1')), '/admin/personas?q=ram');
    await screen.findByRole('link', { name: 'Ramón Báez' });
    // The form shows the URL's search.
    expect((screen.getByRole('searchbox', { name: t.people.searchLabel }) as HTMLInputElement).value).toBe('ram');
    const next = screen.getByRole('link', { name: 'Página 3' });
    expect(next.getAttribute('href')).toBe('/admin/personas?q=ram&page=3');
  });

  it('says what failed, in Spanish', async () => {
    renderSearch(() => json(403, { error: { code: 'FORBIDDEN', message: 'No tienes permiso para realizar esta acción.' } }));
    expect(await screen.findByText('No tienes permiso para realizar esta acción.')).toBeTruthy();
  });
});
