import type { ReactNode } from 'react';

/**
 * A button's label, with a small spinner before it while its request is in flight (useInFlight's
 * `busy`); the button itself says `aria-busy` and is disabled meanwhile.
 */
export function BusyLabel({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <>
      {busy && <span className="inline-block size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />}
      {children}
    </>
  );
}
