// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { push as t } from '@arreglaya/shared/i18n/push';
import type { PushDevice } from '@arreglaya/shared/schemas/push';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { PushDevices } from './push-devices.tsx';
import '@/test/jsdom-css-escape.ts';

// The person's devices on /perfil/notificaciones (issue 48): listed by a name a person
// recognises, each removable after a confirmation, the list read again afterwards.

const phone: PushDevice = { id: '0b9a6f1e-1c1d-4a57-9d4c-2f0e4c8b7a11', label: 'Chrome en Android', createdAt: '2026-11-02T15:00:00Z', lastUsedAt: '2026-12-01T15:00:00Z' };
const laptop: PushDevice = { id: '5d0c2a8e-8f7b-4f3e-9a51-0c6b1e2d3f44', label: 'Firefox en Windows', createdAt: '2026-11-20T15:00:00Z', lastUsedAt: null };

function fakeServer(devices: PushDevice[]) {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url });
      if (method === 'DELETE') {
        const id = url.split('/').at(-1)!;
        devices = devices.filter((d) => d.id !== id);
        return new Response(JSON.stringify({ message: t.deviceRemoved }), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify({ devices }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PushDevices', () => {
  it('lists each device with when it was turned on and last used', async () => {
    fakeServer([phone, laptop]);
    renderWithProviders(<PushDevices />);
    expect(await screen.findByText('Chrome en Android')).toBeTruthy();
    expect(screen.getByText('Firefox en Windows')).toBeTruthy();
    expect(screen.getByText(t.neverUsed)).toBeTruthy();
    expect(screen.getAllByText(/^Activado el /)).toHaveLength(2);
    expect(screen.getByText(/^Último aviso: /)).toBeTruthy();
  });

  it('removes a device only after the confirmation, and reads the list again', async () => {
    const calls = fakeServer([phone, laptop]);
    const user = userEvent.setup();
    renderWithProviders(<PushDevices />);
    await user.click(await screen.findByRole('button', { name: t.removeDeviceLabel('Chrome en Android') }));
    const dialog = await screen.findByRole('alertdialog', { name: t.removeDeviceConfirm('Chrome en Android') });
    // The way back first: nothing removed.
    await user.click(within(dialog).getByRole('button', { name: t.removeDeviceNo }));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: t.removeDeviceLabel('Chrome en Android') }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: t.removeDeviceYes }));
    expect(await screen.findByText(t.deviceRemoved)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', url: `/api/me/push-subscriptions/${phone.id}` }]);
    await vi.waitFor(() => expect(screen.queryByText('Chrome en Android')).toBeNull());
    expect(screen.getByText('Firefox en Windows')).toBeTruthy();
  });

  it('says so when no device receives notices', async () => {
    fakeServer([]);
    renderWithProviders(<PushDevices />);
    expect(await screen.findByText(t.devicesEmpty)).toBeTruthy();
  });
});
