// What the public-support test tracker (ADR 071) needs beyond the gifts: the income an
// organisation enters per fiscal year for the relative standard, and the donors it marks — its
// officers, and the households it merges — for the absolute standard.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';
import { associates } from './associate';
import { id, timestamps, yen } from './columns';

const associateId = () =>
  integer()
    .notNull()
    .references(() => associates.id, { onDelete: 'cascade' });

/** One fiscal year's ordinary income and the parts the relative standard takes out of it. */
export const associatePstIncomes = pgTable(
  'associate_pst_incomes',
  {
    id: id(),
    associateId: associateId(),
    fiscalYear: smallint().notNull(),
    total: yen().notNull(),
    governmentGrants: yen().notNull().default(0),
    assetSales: yen().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique('associate_pst_incomes_year').on(t.associateId, t.fiscalYear),
    check(
      'associate_pst_incomes_parts',
      sql`${t.governmentGrants} >= 0 and ${t.assetSales} >= 0 and ${t.governmentGrants} + ${t.assetSales} <= ${t.total}`,
    ),
  ],
);

/**
 * A donor the organisation marked: an officer (役員), and/or a member of a household it merged
 * (`household` names it: donors with the same one count once). `donorKey` is the donor register's
 * key (a member's account or a guest's e-mail, packages/domain donorRegisterKey).
 */
export const associatePstPeople = pgTable(
  'associate_pst_people',
  {
    id: id(),
    associateId: associateId(),
    donorKey: text().notNull(),
    officer: boolean().notNull().default(false),
    household: text(),
    ...timestamps,
  },
  (t) => [unique('associate_pst_people_donor').on(t.associateId, t.donorKey)],
);
