// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationChannels as tn } from '@arreglaya/shared/i18n/notification-channels';
import { NOTIFICATION_TYPES } from '@arreglaya/shared/notification-channels';
import type { NotificationChannels } from '@arreglaya/shared/schemas/notification-channels';
import { NotificationChannelsSection } from './notification-channels-grid.tsx';
import { renderWithProviders, testQueryClient } from '@/test/render-with-providers.tsx';

// One tap = one request (decision 032): a double tap on "Guardar canales" on /perfil/notificaciones
// saves once. Only the network is replaced; the save is held open so the second tap lands while
// the first is in flight, before React has re-rendered the button disabled.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const channels: NotificationChannels = {
  choices: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, { push: true, whatsapp: false, sms: false }])) as NotificationChannels['choices'],
  quietHours: true,
  reachable: { push: true, whatsapp: false, sms: false },
};
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the notification-channels grid', () => {
  it('saves once on a double tap, and says so', async () => {
    const puts: unknown[] = [];
    let answer: () => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init?: RequestInit) => {
        if (init?.method !== 'PUT') return json(channels);
        puts.push(JSON.parse(String(init.body)));
        return new Promise<Response>((resolve) => (answer = () => resolve(json({ message: tn.grid.saved, channels }))));
      }),
    );
    const queryClient = testQueryClient();
    renderWithProviders(<NotificationChannelsSection userId="u-1" />, { queryClient });
    const save = await screen.findByRole('button', { name: tn.grid.save });
    act(() => {
      save.click();
      save.click();
    });
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(screen.getByRole('button', { name: tn.grid.saving })).toHaveProperty('disabled', true);
    await act(async () => answer());
    expect(await screen.findByText(tn.grid.saved)).toBeTruthy();
    expect(puts).toEqual([{ choices: channels.choices, quietHours: true }]);
  });
});
