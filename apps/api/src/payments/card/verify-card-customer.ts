// Whose card is charged (spec §4 "Card path for a guest"; ADR 026): a saved customer is
// usable only by the session that owns it. A signed-in supporter's gift charges the customer saved
// on their account (/payment/credit) and nothing else. A guest's charges only the anonymous customer
// /payment/non-member-credit made in the same form session, proven by the handle it answered with
// (guest-customer-handle.ts) — an email and a customer id, which others can know, are not enough,
// so a member's card can never be charged without the member's token. Anything else is someone
// else's card: 403, before anything is recorded.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userCreditCards } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { isGuestCustomerHandleValid } from './guest-customer-handle';

const notYours = () => new AppError('forbidden', 'customer_mismatch: the card customer does not belong to this donor');

export async function verifyCardCustomer(
  db: Database,
  cardSecretKey: string,
  input: { customerId: string; customerHandle: string | undefined; userId: number | undefined; email: string },
): Promise<void> {
  if (input.userId !== undefined) {
    const [saved] = await db
      .select({ customerCode: userCreditCards.customerCode })
      .from(userCreditCards)
      .where(eq(userCreditCards.userId, input.userId))
      .limit(1);
    if (saved?.customerCode !== input.customerId) throw notYours();
    return;
  }
  if (!isGuestCustomerHandleValid(cardSecretKey, input.customerHandle, { customerId: input.customerId, email: input.email }))
    throw notYours();
}
