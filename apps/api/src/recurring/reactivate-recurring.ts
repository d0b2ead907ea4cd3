// A new card for a suspended recurring donation (ADR 034): the donation is active again,
// a new provider schedule charges from the next charge day (replace-card-schedule.ts), and the month
// whose charges failed is charged once more now (retry-due-charge.ts) — recorded as a donation that
// re-tries the failed one (spec §3 originalId). All in one transaction that holds the donation rows.
import { nextChangeableCharge } from '@kifu/domain';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donations, recurringDonationChanges, recurringDonations } from '../db/schema/index';
import { enqueueJob } from '../jobs/enqueue-job';
import { CARD_PAYMENT_PROVIDER } from '../providers/card/card-gateway';
import { enqueueScheduleReplacement } from './replace-card-schedule';

export const RETRY_DUE_CHARGE_JOB = 'retry-due-charge';

export interface ReactivationScope {
  customerId: string;
  /** A signed-in supporter's own; a guest's by their ids. */
  userId?: number;
  recurringDonationIds?: readonly number[];
  actor: 'supporter' | 'guest';
}

/** Re-activates the scope's suspended card donations; answers their ids. */
export async function reactivateSuspended(db: Database, scope: ReactivationScope, now = new Date()): Promise<number[]> {
  return db.transaction(async (tx) => {
    const suspended = await tx
      .select()
      .from(recurringDonations)
      .where(
        and(
          eq(recurringDonations.status, 'suspended'),
          eq(recurringDonations.paymentProvider, CARD_PAYMENT_PROVIDER),
          eq(recurringDonations.customerId, scope.customerId),
          scope.userId === undefined ? undefined : eq(recurringDonations.userId, scope.userId),
          scope.recurringDonationIds === undefined ? undefined : inArray(recurringDonations.id, [...scope.recurringDonationIds, 0]),
        ),
      )
      .for('update');
    for (const recurring of suspended) {
      const day = recurring.onDays[0] ?? Number(recurring.nextOccurrenceDate?.slice(8, 10) ?? 1);
      await tx
        .update(recurringDonations)
        .set({
          status: 'active',
          suspendedAt: null,
          firstPaymentFailedAt: null,
          nextOccurrenceDate: nextChangeableCharge(null, day, now),
          scheduleChangeRequestedAt: now,
          updatedAt: sql`now()`,
        })
        .where(eq(recurringDonations.id, recurring.id));
      await tx
        .insert(recurringDonationChanges)
        .values({ recurringDonationId: recurring.id, kind: 'reactivate', actor: scope.actor, createdAt: now });
      await enqueueScheduleReplacement(tx, recurring.id);
      await queueRetryOfFailedMonth(tx, recurring.id);
    }
    return suspended.map((recurring) => recurring.id);
  });
}

/** The latest failed month of a one-associate donation, re-tried as a new pending donation (a portfolio's month waits for its next charge). */
async function queueRetryOfFailedMonth(tx: Database, recurringDonationId: number): Promise<void> {
  const [latest] = await tx
    .select()
    .from(donations)
    .where(
      and(
        eq(donations.recurringDonationId, recurringDonationId),
        eq(donations.isFromSchedule, true),
        isNull(donations.portfolioDonationId),
      ),
    )
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(1);
  if (latest?.status !== 'failed') return;
  const [retry] = await tx
    .insert(donations)
    .values({
      associateId: latest.associateId,
      campaignId: latest.campaignId,
      userId: latest.userId,
      donorId: latest.donorId,
      recurringDonationId,
      originalId: latest.id,
      amount: latest.amount,
      type: latest.type,
      paymentMethod: latest.paymentMethod,
      paymentMethodDetail: latest.paymentMethodDetail,
      needReceipt: latest.needReceipt,
      inEnglish: latest.inEnglish,
      isCommissionContains: latest.isCommissionContains,
      isDeductible: latest.isDeductible,
      isFromSchedule: true,
      isRecurring: true,
      isUser: latest.isUser,
      isAnonymous: latest.isAnonymous,
      status: 'pending',
    })
    .returning({ id: donations.id });
  await enqueueJob(tx, {
    kind: RETRY_DUE_CHARGE_JOB,
    payload: { donationId: retry!.id },
    dedupeKey: `${RETRY_DUE_CHARGE_JOB}:${retry!.id}`,
    maxAttempts: 10,
  });
}
