// jsdom has no CSS.escape, which react-aria's Modal reads; the browser has it. Imported for its
// effect by component tests that open a dialog.
if (typeof globalThis.CSS === 'undefined') (globalThis as { CSS?: unknown }).CSS = { escape: (value: string) => value.replace(/["\\]/g, '\\$&') };
