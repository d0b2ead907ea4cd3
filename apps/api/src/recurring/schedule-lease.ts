// The lease on a recurring donation's card schedule (ADR 053): whoever replaces or stops the
// donation's schedule at the provider holds it, so two runs can never each create a schedule and
// charge the supporter twice. (The first schedule, made by the activation, needs none: only a row
// still pending with no schedule can record one, and a run that loses deletes its own.) It is
// taken and renewed by conditional UPDATEs of the row (no transaction held across provider calls,
// which PGlite's one connection could not afford), and lapses by itself if its holder dies.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { recurringDonations } from '../db/schema/index';

type Recurring = typeof recurringDonations.$inferSelect;

/**
 * How long a lease holds without renewal: longer than any one provider call can take
 * (PROVIDER_TIMEOUT_MS, 10 s by default), since it is renewed before each call that changes the provider.
 */
const LEASE = sql`interval '2 minutes'`;
/** Thrown when a run no longer holds the lease it needs before changing the provider. */
export class ScheduleLeaseLost extends Error {
  constructor(recurringDonationId: number) {
    super(`the card schedule lease of recurring donation ${recurringDonationId} was lost`);
  }
}

/**
 * Takes (or renews) the donation's schedule lease for `holder`: answers the row as it now stands,
 * or undefined when another holds a lease that has not lapsed.
 */
export async function takeScheduleLease(db: Database, recurringDonationId: number, holder: string): Promise<Recurring | undefined> {
  const [row] = await db
    .update(recurringDonations)
    .set({ scheduleLeaseHolder: holder, scheduleLeaseUntil: sql`now() + ${LEASE}` })
    .where(
      and(
        eq(recurringDonations.id, recurringDonationId),
        or(
          isNull(recurringDonations.scheduleLeaseUntil),
          lt(recurringDonations.scheduleLeaseUntil, sql`now()`),
          eq(recurringDonations.scheduleLeaseHolder, holder),
        ),
      ),
    )
    .returning();
  return row;
}

/** Gives the lease back, if `holder` still has it. */
export async function releaseScheduleLease(db: Database, recurringDonationId: number, holder: string): Promise<void> {
  await db
    .update(recurringDonations)
    .set({ scheduleLeaseHolder: null, scheduleLeaseUntil: null })
    .where(and(eq(recurringDonations.id, recurringDonationId), eq(recurringDonations.scheduleLeaseHolder, holder)));
}

/**
 * Runs `work` holding the donation's schedule lease, waiting up to `waitMs` for a run that holds it
 * (a replacement takes well under a second); answers undefined, having run nothing, if it is still held.
 */
export async function withScheduleLease<T>(
  db: Database,
  recurringDonationId: number,
  work: (recurring: Recurring) => Promise<T>,
  { waitMs = 10_000, pollMs = 100 } = {},
): Promise<T | undefined> {
  const holder = randomUUID();
  const deadline = Date.now() + waitMs;
  let recurring: Recurring | undefined;
  while (!(recurring = await takeScheduleLease(db, recurringDonationId, holder))) {
    if (Date.now() >= deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  try {
    return await work(recurring);
  } finally {
    await releaseScheduleLease(db, recurringDonationId, holder);
  }
}

/** Renews the lease before a call that changes the provider; throws if another run has it now. */
export async function renewScheduleLease(db: Database, recurringDonationId: number, holder: string): Promise<void> {
  const [row] = await db
    .update(recurringDonations)
    .set({ scheduleLeaseUntil: sql`now() + ${LEASE}` })
    .where(and(eq(recurringDonations.id, recurringDonationId), eq(recurringDonations.scheduleLeaseHolder, holder)))
    .returning({ id: recurringDonations.id });
  if (!row) throw new ScheduleLeaseLost(recurringDonationId);
}
