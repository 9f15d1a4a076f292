import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PreparedJson } from '../../lib/prepared-json.ts';
import { DirectoryCache, EVERYTHING, kindBits, LIST_ENTRY_OVERHEAD, PAGE_ENTRY_OVERHEAD, type ContractorChange, type Staleness } from './directory-cache.ts';
import { parsePayload } from './directory-listener.ts';
import { matchesTerms, type DirectoryFilters } from './directory-match.ts';
import { comparePositions, countStaleness, pageStaleness, positionOf, type PageShape } from './directory-staleness.ts';

const A = '0b9c4c1e-6a51-4a57-9d0f-1f0d4d2b8a11';
const B = '1c9c4c1e-6a51-4a57-9d0f-1f0d4d2b8a11';
const C = '2d9c4c1e-6a51-4a57-9d0f-1f0d4d2b8a11';

function liveCache(now = () => 0): DirectoryCache {
  const cache = new DirectoryCache({ ttlMs: 1000, maxListBytes: 3 * (LIST_ENTRY_OVERHEAD + 6), maxPageBytes: 3 * (PAGE_ENTRY_OVERHEAD + 6), now });
  cache.setLive(true);
  return cache;
}

const never: Staleness = () => false;
const onId =
  (id: string): Staleness =>
  (c) =>
    c.id === id;

/** A load that resolves when told to, counting its calls. */
function deferred<T>(value: T) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const calls = { n: 0 };
  const load = (staleWhen: Staleness) => async () => {
    calls.n++;
    await gate;
    return { value, staleWhen };
  };
  return { load, release, calls };
}

