import pg from 'pg';

/**
 * Records the text of every statement any pg client of this process sends while `on` (the pool's
 * connections included): what a request costs in round trips, or what it sent at all.
 * `restore()` puts the driver back (call it in afterAll).
 */
export function recordStatements() {
  const sent: string[] = [];
  let on = false;
  const original = pg.Client.prototype.query;
  (pg.Client.prototype as { query: unknown }).query = function (this: pg.Client, ...args: unknown[]) {
    if (on) {
      const first = args[0] as string | { text?: string };
      sent.push(typeof first === 'string' ? first : (first?.text ?? '?'));
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  return {
    sent,
    start() {
      sent.length = 0;
      on = true;
    },
    stop() {
      on = false;
    },
    restore() {
      (pg.Client.prototype as { query: unknown }).query = original;
    },
  };
}
