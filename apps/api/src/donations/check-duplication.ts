// POST /donation/check-duplication/ (spec §4 step 3, §5 "A duplicate warning fires if the same
// organisation was supported in the last 10 minutes"): a donation to the associate by a donor with
// this email (case-insensitive) created within DUPLICATE_DONATION_WINDOW_MS that did not fail or
// get cancelled; for a portfolio (portfolio_id instead of associate_id), a gift to that portfolio
// by such a donor. Only a yes or no leaves this function.
import { DUPLICATE_DONATION_WINDOW_MS } from '@kifu/domain';
import { and, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donations, donors, portfolioDonations } from '../db/schema/index';

export type DuplicationTarget = { associateId: number } | { portfolioId: number };

export async function checkDuplication(db: Database, input: DuplicationTarget & { email: string }, now: Date = new Date()): Promise<boolean> {
  const email = input.email.trim().toLowerCase();
  if (email === '') return false;
  if ('portfolioId' in input) {
    const [found] = await db
      .select({ id: portfolioDonations.id })
      .from(portfolioDonations)
      .innerJoin(donors, eq(donors.id, portfolioDonations.donorId))
      .where(
        and(
          eq(portfolioDonations.portfolioId, input.portfolioId),
          eq(sql`lower(${donors.email})`, email),
          gt(portfolioDonations.createdAt, new Date(now.getTime() - DUPLICATE_DONATION_WINDOW_MS)),
          notInArray(portfolioDonations.status, ['failed', 'cancelled']),
        ),
      )
      .limit(1);
    return found !== undefined;
  }
  const [found] = await db
    .select({ id: donations.id })
    .from(donations)
    .innerJoin(donors, eq(donors.id, donations.donorId))
    .where(
      and(
        eq(donations.associateId, input.associateId),
        eq(sql`lower(${donors.email})`, email),
        gt(donations.createdAt, new Date(now.getTime() - DUPLICATE_DONATION_WINDOW_MS)),
        notInArray(donations.status, ['failed', 'cancelled']),
      ),
    )
    .limit(1);
  return found !== undefined;
}
