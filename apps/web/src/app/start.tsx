import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { RouterProvider } from 'react-router';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';
import { openAllHydrationGates } from '@/components/ui/hydrate-on-view.tsx';
import { nextTask } from '@/lib/next-task.ts';
import { queryClient } from '@/lib/query-client.ts';
import { whenIdle } from '@/lib/when-idle.ts';
import { takeQueryState } from '@/prerender/query-state.ts';

/**
 * Resolves once the router has loaded the first page's lazy route module. Until then the HTML
 * already in #root stays (a prerendered page or the boot spinner); hydration needs the page's
 * module anyway, since the first render must produce the prerendered markup.
 */
function routerReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Resolves after the browser has painted the next frame. A prerendered page is hydrated only
 * then: the visitor sees the page before the phone spends its CPU on hydration, which would
 * otherwise hold the first paint back until it finished.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Starts the app in `container` (main.tsx imports this module in a task of its own, after the
 * libraries: decision 046).
 */
export function start(container: HTMLElement): void {
  const prerendered = container.dataset.prerendered === 'true';
  // A page the server rendered per request (/busqueda, /contractors/:id) sends the data it rendered
  // from: in the cache before the first render, so hydration renders the same cards (decision 018).
  const serverState = prerendered ? takeQueryState() : undefined;
  if (serverState) hydrate(queryClient, serverState as DehydratedState);

  // The router is created in a task of its own, after the one that evaluated the modules: on a
  // phone each is a long task when they run as one (decision 018).
  // react-dom's client (most of the JavaScript) is a chunk of its own, evaluated in a task of its
  // own too (a prerendered page's loader preloads it with the entry, scripts/web/prerender.ts).
  void nextTask().then(async () => {
    const router = createAppRouter();
    // A navigation must not wait for a part of the page that hydrates when seen (decision 046):
    // the router's state changes, every such part is let go before React renders the change.
    router.subscribe(openAllHydrationGates);
    const [{ createRoot, hydrateRoot }] = await Promise.all([import('react-dom/client'), routerReady(router), prerendered ? afterNextPaint() : undefined]);
    // Providers puts the router's components in a Suspense boundary, like the layout's parts and
    // the landing's sections: React hydrates the providers first, then each boundary in later,
    // yielding tasks (decision 018).
    const app = (
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>
    );
    // A prerendered page (scripts/web/prerender.ts) is adopted as it is: React attaches to the
    // markup instead of replacing it, so what the visitor already sees (the LCP element) stays put.
    // Any other page replaces the boot spinner of index.html, before the mark below.
    if (prerendered) hydrateRoot(container, app);
    else {
      const root = createRoot(container);
      flushSync(() => root.render(app));
    }
    // From here React listens to the page: a click or key press on a part not hydrated yet makes
    // React hydrate that part at once and then handle the event (its event replay), so the page
    // answers input now. The browser tests wait for this mark after each navigation.
    document.documentElement.dataset.app = 'ready';
    // Then, when the browser is idle: the dialogs' code and the service worker (decision 032).
    // react-aria asks Intl for the browser's locale as its module is evaluated; the first use of
    // Intl loads the locale data, so it gets an idle moment of its own before the dialogs' code
    // (decision 046): the two together were the one long task after hydration.
    whenIdle(() => {
      Intl.DateTimeFormat.supportedLocalesOf([navigator.language || 'es-DO']);
      whenIdle(() => void import('./after-first-load.ts').catch(() => undefined));
    });
  });
}
