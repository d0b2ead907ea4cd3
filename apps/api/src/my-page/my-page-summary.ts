// The top of my page (spec §7 /user/my_page/): what a supporter has given, this year and in all,
// to how many organisations, how much recurring support runs, and the latest gifts.
import { api, japanDateOf, type Locale } from '@kifu/domain';
import { and, countDistinct, eq, inArray, sql, count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donations, recurringDonations } from '../db/schema/index';
import { japanYearOf } from './gift-year';
import { giftYears, latestGifts } from './support-history';
import { keptAmount } from '../read-models/kept-amount';

const LATEST_GIFTS = 5;

export async function myPageSummary(
  db: Database,
  userId: number,
  lang: Locale,
  mediaUrl: (path: string) => string,
  now = new Date(),
): Promise<api.MyPageSummary> {
  const thisYear = japanDateOf(now).year;
  const paid = and(eq(donations.userId, userId), eq(donations.status, 'paid'));
  const [totals] = await db
    .select({
      total: sql<number>`coalesce(sum(${keptAmount}), 0)::int`,
      thisYear: sql<number>`coalesce(sum(${keptAmount}) filter (where ${japanYearOf(donations.paidAt, donations.createdAt)} = ${thisYear}), 0)::int`,
      // A portfolio gift is one gift however many organisations share it.
      gifts: sql<number>`count(distinct coalesce('p' || ${donations.portfolioDonationId}, 'd' || ${donations.id}))::int`,
      associates: countDistinct(donations.associateId),
    })
    .from(donations)
    .where(paid);
  const [recurring] = await db
    .select({ active: count() })
    .from(recurringDonations)
    .where(and(eq(recurringDonations.userId, userId), inArray(recurringDonations.status, ['active', 'suspended'])));
  const [years, latest] = await Promise.all([giftYears(db, userId), latestGifts(db, userId, LATEST_GIFTS, lang, mediaUrl)]);
  return {
    total_amount: Number(totals?.total ?? 0),
    gift_count: Number(totals?.gifts ?? 0),
    associate_count: Number(totals?.associates ?? 0),
    this_year: { year: thisYear, total: Number(totals?.thisYear ?? 0) },
    active_recurring_count: recurring?.active ?? 0,
    years,
    latest,
  };
}
