// What the open projects' reads keep in each instance (decision 020): the list's totals
// ("N proyectos"), and, while this instance hears the database's change notifications, the
// answers of the open list (per query) and of an open project's page as anyone but its client
// sees it, made once and sent many times (gzipped, lib/prepared-json.ts).
//
// Migration 0017 notifies 'projects_changed' on commit with the ids of the projects whose open
// list entry or page changed (an open project posted, edited, closed or deleted, its photos, its
// open offers), or '*' (a client's first name, a bulk statement). Every instance LISTENs on the
// directory's connection (one mechanism, decision 013): a notification drops every cached list
// page and the pages of those projects. This instance's own changes do the same at once, after
// their transaction commits, so whoever made a change sees it on their next request. While the
// connection is down nothing is cached but the totals, which are then kept ten seconds at most.

import { LRUCache } from 'lru-cache';
import { PreparedJson } from '../../lib/prepared-json.ts';
import { isUuid } from '../../lib/uuid.ts';

/** The channel migration 0017's triggers notify. */
export const PROJECTS_CHANNEL = 'projects_changed';
export const EVERYTHING = '*';
export type ProjectChanges = readonly string[] | typeof EVERYTHING;

const COUNT_TTL_MS = 10_000;
const MAX_COUNTS = 1_000;
/**
 * Memory for cached list pages and project pages (gzipped answers plus bookkeeping), in bytes.
 * The pages' budget holds every open project's page at a million projects (99,719 open, about
 * 950 bytes each). With 64 MiB (71,000 pages) one read in five missed (a query and a gzip) and a
 * read cost 170–182 µs of CPU; with every page kept, 111–128 µs (the bench, decision 020).
 */
const LIST_BYTES = 32 * 1024 * 1024;
const PAGE_BYTES = 128 * 1024 * 1024;
/** Bookkeeping counted for each kept answer besides its bytes (the Map entry, the key, the objects). */
export const ENTRY_OVERHEAD = 512;
/**
 * A kept answer is read again after this long even if no change was heard: the safety net for a
 * NOTIFY that never left (an offer's is sent after its commit, db/notifier.ts; a process that dies
 * in between loses it). Long enough that the pages of a million projects' open tenth, read a few
 * thousand times a second, are still mostly answered from memory (a minute was not).
 */
export const KEPT_MAX_AGE_MS = 5 * 60_000;

/** The notification's payload: project ids separated by commas, or '*'; anything unreadable is '*'. */
export function parseProjectChanges(payload: string | undefined): ProjectChanges {
  if (!payload || payload === EVERYTHING) return EVERYTHING;
  const ids = payload.split(',');
  return ids.every((id) => isUuid(id)) ? ids.map((id) => id.toLowerCase()) : EVERYTHING;
}

type Kept<T extends object> = LRUCache<string, T>;

/**
 * Answers kept within a memory budget (lru-cache): past it the least recently read go first (the
 * answer being kept never, unless it alone is too big), and each is dropped KEPT_MAX_AGE_MS after
 * it was kept. A hit moves the entry in lru-cache's own list (a few index writes, no Map delete and
 * set: that was what cost several microseconds a read under load).
 */
function answers<T extends { json: PreparedJson }>(maxBytes: number, now: () => number): Kept<T> {
  return new LRUCache<string, T>({
    // lru-cache wants a positive budget; nothing fits in one byte (a budget of 0 keeps nothing).
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (value) => value.json.bytes + ENTRY_OVERHEAD,
    // lru-cache drops an entry older than `ttl`; a kept answer goes once it is KEPT_MAX_AGE_MS old
    // (whole milliseconds).
    ttl: KEPT_MAX_AGE_MS - 1,
    perf: { now },
    ttlResolution: 0,
  });
}

export class OpenProjectsCache {
  private live = false;
  /** Moves on every change: an answer read while one happened may predate it and is not kept. */
  private generation = 0;
  private readonly counts = new LRUCache<string, { n: number; at: number }>({ max: MAX_COUNTS });
  private readonly lists: Kept<{ json: PreparedJson }>;
  private readonly pages: Kept<{ json: PreparedJson; clientId: string }>;

  /** `now` is the clock (tests move it); `budget` the memory for each kind of answer, in bytes. */
  constructor(
    private readonly now: () => number = Date.now,
    budget: { lists: number; pages: number } = { lists: LIST_BYTES, pages: PAGE_BYTES },
  ) {
    this.lists = answers(budget.lists, now);
    this.pages = answers(budget.pages, now);
  }

  /** Whether changes are heard (the listener is connected); answers are kept only then. */
  setLive(live: boolean): void {
    this.live = live;
    this.changed(EVERYTHING);
  }

  get isLive(): boolean {
    return this.live;
  }

  /** These projects changed (after the commit): the list's answers and totals go, and these pages. */
  changed(ids: ProjectChanges): void {
    this.generation++;
    this.counts.clear();
    this.lists.clear();
    if (ids === EVERYTHING) this.pages.clear();
    else for (const id of ids) this.pages.delete(id);
  }

  /**
   * The total for a filter (`key` names it), kept until a change is heard (KEPT_MAX_AGE_MS at most;
   * ten seconds while changes are not heard), or counted now.
   */
  async count(key: string, count: () => Promise<number>): Promise<number> {
    const hit = this.counts.get(key);
    const now = this.now();
    if (hit && now - hit.at < (this.live ? KEPT_MAX_AGE_MS : COUNT_TTL_MS)) return hit.n;
    const generation = this.generation;
    const n = await count();
    if (generation === this.generation) {
      this.counts.set(key, { n, at: now });
    }
    return n;
  }

  /** A page of the open list (`key` names the query), kept or read now. */
  async list(key: string, load: () => Promise<PreparedJson>): Promise<PreparedJson> {
    const hit = this.live ? this.lists.get(key) : undefined;
    if (hit) return hit.json;
    const generation = this.generation;
    const json = await load();
    if (this.live && generation === this.generation) this.lists.set(key, { json });
    return json;
  }

  /** The kept page of an open project, as anyone but its client sees it; undefined when not kept. */
  page(id: string): { json: PreparedJson; clientId: string } | undefined {
    return this.live ? this.pages.get(id) : undefined;
  }

  /** The current generation, to be handed back to `keepPage` with what was read after it. */
  get mark(): number {
    return this.generation;
  }

  keepPage(id: string, mark: number, entry: { json: PreparedJson; clientId: string }): void {
    if (this.live && mark === this.generation) this.pages.set(id, entry);
  }
}

// One cache per database handle (each app, and each test app, has its own).
const byDb = new WeakMap<object, OpenProjectsCache>();

export function openProjectsCacheOf(db: object): OpenProjectsCache {
  let c = byDb.get(db);
  if (!c) byDb.set(db, (c = new OpenProjectsCache()));
  return c;
}

/** This instance changed these projects (or the open list): call after the transaction commits. */
export function openProjectsChanged(db: object, ids: ProjectChanges = EVERYTHING): void {
  openProjectsCacheOf(db).changed(ids);
}

/** What the directory's listener connection calls on each 'projects_changed' notification and when it connects or drops. */
export function openProjectsSink(db: object): { notify(payload: string | undefined): void; setLive(live: boolean): void } {
  const cache = openProjectsCacheOf(db);
  return {
    notify: (payload) => cache.changed(parseProjectChanges(payload)),
    setLive: (live) => cache.setLive(live),
  };
}
