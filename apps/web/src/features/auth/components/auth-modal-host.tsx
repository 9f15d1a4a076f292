import { lazy, Suspense } from 'react';
import { useAuthModals } from '@/lib/auth-modals.ts';

// The dialogs bring react-aria, react-hook-form and zod: loaded on first use, not with the landing.
const AuthDialog = lazy(() => import('./auth-dialog.tsx').then((m) => ({ default: m.AuthDialog })));

/** Renders the open sign-in / sign-up / confirmation dialog; mounted once by the root layout. */
export function AuthModalHost() {
  const { state } = useAuthModals();
  if (state.view === 'closed') return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog state={state} />
    </Suspense>
  );
}

/** Warms the dialog chunk (e.g. on hover of "Iniciar sesión") so the first open is instant. */
export function preloadAuthDialog(): void {
  void import('./auth-dialog.tsx');
}
