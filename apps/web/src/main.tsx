import { StrictMode } from 'react';
// In the bundle, 'react-dom/client' is src/react-on-preact/client.ts: the app runs on Preact (decision 016).
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { DeferredHydration, deferredHydrationDone, nextTask } from './react-on-preact/deferred-hydration.tsx';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

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

const prerendered = container.dataset.prerendered === 'true';

// The router is created in a task of its own, after the one that evaluated the modules: on a
// phone each is a long task when they run as one (decision 017).
void nextTask().then(async () => {
  const router = createAppRouter();
  await Promise.all([routerReady(router), prerendered ? afterNextPaint() : undefined]);
  const app = (
    <StrictMode>
      <Providers>
        <DeferredHydration name="app">
          <RouterProvider router={router} />
        </DeferredHydration>
      </Providers>
    </StrictMode>
  );
  // A prerendered page (scripts/web/prerender.ts) is adopted as it is: React attaches to the
  // markup instead of replacing it, so what the visitor already sees (the LCP element) stays put.
  // Any other page replaces the boot spinner of index.html.
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
  // The app now runs the page, once the parts hydrated in tasks of their own (decision 017) are
  // too. The browser tests wait for this after each navigation.
  void deferredHydrationDone().then(() => {
    document.documentElement.dataset.app = 'ready';
  });
});
