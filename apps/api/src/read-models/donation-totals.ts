// Raised amount and supporter count, aggregated from paid donations in one grouped query per
// list (no N+1). A supporter is a user account, or a guest's email address, counted once.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donations, donors } from '../db/schema/index';
import { keptAmount } from './kept-amount';

export interface DonationTotals {
  raised: number;
  supporters: number;
}

const NONE: DonationTotals = { raised: 0, supporters: 0 };

const supporterKey = sql`coalesce('user:' || ${donations.userId}, 'email:' || lower(${donors.email}))`;

/** Totals per associate or per campaign id; ids without paid gifts get zeros. */
export async function donationTotals(db: Database, by: 'associateId' | 'campaignId', ids: readonly number[]) {
  const column = donations[by];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: column,
            raised: sql`coalesce(sum(${keptAmount}), 0)`.mapWith(Number),
            supporters: sql`count(distinct ${supporterKey})`.mapWith(Number),
          })
          .from(donations)
          .leftJoin(donors, eq(donors.id, donations.donorId))
          .where(and(eq(donations.status, 'paid'), inArray(column, [...ids])))
          .groupBy(column);
  const byId = new Map(rows.map(({ id, ...totals }) => [id, totals]));
  return (id: number): DonationTotals => byId.get(id) ?? NONE;
}
