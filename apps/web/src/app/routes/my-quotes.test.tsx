// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { myQuotes, offerPanel as t } from '@arreglaya/shared/i18n/quotes-web';
import { Component as MyQuotesPage } from './my-quotes.tsx';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { testSession } from '@/test/session-fixtures.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const quote = (id: string, title: string, counter: boolean) => ({
  id,
  projectId: `${id.slice(0, -3)}900`,
  status: 'created',
  priceMinor: 1_000_000,
  currency: 'DOP',
  description: 'Cambio completo con materiales incluidos.',
  expiresAt: '2030-01-10T12:00:00.000Z',
  stages: null,
  counterPriceMinor: counter ? 850_000 : null,
  counterComment: counter ? 'Es lo que tengo.' : null,
  counterStatus: counter ? 'pending' : null,
  agreedPriceMinor: 0,
  clientConfirmation: false,
  confirmationDate: null,
  clientComments: null,
  createdAt: '2030-01-01T12:00:00.000Z',
  updatedAt: '2030-01-01T12:00:00.000Z',
  project: { id: `${id.slice(0, -3)}900`, title, status: 'created' },
});

describe('Mis ofertas (issue 35)', () => {
  it('shows a counter-offer waiting for the answer, with the answer buttons', async () => {
    const posts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push(`${url} ${String(init.body)}`);
          return new Response(JSON.stringify({ message: t.counterAccepted, quote: {} }), { status: 200, headers: { 'content-type': 'application/json' } });
        }
        const items = [quote('00000000-0000-4000-8000-000000000001', 'Fuga en el baño', true), quote('00000000-0000-4000-8000-000000000002', 'Pintar la sala', false)];
        return new Response(JSON.stringify({ items }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderWithProviders(<MyQuotesPage />, {
      session: testSession({ id: 'c1', role: 'contractor', firstName: 'Ramón', lastName: 'Báez', email: 'r@ejemplo.do', profileListed: true }),
    });
    const list = await screen.findByRole('list', { name: myQuotes.listLabel });
    const [withCounter, without] = within(list).getAllByRole('listitem');
    expect(within(withCounter!).getByText(t.counterTitle)).toBeTruthy();
    expect(withCounter!.textContent).toMatch(/El cliente propone RD\$8,500\.00\./);
    expect(withCounter!.textContent).toContain(t.counterComment('Es lo que tengo.'));
    expect(within(without!).queryByText(t.counterTitle)).toBeNull();
    fireEvent.click(within(withCounter!).getByRole('button', { name: t.counterAccept }));
    await waitFor(() => expect(posts).toEqual(['/api/quotes/00000000-0000-4000-8000-000000000001/counter/answer {"accept":true}']));
    expect(within(withCounter!).getByRole('button', { name: t.counterDecline })).toBeTruthy();
  });
});
