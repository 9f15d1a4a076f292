// An in-process cache for the public directory (search pages, counts, contractor pages) that
// stays correct with several server instances on one database: every instance LISTENs on the
// 'directory_changed' channel, which database triggers notify on commit whenever a contractor's
// card, page or reviews change (migration 0003_directory_search.sql). A short TTL bounds any
// staleness the notifications could miss, and nothing is cached while the listener is down.
// docs/decisions/013-contractor-directory.md.

export interface DirectoryCacheOptions {
  /** How long an entry may be served without a notification (ms). */
  ttlMs: number;
  /** Entries kept per kind; the oldest go first. */
  maxLists: number;
  maxPages: number;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  expires: number;
}

class Store<T> {
  readonly entries = new Map<string, Entry<T>>();
  readonly inflight = new Map<string, Promise<T>>();
  constructor(private readonly max: number) {}

  get(key: string, now: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: T, expires: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires });
    // Maps iterate in insertion order: the first key is the oldest.
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: string): void {
    this.entries.delete(key);
    this.inflight.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.inflight.clear();
  }
}

export class DirectoryCache {
  private readonly lists: Store<unknown>;
  private readonly pages: Store<unknown>;
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Moves on every invalidation; a load started before it is not stored. */
  private generation = 0;
  /** True while the change listener is connected; otherwise every read goes to the database. */
  private live = false;

  constructor(opts: DirectoryCacheOptions) {
    this.ttlMs = opts.ttlMs;
    this.now = opts.now ?? Date.now;
    this.lists = new Store(opts.maxLists);
    this.pages = new Store(opts.maxPages);
  }

  /** A search page or count: forgotten on any directory change. */
  list<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.read(this.lists as Store<T>, key, load);
  }

  /** One contractor's page: forgotten when that contractor changes. */
  page<T>(contractorId: string, load: () => Promise<T>): Promise<T> {
    return this.read(this.pages as Store<T>, contractorId, load);
  }

  /**
   * After a change to these contractors ('*' = any or all): every list goes (a change may move
   * a contractor into, out of or within any result), and the pages of those contractors.
   */
  invalidate(contractorIds: readonly string[] | '*'): void {
    this.generation++;
    this.lists.clear();
    if (contractorIds === '*') this.pages.clear();
    else for (const id of contractorIds) this.pages.delete(id);
  }

  /** Called by the listener: caching runs only while notifications can arrive. */
  setLive(live: boolean): void {
    // Whatever was cached may have missed notifications while the listener was away.
    this.invalidate('*');
    this.live = live;
  }

  get isLive(): boolean {
    return this.live;
  }

  private read<T>(store: Store<T>, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.live) return load();
    const now = this.now();
    const hit = store.get(key, now);
    if (hit !== undefined) return Promise.resolve(hit);
    // One load per key at a time: fifty visitors asking at once cost one query.
    const pending = store.inflight.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = load().then(
      (value) => {
        if (store.inflight.get(key) === promise) store.inflight.delete(key);
        if (this.live && this.generation === generation) store.set(key, value, this.now() + this.ttlMs);
        return value;
      },
      (err: unknown) => {
        if (store.inflight.get(key) === promise) store.inflight.delete(key);
        throw err;
      },
    );
    store.inflight.set(key, promise);
    return promise;
  }
}
