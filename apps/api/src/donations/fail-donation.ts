// The transition for a donation whose payment could not even be started — the gateway refused or
// never answered createCharge, or the bank could not issue an account — so no provider state
// exists that webhooks or reconciliation could ever settle:
//   authorizing | pending ── start failed ──▶ failed   reason_of_payment_failed = the provider's code
// with the same effects as any failed settlement (reward released, recurring stopped). Conditional
// on the waiting state, like the payment state machines, so it happens once.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donations } from '../db/schema/index';
import { applySettlementEffects, type SettlementContext } from './settle-donation-effects';

export async function failUnstartedDonation(
  db: Database,
  donationId: number,
  reason: string,
  context: SettlementContext = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [failed] = await tx
      .update(donations)
      .set({ status: 'failed', reasonOfPaymentFailed: reason, updatedAt: sql`now()` })
      .where(and(eq(donations.id, donationId), inArray(donations.status, ['authorizing', 'pending'])))
      .returning({ id: donations.id });
    if (!failed) return false;
    await applySettlementEffects(tx, { donationId, status: 'failed' }, context);
    return true;
  });
}
