// Supporters' messages on the dashboard (ADR 036, spec §2 dashboard "message"): every message of a
// paid gift to the campaign, hidden ones included, newest first; the campaign's team answers one
// (the reply shows under it on the public page) or hides it from the public page.
import type { api } from '@kifu/domain';
import { and, count, desc, eq, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { donationMessages, donations } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { PageQuery } from '../../lib/paginate';
import { pageOfItems } from '../campaign-items';

const ofPaidGifts = (campaignId: number) =>
  and(eq(donationMessages.campaignId, campaignId), or(isNull(donationMessages.donationId), eq(donations.status, 'paid')));
const withDonation = eq(donations.id, donationMessages.donationId);

const columns = {
  id: donationMessages.id,
  message: donationMessages.message,
  isNamePublic: donationMessages.isNamePublic,
  isAnonymous: donations.isAnonymous,
  publishedFrom: donationMessages.publishedFrom,
  reply: donationMessages.reply,
  hiddenAt: donationMessages.hiddenAt,
  createdAt: donationMessages.createdAt,
};
interface Row {
  id: number;
  message: string;
  isNamePublic: boolean;
  isAnonymous: boolean | null;
  publishedFrom: string;
  reply: string | null;
  hiddenAt: Date | null;
  createdAt: Date;
}

const toDashboardMessage = (row: Row): api.DashboardMessage => ({
  id: row.id,
  message: row.message,
  // The team sees what visitors see: a hidden name stays hidden.
  name: row.isNamePublic && !row.isAnonymous && row.publishedFrom ? row.publishedFrom : null,
  created_at: row.createdAt.toISOString(),
  reply: row.reply,
  hidden: row.hiddenAt !== null,
});

export function dashboardMessages(db: Database, campaignId: number, query: PageQuery) {
  return pageOfItems(
    query,
    () => db.select({ value: count() }).from(donationMessages).leftJoin(donations, withDonation).where(ofPaidGifts(campaignId)),
    ({ limit, offset }) =>
      db
        .select(columns)
        .from(donationMessages)
        .leftJoin(donations, withDonation)
        .where(ofPaidGifts(campaignId))
        .orderBy(desc(donationMessages.createdAt), desc(donationMessages.id))
        .limit(limit)
        .offset(offset),
    toDashboardMessage,
  );
}

export async function updateMessage(
  db: Database,
  campaignId: number,
  messageId: number,
  change: z.infer<typeof api.campaignMessageUpdate>,
): Promise<api.DashboardMessage> {
  // Only a message the dashboard lists (of a paid gift to this campaign) can be answered or hidden.
  const [shown] = await db
    .select({ id: donationMessages.id })
    .from(donationMessages)
    .leftJoin(donations, withDonation)
    .where(and(eq(donationMessages.id, messageId), ofPaidGifts(campaignId)));
  if (!shown) throw new AppError('not_found', `message ${messageId} not found`);
  const now = new Date();
  // An empty reply removes it, as null does.
  const reply = change.reply || null;
  const changes = {
    ...(change.reply === undefined ? {} : { reply, repliedAt: reply === null ? null : now }),
    ...(change.hidden === undefined ? {} : { hiddenAt: change.hidden ? now : null }),
  };
  // An empty SET is not SQL: a change of nothing answers the message as it is.
  if (Object.keys(changes).length > 0) await db.update(donationMessages).set(changes).where(eq(donationMessages.id, messageId));
  const [row] = await db.select(columns).from(donationMessages).leftJoin(donations, withDonation).where(eq(donationMessages.id, messageId));
  return toDashboardMessage(row!);
}
