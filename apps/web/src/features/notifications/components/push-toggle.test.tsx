// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { push as t } from '@arreglaya/shared/i18n/push';
import { PushToggle } from './push-toggle.tsx';

// The button's states with the browser's push parts stood in for (jsdom has none): unsupported,
// blocked, off and on, and the permission asked only by the tap (decision 039).

const KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://push.example.com/device-1';

function fakeBrowser({ permission = 'default' as NotificationPermission, answer = 'granted' as NotificationPermission, subscribed = false } = {}) {
  let subscription: { endpoint: string; toJSON(): object; unsubscribe(): Promise<boolean> } | null = null;
  const makeSubscription = () => ({
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: KEY, auth: 'A'.repeat(22) } }),
    unsubscribe: vi.fn(async () => {
      subscription = null;
      return true;
    }),
  });
  if (subscribed) subscription = makeSubscription();
  const requestPermission = vi.fn(async () => answer);
  const subscribe = vi.fn(async () => (subscription = makeSubscription()));
  const registration = { pushManager: { getSubscription: async () => subscription, subscribe } };
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, register: vi.fn(async () => registration), ready: Promise.resolve(registration) },
  });
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const body = url === '/api/push/key' ? { publicKey: KEY } : { message: 'ok' };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { requestPermission, subscribe, calls };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushToggle', () => {
  it('explains what to do where the browser cannot push', async () => {
    render(<PushToggle />);
    expect(await screen.findByText(t.unsupported)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('explains how to allow notifications again when they are blocked', async () => {
    fakeBrowser({ permission: 'denied' });
    render(<PushToggle />);
    expect(await screen.findByText(t.denied)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks permission only on the tap, then subscribes with the server key and saves this device', async () => {
    const browser = fakeBrowser();
    render(<PushToggle />);
    const button = await screen.findByRole('button', { name: t.turnOn });
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await userEvent.click(button);
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) });
    expect(browser.calls.at(-1)).toEqual({ method: 'POST', url: '/api/me/push-subscriptions', body: { endpoint: ENDPOINT, keys: { p256dh: KEY, auth: 'A'.repeat(22) } } });
    expect(await screen.findByRole('button', { name: t.turnOff })).toBeTruthy();
    expect(screen.getByText(t.saved)).toBeTruthy();
  });

  it('stays off and says so when the person closes the prompt; shows how to allow when they block', async () => {
    fakeBrowser({ answer: 'default' });
    render(<PushToggle />);
    await userEvent.click(await screen.findByRole('button', { name: t.turnOn }));
    expect(screen.getByText(t.dismissed)).toBeTruthy();
    expect(screen.getByRole('button', { name: t.turnOn })).toBeTruthy();
    cleanup();

    fakeBrowser({ answer: 'denied' });
    render(<PushToggle />);
    await userEvent.click(await screen.findByRole('button', { name: t.turnOn }));
    expect(await screen.findByText(t.denied)).toBeTruthy();
  });

  it('turns a subscribed device off on the server and in the browser', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    render(<PushToggle />);
    await userEvent.click(await screen.findByRole('button', { name: t.turnOff }));
    expect(browser.calls.at(-1)).toEqual({ method: 'DELETE', url: '/api/me/push-subscriptions', body: { endpoint: ENDPOINT } });
    expect(await screen.findByRole('button', { name: t.turnOn })).toBeTruthy();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('asks and subscribes once on a double tap (one tap = one request, decision 032)', async () => {
    const browser = fakeBrowser();
    render(<PushToggle />);
    const button = await screen.findByRole('button', { name: t.turnOn });
    // Both taps land before React re-renders the button busy: only the in-flight guard stops the second.
    act(() => {
      button.click();
      button.click();
    });
    expect(await screen.findByRole('button', { name: t.turnOff })).toBeTruthy();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    expect(browser.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
