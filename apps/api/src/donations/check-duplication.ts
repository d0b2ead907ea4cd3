// POST /donation/check-duplication/ (spec §4 step 3, §5 "A duplicate warning fires if the same
// organisation was supported in the last 10 minutes"): a donation to the associate by a donor with
// this email (case-insensitive) created within DUPLICATE_DONATION_WINDOW_MS that did not fail or
// get cancelled. Only a yes or no leaves this function.
import { DUPLICATE_DONATION_WINDOW_MS } from '@kifu/domain';
import { and, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donations, donors } from '../db/schema/index';

export async function checkDuplication(db: Database, input: { associateId: number; email: string }, now: Date = new Date()): Promise<boolean> {
  const email = input.email.trim().toLowerCase();
  if (email === '') return false;
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
