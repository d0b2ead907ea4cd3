// POST /donation/check-duplication/ (spec §4 step 3, §5 "A duplicate warning fires if the same
// organisation was supported in the last 10 minutes"): a donation to the associate by a donor with
// this email (case-insensitive) created within DUPLICATE_DONATION_WINDOW_MS that did not fail or
// get cancelled; for a portfolio (portfolio_id instead of associate_id), a gift to that portfolio
// by such a donor. Only a yes or no leaves this function.
import { DUPLICATE_DONATION_WINDOW_MS } from '@kifu/domain';
import { and, eq, gt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donations, donors, portfolioDonations } from '../db/schema/index';

export type DuplicationTarget = { associateId: number } | { portfolioId: number };

type Gifts = typeof donations | typeof portfolioDonations;

export async function checkDuplication(
  db: Database,
  input: DuplicationTarget & { email: string },
  now: Date = new Date(),
): Promise<boolean> {
  const email = input.email.trim().toLowerCase();
  if (email === '') return false;
  const recent = (gifts: Gifts, target: SQL) =>
    db
      .select({ id: gifts.id })
      .from(gifts)
      .innerJoin(donors, eq(donors.id, gifts.donorId))
      .where(
        and(
          target,
          eq(sql`lower(${donors.email})`, email),
          gt(gifts.createdAt, new Date(now.getTime() - DUPLICATE_DONATION_WINDOW_MS)),
          notInArray(gifts.status, ['failed', 'cancelled']),
        ),
      )
      .limit(1);
  const [found] =
    'portfolioId' in input
      ? await recent(portfolioDonations, eq(portfolioDonations.portfolioId, input.portfolioId))
      : await recent(donations, eq(donations.associateId, input.associateId));
  return found !== undefined;
}
