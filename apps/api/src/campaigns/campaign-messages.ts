// Supporters' messages on a campaign (spec §2 /campaign/{id}/message): spec §7 has no call of their
// own, so GET /campaign/{id}/ carries one page of them (message_page, message_page_size) and their
// count. Only messages of paid gifts are public (one sent with an unpaid or failed gift stays
// unseen), newest first. A hidden name is withheld, not just flagged: the supporter hid it on the
// completion screen, or the gift was anonymous (an anonymous gift never shows a name, whatever the
// message row says). A message the campaign's team hid is left out; their reply shows with it
// (ADR 036).
import type { api } from '@kifu/domain';
import { and, count, desc, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donationMessages, donations } from '../db/schema/index';
import type { PageQuery } from '../lib/paginate';
import { pageOfItems } from './campaign-items';

export async function campaignMessagesPage(db: Database, campaignId: number, query: PageQuery) {
  const isPublic = and(
    eq(donationMessages.campaignId, campaignId),
    isNull(donationMessages.hiddenAt),
    or(isNull(donationMessages.donationId), eq(donations.status, 'paid')),
  );
  const withDonation = eq(donations.id, donationMessages.donationId);
  return pageOfItems(
    query,
    () => db.select({ value: count() }).from(donationMessages).leftJoin(donations, withDonation).where(isPublic),
    ({ limit, offset }) =>
      db
        .select({
          id: donationMessages.id,
          message: donationMessages.message,
          isNamePublic: donationMessages.isNamePublic,
          isAnonymous: donations.isAnonymous,
          publishedFrom: donationMessages.publishedFrom,
          reply: donationMessages.reply,
          createdAt: donationMessages.createdAt,
        })
        .from(donationMessages)
        .leftJoin(donations, withDonation)
        .where(isPublic)
        .orderBy(desc(donationMessages.createdAt), desc(donationMessages.id))
        .limit(limit)
        .offset(offset),
    (row): api.CampaignMessage => ({
      id: row.id,
      message: row.message,
      name: row.isNamePublic && !row.isAnonymous && row.publishedFrom ? row.publishedFrom : null,
      created_at: row.createdAt.toISOString(),
      reply: row.reply,
    }),
  );
}
