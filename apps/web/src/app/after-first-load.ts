// What a page does once it answers input and the browser is idle (decision 032), in a chunk of
// its own so a page's first load carries none of it: the dialogs' code (modal-dialog.tsx with
// react-aria, decision 018) is fetched now, so the first dialog of a visit (a confirmation,
// sign-in) opens at the tap instead of after a download, and so is "Volver arriba"'s; and the
// service worker is registered.
import '@/components/ui/modal-dialog.tsx';
import '@/components/layout/scroll-to-top-button.tsx';
import { registerServiceWorker } from '@/lib/service-worker.ts';

registerServiceWorker();
