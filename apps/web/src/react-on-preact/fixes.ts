/**
 * Three fixes to the Preact runtime the browser runs instead of react-dom (docs/decisions/016),
 * installed by ./client.ts, i.e. in the browser only: the prerender (Node) must number ids from
 * P0-0 on each page. The first reads Preact's internal (mangled) fields: check it when upgrading
 * Preact (pinned to 10.29.8).
 */
import { options, type VNode } from 'preact';

// --- 1. useId must not repeat inside portals -------------------------------------------------
// Preact's useId numbers ids per render root ("P0-<n>", the counter kept on the root vnode in
// the internal field `__m`). A portal (react-aria's dialogs, popovers) is a root of its own that
// render()s again on every update, and from the second render on it forgets the counter it took
// from the page: ids restart at P0-0 and repeat ids already in the page (e.g. a dialog's input
// gets the id of a footer <select>, and its <label> then names the wrong control). Here every
// root the browser renders draws from one counter, as React's ids do. The page's root renders
// first, so hydration still starts at P0-0 like the prerendered HTML.

/** Preact's internal names (mangled in its build): `__` is options._root, `__m` the id counter. */
interface RootOptions {
  __?: (vnode: unknown, parentDom: unknown) => void;
}
const ids: [number, number] = [0, 0];
const rootOptions = options as typeof options & RootOptions;
const previousRoot = rootOptions.__;
rootOptions.__ = (vnode, parentDom) => {
  previousRoot?.(vnode, parentDom);
  if (vnode !== null && typeof vnode === 'object') (vnode as { __m?: [number, number] }).__m = ids;
};

// --- 2. A ref on a plain function component is an error --------------------------------------
// React 19 passes `ref` to a function component as a prop; Preact 10 does not (only forwardRef
// and memo components receive it), so `<MyInput ref={…}>` or `<MyInput {...register('x')}>` would
// silently lose the ref and react-hook-form would read no value. Write such components with
// forwardRef. This makes the mistake loud (the browser tests fail on any console error).
const previousVnode = options.vnode;
options.vnode = (vnode: VNode) => {
  previousVnode?.(vnode);
  const { type } = vnode;
  if (typeof type === 'string') {
    if ((vnode.props as { autoFocus?: unknown }).autoFocus) focusWhenMounted(vnode);
  } else if (vnode.ref && typeof type === 'function' && !takesRef(type)) {
    // The name is minified in the build: the props help find the component.
    const props = Object.keys(vnode.props as object).join(', ');
    console.error(`<${type.displayName ?? type.name} ${props}> is a function component given a ref: wrap it in forwardRef (docs/decisions/016).`);
  }
};

function takesRef(component: object): boolean {
  const type = component as { prototype?: { isReactComponent?: unknown; render?: unknown }; __f?: boolean };
  // Class components, and compat's forwardRef / memo / lazy (flagged `__f`, i.e. `_forwarded`).
  return Boolean(type.__f || type.prototype?.isReactComponent || type.prototype?.render);
}

// --- 3. autoFocus focuses the element when it is mounted, as React does ----------------------
// React calls focus() itself. Preact only sets the autofocus attribute, which the browser honours
// once per page at most: the second contact dialog's "Cerrar" would leave the focus on <body>.
const autoFocused = new WeakSet<Element>();

function focusOnce(element: Element | null): void {
  if (!(element instanceof HTMLElement) || autoFocused.has(element)) return;
  autoFocused.add(element);
  element.focus();
}

function focusWhenMounted(vnode: VNode): void {
  const ref = vnode.ref;
  vnode.ref = !ref
    ? focusOnce
    : (element: Element | null) => {
        focusOnce(element);
        if (typeof ref === 'function') ref(element);
        else ref.current = element;
      };
}
