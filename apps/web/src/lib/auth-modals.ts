import { useSyncExternalStore } from 'react';

export type SignUpRole = 'client' | 'contractor';

/** Which auth dialog is open, and what it was opened with. */
export type AuthModalState =
  | { view: 'closed' }
  | { view: 'sign-in'; email?: string; redirectTo?: string; error?: string }
  // returnTo: the form the person signed up from; confirming the code brings them back to it, signed in.
  | { view: 'sign-up'; role?: SignUpRole; returnTo?: string }
  | { view: 'confirm'; email: string; returnTo?: string };

// A module store rather than a React context: the protected-route loader opens the sign-in
// dialog before any component renders, and loaders cannot reach context.
let state: AuthModalState = { view: 'closed' };
const listeners = new Set<() => void>();

function set(next: AuthModalState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const authModals = {
  openSignIn: (options: { email?: string; redirectTo?: string; error?: string } = {}) => set({ view: 'sign-in', ...options }),
  openSignUp: (options: { role?: SignUpRole; returnTo?: string } = {}) => set({ view: 'sign-up', ...options }),
  openConfirm: (email: string, returnTo?: string) => set(returnTo ? { view: 'confirm', email, returnTo } : { view: 'confirm', email }),
  close: () => set({ view: 'closed' }),
  get: () => state,
};

export type AuthModals = typeof authModals;

/** The open auth dialog and the functions that open the others; any page may use it. */
export function useAuthModals(): AuthModals & { state: AuthModalState } {
  const current = useSyncExternalStore(subscribe, authModals.get, authModals.get);
  return { ...authModals, state: current };
}
