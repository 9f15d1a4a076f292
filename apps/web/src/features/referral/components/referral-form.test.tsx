// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { es } from '@arreglaya/shared/i18n/es';
import { referral as t } from '@arreglaya/shared/i18n/site-forms';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { ReferralForm } from './referral-form.tsx';

// Refer a friend (issue 55): a phone gets a WhatsApp link with the invitation written, sent from the
// person's own WhatsApp, and the page says nothing was sent by us; an e-mail is sent as before.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubServer() {
  const fetch = vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify({ id: '5b3b6a36-54b5-4a40-9a55-2a6f0f3c8e11', message: es.success.referralSent }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const posts = (fetch: ReturnType<typeof stubServer>) => fetch.mock.calls.filter(([url]) => String(url).includes('/api/referrals'));

describe('ReferralForm', () => {
  it('offers a phone friend a WhatsApp link with the invitation, says truthfully who sends it, and sends nothing', async () => {
    const fetch = stubServer();
    renderWithProviders(<ReferralForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(t.name), 'Yokasta');
    await user.type(screen.getByLabelText(t.contact), '(829) 555-0199');
    await user.click(screen.getByRole('button', { name: t.submit }));

    const link = await screen.findByRole('link', { name: new RegExp(`^${t.whatsAppOpen('Yokasta')}`) });
    const href = new URL(link.getAttribute('href')!);
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/18295550199');
    expect(href.searchParams.get('text')).toBe(t.whatsAppInvite('Yokasta', `${window.location.origin}/`));
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText(t.whatsAppReady('Yokasta'))).toBeTruthy();
    expect(screen.queryByText(/Mensaje enviado/)).toBeNull();
    expect(posts(fetch)).toHaveLength(0);
  });

  it('sends an e-mail friend to the server and shows its answer', async () => {
    const fetch = stubServer();
    renderWithProviders(<ReferralForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(t.name), 'Julio');
    await user.type(screen.getByLabelText(t.contact), 'julio@ejemplo.do');
    await user.click(screen.getByRole('button', { name: t.submit }));
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    expect(await screen.findByText(es.success.referralSent)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
  });
});
