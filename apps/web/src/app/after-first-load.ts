// What a page does once it answers input and the browser is idle (decision 032), in a chunk of
// its own so a page's first load carries none of it: the service worker is registered, and on a
// fast connection without Save-Data (decision 070) the dialogs' code (modal-dialog.tsx and its
// frame with react-aria, decision 018) and "Volver arriba"'s button are fetched now, so the first dialog of a
// visit opens at the tap instead of after a download. On a slower or metered line they come with
// the first tap that needs them.
import { mayPrefetch } from '@/lib/connection.ts';
import { registerServiceWorker } from '@/lib/service-worker.ts';

registerServiceWorker();
if (mayPrefetch()) {
  void import('@/components/ui/modal-dialog.tsx').then((m) => m.preloadModalDialog()).catch(() => undefined);
  void import('@/components/layout/scroll-to-top-button.tsx').catch(() => undefined);
}
