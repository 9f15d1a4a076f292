import { COUNTRY_CODES, ZONES, type CountryCode, type Zone } from '@arreglaya/shared/countries';
import type { DbOrTx } from '../../db/client.ts';
import { EVERYTHING, type Changes } from './directory-cache.ts';
import { criteria, type ContractorFacts, type DirectoryFilters } from './directory-match.ts';
import { readFacetRows, type FacetRow } from './directory.repository.ts';

// Counts of searches without free text, in memory: every contractor's services, place, rating
// and listed flag in typed arrays (about 20 bytes each), kept in step with the same change
// notifications as the cache. Counting 100,000 contractors this way takes about a millisecond,
// against tens of milliseconds for PostgreSQL to visit every matching row. Whether a contractor
// matches is decided by the filters' one definition (directory-match.ts), as in SQL.
// Searches with text are counted by PostgreSQL (the words need its indexes).

const COUNTRY_INDEX = new Map<CountryCode, number>(COUNTRY_CODES.map((c, i) => [c, i + 1]));
const ZONE_INDEX = new Map<Zone, number>(ZONES.map((z, i) => [z, i + 1]));
const COUNTRY_BY_INDEX: readonly (CountryCode | null)[] = [null, ...COUNTRY_CODES];
const ZONE_BY_INDEX: readonly (Zone | null)[] = [null, ...ZONES];

/** Kinds of change that move a contractor's facts here (listed, services, place, rating). */
const FACET_KINDS = /[mslr]/;

export class DirectoryFacets {
  size = 0;
  private index = new Map<string, number>();
  services = new Uint16Array(0);
  countries = new Uint8Array(0);
  cities = new Uint16Array(0);
  zones = new Uint8Array(0);
  ratingAvg = new Float32Array(0);
  ratingCount = new Uint32Array(0);
  listed = new Uint8Array(0);
  /** City keys seen so far (0 = none), and by number. */
  private readonly cityIndex = new Map<string, number>();
  readonly cityKeys: (string | null)[] = [null];
  /** Updates run one after another; a count waits for those already announced. */
  private pending: Promise<void> = Promise.resolve();
  /** The facts are complete and followed by every announced change. */
  private ready = false;
  /** Changes can be heard (the listener is connected). */
  private live = false;

  constructor(private readonly db: DbOrTx) {}

  /** Applies announced changes (by re-reading those contractors), or reloads everything. */
  apply(changes: Changes): void {
    if (changes === EVERYTHING) {
      this.enqueue(() => this.load());
      return;
    }
    const ids = [...new Set(changes.filter((c) => FACET_KINDS.test(c.kinds)).map((c) => c.id))];
    if (ids.length > 0) this.enqueue(() => this.refresh(ids));
  }

  /** While changes cannot be heard the facts may go stale: off until the next reload. */
  setLive(live: boolean): void {
    this.live = live;
    if (live) this.apply(EVERYTHING);
    else this.ready = false;
  }

  /** Resolves once the updates announced so far are applied. */
  settled(): Promise<void> {
    return this.pending;
  }

  /** A contractor's services mask as last heard (a change of them is announced as 's'); undefined when not known. */
  servicesOf(id: string): number | undefined {
    if (!this.ready) return undefined;
    const i = this.index.get(id);
    return i === undefined ? undefined : this.services[i];
  }

  /** How many listed contractors match (no text, no origin); undefined while the facts are not loaded. */
  async count(f: DirectoryFilters): Promise<number | undefined> {
    // Not loaded yet (starting, or after a lost listener): PostgreSQL counts meanwhile.
    if (f.q || f.near || !this.ready) return undefined;
    // Loaded: wait for the changes already announced.
    await this.pending;
    if (!this.ready) return undefined;
    // The filters' own tests (directory-match.ts), on each listed contractor's facts in turn.
    // Without text every test decides (true or false); a plain loop over them keeps this fast.
    const tests = criteria(f).map((c) => c.test);
    const testCount = tests.length;
    const { listed } = this;
    // One contractor's facts at a time, read from the arrays only when a test asks for them.
    const facts = new FactsAt(this);
    let n = 0;
    for (let i = 0; i < this.size; i++) {
      if (listed[i] !== 1) continue;
      facts.i = i;
      let passes = true;
      for (let t = 0; t < testCount && passes; t++) passes = tests[t]!(facts) === true;
      if (passes) n++;
    }
    return n;
  }

