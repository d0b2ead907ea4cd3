// The year a gift counts in, in SQL: the calendar year in Japan (UTC+9, no daylight saving) of the
// day it was received, or of the day it was given while it has not been. Written with a fixed
// offset rather than a time-zone name so it reads the same on every PostgreSQL build.
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export function japanYearOf(paidAt: PgColumn, createdAt: PgColumn): SQL<number> {
  return sql<number>`extract(year from (coalesce(${paidAt}, ${createdAt}) at time zone 'UTC') + interval '9 hours')::int`;
}
