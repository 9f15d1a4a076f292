import { useEffect, useState, type ComponentType } from 'react';

/**
 * A component whose code is not part of the page that shows it (decision 070): a dialog, a form
 * behind a tap. It is fetched the first time the component renders (or by `preload()`), and
 * rendered once it has arrived; until then it renders nothing, without suspending, so the page
 * around it goes on. What opened it has already rendered it, so the tap is not lost: the dialog
 * appears when its code is there (one round trip on a slow line), and at once from then on.
 * A failed download goes to the page's error boundary, whose retry asks for it again.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        // The line dropped: the next render that needs it tries again.
        loading = undefined;
        throw error;
      },
    ));
  function OnDemand(props: P) {
    const Component = loaded;
    const [, arrived] = useState(0);
    const [failed, setFailed] = useState<{ error: unknown }>();
    if (failed) throw failed.error;
    useEffect(() => {
      if (Component) return;
      let current = true;
      preload().then(
        () => current && arrived((n) => n + 1),
        (error: unknown) => current && setFailed({ error }),
      );
      return () => {
        current = false;
      };
    }, [Component]);
    return Component ? <Component {...props} /> : null;
  }
  return Object.assign(OnDemand, { preload });
}
