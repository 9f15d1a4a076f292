import { and, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { alias, type PgDialect } from 'drizzle-orm/pg-core';
import { createRequire } from 'node:module';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { contractorProfiles, projects, users } from './schema/index.ts';
import * as schema from './schema/index.ts';
import { sqlText, useSqlText } from './sql-text.ts';

// A Db that is never connected: only its statements' text is written.
const db = drizzle(new pg.Pool({ max: 1 }), { schema, casing: 'snake_case' });
const dialect = (db as unknown as { dialect: PgDialect }).dialect;
const drizzleText = (s: SQL) => dialect.sqlToQuery(s);

// The same classes from drizzle's CommonJS build: another copy, which only drizzle recognises (by name).
const commonJs = createRequire(import.meta.url)('drizzle-orm') as typeof import('drizzle-orm');
const author = alias(users, 'author');
const since = new Date('2026-12-01T10:00:00Z');
const listed = db.$with('listed').as(db.select({ id: users.id }).from(users).where(eq(users.status, 'active')));
const recent = db.select({ id: projects.id }).from(projects).where(gt(projects.createdAt, since)).as('recent');

/** Statements of every kind the app writes: builders, hand-written SQL, aliases, subqueries, lists, placeholders, inlined values. */
const statements: [string, SQL][] = [
  [
    'a select with a join, an enum, a date and a list',
    db
      .select({ id: users.id, name: contractorProfiles.displayName })
      .from(users)
      .innerJoin(contractorProfiles, eq(contractorProfiles.userId, users.id))
      .where(and(eq(users.role, 'contractor'), gt(users.createdAt, since), inArray(users.country, ['DO', 'CO']), isNull(users.deletedAt)))
      .orderBy(desc(users.createdAt))
      .limit(12)
      .offset(24)
      .getSQL(),
  ],
  [
    'an alias and a subquery',
    db
      .select({ id: author.id, project: recent.id })
      .from(author)
      .innerJoin(recent, sql`true`)
      .where(or(ilike(author.email, '%@x.do'), eq(author.status, 'active')))
      .getSQL(),
  ],
  [
    'hand-written SQL with values, a null, a list and a nested statement',
    sql`SELECT ${users.id}, ${'texto'} AS t, ${42} AS n, ${null} AS nothing, ${true} AS yes FROM ${users} WHERE ${users.id} IN ${['a', 'b']} AND ${sql`${contractorProfiles.ratingAvg} > ${4.5}`}`,
  ],
  [
    'names, raw text and an undefined piece',
    sql`SELECT ${sql.identifier('weird "name"')} FROM ${sql.raw('pg_class')} ${undefined} WHERE ${sql.join([sql`1 = ${1}`, sql`2 = ${2}`], sql` AND `)}`,
  ],
  [
    'placeholders',
    db
      .select()
      .from(users)
      .where(and(eq(users.id, sql.placeholder('id')), eq(users.email, sql.placeholder('email'))))
      .getSQL(),
  ],
  ['inlined values', sql`SELECT ${sql.raw('1')} WHERE ${sql`x = ${"it's"}`.inlineParams()} AND y = ${'param'}`],
  [
    'parameters inlined, and a placeholder as a parameter',
    sql`SELECT 1 WHERE ${sql`${eq(users.email, 'a@b.do')} AND ${users.id} = ${sql.param(sql.placeholder('id'))}`.inlineParams()} AND ${eq(users.name, 'Ana')}`,
  ],
  [
    'an insert with a date and a conflict',
    db.insert(users).values({ email: 'a@b.do', firstName: 'Ana', createdAt: since }).onConflictDoNothing().returning({ id: users.id }).getSQL(),
  ],
  [
    'an update with a jsonb-less set and a where',
    db.update(contractorProfiles).set({ displayName: 'Brillo', updatedAt: since }).where(eq(contractorProfiles.userId, 'u1')).getSQL(),
  ],
  [
    'a query builder inside a statement, in brackets',
    db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.id, db.select({ id: projects.clientId }).from(projects).where(eq(projects.title, 'Baño'))),
          sql`exists ${db
            .select({ one: sql`1` })
            .from(contractorProfiles)
            .where(eq(contractorProfiles.userId, users.id))}`,
        ),
      )
      .getSQL(),
  ],
  [
    "a statement of drizzle's other copy inside one of ours",
    sql`SELECT ${commonJs.sql`${users.id} = ${'x'} AND ${commonJs.sql.raw('true')}`} FROM ${users} WHERE ${users.email} = ${'y'}`,
  ],
  ['a with query', db.with(listed).select().from(listed).getSQL()],
];

describe('sqlText', () => {
  it.each(statements)('writes %s as drizzle does', (_name, statement) => {
    const built = sqlText(dialect, statement);
    expect(built).toStrictEqual(drizzleText(statement));
    // The parameters are numbered in order, and as many as there are values.
    const numbers = [...built.sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
    expect(numbers).toEqual(built.params.map((_, i) => i + 1));
  });

  it('is what a Db using it writes, and a difference is caught when checked', () => {
    const checkedDb = drizzle(new pg.Pool({ max: 1 }), { schema, casing: 'snake_case' });
    const checkedDialect = (checkedDb as unknown as { dialect: PgDialect }).dialect;
    useSqlText(checkedDialect, true);
    const query = checkedDb.select({ id: users.id }).from(users).where(eq(users.email, 'a@b.do')).toSQL();
    expect(query).toEqual({ sql: 'select "id" from "users" where "users"."email" = $1', params: ['a@b.do'] });
    // A statement drizzle would write differently (its column's table renamed behind our back) throws.
    const odd = sql`${users.id}`;
    const original = checkedDialect.escapeName;
    let calls = 0;
    checkedDialect.escapeName = (name: string) => (++calls <= 2 ? `<${name}>` : original(name));
    expect(() => checkedDialect.sqlToQuery(odd)).toThrow(/differs from drizzle/);
    checkedDialect.escapeName = original;
  });
});
