import { describe, expect, it } from 'vitest';
import { pushNotification } from '@arreglaya/shared/i18n/push';
import { NOTIFICATION_BADGE, NOTIFICATION_ICON, openFromNotification, showPush, type PushScope, type PushWindow } from './push-handlers.ts';

// The service worker's push and notificationclick handlers with the worker's globals injected: what
// the person sees on a push, and where a tap takes them (decision 039).

const ORIGIN = 'https://arreglaya.do';

function fakeScope(windows: { url: string; controlled?: boolean }[] = []) {
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const events: string[] = [];
  const clients: (PushWindow & { url: string })[] = windows.map((w, i) => ({
    url: w.url,
    focus: async () => void events.push(`focus ${i}`),
    navigate: async (url: string) => {
      if (w.controlled === false) throw new TypeError('not controlled');
      events.push(`navigate ${i} ${url}`);
    },
  }));
  const scope: PushScope = {
    location: { origin: ORIGIN },
    registration: { showNotification: async (title, options) => void shown.push({ title, options }) },
    clients: { matchAll: async () => clients, openWindow: async (url) => void opened.push(url) },
  };
  return { scope, shown, opened, events };
}

describe('push', () => {
  it('shows the title and body with the app icon, badge and tag, keeping the page to open', async () => {
    const { scope, shown } = fakeScope();
    await showPush(scope, () => ({ title: 'Nueva oferta', body: 'Pedro ofreció RD$4,500.00.', url: `${ORIGIN}/proyectos/p1`, tag: 'd1' }));
    expect(shown).toEqual([
      {
        title: 'Nueva oferta',
        options: { body: 'Pedro ofreció RD$4,500.00.', icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE, tag: 'd1', data: { url: `${ORIGIN}/proyectos/p1` } },
      },
    ]);
  });

  it("never keeps another site's address, and still shows something for a payload it cannot read", async () => {
    const { scope, shown } = fakeScope();
    await showPush(scope, () => ({ title: 'Aviso', body: 'x', url: 'https://phishing.example/login' }));
    await showPush(scope, () => {
      throw new SyntaxError('not JSON');
    });
    expect(shown.map((s) => s.options.data)).toEqual([{ url: `${ORIGIN}/` }, { url: `${ORIGIN}/` }]);
    expect(shown[1]).toMatchObject({ title: pushNotification.fallbackTitle, options: { body: pushNotification.fallbackBody } });
  });
});

describe('notificationclick', () => {
  it('brings an open window of the app forward and takes it to the page', async () => {
    const { scope, events, opened } = fakeScope([{ url: 'https://elsewhere.example/' }, { url: `${ORIGIN}/perfil/avisos` }]);
    await openFromNotification(scope, { url: `${ORIGIN}/proyectos/p1` });
    expect(events).toEqual(['focus 1', `navigate 1 ${ORIGIN}/proyectos/p1`]);
    expect(opened).toEqual([]);
  });

  it('opens a new window without one, or when the open one cannot be navigated', async () => {
    const none = fakeScope();
    await openFromNotification(none.scope, { url: `${ORIGIN}/proyectos/p1` });
    expect(none.opened).toEqual([`${ORIGIN}/proyectos/p1`]);

    const uncontrolled = fakeScope([{ url: `${ORIGIN}/`, controlled: false }]);
    await openFromNotification(uncontrolled.scope, { url: `${ORIGIN}/proyectos/p1` });
    expect(uncontrolled.opened).toEqual([`${ORIGIN}/proyectos/p1`]);
  });

  it('opens only the app itself for a foreign or missing url', async () => {
    const { scope, opened } = fakeScope();
    await openFromNotification(scope, { url: 'javascript:alert(1)' });
    await openFromNotification(scope, null);
    expect(opened).toEqual([`${ORIGIN}/`, `${ORIGIN}/`]);
  });
});
