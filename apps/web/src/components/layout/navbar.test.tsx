// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { shell } from '@arreglaya/shared/i18n/shell';
import { testSession } from '@/test/session-fixtures.ts';
import { Navbar } from './navbar.tsx';

// The phone menu belongs to the visit it was opened on: any navigation closes it, and coming back
// to that page later (a notice leading to it) does not open it again (issue 46).

afterEach(cleanup);

function renderShell(role: 'client' | 'contractor' = 'client') {
  const user = testSession({ role }).user!;
  const Layout = () => (
    <>
      <Navbar user={user} />
      <main>
        <Outlet />
        <Link to="/proyectos/p1">Ir al proyecto</Link>
      </main>
    </>
  );
  const router = createMemoryRouter([{ element: <Layout />, children: [{ path: '*', element: <p>página</p> }] }], { initialEntries: ['/proyectos/p1'] });
  render(<RouterProvider router={router} />);
  return router;
}

const menuButton = () => screen.getByRole('button', { name: new RegExp(`${shell.nav.openMenu}|${shell.nav.closeMenu}`) });

describe('the phone menu', () => {
  it('stays closed when a later visit comes back to the page it was opened on', async () => {
    const router = renderShell();
    await userEvent.click(menuButton());
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    // Follows the menu's Avisos, then a notice back to the project.
    // A signed-in person's menu entries load once the session says so.
    const nav = screen.getByRole('navigation', { name: shell.nav.label });
    await waitFor(() => expect(nav.querySelector('a[href="/perfil/avisos"]')).not.toBeNull());
    await userEvent.click(nav.querySelector('a[href="/perfil/avisos"]')!);
    expect(router.state.location.pathname).toBe('/perfil/avisos');
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(screen.getByRole('link', { name: 'Ir al proyecto' }));
    expect(router.state.location.pathname).toBe('/proyectos/p1');
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('offers a client Publicar proyecto and Mis proyectos', async () => {
    renderShell('client');
    await userEvent.click(menuButton());
    expect(screen.getByRole('link', { name: shell.nav.newProject }).getAttribute('href')).toBe('/nuevoproyecto');
    expect(screen.getByRole('link', { name: shell.nav.myProjects }).getAttribute('href')).toBe('/perfil/proyectos');
  });
});
