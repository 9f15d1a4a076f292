import { useCallback, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';

/** What `send` needs of a TanStack Query mutation (`useMutation`'s result). */
interface Mutation<TVariables> {
  mutateAsync: (variables: TVariables) => Promise<unknown>;
}

/**
 * One tap, one request: the one way a button or form of the app sends something (decision 032).
 * `run(work)` does nothing while an earlier run is still in flight, and `busy` (for `disabled`,
 * `aria-busy` and the button's progress, `<BusyLabel>` below) is true meanwhile. The ref answers at
 * once, so a second tap that lands before React re-renders the disabled button sends nothing
 * either. `send(mutation, variables)` runs a TanStack mutation so; its failure stays where the
 * mutation keeps it (`error`, its `onError`). A mutation's `onSuccess` returns its invalidations,
 * so the run ends once the page shows the result, not when the answer arrives. `submit(handler)`
 * is a form's onSubmit (react-hook-form's `handleSubmit(onValid)`, validation included) run so.
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
  const send = useCallback(<TVariables,>(mutation: Mutation<TVariables>, variables: TVariables) => run(() => mutation.mutateAsync(variables).catch(() => undefined)), [run]);
  const submit = useCallback(
    (handler: (event: FormEvent<HTMLFormElement>) => Promise<unknown>) => (event: FormEvent<HTMLFormElement>) => {
      // Always: a second submit while the first is in flight must not fall back to the browser's own.
      event.preventDefault();
      void run(() => handler(event));
    },
    [run],
  );
  return useMemo(() => ({ busy, run, send, submit }), [busy, run, send, submit]);
}

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
