// Job `release-abandoned-donations` (providers.md "Reliability rules": a crash between our commit
// and the provider call is repaired by reconciliation). A donation is recorded before its payment
// starts; if the process dies in between, the card donation stays 'authorizing' with no charge id
// (so card reconciliation, which re-fetches charges, never sees it) and a bank transfer stays
// 'pending' with no account — each holding its reward unit. Nobody was ever sent to pay them, so
// once they are older than RECONCILE_PENDING_AFTER_MINUTES they fail like any payment that could
// not start (fail-donation.ts), which gives the reward back. A live request finishes its provider
// call within PROVIDER_TIMEOUT_MS, far inside that age.
import { PaymentMethodId } from '@kifu/domain';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { donations } from '../db/schema/index';
import { CARD_PAYMENT_PROVIDER } from '../providers/card/card-gateway';
import { WALLET_CHECKOUT_SESSION_TTL_MS, WALLET_PROVIDER } from '../providers/wallet/wallet-gateway';
import { failUnstartedDonation } from '../donations/fail-donation';
import type { SettlementContext } from '../donations/settle-donation-effects';
import { isLeadOrSingle } from '../donations/portfolio-gift';

export const RELEASE_ABANDONED_DONATIONS_JOB = 'release-abandoned-donations';
/** Per run; the next run takes the rest. */
const BATCH = 100;

export async function releaseAbandonedDonations(db: Database, olderThanMinutes: number, context: SettlementContext = {}): Promise<number> {
  const abandoned = await db
    .select({ id: donations.id })
    .from(donations)
    .where(
      and(
        or(
          and(eq(donations.status, 'authorizing'), eq(donations.paymentProvider, CARD_PAYMENT_PROVIDER), isNull(donations.paymentId)),
          and(eq(donations.status, 'pending'), eq(donations.paymentMethod, PaymentMethodId.BANK_TRANSFER), isNull(donations.paymentId)),
        ),
        lt(donations.createdAt, sql`now() - make_interval(mins => ${olderThanMinutes}::int)`),
        // A portfolio gift's other parts never carry the payment id: they follow their lead.
        isLeadOrSingle,
      ),
    )
    .orderBy(asc(donations.createdAt))
    .limit(BATCH);
  let released = 0;
  for (const { id } of abandoned) if (await failUnstartedDonation(db, id, 'abandoned', context)) released++;
  return released;
}

/**
 * Wallet pay donations whose checkout was never completed: the supporter left at the provider's
 * page (or never came back to our result page), so the donation waits 'authorizing' holding its
 * reward. Once the provider's session has expired (WALLET_CHECKOUT_SESSION_TTL_MS after we
 * recorded it, which is after the session was created) it can never be completed: the donation
 * fails with reason 'checkout_expired' and its reward is released. A monthly gift's recurring
 * donation is stopped with it (settle-donation-effects.ts).
 */
export async function releaseAbandonedWalletDonations(
  db: Database,
  now: Date = new Date(),
  context: SettlementContext = {},
): Promise<number> {
  const abandoned = await db
    .select({ id: donations.id })
    .from(donations)
    .where(
      and(
        eq(donations.status, 'authorizing'),
        eq(donations.paymentProvider, WALLET_PROVIDER),
        lt(donations.createdAt, new Date(now.getTime() - WALLET_CHECKOUT_SESSION_TTL_MS)),
      ),
    )
    .orderBy(asc(donations.createdAt))
    .limit(BATCH);
  let released = 0;
  for (const { id } of abandoned) if (await failUnstartedDonation(db, id, 'checkout_expired', context)) released++;
  return released;
}

const RELEASE_ABANDONED_EVERY_MS = 5 * 60_000;

/** The periodic job on the app: card, bank and wallet donations whose payment never started or expired. */
export async function abandonedDonationsPlugin(app: FastifyInstance): Promise<void> {
  app.jobs.handle(RELEASE_ABANDONED_DONATIONS_JOB, async () => {
    const context = { metrics: app.metrics };
    const released = await releaseAbandonedDonations(app.db, app.config.RECONCILE_PENDING_AFTER_MINUTES, context);
    if (released > 0) app.log.warn({ released }, 'donations whose payment never started were failed');
    const expired = await releaseAbandonedWalletDonations(app.db, new Date(), context);
    if (expired > 0) app.log.warn({ expired }, 'wallet donations whose checkout expired were failed');
  });
  app.jobs.every(RELEASE_ABANDONED_DONATIONS_JOB, RELEASE_ABANDONED_EVERY_MS);
}
