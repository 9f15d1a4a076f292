/**
 * Hydration in pieces (docs/decisions/017). Preact hydrates a prerendered page in one synchronous
 * pass; on a phone the landing's pass is a long task that keeps the page from answering input
 * (Lighthouse's total blocking time). A part of the page wrapped in <DeferredHydration> is left
 * as the HTML drew it during that pass and hydrated afterwards in a task of its own, one part per
 * task, in the order the pass met them, so no single task holds the main thread for long.
 *
 * React itself needs none of this (it hydrates Suspense boundaries in yielding pieces): with
 * react-dom this component would be a plain <Suspense>.
 *
 * How: while hydrateRoot runs, the component throws a promise, which Preact treats as a suspended
 * component during hydration: it keeps the DOM in place and hydrates that part when the promise
 * resolves. Its own Suspense boundary makes each part resume on its own. Outside hydration (a
 * page the router renders, the prerender in Node) it renders its children directly.
 */
import { Component, Suspense, type ReactElement } from 'react';
import { isHydrating, markHydration } from './react.ts';

interface DeferredHydrationProps {
  /**
   * A name unique on the page (letters): the ids useId gives inside are `P<name>-<n>`, counted
   * within the part, so they are the same in the prerendered HTML and in the browser, whatever
   * order the parts hydrate in.
   */
  name: string;
  /** One element: Preact keeps exactly one DOM node in place for a suspended component. */
  children: ReactElement;
}

export function DeferredHydration({ name, children }: DeferredHydrationProps) {
  return (
    <Suspense fallback={null}>
      <Part name={name}>{children}</Part>
    </Suspense>
  );
}

/** The vnode fields Preact keeps under mangled names: a component's `__v` (its vnode), a vnode's `__m` (useId's counter). */
interface PreactInternals {
  __v?: { __m?: [string, number] };
}

class Part extends Component<DeferredHydrationProps> {
  /** This part's useId counter, kept across renders (Preact makes a new vnode on each). */
  private ids: [string, number] | undefined;
  /** Left in place by the first hydration pass, and not yet hydrated. */
  private waiting = false;

  override render() {
    const vnode = (this as unknown as PreactInternals).__v;
    this.ids ??= [this.props.name, 0];
    if (vnode) vnode.__m = this.ids;
    if (isHydrating() && !this.waiting) {
      this.waiting = true;
      waitingParts++;
      throw nextTurn();
    }
    if (this.waiting) {
      // This render hydrates the part: its useSyncExternalStore calls read their server snapshot,
      // as during the first pass (Preact does not correct attributes while hydrating). The part
      // renders synchronously within the current microtask; the flag drops right after it, when
      // the parts inside it, if any, have been set aside in turn.
      this.waiting = false;
      markHydration(true);
      queueMicrotask(() => {
        markHydration(false);
        partHydrated();
      });
    }
    return this.props.children;
  }

  override componentWillUnmount() {
    // Gone before its turn (the visitor navigated away): nothing left to wait for.
    if (this.waiting) {
      this.waiting = false;
      partHydrated();
    }
  }
}

/** The last task a part was given; the next part gets the task after it. */
let lastTurn: Promise<void> = Promise.resolve();

/** Resolves in a later task: whatever runs after it does not lengthen the current one. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function nextTurn(): Promise<void> {
  lastTurn = lastTurn.then(nextTask);
  return lastTurn;
}

/** Parts set aside and not hydrated yet, and who waits for there to be none. */
let waitingParts = 0;
let onceDone: (() => void)[] = [];

function partHydrated(): void {
  waitingParts--;
  if (waitingParts > 0) return;
  const waiting = onceDone;
  onceDone = [];
  for (const resolve of waiting) resolve();
}

/** Resolves once every part set aside (and every part inside those) has been hydrated. */
export function deferredHydrationDone(): Promise<void> {
  if (waitingParts === 0) return Promise.resolve();
  return new Promise((resolve) => onceDone.push(resolve));
}
