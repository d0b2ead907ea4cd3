// Column builders shared by every aggregate. Column names are snake_case (drizzle `casing`), so
// `nameEn` is stored as `name_en`: each ja text column has an optional `_en` twin that the API
// falls back from (spec §1: ja default, en supported).
import { FREQUENCIES, PaymentMethodId } from '@kifu/domain';
import { sql, type SQL } from 'drizzle-orm';
import { integer, pgEnum, text, timestamp, type PgColumn } from 'drizzle-orm/pg-core';

export const id = () => integer().primaryKey().generatedByDefaultAsIdentity();

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const timestamps = {
  createdAt: createdAt(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** Display order inside a parent (businesses, prices, rewards, …). */
export const sortOrder = () => integer().notNull().default(0);

/** Money is an integer number of yen (architecture.md §3). */
export const yen = () => integer();

/** `column IN (…)` for a CHECK constraint built from a domain list, so the two never drift. */
export function oneOf(column: PgColumn, values: readonly (number | string)[]): SQL {
  const list = values.map((value) => (typeof value === 'number' ? String(value) : `'${value}'`)).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}

export const PAYMENT_METHOD_IDS = Object.values(PaymentMethodId);

export const frequencyEnum = pgEnum('frequency', FREQUENCIES);

export const positive = (column: PgColumn): SQL => sql`${column} > 0`;
export const nonNegative = (column: PgColumn): SQL => sql`${column} >= 0`;
export const between = (column: PgColumn, min: number, max: number): SQL =>
  sql`${column} between ${sql.raw(String(min))} and ${sql.raw(String(max))}`;

/** Address and phone as the donor payload of spec §3 names them (zip_code, area = prefecture, …). */
export const postalAddressColumns = () => ({
  country: text().notNull().default('JP'),
  zipCode: text().notNull().default(''),
  area: text().notNull().default(''),
  city: text().notNull().default(''),
  address1: text().notNull().default(''),
  address2: text().notNull().default(''),
  phone: text().notNull().default(''),
});
