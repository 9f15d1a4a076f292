import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedJson } from '../../lib/prepared-json.ts';
import { projects, quotes, users } from '../../db/schema/index.ts';
import { person, postProject, postQuote, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { ENTRY_OVERHEAD, KEPT_MAX_AGE_MS, OpenProjectsCache, parseProjectChanges } from './open-projects-cache.ts';

// The open list and an open project's page are kept in each instance (open-projects-cache.ts).
// Another instance's change is written here straight to the database: it reaches the kept
// answers only through the triggers' NOTIFY (migration 0017), as it would from another server.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (who: Person, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
const put = (who: Person, url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url, headers: who.headers, payload });

interface Tile {
  id: string;
  title: string;
  offers: number;
  clientFirstName: string;
}

/** What a contractor sees of the project on the list (searched by its tag) and on its page. */
async function seen(contractor: Person, id: string, tag: string) {
  const list = (await get(contractor, `/api/projects?allServices=1&q=${tag}`)).json() as { items: Tile[]; total: number };
  const page = await get(contractor, `/api/projects/${id}`);
  const tile = list.items.find((i) => i.id === id);
  return {
    listed: tile ? { title: tile.title, offers: tile.offers, name: tile.clientFirstName } : null,
    total: list.total,
    page: page.statusCode === 200 ? { title: page.json().title as string, offers: page.json().offers as number, name: page.json().clientFirstName as string } : page.statusCode,
  };
}

