// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showUp } from '@arreglaya/shared/i18n/show-up';
import type { ShowUpState } from '@arreglaya/shared/schemas/show-up';
import { testMoney, testProject } from '@/test/project-fixtures.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { ShowUp } from './show-up.tsx';
import '@/test/jsdom-css-escape.ts';

// The arrival section (decision 057): what it offers comes from the server's answer; "Llegué" is
// one tap, one request, disabled while it is sent. Only the network is replaced.

const t = showUp.web;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const state = (over: Partial<ShowUpState> = {}): ShowUpState => ({
  startDay: '2026-12-06',
  contractorName: 'Ramón Peña',
  arrival: null,
  may: { arrive: false, answer: false, reportNoShow: false, stepBack: false },
  stepBackIsLate: false,
  ...over,
});

function render(
  viewer: 'client' | 'contractor',
  s: ShowUpState,
  answer: () => Promise<Response> = async () => new Response(JSON.stringify({ message: 'Listo.', status: 'in_progress' })),
) {
  const posts: { url: string; body: string | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push({ url, body: init.body === undefined ? undefined : String(init.body) });
        return answer();
      }
      return new Response(JSON.stringify(s));
    }),
  );
  const project = testProject(viewer, {
    id: 'p1',
    title: 'Ventana rota',
    status: 'assigned',
    money: testMoney({ priceMinor: 300_000, fundedMinor: 300_000, heldMinor: 300_000, funded: true }),
  });
  renderWithProviders(<ShowUp project={project} userId="u1" locale="es-DO" />);
  return { posts, user: userEvent.setup() };
}

describe('ShowUp', () => {
  it('sends one "Llegué" however fast it is tapped, the button disabled meanwhile', async () => {
    let finish: (r: Response) => void = () => {};
    const { posts, user } = render(
      'contractor',
      state({ may: { arrive: true, answer: false, reportNoShow: false, stepBack: true } }),
      () => new Promise<Response>((resolve) => (finish = resolve)),
    );
    const button = await screen.findByRole('button', { name: t.arrive });
    await user.dblClick(button);
    expect(posts).toEqual([{ url: '/api/projects/p1/arrival', body: undefined }]);
    expect(screen.getByRole('button', { name: t.arriving }).hasAttribute('disabled')).toBe(true);
    finish(new Response(JSON.stringify({ message: showUp.marked, status: 'in_progress' })));
    await waitFor(() => expect(screen.getByText(showUp.marked)).toBeTruthy());
  });

  it("offers the client 'Confirmar llegada' and 'No llegó' once the contractor marked it, and sends the answer", async () => {
    const { posts, user } = render(
      'client',
      state({
        arrival: { markedAt: '2026-12-06T13:05:00.000Z', onStartDay: true, answer: null, answeredAt: null },
        may: { arrive: false, answer: true, reportNoShow: false, stepBack: false },
      }),
    );
    await user.click(await screen.findByRole('button', { name: t.confirm }));
    expect(posts).toEqual([{ url: '/api/projects/p1/arrival/answer', body: JSON.stringify({ arrived: true }) }]);
    expect(screen.getByRole('button', { name: t.noShow })).toBeTruthy();
  });

  it('shows nothing to act on before the start day but when "Llegué" will be possible', async () => {
    render('contractor', state());
    expect(await screen.findByText(/^Podrás marcar «Llegué» desde el /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.arrive })).toBeNull();
  });
});
