// Vitest setup (vitest.config.ts): in a component test (jsdom), the dialogs' code is loaded before
// the test, as a page that has opened one dialog has it: the tests are about what a dialog holds
// and does. How it arrives the first time (modal-dialog.tsx, on demand, decision 070) is the
// browser tests' (taps-and-dialogs.spec.ts) and on-demand.test.tsx's.
if (typeof document !== 'undefined') {
  const { preloadModalDialog } = await import('@/components/ui/modal-dialog.tsx');
  await preloadModalDialog();
}

export {};
