/**
 * Registers the service worker (dist/sw.js, decision 032) once the page has loaded, so it never
 * competes with the first paint or the page's own scripts. Production builds only: the dev server
 * has no sw.js, and a worker left from a build would answer for Vite's modules.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No worker (a private window that refuses it, a failed download): the site works without one.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
