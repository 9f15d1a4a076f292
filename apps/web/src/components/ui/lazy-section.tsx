import { memo, Suspense, use, useEffect, useId, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { ATTRIBUTE, gateFor, useHydrating } from './hydrate-on-view.tsx';
import { addLazySection } from './lazy-section-code.ts';

/**
 * A part of a server-rendered page whose code is not part of the page's first load (decision
 * 070): the server renders it whole, the browser keeps that HTML and fetches the part's module only
 * when the part comes within 300 px of the viewport or input lands in it (a tap, a key, focus),
 * never in an idle moment; then React hydrates it, adopting the same elements, so nothing moves
 * and the focus stays where it was.
 *
 * - **No lost tap.** A click or a form's submission in the part before its code has arrived is held
 *   (its default prevented, React never sees it) and done again on the same element once the part
 *   has hydrated; text typed or an option chosen meanwhile is handed to React then as a change.
 * - **The server** must have the module before `renderToString`, which does not wait, and so must
 *   a page the router renders in the browser, or the part would show nothing until its code
 *   arrives: `preloadLazySections()` (lazy-section-code.ts), which router.tsx's `withLazySections`
 *   runs as the page's module loads, in entry-server.tsx's static handler and on a navigation.
 * - **Stable props**, as for `HydrateOnView`: the component is memoized, so a parent may render it
 *   again with equal props; new props before the code is there would make React render the part
 *   anew, throwing its HTML away. Give it values that change only when what it shows changes.
 */
export function lazySection<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P & { className?: string }> & { preload: () => Promise<unknown> } {
  const part: Part<P> = {
    promise: undefined,
    load: () => {
      if (part.promise) return part.promise;
      // Its fields say when it is loaded (as `use` reads them): a part whose code is there renders
      // at once, on the server too (renderToString does not wait).
      const promise: Loading<P> = load().then(
        (component) => Object.assign(promise, { status: 'fulfilled', value: component }).value!,
        (error: unknown) => {
          // A failed download (the line dropped) is tried again by the next render that needs it.
          part.promise = undefined;
          throw error;
        },
      );
      return (part.promise = promise);
    },
  };
  addLazySection(part.load);
  const LazySection = memo(function LazySection({ className, ...props }: P & { className?: string }) {
    return (
      <Suspense>
        <Section part={part} props={props as P} className={className} />
      </Suspense>
    );
  });
  return Object.assign(LazySection, { preload: part.load });
}

type Loading<P> = Promise<ComponentType<P>> & { status?: 'fulfilled'; value?: ComponentType<P> };

interface Part<P> {
  promise: Loading<P> | undefined;
  load: () => Loading<P>;
}

const LAZY = 'data-lazy-section';
/** Boxes whose part has hydrated (or was rendered in the browser): input in them is React's. */
const ready = new WeakSet<Element>();
/** What to do again in a box once it is ready: the taps and changes made while its code loaded. */
const held = new WeakMap<Element, Map<EventTarget, () => void>>();

function Section<P extends object>({ part, props, className }: { part: Part<P>; props: P; className: string | undefined }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  // Hooks before the first use(): a render replayed after a suspension calls the same ones.
  const [, arrived] = useState(0);
  const [failed, setFailed] = useState<{ error: unknown }>();
  if (failed) throw failed.error;
  const inBrowser = typeof document !== 'undefined';
  const hydrating = useHydrating() && inBrowser;
  // While hydrating, wait until the part is seen or touched (the gate starts loading its code).
  if (hydrating) use(gateFor(id, { idle: false, onOpen: () => void part.load() }));
  // The server's HTML is kept only by suspending; so is the server's render, whose code is loaded
  // before it (preloadLazySections). A render in the browser whose code nobody loaded first (not
  // the router's pages, which preload) does not suspend: the box stays empty, the rest of the page
  // goes on (its effects run, its queries start), and the part is rendered when its code arrives.
  // (A loaded part is read with use() too: it returns at once, and React's check that a component
  // which suspended calls use() again when it finishes stays quiet.)
  const Component = hydrating || !inBrowser || part.promise?.status === 'fulfilled' ? use(part.load() as Promise<ComponentType<P>>) : undefined;
  useEffect(() => {
    if (Component) return;
    let current = true;
    // A failed download goes to the error boundary, as a suspended one does; its retry loads it again.
    part.load().then(
      () => current && arrived((n) => n + 1),
      (error: unknown) => current && setFailed({ error }),
    );
    return () => {
      current = false;
    };
  }, [Component, part]);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    ready.add(element);
    const todo = held.get(element);
    held.delete(element);
    // After React's commit, in a task of its own: the events reach the hydrated handlers.
    if (todo) setTimeout(() => todo.forEach((again) => again()), 0);
  }, []);
  return (
    <div ref={box} {...{ [ATTRIBUTE]: id, [LAZY]: '' }} className={className}>
      {/* The part's own component: one function, the same at every render once its module is loaded. */}
      {/* eslint-disable-next-line react-hooks/static-components */}
      {Component && <Component {...props} />}
    </div>
  );
}

/** Tells React about a value typed or chosen before it listened: the field's change event, seen as one. */
function handOver(field: Element): void {
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if ((field instanceof HTMLInputElement && field.type !== 'checkbox' && field.type !== 'radio') || field instanceof HTMLTextAreaElement) {
    // React compares a field's value with the one it last saw (here the typed text, read as it
    // hydrated): it is told another value first, through the element's own setter, then the text is
    // put back with the prototype's, which React does not watch.
    const typed = field.value;
    field.value = typed === '' ? ' ' : '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

if (typeof document !== 'undefined') {
  for (const type of ['click', 'submit', 'input', 'change'] as const) {
    document.addEventListener(
      type,
      (event) => {
        const target = event.target;
        if (!(target instanceof Element)) return;
        const box = target.closest(`[${LAZY}]`);
        if (!box || ready.has(box)) return;
        const todo = held.get(box) ?? new Map<EventTarget, () => void>();
        held.set(box, todo);
        if (type === 'input' || type === 'change') {
          todo.set(target, () => handOver(target));
          return;
        }
        event.preventDefault();
        event.stopImmediatePropagation();
        if (type === 'submit' && target instanceof HTMLFormElement) todo.set(target, () => target.requestSubmit());
        else {
          const element = target.closest('a, button, label, input, summary') ?? target;
          // A second tap on the same element before the code arrives is one tap.
          todo.set(element, () => (element instanceof HTMLElement ? element.click() : element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))));
        }
      },
      { capture: true },
    );
  }
}
