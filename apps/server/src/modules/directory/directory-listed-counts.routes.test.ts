import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractorProfiles, users } from '../../db/schema/index.ts';
import { contractor, emptyDirectory, search, setUpDirectoryApp, t } from './directory-test-kit.ts';

// A search without words, a place or a rating takes its count from listed_contractor_counts, and
// a search of one word asks listed_word_counts whether more than the cap have it; triggers keep
// both in the same transaction as each change (migrations 0063 and 0065, decision 076, "Counts
// from a summary"). After every kind of change that lists, unlists, moves or rewrites a
// contractor, the count a visitor is shown is the number of contractors listed, and the summaries
// are what counting the listed contractors and their words gives.

setUpDirectoryApp();

type Kept = { places: Record<string, number>; words: Record<string, number>; accountsListable: string[] };

/**
 * Every (country, city, zone, service) count and every (country, word) count the summaries hold
 * (zeros left out), and the profiles whose account_listable says their account may be listed.
 */
async function summary(): Promise<Kept> {
  const places = await t.db.execute<{ key: string; listed: number }>(
    sql`SELECT concat_ws('/', country, city, zone, service) AS key, listed FROM listed_contractor_counts WHERE listed <> 0 ORDER BY 1`,
  );
  const words = await t.db.execute<{ key: string; listed: number }>(
    sql`SELECT concat_ws('/', country, lexeme) AS key, listed FROM listed_word_counts WHERE listed <> 0 ORDER BY 1`,
  );
  const accounts = await t.db.execute<{ id: string }>(sql`SELECT user_id AS id FROM contractor_profiles WHERE account_listable ORDER BY 1`);
  return { places: keyed(places.rows), words: keyed(words.rows), accountsListable: accounts.rows.map((r) => r.id) };
}

/** The same, by counting the listed contractors (the directory's rule) and their words, and by reading the accounts. */
async function recount(): Promise<Kept> {
  const account = sql`u.role = 'contractor' AND u.status = 'active' AND (u.email_verified OR u.phone_verified) AND u.deleted_at IS NULL AND u.banned_at IS NULL`;
  const listed = sql`p.listable AND ${account}`;
  const places = await t.db.execute<{ key: string; listed: number }>(sql`
    SELECT concat_ws('/', p.country, p.city, coalesce(p.zone::text, ''), s.service) AS key, count(*)::int AS listed
    FROM contractor_profiles p JOIN users u ON u.id = p.user_id
    CROSS JOIN LATERAL (SELECT '' AS service UNION SELECT unnest(p.service_types)::text) s
    WHERE ${listed}
    GROUP BY 1 ORDER BY 1`);
  const words = await t.db.execute<{ key: string; listed: number }>(sql`
    SELECT concat_ws('/', p.country, w.lexeme) AS key, count(*)::int AS listed
    FROM contractor_profiles p JOIN users u ON u.id = p.user_id
    CROSS JOIN LATERAL unnest(tsvector_to_array(p.search_vector)) AS w(lexeme)
    WHERE ${listed}
    GROUP BY 1 ORDER BY 1`);
  const accounts = await t.db.execute<{ id: string }>(sql`SELECT p.user_id AS id FROM contractor_profiles p JOIN users u ON u.id = p.user_id WHERE ${account} ORDER BY 1`);
  return { places: keyed(places.rows), words: keyed(words.rows), accountsListable: accounts.rows.map((r) => r.id) };
}

function keyed(rows: { key: string; listed: number }[]): Record<string, number> {
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.listed)]));
}

/** The count and the names a visitor is shown for a search. */
async function shown(query: string): Promise<{ total: number; names: string[] }> {
  const page = await search(query);
  return { total: page.total, names: page.items.map((c) => c.name).sort() };
}

