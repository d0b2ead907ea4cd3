// Spec §4 "A logged-in user registers the card on the user" (§7 "Update credit card"): the token's
// card joins the user's existing gateway customer as its new default card, or a customer is
// created with the account's email. The saved card row keeps only what spec §3 "Card" shows —
// holder name, brand, last digits, customer code — never a number (architecture.md §1, PCI DSS).
// Schedules charge their customer's default card (providers.md), so attaching the new card moves
// every recurring support of that customer to it. When the supporter declines moving them (spec
// §4 step 4, `moveRecurring: false`), the card gets a customer of its own instead: it becomes the
// user's saved card, and the recurring support keeps charging the previous customer's card.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userCreditCards, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { CardGateway } from '../../providers/card/card-gateway';
import { CARD_PAYMENT_PROVIDER } from '../../providers/card/card-gateway';

export type SavedUserCard = typeof userCreditCards.$inferSelect;

export async function registerUserCard(
  db: Database,
  gateway: CardGateway,
  input: { userId: number; token: string; moveRecurring?: boolean },
): Promise<SavedUserCard> {
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user) throw new AppError('unauthorized', 'the account no longer exists');
  const [existing] = await db.select().from(userCreditCards).where(eq(userCreditCards.userId, user.id)).limit(1);

  const card =
    existing && existing.provider === CARD_PAYMENT_PROVIDER && input.moveRecurring !== false
      ? await gateway.attachCard(existing.customerCode, input.token)
      : await gateway.createCustomer({ email: user.email, token: input.token, description: `Kifu user ${user.id}` });

  const saved = {
    provider: CARD_PAYMENT_PROVIDER,
    customerCode: card.customerId,
    brand: card.brand,
    lastDigits: card.lastDigits,
    name: card.name,
  };
  const [row] = await db
    .insert(userCreditCards)
    .values({ userId: user.id, ...saved })
    .onConflictDoUpdate({ target: userCreditCards.userId, set: { ...saved, updatedAt: sql`now()` } })
    .returning();
  return row!;
}
