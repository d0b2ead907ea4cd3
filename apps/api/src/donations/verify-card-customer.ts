// Whose card is charged (spec §4 "Card path for a guest"): a signed-in supporter's gift charges the
// customer saved on their account (/payment/credit); a guest's charges the anonymous customer made
// from the vault token and the entered email (/payment/non-member-credit), so that customer's email
// must be the donor's. Anything else is someone else's card: 403, before anything is recorded.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { userCreditCards } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import type { CardGateway } from '../providers/card/card-gateway';
import { ProviderError, providerErrorToAppError } from '../providers/provider-error';

const notYours = () => new AppError('forbidden', 'customer_mismatch: the card customer does not belong to this donor');

export async function verifyCardCustomer(
  db: Database,
  gateway: CardGateway,
  input: { customerId: string; userId: number | undefined; email: string },
): Promise<void> {
  if (input.userId !== undefined) {
    const [saved] = await db.select({ customerCode: userCreditCards.customerCode }).from(userCreditCards).where(eq(userCreditCards.userId, input.userId)).limit(1);
    if (saved?.customerCode !== input.customerId) throw notYours();
    return;
  }
  let email: string | null;
  try {
    email = (await gateway.retrieveCustomer(input.customerId)).email;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // An unknown customer id is as good as someone else's: say nothing more.
    if (error.rejectedRequest) throw notYours();
    throw providerErrorToAppError(error);
  }
  if (!email || email.trim().toLowerCase() !== input.email.trim().toLowerCase()) throw notYours();
}
