// Job `reconcile-card-schedules` (providers.md "Reliability rules": the webhook is a hint that may
// never come). Hourly, every active recurring card donation whose next occurrence date (a date in
// Japan) has come, or whose last month failed and is being retried by the provider, has its
// schedule retrieved; each occurrence's charge not yet recorded is retrieved and recorded
// (record-scheduled-charge.ts), and the schedule's next date and suspension are applied.
// An occurrence names only its latest attempt: a failed attempt whose webhook was lost and that a
// retry then replaced is not recorded (the paid retry is). One schedule the provider cannot return
// does not hold up the others.
// Then every live schedule at the provider that no recurring donation names — made by an activation
// that died before recording it and was never taken over (activate-recurring-donation.ts), a second
// schedule beside the one a donation names (ADR 053), or left behind by anything else — is reported
// (an error with ids only, to the logs and to error reporting) and deleted: it would charge the
// supporter with nobody recording the money, or twice a month. A schedule whose recurring donation is still waiting
// for its activation, or whose schedule is being replaced, is left for that activation or
// replacement to take over.
import { japanIsoDate } from '@kifu/domain';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { donations, recurringDonations } from '../db/schema/index';
import { CARD_PAYMENT_PROVIDER } from '../providers/card/card-gateway';
import type { CardSchedule } from '../providers/card/card-gateway';
import { ProviderError } from '../providers/provider-error';
import { reportError } from '../lib/error-reporting';
import { isLiveSchedule, scheduleOwnerId } from './activate-recurring-donation';
import { recordScheduledCharge, syncSchedule, type ScheduledChargeDeps } from './record-scheduled-charge';

export const RECONCILE_CARD_SCHEDULES_JOB = 'reconcile-card-schedules';
/** Per run; the next run takes the rest. */
const BATCH = 50;

export interface ScheduleReconcileResult {
  checked: number;
  recorded: number;
  failed: number;
  /** Provider schedules no recurring donation owns, deleted at the provider. */
  stopped: number;
}

export async function reconcileCardSchedules(deps: ScheduledChargeDeps, now: Date = new Date()): Promise<ScheduleReconcileResult> {
  const due = await deps.db
    .select({ id: recurringDonations.id, scheduleId: recurringDonations.recurringId })
    .from(recurringDonations)
    .where(
      and(
        eq(recurringDonations.status, 'active'),
        eq(recurringDonations.paymentProvider, CARD_PAYMENT_PROVIDER),
        isNotNull(recurringDonations.recurringId),
        or(
          lte(recurringDonations.nextOccurrenceDate, japanIsoDate(now)),
          isNull(recurringDonations.nextOccurrenceDate),
          isNotNull(recurringDonations.firstPaymentFailedAt),
        ),
      ),
    )
    .orderBy(asc(recurringDonations.nextOccurrenceDate))
    .limit(BATCH);

  const result: ScheduleReconcileResult = { checked: due.length, recorded: 0, failed: 0, stopped: 0 };
  for (const { id, scheduleId } of due) {
    try {
      const schedule = await deps.gateway.retrieveSchedule(scheduleId!);
      const chargeIds = schedule.occurrences.flatMap((occurrence) => (occurrence.chargeId === null ? [] : [occurrence.chargeId]));
      const known =
        chargeIds.length === 0
          ? []
          : await deps.db
              .select({ paymentId: donations.paymentId })
              .from(donations)
              .where(and(eq(donations.paymentProvider, CARD_PAYMENT_PROVIDER), inArray(donations.paymentId, chargeIds)));
      const recorded = new Set(known.map((row) => row.paymentId));
      for (const chargeId of chargeIds.filter((chargeId) => !recorded.has(chargeId))) {
        const charge = await deps.gateway.retrieveCharge(chargeId);
        if ((await recordScheduledCharge(deps, charge, { schedule, now })).outcome === 'settled') result.recorded++;
      }
      await syncSchedule(deps, schedule, now);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      result.failed++;
      deps.log.warn(
        { recurringDonationId: id, scheduleId, code: error.code },
        'reconciliation could not retrieve a card schedule or its charge',
      );
    }
  }
  try {
    result.stopped = await stopUnownedSchedules(deps);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    result.failed++;
    deps.log.warn({ code: error.code }, 'reconciliation could not list or stop the card schedules no donation owns');
  }
  if (result.checked + result.stopped > 0) deps.log.info(result, 'card schedules reconciled');
  return result;
}

/** Live provider schedules that no recurring donation owns nor is about to take over. */
async function unownedSchedules(deps: ScheduledChargeDeps, schedules: CardSchedule[]): Promise<CardSchedule[]> {
  if (schedules.length === 0) return [];
  const owned = await deps.db
    .select({ scheduleId: recurringDonations.recurringId })
    .from(recurringDonations)
    .where(
      and(
        eq(recurringDonations.paymentProvider, CARD_PAYMENT_PROVIDER),
        inArray(
          recurringDonations.recurringId,
          schedules.map((schedule) => schedule.id),
        ),
      ),
    );
  const ownedIds = new Set(owned.map((row) => row.scheduleId));
  const owners = [...new Set(schedules.flatMap((schedule) => scheduleOwnerId(schedule) ?? []))];
  const activating =
    owners.length === 0
      ? []
      : await deps.db
          .select({ id: recurringDonations.id })
          .from(recurringDonations)
          .where(
            and(
              inArray(recurringDonations.id, owners),
              or(
                and(eq(recurringDonations.status, 'pending'), isNull(recurringDonations.recurringId)),
                // Its schedule is being replaced or stopped (replace-card-schedule.ts): the new one may not be recorded yet.
                isNotNull(recurringDonations.scheduleChangeRequestedAt),
                gt(recurringDonations.scheduleLeaseUntil, sql`now()`),
              ),
            ),
          );
  const activatingIds = new Set(activating.map((row) => row.id));
  return schedules.filter((schedule) => !ownedIds.has(schedule.id) && !activatingIds.has(scheduleOwnerId(schedule) ?? 0));
}

async function stopUnownedSchedules(deps: ScheduledChargeDeps): Promise<number> {
  const live = (await deps.gateway.listSchedules()).filter(isLiveSchedule);
  let stopped = 0;
  for (const schedule of await unownedSchedules(deps, live)) {
    const found = { scheduleId: schedule.id, customerId: schedule.customerId, recurringDonationId: scheduleOwnerId(schedule) };
    deps.log.error(found, 'a card schedule no recurring donation names was found at the provider; deleting it');
    // A person should know: beside the one a donation names, it would have charged the supporter twice.
    reportError(new Error('a live card schedule no recurring donation names was deleted'), {
      tags: { schedule_id: schedule.id, recurring_donation_id: String(found.recurringDonationId ?? 'none') },
    });
    await deps.gateway.deleteSchedule(schedule.id);
    stopped++;
  }
  return stopped;
}