describe('DirectoryCache', () => {
  it('serves a hit without loading, and one load for fifty readers of a missing key', async () => {
    const cache = liveCache();
    const d = deferred('uno');
    const readers = Array.from({ length: 50 }, () => cache.list('k', () => never, d.load(never)));
    d.release();
    expect(await Promise.all(readers)).toEqual(Array(50).fill('uno'));
    expect(d.calls.n).toBe(1);
    expect(
      await cache.list(
        'k',
        () => never,
        () => Promise.reject(new Error('no debe cargar')),
      ),
    ).toBe('uno');
  });

  it('asks an entry only about the changes its interest names, and still forgets it for those', async () => {
    const cache = liveCache();
    const asked = { rating: 0, shows: 0, any: 0 };
    const counting =
      (what: keyof typeof asked, answer: (c: ContractorChange) => boolean): Staleness =>
      (c) => (asked[what]++, answer(c));
    const byRating = Object.assign(
      counting('rating', (c) => c.kinds.includes('r')),
      { interest: { kinds: kindBits('r') } },
    );
    const showsA = Object.assign(
      counting('shows', (c) => c.id === A),
      { interest: { kinds: 0, ids: new Set([A]) } },
    );
    await cache.list(
      'rating',
      () => never,
      async () => ({ value: 1, staleWhen: byRating }),
    );
    await cache.list(
      'shows',
      () => never,
      async () => ({ value: 2, staleWhen: showsA }),
    );
    await cache.list(
      'any',
      () => never,
      async () => ({ value: 3, staleWhen: counting('any', () => false) }),
    );
    cache.invalidate([{ id: B, kinds: 'k' }]);
    expect(asked).toEqual({ rating: 0, shows: 0, any: 1 });
    expect(cache.size.lists).toBe(3);
    cache.invalidate([{ id: A, kinds: 'k' }]);
    expect(asked).toEqual({ rating: 0, shows: 1, any: 2 });
    expect(cache.size.lists).toBe(2);
    cache.invalidate([{ id: B, kinds: 'rkd' }]);
    expect(asked).toEqual({ rating: 1, shows: 1, any: 3 });
    expect(cache.size.lists).toBe(1);
    expect(
      await cache.list(
        'any',
        () => never,
        () => Promise.reject(new Error('no')),
      ),
    ).toBe(3);
    expect(cache.stats.lists).toMatchObject({ forgotten: 2, hits: 1, misses: 3 });
  });

  it('forgets only the entries a change makes stale; a page by its contractor', async () => {
    const cache = liveCache();
    await cache.list(
      'a',
      () => never,
      async () => ({ value: 1, staleWhen: onId(A) }),
    );
    await cache.list(
      'b',
      () => never,
      async () => ({ value: 2, staleWhen: onId(B) }),
    );
    await cache.page(A, async () => 'página A');
    await cache.page(B, async () => 'página B');
    cache.invalidate([{ id: A, kinds: 'k' }]);
    expect(cache.size).toMatchObject({ lists: 1, pages: 1 });
    expect(
      await cache.list(
        'b',
        () => never,
        () => Promise.reject(new Error('no')),
      ),
    ).toBe(2);
    expect(await cache.page(B, () => Promise.reject(new Error('no')))).toBe('página B');
    cache.invalidate(EVERYTHING);
    expect(cache.size).toEqual({ lists: 0, pages: 0, bytes: 0 });
  });

  it('does not keep a load that a change arriving meanwhile makes stale, and keeps one it does not', async () => {
    const cache = liveCache();
    const hit = deferred('viejo');
    const also = deferred('también');
    const first = cache.list('hit', () => never, hit.load(onId(A)));
    const second = cache.list('also', () => never, also.load(onId(A)));
    cache.invalidate([{ id: B, kinds: 'd' }]);
    cache.invalidate([{ id: A, kinds: 'd' }]);
    hit.release();
    also.release();
    // Both readers get their answer; neither is kept (both depend on A, which changed).
    expect([await first, await second]).toEqual(['viejo', 'también']);
    expect(cache.size.lists).toBe(0);

    const kept = deferred('sigue');
    const third = cache.list('kept', () => never, kept.load(onId(A)));
    cache.invalidate([{ id: C, kinds: 'd' }]);
    kept.release();
    await third;
    expect(cache.size.lists).toBe(1);
  });

  it('a reader after a change that may hit a running load starts its own', async () => {
    const cache = liveCache();
    const slow = deferred('antes');
    const first = cache.list('k', () => onId(A), slow.load(onId(A)));
    cache.invalidate([{ id: A, kinds: 'k' }]);
    const second = cache.list(
      'k',
      () => onId(A),
      async () => ({ value: 'después', staleWhen: onId(A) }),
    );
    slow.release();
    expect([await first, await second]).toEqual(['antes', 'después']);
  });

  it('caches nothing while the listener is down, and expires entries after the TTL', async () => {
    let now = 0;
    const cache = new DirectoryCache({ ttlMs: 1000, maxListBytes: 3 * (LIST_ENTRY_OVERHEAD + 6), maxPageBytes: 3 * (PAGE_ENTRY_OVERHEAD + 6), now: () => now });
    let loads = 0;
    const load = async () => ({ value: ++loads, staleWhen: never });
    await cache.list('k', () => never, load);
    await cache.list('k', () => never, load);
    expect(loads).toBe(2);
    cache.setLive(true);
    await cache.list('k', () => never, load);
    await cache.list('k', () => never, load);
    expect(loads).toBe(3);
    now = 1001;
    expect(await cache.list('k', () => never, load)).toBe(4);
    // Losing the listener forgets everything.
    cache.setLive(false);
    expect(cache.size.lists).toBe(0);
  });

  it('keeps at most the configured memory, the one read longest ago out first', async () => {
    // Answers are counted by their gzipped bytes (a 10,000-character page of one letter takes ~40).
    const answer = (text: string) => new PreparedJson(JSON.stringify(text));
    const small = answer('1').bytes + LIST_ENTRY_OVERHEAD;
    const cache = new DirectoryCache({ ttlMs: 1000, maxListBytes: 3 * small + 10, maxPageBytes: 3 * small, now: () => 0 });
    cache.setLive(true);
    for (const k of ['1', '2', '3', '4'])
      await cache.list(
        k,
        () => never,
        async () => ({ value: answer(k), staleWhen: never }),
      );
    expect(cache.size.lists).toBe(3);
    expect(cache.size.bytes).toBe(3 * small);
    const big = answer(crypto.randomBytes(4500).toString('base64'));
    expect(big.bytes).toBeGreaterThan(small);
    await cache.list(
      'big',
      () => never,
      async () => ({ value: big, staleWhen: never }),
    );
    expect(cache.size.lists).toBe(1);
    const reloaded = answer('recargado');
    expect(
      await cache.list(
        '1',
        () => never,
        async () => ({ value: reloaded, staleWhen: never }),
      ),
    ).toBe(reloaded);
  });

  it('answers a URL that asked before while its entry holds, never after a change, the TTL or the listener drops it', async () => {
    let now = 0;
    const cache = new DirectoryCache({ ttlMs: 1000, maxListBytes: 100_000, maxPageBytes: 3 * (PAGE_ENTRY_OVERHEAD + 6), now: () => now });
    cache.setLive(true);
    const read = (key: string, value: string, url?: string) =>
      cache.list(
        key,
        () => onId(A),
        async () => ({ value, staleWhen: onId(A) }),
        url,
      );
    expect(cache.listByAlias('/api/contractors?q=plomero')).toBeUndefined();
    await read('plomero', 'antes', '/api/contractors?q=plomero');
    // The same search written otherwise is another URL for the same entry (a hit files it too).
    await read('plomero', 'otra', '/api/contractors?q=Plomero');
    expect(cache.listByAlias('/api/contractors?q=plomero')).toBe('antes');
    expect(cache.listByAlias('/api/contractors?q=Plomero')).toBe('antes');
    expect(cache.listByAlias('/api/contractors?q=pintor')).toBeUndefined();
    // A change to a contractor the page shows: forgotten, whatever URL asks.
    cache.invalidate([{ id: A, kinds: 'd' }]);
    expect(cache.listByAlias('/api/contractors?q=plomero')).toBeUndefined();
    await read('plomero', 'después', '/api/contractors?q=plomero');
    expect(cache.listByAlias('/api/contractors?q=plomero')).toBe('después');
    now = 1001;
    expect(cache.listByAlias('/api/contractors?q=plomero')).toBeUndefined();
    await read('plomero', 'más tarde', '/api/contractors?q=plomero');
    cache.setLive(false);
    expect(cache.listByAlias('/api/contractors?q=plomero')).toBeUndefined();
  });

  it('files at most four URLs an entry, none very long, and counts their memory until the entry goes', async () => {
    const cache = new DirectoryCache({ ttlMs: 1000, maxListBytes: 100_000, maxPageBytes: 3 * (PAGE_ENTRY_OVERHEAD + 6), now: () => 0 });
    cache.setLive(true);
    const read = (url: string) =>
      cache.list(
        'k',
        () => onId(A),
        async () => ({ value: 'v', staleWhen: onId(A) }),
        url,
      );
    await read('/a');
    const one = cache.size.bytes;
    for (const url of ['/b', '/c', '/d']) await read(url);
    const four = cache.size.bytes;
    expect(four).toBeGreaterThan(one);
    const refused = ['/e', `/${'x'.repeat(600)}`];
    for (const url of refused) await read(url);
    expect(cache.size.bytes).toBe(four);
    expect(['/a', '/b', '/c', '/d', ...refused].map((u) => cache.listByAlias(u))).toEqual(['v', 'v', 'v', 'v', undefined, undefined]);
    cache.invalidate([{ id: A, kinds: 'd' }]);
    expect(cache.size).toEqual({ lists: 0, pages: 0, bytes: 0 });
    expect(cache.listByAlias('/a')).toBeUndefined();
  });

  it('keeps what is read: the entry read longest ago goes first, not the oldest', async () => {
    const answer = (text: string) => new PreparedJson(JSON.stringify(text));
    const small = answer('1').bytes + LIST_ENTRY_OVERHEAD;
    const cache = new DirectoryCache({ ttlMs: 1000, maxListBytes: 3 * small + 10, maxPageBytes: 3 * small, now: () => 0 });
    cache.setLive(true);
    let loads = 0;
    const read = (k: string) =>
      cache.list(
        k,
        () => never,
        async () => ((loads += 1), { value: answer(k), staleWhen: never }),
      );
    for (const k of ['1', '2', '3']) await read(k);
    // '1', the oldest, is read again ('the first page of Naco'), then a fourth arrives: '2' goes.
    await read('1');
    await read('4');
    expect(loads).toBe(4);
    await read('1');
    expect(loads).toBe(4);
    await read('2');
    expect(loads).toBe(5);
  });
});

