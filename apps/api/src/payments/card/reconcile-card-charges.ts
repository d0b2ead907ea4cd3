// Job `reconcile-card-charges` (providers.md "Reliability rules"): a webhook that never came, or a
// crash between the provider call and our commit, leaves a donation 'authorizing'. Every minute,
// donations still authorizing after RECONCILE_PENDING_AFTER_MINUTES are re-fetched and settled.
// One charge the provider cannot return does not hold up the others.
import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { donations } from '../../db/schema/index';
import { ProviderError } from '../../providers/provider-error';
import { CARD_PAYMENT_PROVIDER } from './card-payment-state';
import { refreshCardCharge, type CardPaymentDeps } from './refresh-card-charge';

/** Per run; the next run a minute later takes the rest. */
const BATCH = 100;

export interface ReconcileResult {
  checked: number;
  settled: number;
  failed: number;
}

export async function reconcileCardCharges(deps: CardPaymentDeps & { log: FastifyBaseLogger }, olderThanMinutes: number): Promise<ReconcileResult> {
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
