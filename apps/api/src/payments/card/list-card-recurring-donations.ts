// The signed-in user's active recurring support charged to their saved card (spec §4 donation flow
// step 4, §7 "Fetch active recurring donations for the card"): recurring card donations of this
// user, active, whose provider customer is the user's saved one. Object-level access is the query
// itself: only rows of the caller's own user id and own customer are read.
import { PaymentMethodId, type api, type Locale } from '@kifu/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { associates, donors, portfolios, recurringDonations, userCreditCards } from '../../db/schema/index';
import { localizer } from '../../lib/localize';

export async function listCardRecurringDonations(db: Database, userId: number, lang: Locale): Promise<api.CardRecurringDonationsResponse> {
  const [card] = await db.select().from(userCreditCards).where(eq(userCreditCards.userId, userId)).limit(1);
  if (!card) return { count: 0, card: null, recurring_donations: [] };
  const rows = await db
    .select({
      id: recurringDonations.id,
      associate: { name: associates.name, nameEn: associates.nameEn },
      portfolio: { name: portfolios.name, nameEn: portfolios.nameEn },
      lastName: donors.lastName,
      firstName: donors.firstName,
    })
    .from(recurringDonations)
    .innerJoin(donors, eq(donors.id, recurringDonations.donorId))
    .leftJoin(associates, eq(associates.id, recurringDonations.associateId))
    .leftJoin(portfolios, eq(portfolios.id, recurringDonations.portfolioId))
    .where(
      and(
        eq(recurringDonations.userId, userId),
        eq(recurringDonations.status, 'active'),
        eq(recurringDonations.paymentMethod, PaymentMethodId.CREDIT_CARD),
        eq(recurringDonations.paymentProvider, card.provider),
        eq(recurringDonations.customerId, card.customerCode),
      ),
    )
    .orderBy(asc(recurringDonations.id));
  const localize = localizer(lang);
  const recurring = rows.map((row) => ({
    id: row.id,
    associate_name: row.associate ? localize(row.associate, 'name') : '',
    portfolio_name: row.portfolio ? localize(row.portfolio, 'name') : '',
    recurring_donation_name: [row.lastName, row.firstName].filter((part) => part !== '').join(' '),
  }));
  return { count: recurring.length, card: { brand: card.brand, last_digits: card.lastDigits }, recurring_donations: recurring };
}
