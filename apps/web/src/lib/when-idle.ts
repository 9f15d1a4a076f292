/**
 * Runs `work` when the browser is idle, or after `timeoutMs` at the latest (requestIdleCallback's
 * timeout; a plain timer where the browser has no requestIdleCallback, as Safari before 18).
 */
export function whenIdle(work: () => void, timeoutMs = 3000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: timeoutMs });
  else setTimeout(work, 1000);
}
