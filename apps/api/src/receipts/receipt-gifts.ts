// The gifts receipts are made of: a donation with what it was for (campaign, portfolio, recurring
// period) and how the receipt describes it. One query shape for the single and combined receipts,
// the yearly bundles and the tax summary.
import { formatMessage, GIFT_DESCRIPTIONS, japanMidnight, receivedOn, type LocalisedMessage, type MessageParams } from '@kifu/domain';
import { and, asc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { campaigns, donations, portfolioDonations, portfolios, recurringDonations } from '../db/schema/index';
import { keptAmount } from '../read-models/kept-amount';

export async function receiptGifts(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: donations.id,
      associateId: donations.associateId,
      userId: donations.userId,
      donorId: donations.donorId,
      // What the gift kept after refunds: a receipt, the tax summary and a bundle state that (ADR 064).
      amount: keptAmount,
      status: donations.status,
      paidAt: donations.paidAt,
      needReceipt: donations.needReceipt,
      isAnonymous: donations.isAnonymous,
      isDeductible: donations.isDeductible,
      inEnglish: donations.inEnglish,
      recurringDonationId: donations.recurringDonationId,
      period: recurringDonations.period,
      campaignTitle: campaigns.title,
      campaignTitleEn: campaigns.titleEn,
      portfolioName: portfolios.name,
      portfolioNameEn: portfolios.nameEn,
    })
    .from(donations)
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .leftJoin(recurringDonations, eq(recurringDonations.id, donations.recurringDonationId))
    .leftJoin(portfolioDonations, eq(portfolioDonations.id, donations.portfolioDonationId))
    .leftJoin(portfolios, eq(portfolios.id, portfolioDonations.portfolioId))
    .where(where)
    .orderBy(asc(donations.paidAt), asc(donations.id));
}

export type ReceiptGift = Awaited<ReturnType<typeof receiptGifts>>[number];

/** Gifts received (paid) in a calendar year in Japan. */
export function paidInYear(year: number): SQL {
  return and(
    gte(donations.paidAt, japanMidnight({ year, month: 1, day: 1 })),
    lt(donations.paidAt, japanMidnight({ year: year + 1, month: 1, day: 1 })),
  )!;
}

/** What a gift was for, in both languages. */
export function describeGift(gift: ReceiptGift): LocalisedMessage {
  const fill = (message: LocalisedMessage, ja: MessageParams, en: MessageParams): LocalisedMessage => ({
    ja: formatMessage(message.ja, ja),
    en: formatMessage(message.en, en),
  });
  if (gift.campaignTitle) {
    return fill(GIFT_DESCRIPTIONS.campaign, { title: gift.campaignTitle }, { title: gift.campaignTitleEn || gift.campaignTitle });
  }
  if (gift.portfolioName) {
    return fill(GIFT_DESCRIPTIONS.portfolio, { name: gift.portfolioName }, { name: gift.portfolioNameEn || gift.portfolioName });
  }
  return GIFT_DESCRIPTIONS[gift.period ?? 'single'];
}

export function giftLine(gift: ReceiptGift) {
  const description = describeGift(gift);
  return { receivedOn: receivedOn(gift.paidAt!), amount: gift.amount, description: description.ja, descriptionEn: description.en };
}
