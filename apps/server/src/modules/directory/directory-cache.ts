// An in-process cache for the public directory (search pages, counts, contractor pages) that
// stays correct with several server instances on one database: every instance LISTENs on the
// 'directory_changed' channel, which database triggers notify on commit with what changed for
// which contractors (migrations 0003 and 0004). Each entry knows which changes make it stale
// (a favourite moves a contractor within the 'popular' order but changes no count), so a live
// directory's steady trickle of changes forgets only what it must. Nothing is cached while
// the listener is down. docs/decisions/013-contractor-directory.md.

import { PreparedJson } from '../../lib/prepared-json.ts';

/** Sort keys as the triggers send them: [completed_projects, rating_count, favourites_count, rating_avg]. */
export type SortKeys = readonly [completedProjects: number, ratingCount: number, favouritesCount: number, ratingAvg: number];

/**
 * One contractor's change. Kinds (letters): m listed or not (new, removed, banned, deleted),
 * t name/company/description, s services, l country/city/zone, r rating, k a sort key (with
 * the keys before and after), d anything the card shows, p the page only (reviews).
 */
export interface ContractorChange {
  id: string;
  kinds: string;
  before?: SortKeys;
  after?: SortKeys;
  /** The lexemes of the contractor's search vector before and after (the same when its text did not change); absent when not sent. */
  words?: { before: readonly string[]; after: readonly string[] };
}

/** Everything may have changed (a bulk statement, a lost connection). */
export const EVERYTHING = '*';
export type Changes = readonly ContractorChange[] | typeof EVERYTHING;

/** The kinds of change as bits (ContractorChange.kinds: one letter each). */
const KIND_BITS: Readonly<Record<string, number>> = { m: 1, t: 2, s: 4, l: 8, r: 16, k: 32, d: 64, p: 128 };
const KIND_COUNT = 8;

/** The bits of a change's kinds (unknown letters: none). */
export function kindBits(kinds: string): number {
  let bits = 0;
  for (const k of kinds) bits |= KIND_BITS[k] ?? 0;
  return bits;
}

/**
 * Which changes can make an entry stale, at most: a change of one of `kinds` (kindBits), or any
 * change to a contractor in `ids`. The cache asks an entry's staleness only about those, so a
 * change costs the entries it may concern, not all of them (tens of thousands).
 */
export interface Interest {
  kinds: number;
  ids?: ReadonlySet<string>;
}

/** Whether an entry no longer holds after this change; with `interest`, only asked about the changes it names (it must say false to any other). */
export type Staleness = ((change: ContractorChange) => boolean) & { readonly interest?: Interest };

export interface Loaded<T> {
  value: T;
  staleWhen: Staleness;
}

export interface DirectoryCacheOptions {
  /** The longest an entry is served; bounds what no trigger sees (the 'Nuevo' badge ageing). */
  ttlMs: number;
  /** Memory kept per kind (search pages and counts; contractor pages), in bytes (answers gzipped); those read longest ago go first. */
  maxListBytes: number;
  maxPageBytes: number;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  expires: number;
  staleWhen: Staleness;
  /** Approximate memory: the answer's bytes plus the entry's own bookkeeping (and its aliases'). */
  bytes: number;
  /** Request URLs seen asking for this entry (Store.aliases). */
  aliases?: string[];
}

/** At most this many URLs per entry (the same search written differently, parameters it ignores): no URL list grows without end. */
const ALIASES_PER_ENTRY = 4;
/** Longer URLs are not remembered. */
const ALIAS_MAX_LENGTH = 512;
/** Memory of an alias besides its URL's characters (the map's slot, the entry's list). */
const ALIAS_OVERHEAD = 64;

/**
 * Memory an entry takes beyond its gzipped answer, as measured (scripts/bench/directory-cache-memory.ts):
 * a search page or count keeps its key, its staleness (the filters' tests, the contractors it
 * shows) and its place in the store's indexes, about 4 KB; a contractor page only its key and
 * a test of its id. The budgets are only as true as these.
 */
export const LIST_ENTRY_OVERHEAD = 4096;
export const PAGE_ENTRY_OVERHEAD = 1024;

/** What a store's readers met since start (metrics: directory_cache_*). */
export interface StoreStats {
  /** Answered from memory. */
  hits: number;
  /** Joined a load already running for the same key. */
  joined: number;
  /** Started a load (not held, expired, or forgotten). */
  misses: number;
  /** Entries dropped because a change made them stale. */
  forgotten: number;
  /** Entries dropped to stay within the memory budget. */
  evicted: number;
  entries: number;
  bytes: number;
}

