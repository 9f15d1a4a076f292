/**
 * What `import … from 'react-dom/client'` means in the web bundle (vite.config.ts; see
 * docs/decisions/016): preact/compat's roots, with hydration marked for useSyncExternalStore
 * (./react.ts), and the fixes to Preact the browser needs (./fixes.ts). Only main.tsx imports it.
 */
import { createRoot, hydrateRoot as compatHydrateRoot } from 'preact/compat/client';
import { markHydration } from './react.ts';
import './fixes.ts';

export { createRoot };

export function hydrateRoot(container: Element, children: Parameters<typeof compatHydrateRoot>[1]): ReturnType<typeof compatHydrateRoot> {
  markHydration(true);
  try {
    return compatHydrateRoot(container, children);
  } finally {
    markHydration(false);
  }
}

export default { createRoot, hydrateRoot };
