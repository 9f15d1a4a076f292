// The service worker (decision 032), built into dist/sw.js by scripts/web/prerender.ts with the
// build's precache list in place of __PRECACHE__. It is a fallback, never a source of stale pages:
// - Installing, it fetches the precache list (the prerendered public pages, their scripts and
//   stylesheet, the offline page, the manifest and icons) into a cache named after the build.
// - Navigations go to the network first (with navigation preload, so the worker adds no wait);
//   only when the network fails does a prerendered page come from the cache, and any other page
//   is the offline page ("Sin conexión").
// - The app's code (the hashed files under /assets/, which never change under a name) is answered
//   from the cache first; one not cached yet (a page's chunk the precache list does not name) is
//   fetched once and kept (decision 070), so a returning visitor downloads only data.
// - Installing on a slow line or with Save-Data (decision 070), the hashed files are taken only
//   from the browser's HTTP cache (what the visit already downloaded), never downloaded again
//   for the cache: `cache: 'reload'` is kept for the few files whose name does not change.
// - Requests for precached files (icons, the manifest) are answered from the cache.
// - Nothing else is ever stored: no /api answer, no private page, no photo. Other requests are
//   not even intercepted (the browser handles them as if there were no worker).
// - A new build installs beside the old one (fetching its code once, in the background), takes
//   over at once (skipWaiting, clients.claim) and deletes the old cache: since pages always come
//   from the network, the next navigation is the new build's.
// - A push shows a notification and a tap on it opens the page to act on (push-handlers.ts, decision 039).
// Typed against the DOM library the web app compiles with: the worker-only types are declared here.
import { openFromNotification, showPush, type PushScope } from './push-handlers.ts';

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Response | Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WorkerScope extends PushScope {
  readonly registration: PushScope['registration'] & { readonly navigationPreload?: { enable(): Promise<void> } };
  readonly clients: PushScope['clients'] & { claim(): Promise<void> };
  readonly location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

declare const __PRECACHE__: { version: string; urls: string[]; pages: string[]; offline: string };

const worker = self as unknown as WorkerScope;
const { version, urls, pages, offline } = __PRECACHE__;
const CACHE = `arreglaya-${version}`;
const PRECACHED = new Set(urls);
const PAGES = new Set(pages);

/** A hashed file of the build: its name changes whenever its content does. */
const isHashedAsset = (path: string) => path.startsWith('/assets/');

/** Whether the worker may download what no page asked for yet: a fast line without Save-Data (decision 070). */
function mayPrefetch(): boolean {
  const connection = (worker as unknown as { navigator: { connection?: { effectiveType?: string; saveData?: boolean } } }).navigator.connection;
  return connection?.effectiveType === '4g' && connection.saveData !== true;
}

/** Stores `url` in the cache; a hashed file comes from the HTTP cache when it is there (and only from there when `cachedOnly`). */
async function store(cache: Cache, url: string, cachedOnly: boolean): Promise<void> {
  if (!isHashedAsset(url)) {
    // Past the HTTP cache: what is stored is what this build's server sends now.
    await cache.add(new Request(url, { cache: 'reload', credentials: 'omit' }));
    return;
  }
  const response = await fetch(url, { cache: cachedOnly ? 'only-if-cached' : 'default', mode: 'same-origin', credentials: 'omit' }).catch(() => undefined);
  if (response?.ok) await cache.put(url, response);
  else if (!cachedOnly) throw new Error(`could not precache ${url}`);
}

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const cachedOnly = !mayPrefetch();
      await Promise.all(urls.map((url) => store(cache, url, cachedOnly)));
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE && name.startsWith('arreglaya-')) await caches.delete(name);
      await worker.registration.navigationPreload?.enable();
      await worker.clients.claim();
    })(),
  );
});

/** The path as the precache list writes it (the prerendered pages without a trailing slash). */
function pathOf(url: URL): string {
  return url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
}

async function navigate(event: FetchEvent, path: string): Promise<Response> {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch (error) {
    const cache = await caches.open(CACHE);
    const page = PAGES.has(path) ? await cache.match(path) : undefined;
    const fallback = page ?? (await cache.match(offline));
    if (!fallback) throw error;
    return fallback;
  }
}

async function precached(request: Request, path: string): Promise<Response> {
  const hit = await (await caches.open(CACHE)).match(path);
  return hit ?? fetch(request);
}

/** The app's code, cache first: a hashed file never changes, so one fetched once is kept for the next visit. */
async function code(request: Request, path: string): Promise<Response> {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(path);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(path, response.clone());
  return response;
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  const path = pathOf(url);
  if (request.mode === 'navigate') event.respondWith(navigate(event, path));
  else if (isHashedAsset(path)) event.respondWith(code(request, path));
  else if (PRECACHED.has(path) && !PAGES.has(path)) event.respondWith(precached(request, path));
});

worker.addEventListener('push', (event) => {
  event.waitUntil(showPush(worker, () => event.data?.json()));
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(worker, event.notification.data));
});
