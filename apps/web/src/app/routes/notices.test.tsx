// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notices as t } from '@arreglaya/shared/i18n/notices';
import type { Notice, NoticesPage } from '@arreglaya/shared/schemas/notifications';
import { Navbar } from '@/components/layout/navbar.tsx';
import { SESSION_QUERY_KEY, type Session } from '@/lib/session-user.ts';
import { useViewer } from '@/lib/use-viewer.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { testSession } from '@/test/session-fixtures.ts';
import { Component as NoticesPageRoute } from './notices.tsx';

// The notification centre (issue 31): the header's bell and the phone menu's Avisos carry the
// session's count, /perfil/avisos lists the notices (unread ones marked), marks them read and pages
// with "Ver más"; a count changed by the socket (chat-live writes it into the session) reloads the
// list. Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session = (unreadNotices: number): Session => testSession({ unreadNotices, unreadMessages: unreadNotices });
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const notice = (n: number, read = false): Notice => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  kind: 'newQuote',
  title: `Nueva Oferta ${n}`,
  text: `Ramón ${n} te envió una oferta.`,
  createdAt: `2026-11-2${n % 10}T14:00:00.000Z`,
  read,
  url: `/proyectos/p${n}`,
});
const pageOf = (items: Notice[], nextBefore: string | null, unread: number): NoticesPage => ({ items, nextBefore, unread: { notices: unread, messages: unread } });

function Shell() {
  const { user } = useViewer();
  return (
    <>
      <Navbar user={user} />
      <NoticesPageRoute />
    </>
  );
}

function renderCentre(unread: number, answers: Record<string, () => Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${path}`;
      calls.push(key);
      const answer = answers[key];
      if (!answer) throw new Error(`unexpected ${key}`);
      return answer();
    }),
  );
  const { queryClient, router } = renderWithProviders(<Shell />, {
    route: '/perfil/avisos',
    routes: [{ path: '/proyectos/:id', element: <p>Página del proyecto</p> }],
    session: session(unread),
  });
  return { calls, queryClient, router };
}

describe('the bell and the phone menu', () => {
  it('say how many notices are unread, to the eye and to a screen reader, and lead to /perfil/avisos', async () => {
    renderCentre(3, { 'GET /api/me/notices': () => json(pageOf([notice(3), notice(2), notice(1)], null, 3)) });
    // The desktop bell and the phone menu's entry (a signed-in person's header parts load once the session says so).
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Avisos, 3 sin leer' })).toHaveLength(2));
    const links = screen.getAllByRole('link', { name: 'Avisos, 3 sin leer' });
    for (const link of links) {
      expect(link.getAttribute('href')).toBe('/perfil/avisos');
      expect(within(link).getByText('3')).toBeTruthy();
    }
    await screen.findByText('Nueva Oferta 3');
  });
});

describe('/perfil/avisos', () => {
  it('marks unread notices for screen readers, pages with Ver más, and marks everything read', async () => {
    const first = [notice(4), notice(3, true)];
    const { calls } = renderCentre(1, {
      'GET /api/me/notices': () => json(pageOf(first, first[1]!.id, 1)),
      [`GET /api/me/notices?before=${first[1]!.id}`]: () => json(pageOf([notice(2, true)], null, 1)),
      'POST /api/me/notices/read': () => json({ read: 1, unread: { notices: 0, messages: 0 } }),
    });
    await screen.findByText('Nueva Oferta 4');
    expect(screen.getByText('Nueva Oferta 4').closest('a')!.textContent).toContain(`${t.unread}:`);
    expect(screen.getByText('Nueva Oferta 3').closest('a')!.textContent).not.toContain(`${t.unread}:`);
    expect(screen.getByText(t.unreadSummary(1))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: t.more }));
    expect(await screen.findByText('Nueva Oferta 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.more })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: t.markAll }));
    expect(await screen.findByText(t.allRead)).toBeTruthy();
    expect(screen.getByText('Nueva Oferta 4').closest('a')!.textContent).not.toContain(`${t.unread}:`);
    // The bell dropped its count with the answer.
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Avisos' })).toHaveLength(2));
    expect(calls).toContain('POST /api/me/notices/read');
  });

  it('marks a notice read when it is followed, and leads to its place', async () => {
    const { calls, router, queryClient } = renderCentre(1, {
      'GET /api/me/notices': () => json(pageOf([notice(5)], null, 1)),
      [`POST /api/me/notices/${notice(5).id}/read`]: () => json({ read: 1, unread: { notices: 0, messages: 0 } }),
    });
    fireEvent.click(await screen.findByText('Nueva Oferta 5'));
    expect(await screen.findByText('Página del proyecto')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/proyectos/p5');
    await waitFor(() => expect(queryClient.getQueryData<Session>(SESSION_QUERY_KEY)!.user!.unreadNotices).toBe(0));
    expect(calls).toContain(`POST /api/me/notices/${notice(5).id}/read`);
  });

  it('reloads the list when a notice arrives live (the socket moved the session count)', async () => {
    let listed = pageOf([notice(6)], null, 1);
    const { queryClient } = renderCentre(1, { 'GET /api/me/notices': () => json(listed) });
    await screen.findByText('Nueva Oferta 6');
    listed = pageOf([notice(7), notice(6)], null, 2);
    // What chat-live does on a notice frame: /api/me/unread's answer into the session.
    act(() => queryClient.setQueryData<Session>(SESSION_QUERY_KEY, session(2)));
    expect(await screen.findByText('Nueva Oferta 7')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Avisos, 2 sin leer' })).toHaveLength(2));
  });
});
