import { DirectorySearchSchema } from '@arreglaya/shared/schemas/directory';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createPool, type Db } from '../../db/client.ts';
import { contractorProfiles, users } from '../../db/schema/index.ts';
import { createUser } from '../../../test/support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-db.ts';
import type pg from 'pg';
import { searchDirectory } from './directory.service.ts';

// Which of a search's statements PostgreSQL may keep a generic plan for (decision 076, "Plans per
// statement" and "round five"): a search with words or a service is planned with its values every
// time, as its best plan depends on how common they are ('aire acondicionado' went from 12 to
// 100 ms at the sixth run on its generic plan); no filter, a country or a place keep named
// statements. Read from pg_prepared_statements of a directory with a single connection.

let t: TestDatabase;
let pool: pg.Pool;
let db: Db;

beforeAll(async () => {
  t = await createTestDatabase();
  pool = createPool(t.url, 1);
  db = createDb(pool);
  for (const [name, services, description] of [
    ['Ramón Núñez', ['aire'], 'Aire acondicionado y neveras.'],
    ['Carmen Báez', ['plomeria'], 'Tuberías y calentadores.'],
    ['José Martínez', ['pintura'], 'Pintura de fachadas.'],
  ] as const) {
    const u = await createUser(t.db, { role: 'contractor', firstName: name.split(' ')[0]! });
    await t.db.update(users).set({ name }).where(eq(users.id, u.id));
    await t.db
      .update(contractorProfiles)
      .set({ displayName: name, serviceTypes: [...services], description })
      .where(eq(contractorProfiles.userId, u.id));
  }
});
afterAll(async () => {
  await pool.end();
  await t.drop();
});

/** Runs a search seven times (past PostgreSQL's five custom plans) and returns its total each time. */
async function sevenTimes(query: Record<string, unknown>): Promise<number[]> {
  const totals: number[] = [];
  for (let i = 0; i < 7; i++) totals.push(JSON.parse((await searchDirectory({ db }, DirectorySearchSchema.parse(query))).text()).total as number);
  return totals;
}

async function prepared(): Promise<string[]> {
  const { rows } = await pool.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
  return rows.map((r) => r.statement);
}

/** The statements that read the contractors (a summary's few rows by key have one plan whatever the values). */
const onContractors = (statements: string[]) => statements.filter((s) => s.includes('"contractor_profiles"'));

describe('directory statements and their plans', () => {
  it('a search with words or a service leaves no statement prepared: each is planned with its values', async () => {
    await pool.query('DEALLOCATE ALL');
    expect(await sevenTimes({ q: 'aire acondicionado' })).toEqual(Array(7).fill(1));
    expect(await sevenTimes({ q: 'fachadas' })).toEqual(Array(7).fill(1));
    expect(await sevenTimes({ service: ['plomeria'] })).toEqual(Array(7).fill(1));
    expect(await sevenTimes({ service: ['plomeria'], sort: 'reviews', page: 2 })).toEqual(Array(7).fill(1));
    expect(onContractors(await prepared())).toEqual([]);
  });

  it('a search with no filter or only a country keeps its statements prepared', async () => {
    await pool.query('DEALLOCATE ALL');
    expect(await sevenTimes({})).toEqual(Array(7).fill(3));
    expect(await sevenTimes({ country: 'DO' })).toEqual(Array(7).fill(3));
    expect(onContractors(await prepared()).length).toBeGreaterThanOrEqual(2);
  });
});
