// The open-project list's totals ("N proyectos"), kept a few seconds per filter (decision 020).
// Counting every open project that matches costs a scan of all of them (100,000 at a million
// projects) on every request; the first page itself is an index walk of twelve rows. A total
// that lags a new project by a few seconds on another instance is harmless; this instance's own
// changes (a project posted, edited, deleted, cancelled or hired) clear its totals at once, so a
// client who posts sees the count move.

const TTL_MS = 10_000;
const MAX_ENTRIES = 1_000;

interface Counts {
  entries: Map<string, { n: number; at: number }>;
  generation: number;
}

// One set per database handle (each app, and each test app, has its own).
const byDb = new WeakMap<object, Counts>();

function countsOf(db: object): Counts {
  let c = byDb.get(db);
  if (!c) byDb.set(db, (c = { entries: new Map(), generation: 0 }));
  return c;
}

/** The open list changed here: every cached total is dropped. Call after the transaction commits. */
export function openListChanged(db: object): void {
  const c = countsOf(db);
  c.generation++;
  c.entries.clear();
}

/** The total for a filter (`key` names it), from the last few seconds or counted now. */
export async function cachedOpenCount(db: object, key: string, count: () => Promise<number>): Promise<number> {
  const c = countsOf(db);
  const hit = c.entries.get(key);
  const now = Date.now();
  if (hit && now - hit.at < TTL_MS) return hit.n;
  const generation = c.generation;
  const n = await count();
  // A change while counting: the number may predate it, so it is not kept.
  if (generation === c.generation) {
    if (c.entries.size >= MAX_ENTRIES) c.entries.delete(c.entries.keys().next().value!);
    c.entries.set(key, { n, at: now });
  }
  return n;
}