describe('counts from the summary the triggers keep', () => {
  let ana: string;
  let beto: string;
  let carla: string;
  beforeAll(async () => {
    await emptyDirectory();
    ana = await contractor('Ana Pérez', { serviceTypes: ['pintura', 'plomeria'], city: 'santo-domingo', zone: 'DN' });
    beto = await contractor('Beto Díaz', { serviceTypes: ['plomeria'], city: 'santiago' });
    // Not listed yet: e-mail not confirmed.
    carla = await contractor('Carla Ruiz', { serviceTypes: ['electricidad'], city: 'santiago' }, { emailVerified: false });
  });

  it('counts the contractors listed when they are made, and not the unconfirmed one', async () => {
    expect(await summary()).toEqual(await recount());
    expect(await shown('')).toEqual({ total: 2, names: ['Ana Pérez', 'Beto Díaz'] });
    expect(await shown('?service=plomeria')).toEqual({ total: 2, names: ['Ana Pérez', 'Beto Díaz'] });
    expect(await shown('?service=electricidad')).toEqual({ total: 0, names: [] });
    expect(await shown('?service=plomeria&country=DO&city=santiago')).toEqual({ total: 1, names: ['Beto Díaz'] });
    expect(await shown('?service=pintura&country=DO&city=santo-domingo&zone=DN')).toEqual({ total: 1, names: ['Ana Pérez'] });
  });

  it('follows a profile that changes its services and its city', async () => {
    await t.db
      .update(contractorProfiles)
      .set({ serviceTypes: ['electricidad'] })
      .where(eq(contractorProfiles.userId, ana));
    await t.db.update(contractorProfiles).set({ city: 'santo-domingo' }).where(eq(contractorProfiles.userId, beto));
    expect(await summary()).toEqual(await recount());
    expect(await shown('?service=plomeria')).toEqual({ total: 1, names: ['Beto Díaz'] });
    expect(await shown('?service=plomeria&country=DO&city=santiago')).toEqual({ total: 0, names: [] });
    expect(await shown('?country=DO&city=santo-domingo')).toEqual({ total: 2, names: ['Ana Pérez', 'Beto Díaz'] });
    expect(await shown('?service=electricidad')).toEqual({ total: 1, names: ['Ana Pérez'] });
  });

  it('follows the account: confirmed, banned, a paused profile', async () => {
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, carla));
    expect(await shown('?service=electricidad')).toEqual({ total: 2, names: ['Ana Pérez', 'Carla Ruiz'] });
    await t.db.update(users).set({ status: 'banned', bannedAt: new Date() }).where(eq(users.id, ana));
    expect(await shown('?service=electricidad')).toEqual({ total: 1, names: ['Carla Ruiz'] });
    expect(await summary()).toEqual(await recount());
    // The profile's copy of the account's listing follows the account only: written by hand, it is put back.
    await t.db.update(contractorProfiles).set({ accountListable: true }).where(eq(contractorProfiles.userId, ana));
    expect(await summary()).toEqual(await recount());
    expect(await shown('?q=ana')).toEqual({ total: 0, names: [] });
    await t.db.update(contractorProfiles).set({ pausedAt: new Date() }).where(eq(contractorProfiles.userId, beto));
    expect(await shown('')).toEqual({ total: 1, names: ['Carla Ruiz'] });
    expect(await summary()).toEqual(await recount());
    await t.db.update(users).set({ status: 'active', bannedAt: null }).where(eq(users.id, ana));
    await t.db.update(contractorProfiles).set({ pausedAt: null }).where(eq(contractorProfiles.userId, beto));
    expect(await shown('')).toEqual({ total: 3, names: ['Ana Pérez', 'Beto Díaz', 'Carla Ruiz'] });
    expect(await summary()).toEqual(await recount());
  });

  it('follows an account deleted outright, a rolled-back change and many profiles in one statement', async () => {
    await t.db.delete(users).where(eq(users.id, carla));
    expect(await shown('?service=electricidad')).toEqual({ total: 1, names: ['Ana Pérez'] });
    await expect(
      t.db.transaction(async (tx) => {
        await tx
          .update(contractorProfiles)
          .set({ serviceTypes: ['mudanza'] })
          .where(eq(contractorProfiles.userId, ana));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await shown('?service=electricidad')).toEqual({ total: 1, names: ['Ana Pérez'] });
    // Every contractor at once (as a sweep or the bench's generator writes): one statement.
    await t.db.update(contractorProfiles).set({ serviceTypes: sql`array_append(${contractorProfiles.serviceTypes}, 'herreria')` });
    expect(await summary()).toEqual(await recount());
    expect(await shown('?service=herreria')).toEqual({ total: 2, names: ['Ana Pérez', 'Beto Díaz'] });
    expect(await shown('?service=herreria&service=electricidad')).toEqual({ total: 2, names: ['Ana Pérez', 'Beto Díaz'] });
  });

  it('follows the words: a description rewritten, a name changed, a profile moved to another country', async () => {
    await t.db.update(contractorProfiles).set({ description: 'Impermeabilizo techos y terrazas.' }).where(eq(contractorProfiles.userId, ana));
    await t.db.update(contractorProfiles).set({ displayName: 'Beto Terrazas' }).where(eq(contractorProfiles.userId, beto));
    expect(await summary()).toEqual(await recount());
    expect(await shown('?q=terrazas')).toEqual({ total: 2, names: ['Ana Pérez', 'Beto Terrazas'] });
    await t.db.update(contractorProfiles).set({ country: 'CO', city: 'bogota', zone: null }).where(eq(contractorProfiles.userId, beto));
    expect(await summary()).toEqual(await recount());
    expect(await shown('?q=terrazas&country=DO')).toEqual({ total: 1, names: ['Ana Pérez'] });
    expect(await shown('?q=terrazas&country=CO')).toEqual({ total: 1, names: ['Beto Terrazas'] });
  });
});
