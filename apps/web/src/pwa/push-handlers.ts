import { pushNotification } from '@arreglaya/shared/i18n/push';

// Web Push in the service worker (decision 039): a push shows a notification, a tap on it opens
// the page to act on. Apart from service-worker.ts so a unit test can run it with the worker's
// globals injected (push-handlers.test.ts).

export interface PushWindow {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** The parts of the worker's global scope these handlers use. */
export interface PushScope {
  readonly location: { readonly origin: string };
  readonly registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly PushWindow[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/badge-96.png';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The app's own address for `url`, or its home for anything else (another site, not a URL): a push never opens a foreign page. */
export function sameOriginUrl(url: unknown, origin: string): string {
  try {
    const target = new URL(text(url) ?? '/', origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

/** `push`: the payload {title, body, url, tag} the server sent (modules/push/push-sender.ts) as a notification. */
export function showPush(scope: PushScope, readJson: () => unknown): Promise<void> {
  let payload: Record<string, unknown> = {};
  try {
    const data = readJson();
    if (data && typeof data === 'object') payload = data as Record<string, unknown>;
  } catch {
    // Not JSON: the fallback below still tells the person something arrived.
  }
  const tag = text(payload.tag);
  return scope.registration.showNotification(text(payload.title) ?? pushNotification.fallbackTitle, {
    body: text(payload.body) ?? (text(payload.title) ? '' : pushNotification.fallbackBody),
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    data: { url: sameOriginUrl(payload.url, scope.location.origin) },
    ...(tag ? { tag } : {}),
  });
}

/** `notificationclick`: an open window of the app goes to the page and comes forward; without one, a new window opens there. */
export async function openFromNotification(scope: PushScope, data: unknown): Promise<void> {
  const url = sameOriginUrl((data as { url?: unknown } | null)?.url, scope.location.origin);
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => w.url.startsWith(`${scope.location.origin}/`));
  if (!open) {
    await scope.clients.openWindow(url);
    return;
  }
  await open.focus();
  // A window the worker does not control cannot be navigated by it: then a new one opens.
  if (open.url !== url) await open.navigate(url).catch(() => scope.clients.openWindow(url));
}
