/**
 * What `import … from 'react'` means in the web bundle (vite.config.ts aliases it here; see
 * docs/decisions/016): preact/compat, with useSyncExternalStore honouring its third argument.
 * The source keeps React's API and types; only the bundle changes.
 */
import compat, { useCallback, useLayoutEffect, useRef, useSyncExternalStore as compatUseSyncExternalStore } from 'preact/compat';

// @ts-expect-error -- compat's type declarations use `export =`; its ES module has named exports.
export * from 'preact/compat';

let hydrating = false;

/**
 * Called by hydrateRoot (./client.ts) around Preact's hydration, which runs synchronously, and
 * by ./deferred-hydration.tsx around the later hydration of each part it set aside.
 */
export function markHydration(active: boolean): void {
  hydrating = active;
}

export function isHydrating(): boolean {
  return hydrating;
}

/**
 * React's useSyncExternalStore: while a prerendered page is hydrated, and when rendering in Node
 * (the prerender), it reads getServerSnapshot, so the first render matches the HTML; right after
 * hydration it reads getSnapshot and renders again if the value differs. preact/compat ignores
 * getServerSnapshot and would hydrate with the browser's value, and Preact does not correct
 * attributes while hydrating (e.g. the footer's remembered country).
 */
export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, getServerSnapshot?: () => T): T {
  const serverPhaseRef = useRef(getServerSnapshot !== undefined && (hydrating || typeof window === 'undefined'));
  // Runs before compat's own layout effect (declared first), which then sees the browser's value
  // and re-renders if it differs from the one hydrated.
  useLayoutEffect(() => {
    serverPhaseRef.current = false;
  }, []);
  const read = useCallback(() => (serverPhaseRef.current && getServerSnapshot ? getServerSnapshot() : getSnapshot()), [getSnapshot, getServerSnapshot]);
  return compatUseSyncExternalStore(subscribe, read);
}

export default { ...compat, useSyncExternalStore };