/** Reads until the notification reached the cache (it arrives just after the commit). */
async function eventually<T>(read: () => Promise<T>, want: T, timeoutMs = 3_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (JSON.stringify(v) === JSON.stringify(want) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the open projects kept in memory', () => {
  it('sees another instance’s changes: a title, an offer withdrawn, the client’s name, the project closed', async () => {
    const client = await person(t, 'client', 'Marisol');
    const contractor = await person(t, 'contractor', 'Julio');
    const other = await person(t, 'contractor', 'Pedro');
    const tag = crypto.randomBytes(3).toString('hex');
    const id = await postProject(t, client, { title: `Baño ${tag}` });
    const quoteId = await postQuote(t, other, id);
    const read = () => seen(contractor, id, tag);
    // Read twice: the second answer is the kept one.
    await read();
    expect(await read()).toEqual({ listed: { title: `Baño ${tag}`, offers: 1, name: 'Marisol' }, total: 1, page: { title: `Baño ${tag}`, offers: 1, name: 'Marisol' } });

    await t.db
      .update(projects)
      .set({ title: `Cocina ${tag}` })
      .where(eq(projects.id, id));
    const renamed = { listed: { title: `Cocina ${tag}`, offers: 1, name: 'Marisol' }, total: 1, page: { title: `Cocina ${tag}`, offers: 1, name: 'Marisol' } };
    expect(await eventually(read, renamed)).toEqual(renamed);

    await t.db.update(quotes).set({ status: 'withdrawn' }).where(eq(quotes.id, quoteId));
    const withdrawn = { listed: { title: `Cocina ${tag}`, offers: 0, name: 'Marisol' }, total: 1, page: { title: `Cocina ${tag}`, offers: 0, name: 'Marisol' } };
    expect(await eventually(read, withdrawn)).toEqual(withdrawn);

    await t.db.update(users).set({ firstName: 'Maritza' }).where(eq(users.id, client.id));
    const named = { listed: { title: `Cocina ${tag}`, offers: 0, name: 'Maritza' }, total: 1, page: { title: `Cocina ${tag}`, offers: 0, name: 'Maritza' } };
    expect(await eventually(read, named)).toEqual(named);

    await t.db.update(projects).set({ status: 'cancelled' }).where(eq(projects.id, id));
    const closed = { listed: null, total: 0, page: 404 };
    expect(await eventually(read, closed)).toEqual(closed);
  });

  it('shows this instance’s own changes on the next request: an edit, a new offer', async () => {
    const client = await person(t, 'client', 'Yolanda');
    const contractor = await person(t, 'contractor', 'Ana');
    const tag = crypto.randomBytes(3).toString('hex');
    const id = await postProject(t, client, { title: `Techo ${tag}` });
    await seen(contractor, id, tag);
    await seen(contractor, id, tag);

    const edited = await put(client, `/api/projects/${id}`, {
      services: ['plomeria'],
      title: `Techo y canaletas ${tag}`,
      propertyType: 'casa',
      description: 'Hay filtraciones en el techo y las canaletas están rotas.',
      startDate: (await get(client, `/api/projects/${id}`)).json().startDate,
      intention: 'ready',
      city: 'santo-domingo',
      zone: 'DN',
      street: 'Calle El Conde 105',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await seen(contractor, id, tag)).toMatchObject({ listed: { title: `Techo y canaletas ${tag}`, offers: 0 }, page: { title: `Techo y canaletas ${tag}`, offers: 0 } });

    await postQuote(t, contractor, id);
    expect(await seen(contractor, id, tag)).toMatchObject({ listed: { offers: 1 }, page: { offers: 1 } });
  });

  it('never gives the page kept for others to the project’s client, nor theirs to others', async () => {
    const client = await person(t, 'client', 'Yolanda');
    const contractor = await person(t, 'contractor', 'Ramón');
    const id = await postProject(t, client);
    for (let i = 0; i < 2; i++) {
      const outsider = (await get(contractor, `/api/projects/${id}`)).json();
      expect(outsider).toMatchObject({ viewer: { isClient: false }, clientContact: null });
      expect(JSON.stringify(outsider)).not.toContain(client.email);
      const own = (await get(client, `/api/projects/${id}`)).json();
      expect(own).toMatchObject({ viewer: { isClient: true }, clientContact: { email: client.email } });
    }
  });
});

describe('OpenProjectsCache', () => {
  const answer = (n: number) => new PreparedJson(JSON.stringify({ n }));
  const loader = () => {
    let n = 0;
    return {
      load: async () => answer(++n),
      get calls() {
        return n;
      },
    };
  };

  it('keeps nothing while changes are not heard, and forgets everything when they stop being heard', async () => {
    const cache = new OpenProjectsCache();
    const l = loader();
    await cache.list('k', l.load);
    await cache.list('k', l.load);
    expect(l.calls).toBe(2);
    cache.setLive(true);
    await cache.list('k', l.load);
    expect((await cache.list('k', l.load)).text()).toBe('{"n":3}');
    cache.setLive(false);
    await cache.list('k', l.load);
    expect(l.calls).toBe(4);
  });

  it('does not keep an answer read while a change happened, and drops only the changed projects’ pages', async () => {
    const cache = new OpenProjectsCache();
    cache.setLive(true);
    const l = loader();
    await cache.list('k', async () => {
      cache.changed(['00000000-0000-4000-8000-000000000001']);
      return l.load();
    });
    await cache.list('k', l.load);
    expect(l.calls).toBe(2);

    const a = '00000000-0000-4000-8000-00000000000a';
    const b = '00000000-0000-4000-8000-00000000000b';
    cache.keepPage(a, cache.mark, { json: answer(1), clientId: 'c' });
    const stale = cache.mark;
    cache.keepPage(b, cache.mark, { json: answer(2), clientId: 'c' });
    cache.changed([b]);
    expect(cache.page(a)?.json.text()).toBe('{"n":1}');
    expect(cache.page(b)).toBeUndefined();
    cache.keepPage(b, stale, { json: answer(2), clientId: 'c' });
    expect(cache.page(b)).toBeUndefined();
    cache.changed('*');
    expect(cache.page(a)).toBeUndefined();
  });

  it('reads a kept answer again once it is KEPT_MAX_AGE_MS old, though no change was heard (a NOTIFY lost with its process)', async () => {
    let now = 1_000_000;
    const cache = new OpenProjectsCache(() => now);
    cache.setLive(true);
    const l = loader();
    const a = '00000000-0000-4000-8000-00000000000a';
    await cache.list('k', l.load);
    cache.keepPage(a, cache.mark, { json: answer(7), clientId: 'c' });
    now += KEPT_MAX_AGE_MS - 1;
    expect((await cache.list('k', l.load)).text()).toBe('{"n":1}');
    expect(cache.page(a)?.json.text()).toBe('{"n":7}');
    now += 1;
    expect((await cache.list('k', l.load)).text()).toBe('{"n":2}');
    expect(cache.page(a)).toBeUndefined();
  });

  it('keeps pages within its memory budget: the least recently read go first', () => {
    const page = (n: number) => ({ json: answer(n), clientId: 'c' });
    const size = page(1).json.bytes + ENTRY_OVERHEAD;
    const cache = new OpenProjectsCache(Date.now, { lists: 0, pages: 2 * size });
    cache.setLive(true);
    const a = '00000000-0000-4000-8000-000000000001';
    const b = '00000000-0000-4000-8000-000000000002';
    const c = '00000000-0000-4000-8000-000000000003';
    const d = '00000000-0000-4000-8000-000000000004';
    cache.keepPage(a, cache.mark, page(1));
    cache.keepPage(b, cache.mark, page(2));
    expect(cache.page(a)?.json.text()).toBe('{"n":1}');
    // Room for two: b, kept after a but never read since, goes; a stays.
    cache.keepPage(c, cache.mark, page(3));
    expect(cache.page(b)).toBeUndefined();
    expect(cache.page(c)?.json.text()).toBe('{"n":3}');
    expect(cache.page(a)?.json.text()).toBe('{"n":1}');
    // a was read after c: c, now the least recently read, goes for d.
    cache.keepPage(d, cache.mark, page(4));
    expect([a, c, d].map((id) => cache.page(id)?.json.text() ?? null)).toEqual(['{"n":1}', null, '{"n":4}']);
  });

  it('keeps a total until a change is heard (ten seconds while changes are not heard)', async () => {
    let now = 1_000_000;
    const cache = new OpenProjectsCache(() => now);
    let counted = 0;
    const count = async () => ++counted;
    await cache.count('k', count);
    now += 9_999;
    expect(await cache.count('k', count)).toBe(1);
    now += 1;
    expect(await cache.count('k', count)).toBe(2);
    cache.setLive(true);
    await cache.count('k', count);
    now += KEPT_MAX_AGE_MS - 1;
    expect(await cache.count('k', count)).toBe(3);
    cache.changed(['00000000-0000-4000-8000-000000000001']);
    expect(await cache.count('k', count)).toBe(4);
    now += KEPT_MAX_AGE_MS;
    expect(await cache.count('k', count)).toBe(5);
  });

  it('reads the notification: ids, or everything when it cannot', () => {
    const a = '00000000-0000-4000-8000-00000000000A';
    expect(parseProjectChanges(`${a},${a.toLowerCase()}`)).toEqual([a.toLowerCase(), a.toLowerCase()]);
    for (const payload of ['*', '', undefined, 'x', `${a},nope`]) expect(parseProjectChanges(payload)).toBe('*');
  });
});
