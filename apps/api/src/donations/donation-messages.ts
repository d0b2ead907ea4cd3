// The completion screen's message to the campaign or associate (spec §2 "default text, a
// hide-name option, send or update"; §3 "Donation message"; §7 /donation/donation-message/ and
// /donation/donation-message/{id}/). One message per donation (donation_messages.donation_id is
// unique): a second POST updates it (ADR 010). Who may write or read it: whoever may read the
// donation (donation-access.ts: its signed-in user, or a guest with its status token). Only a gift
// to an associate or a campaign (not a portfolio part) that is paid — or, for a bank transfer,
// whose account is issued — takes a message. An anonymous gift's message never shows a name.
// The public campaign page (campaigns/get-campaign.ts) withholds a hidden name and shows only
// messages of paid gifts.
import { DonationType, PaymentMethodId, type api } from '@kifu/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donationMessages, donors, userProfiles } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import type { DonationRow } from './donation-access';

type MessageRow = typeof donationMessages.$inferSelect;

export function donationMessageView(row: MessageRow): api.DonationMessageView {
  return {
    id: row.id,
    donation_id: row.donationId!,
    associate_id: row.associateId,
    campaign_id: row.campaignId,
    message: row.message,
    is_name_public: row.isNamePublic,
    published_from: row.publishedFrom,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The name a message is published under by default: the account's nickname, else the donor's name. */
export async function defaultPublishedName(db: Database, donation: Pick<DonationRow, 'userId' | 'donorId'>): Promise<string> {
  if (donation.userId !== null) {
    const [user] = await db
      .select({ nickname: userProfiles.nickname })
      .from(userProfiles)
      .where(eq(userProfiles.userId, donation.userId))
      .limit(1);
    if (user?.nickname) return user.nickname;
  }
  if (donation.donorId === null) return '';
  const [donor] = await db
    .select({ lastName: donors.lastName, firstName: donors.firstName })
    .from(donors)
    .where(eq(donors.id, donation.donorId))
    .limit(1);
  return donor ? `${donor.lastName} ${donor.firstName}`.trim() : '';
}

/** Whether a donation of this type takes a message at all (portfolio parts do not: no one campaign or associate). */
export function takesMessage(type: number): boolean {
  return type === DonationType.NORMAL || type === DonationType.CAMPAIGN;
}

/** What follows a gift on the completion screen (a message, survey answers): a paid gift to one associate or campaign, or an issued bank transfer; 422 otherwise. */
export function checkFollowsGift(donation: DonationRow, what: 'message' | 'survey answer'): void {
  if (!takesMessage(donation.type))
    throw new AppError('unprocessable', `donation ${donation.id} is not a gift to one associate or campaign: it takes no ${what}`);
  const issued = donation.paymentMethod === PaymentMethodId.BANK_TRANSFER && donation.status === 'awaiting_transfer';
  if (donation.status !== 'paid' && !issued)
    throw new AppError('unprocessable', `donation ${donation.id} is ${donation.status}: a ${what} follows a paid gift`);
}

const checkWritable = (donation: DonationRow) => checkFollowsGift(donation, 'message');

/** POST: writes the donation's message, or updates the one it has. */
export async function writeDonationMessage(
  db: Database,
  donation: DonationRow,
  input: api.DonationMessageCreate & { published_from: string; is_name_public: boolean },
): Promise<MessageRow> {
  checkWritable(donation);
  const values = {
    message: input.message,
    isNamePublic: donation.isAnonymous ? false : input.is_name_public,
    publishedFrom: input.published_from || (await defaultPublishedName(db, donation)),
  };
  const [row] = await db
    .insert(donationMessages)
    .values({
      donationId: donation.id,
      associateId: donation.associateId,
      campaignId: donation.campaignId,
      userId: donation.userId,
      type: donation.type,
      ...values,
    })
    .onConflictDoUpdate({ target: donationMessages.donationId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function findDonationMessage(db: Database, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(donationMessages).where(eq(donationMessages.id, id)).limit(1);
  return row;
}

/** PATCH: changes what was given; an anonymous gift stays nameless. */
export async function updateDonationMessage(
  db: Database,
  donation: DonationRow,
  id: number,
  input: api.DonationMessageUpdate,
): Promise<MessageRow> {
  checkWritable(donation);
  const publishedFrom = input.published_from === undefined ? undefined : input.published_from || (await defaultPublishedName(db, donation));
  const [row] = await db
    .update(donationMessages)
    .set({
      ...(input.message !== undefined ? { message: input.message } : {}),
      ...(input.is_name_public !== undefined ? { isNamePublic: donation.isAnonymous ? false : input.is_name_public } : {}),
      ...(publishedFrom !== undefined ? { publishedFrom } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(donationMessages.id, id))
    .returning();
  return row!;
}
