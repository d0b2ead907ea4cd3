// Job `reconcile-card-charges` (providers.md "Reliability rules"): a webhook that never came, or a
// crash between the provider call and our commit, leaves a donation 'authorizing'. Every minute,
// donations still authorizing after RECONCILE_PENDING_AFTER_MINUTES are re-fetched and settled.
// One charge the provider cannot return does not hold up the others.
// Hourly, reportUnownedCharges looks the other way: every charge the provider made in the last
// UNOWNED_LOOKBACK_MS that no donation records and no recurring donation's schedule made (those the
// schedule reconciliation records) is money Kifu knows nothing of — a schedule nobody owns, a charge
// made anyway after a failed start — and is reported once, as a warning with ids only.
import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { donations, recurringDonations } from '../../db/schema/index';
import { claimOnce } from '../../lib/idempotency';
import { ProviderError } from '../../providers/provider-error';
import { CARD_PAYMENT_PROVIDER } from '../../providers/card/card-gateway';
import { refreshCardCharge, type CardPaymentDeps } from './refresh-card-charge';

/** Per run; the next run a minute later takes the rest. */
const BATCH = 100;

export interface ReconcileResult {
  checked: number;
  settled: number;
  failed: number;
}

export async function reconcileCardCharges(
  deps: CardPaymentDeps & { log: FastifyBaseLogger },
  olderThanMinutes: number,
): Promise<ReconcileResult> {
  const stale = await deps.db
    .select({ id: donations.id, paymentId: donations.paymentId })
    .from(donations)
    .where(
      and(
        eq(donations.status, 'authorizing'),
        eq(donations.paymentProvider, CARD_PAYMENT_PROVIDER),
        isNotNull(donations.paymentId),
        lt(donations.createdAt, sql`now() - make_interval(mins => ${olderThanMinutes}::int)`),
      ),
    )
    .orderBy(asc(donations.createdAt))
    .limit(BATCH);

  const result: ReconcileResult = { checked: stale.length, settled: 0, failed: 0 };
  for (const { id, paymentId } of stale) {
    try {
      const settlement = await refreshCardCharge(deps, paymentId!);
      if (settlement.outcome === 'settled') result.settled++;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      result.failed++;
      deps.log.warn({ donationId: id, chargeId: paymentId, code: error.code }, 'reconciliation could not retrieve a card charge');
    }
  }
  if (result.checked > 0) deps.log.info(result, 'card charges reconciled');
  return result;
}

/** How far back each run looks: well within the 7 days clean-up-expired.ts keeps the once-only markers. */
export const UNOWNED_LOOKBACK_MS = 2 * 24 * 60 * 60_000;

/** Reports each charge no donation owns once; returns the ids reported by this run. */
export async function reportUnownedCharges(
  deps: CardPaymentDeps & { log: FastifyBaseLogger },
  olderThanMinutes: number,
  now: Date = new Date(),
): Promise<string[]> {
  // A charge gets its donation within moments of being made; the grace keeps that moment out.
  const to = new Date(now.getTime() - olderThanMinutes * 60_000);
  const charges = await deps.gateway.listCharges({ from: new Date(to.getTime() - UNOWNED_LOOKBACK_MS), to });
  if (charges.length === 0) return [];
  const recorded = await deps.db
    .select({ chargeId: donations.paymentId })
    .from(donations)
    .where(
      and(
        eq(donations.paymentProvider, CARD_PAYMENT_PROVIDER),
        inArray(
          donations.paymentId,
          charges.map((charge) => charge.id),
        ),
      ),
    );
  const scheduleIds = [...new Set(charges.flatMap((charge) => charge.scheduleId ?? []))];
  const owningSchedules =
    scheduleIds.length === 0
      ? []
      : await deps.db
          .select({ scheduleId: recurringDonations.recurringId })
          .from(recurringDonations)
          .where(and(eq(recurringDonations.paymentProvider, CARD_PAYMENT_PROVIDER), inArray(recurringDonations.recurringId, scheduleIds)));
  const recordedCharges = new Set(recorded.map((row) => row.chargeId));
  const ownedSchedules = new Set(owningSchedules.map((row) => row.scheduleId));
  const reported: string[] = [];
  for (const charge of charges) {
    if (recordedCharges.has(charge.id) || (charge.scheduleId !== null && ownedSchedules.has(charge.scheduleId))) continue;
    if (!(await claimOnce(deps.db, 'report:unowned-card-charge', charge.id))) continue;
    deps.log.warn(
      { chargeId: charge.id, status: charge.status, scheduleId: charge.scheduleId, customerId: charge.customerId },
      'a card charge no donation owns was found at the provider',
    );
    reported.push(charge.id);
  }
  return reported;
}
