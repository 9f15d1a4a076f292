// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messaging } from '@arreglaya/shared/i18n/messaging';
import { notificationChannels as tn } from '@arreglaya/shared/i18n/notification-channels';
import { NOTIFICATION_TYPES } from '@arreglaya/shared/notification-channels';
import type { NotificationChannels } from '@arreglaya/shared/schemas/notification-channels';
import type { PhoneStatus } from '@arreglaya/shared/schemas/phone';
import { NotificationChannelsSection } from './notification-channels-grid.tsx';
import { PhoneChannelSection } from './phone-channel.tsx';
import { renderWithProviders } from '@/test/render-with-providers.tsx';

// /perfil/notificaciones as the phone walk used it (issue 46, item 13): the number comes from the
// profile, confirming it makes its channels usable in the grid at once (no reload), and every
// number is written one way. Only the network is replaced, by a small stand-in of /api/me.

const t = messaging.phone;
const off = { verified: false, optedOut: false, undeliverable: false };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** GET/POST /api/me/phone, /verify and GET /api/me/notification-channels, sharing one state. */
function fakeApi(start: PhoneStatus) {
  let phone = start;
  const channels = (): NotificationChannels => ({
    choices: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, { push: false, whatsapp: false, sms: false }])) as NotificationChannels['choices'],
    quietHours: true,
    reachable: { push: false, whatsapp: phone.channels.whatsapp.verified, sms: phone.channels.sms.verified },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === '/api/me/notification-channels') return json(channels());
      if (path === '/api/me/phone/verify' && init?.method === 'POST') {
        const number = phone.pending!.number;
        phone = { number, channels: { whatsapp: { ...off, verified: true }, sms: off }, pending: null };
        return json({ message: t.verified, phone });
      }
      if (path === '/api/me/phone') return json(phone);
      throw new Error(`unexpected ${init?.method ?? 'GET'} ${path}`);
    }),
  );
}

function renderPage(profilePhone: string | null) {
  renderWithProviders(<NotificationChannelsSection userId="u-1" setup={<PhoneChannelSection userId="u-1" country="DO" profilePhone={profilePhone} />} />);
}

const whatsappBoxes = () => screen.getAllByRole<HTMLInputElement>('checkbox', { name: new RegExp(`${tn.channels.whatsapp}$`) });

describe('confirming a number on /perfil/notificaciones', () => {
  it('makes the WhatsApp checkboxes usable at once, and writes the number the Dominican way', async () => {
    const resendAt = new Date(Date.now() + 60_000).toISOString();
    fakeApi({ number: null, channels: { whatsapp: off, sms: off }, pending: { number: '+18095550199', channel: 'whatsapp', expiresAt: resendAt, resendAt } });
    renderPage('+18095550199');
    expect(await screen.findByText(t.codeSent('whatsapp', '(809) 555-0199'))).toBeTruthy();
    await screen.findByRole('button', { name: tn.grid.save });
    expect(whatsappBoxes().every((box) => box.disabled)).toBe(true);

    fireEvent.change(screen.getByLabelText(t.code), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: t.verify }));

    expect(await screen.findByText('(809) 555-0199')).toBeTruthy();
    await vi.waitFor(() => expect(whatsappBoxes().every((box) => !box.disabled)).toBe(true));
    expect(screen.queryByText('+18095550199')).toBeNull();
  });

  it('starts the number field from the profile’s phone, written the Dominican way', async () => {
    fakeApi({ number: null, channels: { whatsapp: off, sms: off }, pending: null });
    renderPage('809-555-0199');
    expect(((await screen.findByLabelText(t.number, { exact: false })) as HTMLInputElement).value).toBe('(809) 555-0199');
  });

  it('leaves the field empty when the profile has no phone', async () => {
    fakeApi({ number: null, channels: { whatsapp: off, sms: off }, pending: null });
    renderPage(null);
    expect(((await screen.findByLabelText(t.number, { exact: false })) as HTMLInputElement).value).toBe('');
  });
});