describe('parsePayload', () => {
  it('reads the triggers’ JSON, and anything else as "forget everything"', () => {
    expect(parsePayload(`[{"i":"${A.toUpperCase()}","c":"kd","o":[1,2,3,4.5],"n":[1,3,3,4.6]},{"i":"${B}","c":"m"}]`)).toEqual([
      { id: A, kinds: 'kd', before: [1, 2, 3, 4.5], after: [1, 3, 3, 4.6] },
      { id: B, kinds: 'm' },
    ]);
    // With its words: those after, and those before when its text changed.
    expect(parsePayload(`[{"i":"${A}","c":"k","w":["pint","sant"]},{"i":"${B}","c":"td","w":["plom"],"v":["pint"]},{"i":"${C}","c":"k","w":[1]}]`)).toEqual([
      { id: A, kinds: 'k', words: { before: ['pint', 'sant'], after: ['pint', 'sant'] } },
      { id: B, kinds: 'td', words: { before: ['pint'], after: ['plom'] } },
      { id: C, kinds: 'k' },
    ]);
    for (const bad of ['*', '', undefined, 'no json', '{}', '[{"i":"x","c":"m"}]', `[{"i":"${A}"}]`]) expect(parsePayload(bad)).toBe(EVERYTHING);
  });
});

describe('staleness', () => {
  const none: DirectoryFilters = { service: [], rating: [] };
  const change = (c: Partial<ContractorChange>): ContractorChange => ({ id: C, kinds: '', ...c });

  it('a count changes only when someone may enter or leave those results', () => {
    const byService = countStaleness({ ...none, service: ['plomeria'] });
    expect(byService(change({ kinds: 'kd' }))).toBe(false); // a favourite, a completed project
    expect(byService(change({ kinds: 'rkd' }))).toBe(false); // a new review
    expect(byService(change({ kinds: 'sd' }))).toBe(true);
    expect(byService(change({ kinds: 'm' }))).toBe(true);
    expect(countStaleness({ ...none, rating: ['star4'] })(change({ kinds: 'rkd' }))).toBe(true);
    expect(countStaleness({ ...none, q: 'plomero' })(change({ kinds: 'td' }))).toBe(true);
    expect(countStaleness({ ...none, city: 'santiago' })(change({ kinds: 'ld' }))).toBe(true);
    expect(countStaleness(none)(change({ kinds: 'tslrkd' }))).toBe(false);
  });

  it('a page goes stale when it shows the contractor, or the contractor moves across it', () => {
    // Page 2 of 'popular': positions from (completed 10, ...) to (completed 8, ...).
    const first = positionOf('popular', [10, 5, 0, 4], A);
    const last = positionOf('popular', [8, 1, 0, 3], B);
    const shape: PageShape = { filters: none, sort: 'popular', ids: new Set([A, B]), first, last, isEnd: false };
    const stale = pageStaleness(shape);
    const favourite = (completed: number, from: number) => change({ kinds: 'k', before: [completed, 0, from, 0], after: [completed, 0, from + 1, 0] });
    expect(stale(favourite(3, 0))).toBe(false); // stays after the page
    expect(stale(favourite(20, 0))).toBe(false); // stays before the page
    expect(stale(favourite(9, 0))).toBe(true); // moves within it
    expect(stale(change({ kinds: 'k', before: [7, 0, 0, 0], after: [12, 0, 0, 0] }))).toBe(true); // jumps over it
    expect(stale(change({ id: A, kinds: 'd' }))).toBe(true); // shown here: its card changed
    expect(stale(change({ id: A, kinds: 'p' }))).toBe(false); // a review text: only its own page
    expect(stale(change({ kinds: 'd' }))).toBe(false); // someone else's photo
    expect(stale(change({ kinds: 'm' }))).toBe(true);
    // The last page also takes whoever moves to its end.
    expect(pageStaleness({ ...shape, isEnd: true })(favourite(3, 0))).toBe(true);
    // An empty page past the end stays empty unless the results change.
    expect(pageStaleness({ ...shape, ids: new Set(), first: null, last: null })(favourite(9, 0))).toBe(false);
  });

  it('a free-text search knows from the words sent with a change whether it concerns its results', () => {
    const words = (before: string[], after = before) => ({ words: { before, after } });
    const count = countStaleness({ ...none, q: 'tuberias santiago' }, ['tuberi', 'sant']);
    expect(count(change({ kinds: 'td', ...words(['pint', 'sant'], ['pint', 'sant', 'fachad']) }))).toBe(false); // matched neither before nor after
    expect(count(change({ kinds: 'td', ...words(['tuberi', 'santiag'], ['tuberi', 'santiag', 'urgent']) }))).toBe(false); // matched both
    expect(count(change({ kinds: 'td', ...words(['tuberi'], ['tuberi', 'santiag']) }))).toBe(true); // now matches
    expect(count(change({ kinds: 'td', ...words(['tuberi', 'santiag'], ['pint']) }))).toBe(true); // no longer
    expect(count(change({ kinds: 'td' }))).toBe(true); // words not sent
    expect(countStaleness({ ...none, q: 'tuberias' })(change({ kinds: 'td', ...words(['pint']) }))).toBe(true); // terms not known (typo mode)

    // A text page: someone who does not match moving across it changes nothing.
    const first = positionOf('popular', [10, 5, 0, 4], A);
    const last = positionOf('popular', [8, 1, 0, 3], B);
    const shape: PageShape = { filters: { ...none, q: 'tuberias' }, sort: 'popular', ids: new Set([A, B]), first, last, isEnd: true, terms: ['tuberi'] };
    const across = (w: ReturnType<typeof words> | object) => change({ kinds: 'k', before: [7, 0, 0, 0], after: [12, 0, 0, 0], ...w });
    expect(pageStaleness(shape)(across(words(['pint'])))).toBe(false);
    expect(pageStaleness(shape)(across(words(['tuberi', 'sant'])))).toBe(true);
    expect(pageStaleness(shape)(across({}))).toBe(true);
    expect(pageStaleness({ ...shape, terms: undefined })(across(words(['pint'])))).toBe(true);
    // A contractor shown whose card changed, whatever the words.
    expect(pageStaleness(shape)(change({ id: A, kinds: 'd', ...words(['pint']) }))).toBe(true);
  });

  it('a trade word (decision 037): offering the trade or the text decides, and those offering it come first', () => {
    const words = (before: string[], after = before) => ({ words: { before, after } });
    // 'plomero santiago': the trade word, and 'santiago' in the text.
    const count = countStaleness({ ...none, q: 'plomero santiago' }, ['sant']);
    expect(count(change({ kinds: 's' }))).toBe(true); // someone adds or removes plumbing
    expect(count(change({ kinds: 'td', ...words(['plomer', 'sant'], ['sant']) }))).toBe(true); // 'plomero' gone from the text
    expect(count(change({ kinds: 'td', ...words(['pint'], ['pint', 'fachad']) }))).toBe(false); // without 'santiago' either way
    expect(count(change({ kinds: 'r' }))).toBe(false);
    // A page: anyone matching who moves may cross it (the trade's place in the order is not sent).
    const shape: PageShape = {
      filters: { ...none, q: 'plomero santiago' },
      sort: 'popular',
      ids: new Set([A, B]),
      first: positionOf('popular', [10, 5, 0, 4], A),
      last: positionOf('popular', [8, 1, 0, 3], B),
      isEnd: false,
      terms: ['sant'],
    };
    const before = (w: object) => change({ kinds: 'k', before: [20, 0, 0, 0], after: [21, 0, 0, 0], ...w });
    expect(pageStaleness(shape)(before(words(['sant'])))).toBe(true);
    expect(pageStaleness(shape)(before(words(['pint'])))).toBe(false); // not 'santiago': never in the results
    expect(pageStaleness({ ...shape, filters: { ...none, q: 'tuberias santiago' }, terms: ['tuberi', 'sant'] })(before(words(['tuberi', 'sant'])))).toBe(false);
    // With each contractor's rank known (the facets' services), a page of plumbers is placed as any other.
    const ranked: PageShape = { ...shape, first: [0, ...shape.first!], last: [0, ...shape.last!] };
    expect(pageStaleness({ ...ranked, rankOf: () => 0 })(before(words(['sant'])))).toBe(false); // a plumber staying before the page
    expect(pageStaleness({ ...ranked, rankOf: () => 1 })(before(words(['sant'])))).toBe(false); // not a plumber: after every plumber
    const into = change({ kinds: 'k', before: [20, 0, 0, 0], after: [9, 0, 0, 0], ...words(['sant']) });
    expect(pageStaleness({ ...ranked, rankOf: () => 0 })(into)).toBe(true); // a plumber moving into the page
    expect(pageStaleness({ ...ranked, rankOf: () => undefined })(before(words(['sant'])))).toBe(true); // rank not known
  });

  it("a trade word's terms known: a profile edit that neither writes nor drops the word leaves its results (and pages) as they were", () => {
    const words = (before: string[], after = before) => ({ words: { before, after } });
    const near = { lat: 18.474, lng: -69.934 };
    const plomero: DirectoryFilters = { ...none, q: 'plomero', near };
    const tradeTerms = new Map([['plomero', ['plomer']]]);
    const count = countStaleness(plomero, [], tradeTerms);
    expect(count(change({ kinds: 'td', ...words(['pint'], ['pint', 'disponibil']) }))).toBe(false); // never had the word
    expect(count(change({ kinds: 'td', ...words(['plomer', 'tuberi'], ['plomer', 'tuberi', 'disponibil']) }))).toBe(false); // kept it
    expect(count(change({ kinds: 'td', ...words(['pint'], ['pint', 'plomer']) }))).toBe(true); // writes it
    expect(count(change({ kinds: 'td', ...words(['plomer'], ['tuberi']) }))).toBe(true); // drops it
    expect(count(change({ kinds: 'td' }))).toBe(true); // words not sent
    expect(count(change({ kinds: 'tsd', ...words(['pint']) }))).toBe(true); // and its services changed
    expect(count(change({ kinds: 'ld', ...words(['pint']) }))).toBe(true); // moved: the origin's reach
    // Without the word's terms any change of text may move someone in or out.
    expect(countStaleness(plomero, [])(change({ kinds: 'td', ...words(['pint'], ['pint', 'disponibil']) }))).toBe(true);
    // Nearest first: a page not showing the contractor stays; one showing it goes.
    const shape: PageShape = { filters: plomero, sort: 'distance', ids: new Set([A, B]), first: [0, A], last: [0, B], isEnd: false, terms: [], tradeTerms };
    expect(pageStaleness(shape)(change({ kinds: 'td', ...words(['pint'], ['pint', 'disponibil']) }))).toBe(false);
    expect(pageStaleness(shape)(change({ id: A, kinds: 'td', ...words(['plomer'], ['plomer', 'disponibil']) }))).toBe(true);
    expect(pageStaleness({ ...shape, tradeTerms: undefined })(change({ kinds: 'td', ...words(['pint'], ['pint', 'disponibil']) }))).toBe(true);
  });

  it('says true only to the changes its interest names, so the cache need not ask it about the others', () => {
    const near = { lat: 18.474, lng: -69.934 };
    const filters: DirectoryFilters[] = [
      none,
      { ...none, service: ['plomeria'] },
      { ...none, rating: ['star4'] },
      { ...none, city: 'santiago' },
      { ...none, near },
      { ...none, q: 'tuberias' },
      { ...none, q: 'plomero', near },
      { ...none, q: 'plomero santiago', service: ['pintura'], rating: ['withReviews'] },
    ];
    const tradeTerms = new Map([['plomero', ['plomer']]]);
    const ids = new Set([A, B]);
    const shapes: PageShape[] = [];
    for (const f of filters) {
      for (const sort of ['popular', 'reviews', 'distance'] as const) {
        const first = [...(f.q?.includes('plomero') ? [0] : []), ...positionOf(sort, [10, 5, 0, 4], A)];
        const last = [...(f.q?.includes('plomero') ? [0] : []), ...positionOf(sort, [8, 1, 0, 3], B)];
        for (const terms of [undefined, ['tuberi'], ['sant']]) {
          shapes.push({ filters: f, sort, ids, first, last, isEnd: false, terms, tradeTerms, rankOf: (id) => (id === C ? 0 : undefined) });
          shapes.push({ filters: f, sort, ids: new Set(), first: null, last: null, isEnd: true, terms });
        }
      }
    }
    const letters = 'mtslrkdp';
    const changes: ContractorChange[] = [];
    for (let k = 1; k < 1 << letters.length; k += 3) {
      const kinds = [...letters].filter((_, b) => (k & (1 << b)) !== 0).join('');
      for (const id of [A, C]) {
        changes.push({ id, kinds });
        changes.push({ id, kinds, before: [9, 2, 0, 4], after: [11, 2, 0, 4], words: { before: ['plomer', 'sant'], after: ['tuberi'] } });
        changes.push({ id, kinds, before: [30, 2, 0, 4], after: [31, 2, 0, 4], words: { before: ['pint'], after: ['pint'] } });
      }
    }
    const stalenesses: Staleness[] = [...shapes.map(pageStaleness), ...filters.flatMap((f) => [countStaleness(f), countStaleness(f, ['tuberi'], tradeTerms)])];
    let saidTrue = 0;
    for (const staleWhen of stalenesses) {
      const interest = staleWhen.interest!;
      expect(interest).toBeDefined();
      for (const c of changes) {
        if (!staleWhen(c)) continue;
        saidTrue++;
        expect((kindBits(c.kinds) & interest.kinds) !== 0 || (interest.ids?.has(c.id) ?? false), `${c.kinds} ${c.id}`).toBe(true);
      }
    }
    // The table is not trivial: many of its answers are true.
    expect(saidTrue).toBeGreaterThan(1000);
  });

  it('matches terms as PostgreSQL matches prefixes: every term starts one of the lexemes', () => {
    expect(matchesTerms(['plomeri', 'santiag'], ['plom', 'sant'])).toBe(true);
    expect(matchesTerms(['plomeri'], ['plom', 'sant'])).toBe(false);
    expect(matchesTerms(['plomeri'], ['plomeria'])).toBe(false);
    expect(matchesTerms(['plomeri'], [])).toBe(false); // only stop words: nobody
  });

  it('orders as the SQL does: rating_asc puts contractors without reviews last', () => {
    const unrated = positionOf('rating_asc', [0, 0, 0, 0], A);
    const low = positionOf('rating_asc', [0, 3, 0, 1.5], B);
    const high = positionOf('rating_asc', [0, 3, 0, 4.5], C);
    expect(comparePositions(low, high)).toBe(-1);
    expect(comparePositions(high, unrated)).toBe(-1);
    // Ties go by id, as the SQL's last key.
    expect(comparePositions(positionOf('reviews', [0, 9, 0, 4], A), positionOf('reviews', [0, 9, 0, 4], B))).toBe(-1);
    expect(comparePositions(positionOf('reviews', [0, 9, 0, 4], B), positionOf('reviews', [0, 2, 0, 5], A))).toBe(-1);
  });
});
