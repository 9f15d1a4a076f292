import { useCallback, useRef, useState } from 'react';

/**
 * One tap, one request: `run(work)` does nothing while an earlier run is still in flight, and
 * `busy` (for `disabled`) is true meanwhile. The ref answers at once, so a second tap that lands
 * before React re-renders the disabled button sends nothing either.
 */
export function useInFlight() {
  const flying = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<unknown>): Promise<void> => {
    if (flying.current) return;
    flying.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      flying.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
