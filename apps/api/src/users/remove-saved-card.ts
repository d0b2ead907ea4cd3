// DELETE /user/me/credit-card/ (ADR 034, /mypage/credit-card "Remove the card"): the signed-in
// user's saved card row goes; the provider's customer stays (nothing is charged through it any
// more, and a receipt or a refund may still need it), so nothing at the provider is called.
// Refused while recurring support of the user that may still be charged — active, or suspended
// and waiting for a new card — charges that card's customer: removing the card would leave the
// supporter no way to see or replace the card paying for it. Object-level access is the query
// itself: only the caller's own row is read and deleted. The card's customer is matched by
// provider and customer code, whatever the method of payment.
import { ACCOUNT_ERRORS } from '@kifu/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { recurringDonations, userCreditCards } from '../db/schema/index';
import { AppError } from '../lib/app-error';

/** Recurring support in these states still charges (or will again charge) its customer's card. */
const CHARGING_STATES = ['active', 'suspended'] as const;

/** Throws 409 while the card is in use; a user without a saved card has nothing to remove (done). */
export async function removeSavedCard(db: Database, userId: number): Promise<void> {
  return db.transaction(async (tx) => {
    // Locked, so a card saved or replaced at the same moment is judged as it stands after that.
    const [card] = await tx.select().from(userCreditCards).where(eq(userCreditCards.userId, userId)).for('update').limit(1);
    if (!card) return;
    const [inUse] = await tx
      .select({ id: recurringDonations.id })
      .from(recurringDonations)
      .where(
        and(
          eq(recurringDonations.userId, userId),
          inArray(recurringDonations.status, [...CHARGING_STATES]),
          eq(recurringDonations.paymentProvider, card.provider),
          eq(recurringDonations.customerId, card.customerCode),
        ),
      )
      .limit(1);
    if (inUse) throw new AppError('conflict', ACCOUNT_ERRORS.cardInUse.en);
    await tx.delete(userCreditCards).where(and(eq(userCreditCards.id, card.id), eq(userCreditCards.userId, userId)));
  });
}