class Store {
  readonly entries = new Map<string, Entry<unknown>>();
  private bytes = 0;
  readonly counts = { hits: 0, joined: 0, misses: 0, forgotten: 0, evicted: 0 };
  /** Loads running, with what is known before they finish about the changes they do not survive. */
  readonly inflight = new Map<string, { promise: Promise<unknown>; staleWhen: Staleness }>();
  /** The entries' keys by their staleness's interest: by kind, by contractor, and those asked about every change. */
  private readonly byKind: Set<string>[] = Array.from({ length: KIND_COUNT }, () => new Set<string>());
  private readonly byId = new Map<string, Set<string>>();
  private readonly always = new Set<string>();
  /**
   * Request URLs known to ask for an entry, by URL: the key of what a URL asks depends on that
   * URL alone (DirectoryCache.listByAlias), so its next request is answered without reading it.
   */
  private readonly aliases = new Map<string, string>();
  /** `byChange`: whether forget() asks its entries (contractor pages are dropped by id instead, unindexed). */
  constructor(
    private readonly maxBytes: number,
    /** Bookkeeping counted per entry besides its answer's bytes. */
    private readonly overhead: number,
    private readonly byChange = true,
  ) {}

  get(key: string, now: number): { value: unknown } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > now) {
      // Read: now the last to go (Maps iterate in insertion order).
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry;
    }
    this.delete(key);
    return undefined;
  }

  set(key: string, entry: Entry<unknown>): void {
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.index(key, entry.staleWhen.interest, true);
    // Maps iterate in insertion order: the first key is the one read or stored longest ago.
    while (this.bytes > this.maxBytes && this.entries.size > 0) {
      this.delete(this.entries.keys().next().value!);
      this.counts.evicted++;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
    this.index(key, entry.staleWhen.interest, false);
    for (const url of entry.aliases ?? []) this.aliases.delete(url);
  }

  /** The memory counted for an entry holding `value`. */
  sizeOf(value: unknown): number {
    return (value instanceof PreparedJson ? value.bytes : 0) + this.overhead;
  }

  /** Remembers that `url` asks for the entry at `key` (if held, and within the limits). */
  alias(key: string, url: string): void {
    if (url.length > ALIAS_MAX_LENGTH || this.aliases.has(url)) return;
    const entry = this.entries.get(key);
    if (!entry || (entry.aliases?.length ?? 0) >= ALIASES_PER_ENTRY) return;
    (entry.aliases ??= []).push(url);
    this.aliases.set(url, key);
    const bytes = url.length + ALIAS_OVERHEAD;
    entry.bytes += bytes;
    this.bytes += bytes;
  }

  /** The key a URL was seen to ask for, if its entry is still held. */
  keyOf(url: string): string | undefined {
    return this.aliases.get(url);
  }

  /** Files the key under its interest (add), or takes it out. */
  private index(key: string, interest: Interest | undefined, add: boolean): void {
    if (!this.byChange) return;
    const file = (set: Set<string>) => (add ? set.add(key) : set.delete(key));
    if (!interest) {
      file(this.always);
      return;
    }
    for (let b = 0; b < KIND_COUNT; b++) if ((interest.kinds & (1 << b)) !== 0) file(this.byKind[b]!);
    for (const id of interest.ids ?? []) {
      let keys = this.byId.get(id);
      if (!keys) {
        if (!add) continue;
        keys = new Set();
        this.byId.set(id, keys);
      }
      file(keys);
      if (keys.size === 0) this.byId.delete(id);
    }
  }

  forget(change: ContractorChange): void {
    // Only the entries whose interest the change meets are asked (each once).
    const bits = kindBits(change.kinds);
    const asked = new Set<string>();
    const stale: string[] = [];
    const ask = (keys: Iterable<string> | undefined) => {
      for (const key of keys ?? []) {
        if (asked.has(key)) continue;
        asked.add(key);
        if (this.entries.get(key)?.staleWhen(change)) stale.push(key);
      }
    };
    ask(this.always);
    ask(this.byId.get(change.id));
    for (let b = 0; b < KIND_COUNT; b++) if ((bits & (1 << b)) !== 0) ask(this.byKind[b]);
    for (const key of stale) this.delete(key);
    this.counts.forgotten += stale.length;
    for (const [key, load] of this.inflight) if (load.staleWhen(change)) this.inflight.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.aliases.clear();
    for (const keys of [this.always, ...this.byKind]) keys.clear();
    this.byId.clear();
    this.bytes = 0;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  get stats(): StoreStats {
    return { ...this.counts, entries: this.entries.size, bytes: this.bytes };
  }
}

/** Changes remembered for loads still running (a load that outlives more is not kept). */
const LOG_SIZE = 2000;

export class DirectoryCache {
  private readonly lists: Store;
  private readonly pages: Store;
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Number of changes seen; a load started at `seq` must survive the changes after it. */
  private seq = 0;
  /** The last changes, by sequence number (null = forget everything). */
  private readonly log: (ContractorChange | null)[] = [];
  /** True while the change listener is connected; otherwise every read goes to the database. */
  private live = false;

  constructor(opts: DirectoryCacheOptions) {
    this.ttlMs = opts.ttlMs;
    this.now = opts.now ?? Date.now;
    this.lists = new Store(opts.maxListBytes, LIST_ENTRY_OVERHEAD);
    this.pages = new Store(opts.maxPageBytes, PAGE_ENTRY_OVERHEAD, false);
  }

  /**
   * A search page or a count. `load` says which changes make its value stale; `staleBeforeLoad`
   * says it as far as it is known before loading (readers do not wait for a load such a change
   * hits), asked only when the value is loaded. `alias`: the request URL that asked, when the
   * key depends on that URL alone (not on who asks): listByAlias answers it next time.
   */
  list<T>(key: string, staleBeforeLoad: () => Staleness, load: () => Promise<Loaded<T>>, alias?: string): Promise<T> {
    return this.read(this.lists, key, staleBeforeLoad, load, alias);
  }

  /**
   * The value held for what a request URL asked before (list's `alias`), as a hit; undefined
   * when not held (never seen, stale, expired, evicted, the listener down). The search route
   * answers a URL seen before without parsing, checking or keying it again.
   */
  listByAlias<T>(url: string): T | undefined {
    if (!this.live) return undefined;
    const key = this.lists.keyOf(url);
    const hit = key === undefined ? undefined : this.lists.get(key, this.now());
    if (!hit) return undefined;
    this.lists.counts.hits++;
    return hit.value as T;
  }

  /** One contractor's page: stale after any change to that contractor. */
  page<T>(contractorId: string, load: () => Promise<T>): Promise<T> {
    const staleWhen: Staleness = (c) => c.id === contractorId;
    return this.read(
      this.pages,
      contractorId,
      () => staleWhen,
      async () => ({ value: await load(), staleWhen }),
    );
  }

  /** Applies what the database announced. */
  invalidate(changes: Changes): void {
    // Loads in flight are shared by key: once a change they may not survive arrives, later
    // readers start their own (the running load is still kept if it survives: `survives`).
    if (changes === EVERYTHING) {
      this.record(null);
      for (const store of [this.lists, this.pages]) {
        store.clear();
        store.inflight.clear();
      }
      return;
    }
    for (const change of changes) {
      this.record(change);
      this.lists.forget(change);
      // Pages are keyed by contractor: no need to ask each.
      if (this.pages.entries.has(change.id)) this.pages.counts.forgotten++;
      this.pages.delete(change.id);
      this.pages.inflight.delete(change.id);
    }
  }

  /** Called by the listener: caching runs only while notifications can arrive. */
  setLive(live: boolean): void {
    // Whatever was cached may have missed notifications while the listener was away.
    this.invalidate(EVERYTHING);
    this.live = live;
  }

  get isLive(): boolean {
    return this.live;
  }

  /** Entries held (lists, pages), for tests and diagnostics. */
  get size(): { lists: number; pages: number; bytes: number } {
    return { lists: this.lists.entries.size, pages: this.pages.entries.size, bytes: this.lists.usedBytes + this.pages.usedBytes };
  }

  /** What the readers of each store met since start (hits, misses…), for the metrics. */
  get stats(): { lists: StoreStats; pages: StoreStats } {
    return { lists: this.lists.stats, pages: this.pages.stats };
  }

  private record(change: ContractorChange | null): void {
    this.seq++;
    this.log.push(change);
    if (this.log.length > LOG_SIZE) this.log.shift();
  }

  /** Whether a value loaded since `startSeq` still holds after the changes seen meanwhile. */
  private survives(startSeq: number, staleWhen: Staleness): boolean {
    const missed = this.seq - startSeq;
    if (missed === 0) return true;
    if (missed > this.log.length) return false;
    for (const change of this.log.slice(this.log.length - missed)) if (change === null || staleWhen(change)) return false;
    return true;
  }

  private read<T>(store: Store, key: string, staleBeforeLoad: () => Staleness, load: () => Promise<Loaded<T>>, alias?: string): Promise<T> {
    if (!this.live) return load().then((l) => l.value);
    const hit = store.get(key, this.now());
    if (hit) {
      store.counts.hits++;
      if (alias !== undefined) store.alias(key, alias);
      return Promise.resolve(hit.value as T);
    }
    // One load per key at a time: fifty visitors asking at once cost one query.
    const pending = store.inflight.get(key);
    if (pending) {
      store.counts.joined++;
      return pending.promise as Promise<T>;
    }
    store.counts.misses++;
    const startSeq = this.seq;
    const promise: Promise<T> = load().then(
      (loaded) => {
        if (store.inflight.get(key)?.promise === promise) store.inflight.delete(key);
        if (this.live && this.survives(startSeq, loaded.staleWhen)) {
          store.set(key, { value: loaded.value, expires: this.now() + this.ttlMs, staleWhen: loaded.staleWhen, bytes: store.sizeOf(loaded.value) });
          if (alias !== undefined) store.alias(key, alias);
        }
        return loaded.value;
      },
      (err: unknown) => {
        if (store.inflight.get(key)?.promise === promise) store.inflight.delete(key);
        throw err;
      },
    );
    store.inflight.set(key, { promise, staleWhen: staleBeforeLoad() });
    return promise;
  }
}
