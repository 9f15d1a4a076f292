// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messaging } from '@arreglaya/shared/i18n/messaging';
import type { PhoneStatus } from '@arreglaya/shared/schemas/phone';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { PhoneChannelSection } from './phone-channel.tsx';

// The number's channels on /perfil/notificaciones (decision 040): a channel the provider stopped
// delivering to (WhatsApp 131026) says why, in Spanish, and offers to confirm it again. Only the
// network is replaced.

const t = messaging.phone;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(status: PhoneStatus) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(status), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  renderWithProviders(<PhoneChannelSection userId="u-1" country="DO" profilePhone={null} />);
}

const channel = (verified: boolean, undeliverable = false) => ({ verified, optedOut: false, undeliverable });

describe('PhoneChannelSection', () => {
  it('says why WhatsApp stopped (the number cannot receive it) and offers to confirm it again; SMS stays on', async () => {
    renderWith({ number: '+18095550103', channels: { whatsapp: channel(false, true), sms: channel(true) }, pending: null });
    const whatsapp = (await screen.findAllByRole('listitem')).find((li) => li.textContent?.startsWith(t.channels.whatsapp))!;
    expect(within(whatsapp).getByText(t.channelUndeliverable('whatsapp'))).toBeTruthy();
    expect(within(whatsapp).getByRole('button', { name: t.addChannel('whatsapp') })).toBeTruthy();
    const sms = screen.getAllByRole('listitem').find((li) => li.textContent?.startsWith(t.channels.sms))!;
    expect(within(sms).getByText(t.channelOn)).toBeTruthy();
    expect(within(sms).queryByText(t.channelUndeliverable('sms'))).toBeNull();
  });

  it('says nothing of the kind for a channel never confirmed', async () => {
    renderWith({ number: '+18295552345', channels: { whatsapp: channel(true), sms: channel(false) }, pending: null });
    await screen.findByRole('button', { name: t.addChannel('sms') });
    expect(screen.queryByText(t.channelUndeliverable('sms'))).toBeNull();
    expect(screen.queryByText(t.channelUndeliverable('whatsapp'))).toBeNull();
  });
});