  private enqueue(step: () => Promise<void>): void {
    this.pending = this.pending.then(step).catch(() => {
      // A failed read leaves the facts unknown: counts go to PostgreSQL until a reload works.
      this.ready = false;
    });
  }

  private async read(ids?: readonly string[]): Promise<FacetRow[]> {
    return readFacetRows(this.db, ids);
  }

  private async load(): Promise<void> {
    const rows = await this.read();
    this.size = 0;
    this.index = new Map();
    this.grow(rows.length);
    for (const row of rows) this.put(row);
    this.ready = this.live;
  }

  private async refresh(ids: readonly string[]): Promise<void> {
    const rows = await this.read(ids);
    const found = new Set(rows.map((r) => r.id));
    for (const row of rows) this.put(row);
    // Gone from contractor_profiles (an account deleted): no longer counted.
    for (const id of ids) {
      const i = this.index.get(id);
      if (i !== undefined && !found.has(id)) this.listed[i] = 0;
    }
  }

  private grow(min: number): void {
    if (min <= this.listed.length) return;
    const capacity = Math.max(min, Math.ceil(this.listed.length * 1.5), 1024);
    const copy = <T extends Uint8Array | Uint16Array | Uint32Array | Float32Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old as never);
      return next;
    };
    this.services = copy(this.services, (n) => new Uint16Array(n));
    this.countries = copy(this.countries, (n) => new Uint8Array(n));
    this.cities = copy(this.cities, (n) => new Uint16Array(n));
    this.zones = copy(this.zones, (n) => new Uint8Array(n));
    this.ratingAvg = copy(this.ratingAvg, (n) => new Float32Array(n));
    this.ratingCount = copy(this.ratingCount, (n) => new Uint32Array(n));
    this.listed = copy(this.listed, (n) => new Uint8Array(n));
  }

  private put(row: FacetRow): void {
    let i = this.index.get(row.id);
    if (i === undefined) {
      this.grow(this.size + 1);
      i = this.size++;
      this.index.set(row.id, i);
    }
    this.services[i] = row.services;
    this.countries[i] = row.country ? (COUNTRY_INDEX.get(row.country) ?? 0) : 0;
    this.cities[i] = row.city ? this.cityId(row.city) : 0;
    this.zones[i] = row.zone ? (ZONE_INDEX.get(row.zone) ?? 0) : 0;
    // Float32: exactly the stored real, so the star bands compare as in SQL.
    this.ratingAvg[i] = row.ratingAvg;
    this.ratingCount[i] = row.ratingCount;
    this.listed[i] = row.listed ? 1 : 0;
  }

  private cityId(key: string): number {
    let id = this.cityIndex.get(key);
    if (id === undefined) {
      id = this.cityIndex.size + 1;
      this.cityIndex.set(key, id);
      this.cityKeys[id] = key;
    }
    return id;
  }
}

/**
 * A contractor's facts (ContractorFacts) as the filters' tests read them, straight from the
 * facets' arrays at index `i`: nothing is copied for a contractor that no test looks at.
 * Lookups by stored number (0 = none) go through arrays that start with null, so they never
 * read out of bounds (which made the count fifty times slower).
 */
class FactsAt implements ContractorFacts {
  i = 0;
  readonly listed = true;
  constructor(private readonly f: DirectoryFacets) {}
  get services(): number {
    return this.f.services[this.i]!;
  }
  get country(): CountryCode | null {
    return COUNTRY_BY_INDEX[this.f.countries[this.i]!]!;
  }
  get city(): string | null {
    return this.f.cityKeys[this.f.cities[this.i]!]!;
  }
  get zone(): Zone | null {
    return ZONE_BY_INDEX[this.f.zones[this.i]!]!;
  }
  get ratingAvg(): number {
    return this.f.ratingAvg[this.i]!;
  }
  get ratingCount(): number {
    return this.f.ratingCount[this.i]!;
  }
}
