// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCampaigns as t } from '@arreglaya/shared/i18n/campaigns';
import type { Campaign } from '@arreglaya/shared/schemas/campaigns';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { CampaignsPage } from './campaigns-page.tsx';
import '@/test/jsdom-css-escape.ts';

// The console's "Ofertas especiales": the draft's form with the live audience count, the list,
// and "Enviar" through a confirmation that sends one request. Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const draft: Campaign = {
  id: '3f1c1b1e-8d3a-4c55-9a55-0e6f3c1d2b10',
  subject: 'Pintura con descuento',
  text: 'Hasta el 31.',
  roles: ['client'],
  countries: ['DO'],
  state: 'draft',
  mailed: 0,
  whatsappQueued: 0,
  createdAt: '2026-11-27T14:05:00.000Z',
  sentAt: null,
};

function renderPage(opts: { campaigns: Campaign[]; send?: () => Promise<Response> }) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(init.body as string) : undefined });
      if (url.startsWith('/api/admin/campaigns/audience')) {
        const q = new URL(url, 'http://x').searchParams;
        // 40 clients, 2,500 contractors in the DR; Colombia adds 3 of each.
        const per = { client: 40, contractor: 2500 } as Record<string, number>;
        const n = q
          .get('roles')!
          .split(',')
          .reduce((sum, r) => sum + per[r]! + (q.get('countries')!.includes('CO') ? 3 : 0), 0);
        return json(200, { count: n });
      }
      if (method === 'POST' && url.endsWith('/send')) return opts.send ? opts.send() : json(202, { message: t.sending });
      if (method === 'POST') return json(201, { ...draft, id: 'b1c1b1e0-8d3a-4c55-9a55-0e6f3c1d2b10' });
      return json(200, { items: opts.campaigns });
    }),
  );
  renderWithProviders(<CampaignsPage />, { route: '/admin/campanas' });
  return { calls, user: userEvent.setup() };
}

describe('CampaignsPage', () => {
  it('counts the audience as roles and countries are ticked, and saves a draft with the form’s values', async () => {
    const { calls, user } = renderPage({ campaigns: [] });
    expect(await screen.findByText(t.audience('40 personas'))).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: t.roleNames.contractor }));
    expect(await screen.findByText(t.audience(`${new Intl.NumberFormat('es-DO').format(2540)} personas`))).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: t.roleNames.client }));
    await user.click(screen.getByRole('checkbox', { name: t.roleNames.contractor }));
    expect(await screen.findByText(t.audienceNeedsChoice)).toBeTruthy();

    // Nothing chosen and nothing written: the form's own Spanish errors, no request.
    await user.click(screen.getByRole('button', { name: t.saveDraft }));
    expect(await screen.findAllByText('Campo obligatorio.')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: t.subject }), 'Techos a mitad de precio');
    await user.type(screen.getByRole('textbox', { name: t.text }), 'Solo esta semana.');
    await user.click(screen.getByRole('checkbox', { name: t.roleNames.client }));
    await user.click(screen.getByRole('checkbox', { name: 'Colombia' }));
    await user.click(screen.getByRole('button', { name: t.saveDraft }));
    expect(await screen.findByText(t.saved)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/admin/campaigns',
      body: { subject: 'Techos a mitad de precio', text: 'Solo esta semana.', roles: ['client'], countries: ['DO', 'CO'] },
    });
  });

  it('sends a draft after its confirmation, one request however many taps', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { calls, user } = renderPage({ campaigns: [draft], send: () => new Promise((resolve) => (answer = resolve)) });
    const entry = await screen.findByRole('listitem', { name: draft.subject });
    expect(within(entry).getByText(t.states.draft)).toBeTruthy();
    await user.click(within(entry).getByRole('button', { name: t.sendLabel(draft.subject) }));
    const dialog = await screen.findByRole('alertdialog', { name: t.confirmTitle });
    expect(await within(dialog).findByText(t.confirmText(draft.subject, '40 personas'))).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: t.confirmSend });
    await user.click(confirm);
    await user.click(confirm);
    answer(json(202, { message: t.sending }));
    expect(await screen.findByText(t.sending)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url === `/api/admin/campaigns/${draft.id}/send`)).toHaveLength(1);
  });

  it('shows a sent campaign with its counts and no send button', async () => {
    renderPage({ campaigns: [{ ...draft, state: 'sent', mailed: 1234, whatsappQueued: 0, sentAt: '2026-11-27T15:00:00.000Z' }] });
    const entry = await screen.findByRole('listitem', { name: draft.subject });
    expect(within(entry).getByText(t.states.sent)).toBeTruthy();
    expect(entry.textContent).toContain(`${t.mailed}: ${new Intl.NumberFormat('es-DO').format(1234)}`);
    expect(within(entry).queryByRole('button', { name: t.sendLabel(draft.subject) })).toBeNull();
  });
});
