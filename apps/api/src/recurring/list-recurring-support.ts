// /user/my_page/recurring_donation/associate/ (spec §7, ADR 034): the caller's recurring donations,
// newest first, each with what it supports, its terms, how it pays, where it stands, what may be
// changed, and its latest charges. Only the caller's rows are read.
import { allowedChanges, api, recurringState, type Locale, paymentMethodOfId } from '@kifu/domain';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associates, campaigns, donations, membershipPlans, portfolios, recurringDonations, userCreditCards } from '../db/schema/index';
import { localizer } from '../lib/localize';

/** Enough to see the last year of a monthly gift. */
const CHARGES_SHOWN = 12;

export async function listRecurringSupport(
  db: Database,
  where: { userId: number } | { ids: readonly number[] },
  lang: Locale,
  now = new Date(),
): Promise<api.RecurringSupportList> {
  const localize = localizer(lang);
  const rows = await db
    .select({
      recurring: recurringDonations,
      associate: { uid: associates.uid, name: associates.name, nameEn: associates.nameEn },
      portfolio: { id: portfolios.id, name: portfolios.name, nameEn: portfolios.nameEn },
      campaign: { id: campaigns.id, title: campaigns.title, titleEn: campaigns.titleEn },
      plan: { name: membershipPlans.name, nameEn: membershipPlans.nameEn },
    })
    .from(recurringDonations)
    .leftJoin(associates, eq(associates.id, recurringDonations.associateId))
    .leftJoin(portfolios, eq(portfolios.id, recurringDonations.portfolioId))
    .leftJoin(campaigns, eq(campaigns.id, recurringDonations.campaignId))
    .leftJoin(membershipPlans, eq(membershipPlans.id, recurringDonations.membershipPlanId))
    .where('userId' in where ? eq(recurringDonations.userId, where.userId) : inArray(recurringDonations.id, [...where.ids, 0]))
    .orderBy(desc(recurringDonations.id));
  const ids = rows.map((row) => row.recurring.id);
  const charges = ids.length
    ? await db
        .select({
          id: donations.id,
          recurringDonationId: donations.recurringDonationId,
          amount: donations.amount,
          status: donations.status,
          paidAt: donations.paidAt,
          createdAt: donations.createdAt,
          portfolioDonationId: donations.portfolioDonationId,
        })
        .from(donations)
        .where(inArray(donations.recurringDonationId, ids))
        .orderBy(desc(donations.createdAt), desc(donations.id))
    : [];
  const cards = 'userId' in where ? await db.select().from(userCreditCards).where(eq(userCreditCards.userId, where.userId)) : [];

  const results = rows.map(({ recurring, associate, portfolio, campaign, plan }) => {
    const state = recurringState(recurring, now);
    const card = cards.find((saved) => saved.provider === recurring.paymentProvider && saved.customerCode === recurring.customerId);
    // A portfolio charge is one payment split into parts: show it once, at its whole amount.
    const own = charges.filter((charge) => charge.recurringDonationId === recurring.id);
    const seen = new Set<number>();
    const payments = own.filter((charge) => {
      if (charge.portfolioDonationId === null) return true;
      if (seen.has(charge.portfolioDonationId)) return false;
      seen.add(charge.portfolioDonationId);
      return true;
    });
    return {
      id: recurring.id,
      associate: associate?.uid ? { uid: associate.uid, name: localize(associate, 'name') } : null,
      portfolio: portfolio?.id ? { id: portfolio.id, name: localize(portfolio, 'name') } : null,
      campaign: campaign?.id ? { id: campaign.id, title: localize(campaign, 'title') } : null,
      amount: recurring.amount,
      period: recurring.period === 'annual' ? ('annual' as const) : ('monthly' as const),
      membership_plan: plan?.name ? localize(plan, 'name') : null,
      payment_method: paymentMethodOfId(recurring.paymentMethod) ?? 'creditCard',
      card: card ? { brand: card.brand, last_digits: card.lastDigits } : null,
      state,
      next_charge_on: state === 'stopped' || state === 'suspended' ? null : recurring.nextOccurrenceDate,
      paused_until: state === 'paused' ? recurring.pausedUntil : null,
      started_on: recurring.startDate,
      stopped_at: recurring.stoppedAt?.toISOString() ?? null,
      allowed: allowedChanges(recurring.period === 'annual' ? 'annual' : 'monthly', state),
      charges: payments.slice(0, CHARGES_SHOWN).map((charge) => ({
        donation_id: charge.id,
        amount: portfolio?.id ? recurring.amount : charge.amount,
        status: charge.status,
        at: (charge.paidAt ?? charge.createdAt).toISOString(),
      })),
    };
  });
  return { results };
}
