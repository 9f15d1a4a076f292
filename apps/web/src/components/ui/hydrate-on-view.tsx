import { Suspense, use, useId, useSyncExternalStore, type ReactNode } from 'react';
import { whenIdle } from '@/lib/when-idle.ts';

/**
 * A part of a server-rendered page that hydrates when it is seen (decision 046): when it comes
 * within `APPROACH` of the viewport, when the browser is idle (one part per idle moment), when
 * someone interacts with it, or when the router starts a navigation, whichever comes first.
 * Until then React keeps its server HTML: while hydrating, its child suspends on a promise (a
 * boundary whose child suspends during hydration stays dehydrated), so the work of the first
 * screen (the header, the hero's search) is done first and the rest waits for the phone to be
 * free.
 *
 * Outside hydration (a page the router renders, the server's render) it renders its children at
 * once. Its box (a plain `div`, the IntersectionObserver's target) is in the HTML too.
 *
 * A lazy section (lazy-section.tsx, decision 070) waits at the same gates, without the idle
 * moment (`idle: false`), and loads its code as its gate opens.
 *
 * Rule: give it props that do not change on re-renders of its parent (static JSX, or an element
 * memoized by the parent). A dehydrated boundary that receives new props must hydrate at once;
 * if it cannot (still waiting here), React renders it anew on the client, throwing its HTML away.
 */
export function HydrateOnView({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <Suspense>
      <Gate className={className}>{children}</Gate>
    </Suspense>
  );
}

/** How far ahead of the viewport a part starts hydrating. */
const APPROACH = '300px 0px';
/** The box's attribute: the part's id (lazy-section.tsx finds its boxes by it too). */
export const ATTRIBUTE = 'data-hydrate-on-view';

/**
 * A promise with the fields React's `use` reads synchronously (`status`, `value`): once they say
 * fulfilled, an opened gate never suspends again, even in the event that opened it.
 */
type Tracked = { status: 'pending' | 'fulfilled'; value?: undefined };

interface Gate {
  promise: Promise<void>;
  tracked: Tracked;
  element: Element | null;
  /** Whether an idle moment opens it (HydrateOnView's parts); a lazy section's waits to be seen or touched. */
  idle: boolean;
  open: () => void;
}

/** How a gate opens: `idle` false for a part whose code is loaded when it opens (lazy-section.tsx); `onOpen` runs once, as it opens. */
export interface GateOptions {
  idle?: boolean;
  onOpen?: () => void;
}

/**
 * Every part's gate, by its id (useId: the same in the HTML and in the browser), opened or not: a
 * part React renders again after its gate opened finds it open.
 */
const gates = new Map<string, Gate>();
const pending = () => [...gates.values()].filter((gate) => gate.tracked.status === 'pending');
let observer: IntersectionObserver | undefined;
let idleScheduled = false;

/** The server's boxes by id, read once (the first part asking). */
let boxes: Map<string, Element> | undefined;

export function gateFor(id: string, { idle = true, onOpen }: GateOptions = {}): Promise<void> {
  const known = gates.get(id);
  if (known) return known.promise;
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  const tracked = Object.assign(promise, { status: 'pending' } as Tracked);
  boxes ??= new Map([...document.querySelectorAll(`[${ATTRIBUTE}]`)].map((box) => [box.getAttribute(ATTRIBUTE)!, box]));
  const element = boxes.get(id) ?? null;
  const gate: Gate = {
    promise,
    tracked,
    element,
    idle,
    open: () => {
      if (tracked.status === 'fulfilled') return;
      // Set before React looks again: a click handled right after hydrates the part synchronously.
      tracked.status = 'fulfilled';
      tracked.value = undefined;
      if (element) observer?.unobserve(element);
      onOpen?.();
      resolve();
    },
  };
  gates.set(id, gate);
  // Without its box (not the server's HTML after all) nothing would open it: no reason to wait. Nor
  // when the event being dispatched landed in it: React is hydrating it to handle that event.
  if (!element || (inputTarget && element.contains(inputTarget))) gate.open();
  else {
    observeSoon(element);
    if (idle) scheduleIdle();
  }
  return promise;
}

/** Boxes to watch, observed together in a task of their own rather than in React's hydration render. */
let toObserve: Element[] = [];
function observeSoon(element: Element): void {
  toObserve.push(element);
  if (toObserve.length > 1) return;
  setTimeout(() => {
    observer ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) openWhere(entry.target);
      },
      { rootMargin: APPROACH },
    );
    for (const gate of pending()) if (gate.element && toObserve.includes(gate.element)) observer.observe(gate.element);
    toObserve = [];
  }, 0);
}

/** Opens the gates whose box contains `target`. */
function openWhere(target: EventTarget | null): void {
  if (!(target instanceof Node)) return;
  for (const gate of pending()) if (gate.element?.contains(target)) gate.open();
}

/** Opens every gate: the router is about to render (a navigation), which must not wait for any part. */
export function openAllHydrationGates(): void {
  for (const gate of pending()) gate.open();
}

function scheduleIdle(): void {
  if (idleScheduled) return;
  idleScheduled = true;
  whenIdle(() => {
    idleScheduled = false;
    // One part per idle moment, in the page's order: each hydrates in its own yielding renders.
    const [next, ...rest] = pending().filter((gate) => gate.idle);
    next?.open();
    if (rest.length > 0) scheduleIdle();
  });
}

/**
 * Input on a part still waiting opens its gate before React sees the event: a document listener
 * in the capture phase runs before React's own at #root, so React's event replay (decision 018)
 * hydrates the part synchronously and dispatches the event to it, as for any other boundary. The
 * event's target is kept until the task ends: a part React first meets while hydrating for that
 * event (a click before the page's first pass) opens at once. Listening from this module's start
 * (before `hydrateRoot`), the first event included.
 */
const INPUT_EVENTS = ['pointerdown', 'mousedown', 'touchstart', 'focusin', 'keydown', 'click', 'input', 'change', 'submit'] as const;
let inputTarget: Node | null = null;
if (typeof document !== 'undefined') {
  for (const type of INPUT_EVENTS) {
    document.addEventListener(
      type,
      (event) => {
        if (!(event.target instanceof Node)) return;
        inputTarget = event.target;
        setTimeout(() => (inputTarget = null), 0);
        openWhere(event.target);
      },
      { capture: true, passive: true },
    );
  }
}

const subscribeNothing = () => () => undefined;

/** True on the server and while hydrating (the server snapshot), false in any later render. */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => true,
  );
}

function Gate({ children, className }: { children: ReactNode; className?: string | undefined }) {
  const id = useId();
  const hydrating = useHydrating();
  if (hydrating && typeof document !== 'undefined') use(gateFor(id));
  return (
    <div {...{ [ATTRIBUTE]: id }} className={className}>
      {children}
    </div>
  );
}
