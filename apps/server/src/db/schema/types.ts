import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

/** Postgres tsvector, used by generated search columns (Spanish + unaccent). */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

export const bytea = customType<{ data: Buffer }>({
  dataType() {
    return 'bytea';
  },
});

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Money: integer minor units (centavos) plus a currency column, never floats. */
export const money = (name: string) => bigint(name, { mode: 'number' });
