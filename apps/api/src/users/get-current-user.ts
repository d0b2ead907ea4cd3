// GET /user/me/ (spec §7 "Fetch current user (token sent)": reads id, email, avatar_image.file and
// the rest of the user). One query per part; they are independent, so they run together.
import type { Locale } from '@kifu/domain';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  associateMembers,
  associates,
  campaigns,
  donations,
  portfolioDonations,
  userCreditCards,
  userPrivateProfiles,
  userProfiles,
  users,
} from '../db/schema/index';
import { hasPassword } from '../accounts/passwords';
import { localizer } from '../lib/localize';
import type { MediaUrl } from '../media/media-url';
import type { CurrentUser } from './current-user-schema';

const iso = (date: Date) => date.toISOString();

async function donationStats(db: Database, userId: number): Promise<CurrentUser['stats']> {
  const totals = (table: typeof donations | typeof portfolioDonations, extra?: ReturnType<typeof isNull>) =>
    db
      .select({ count: count(), total: sql`coalesce(sum(${table.amount}), 0)`.mapWith(Number) })
      .from(table)
      .where(and(eq(table.userId, userId), eq(table.status, 'paid'), extra));
  // A portfolio gift is one charge split into per-associate donations: count the charge, not the parts.
  const [[single], [portfolio]] = await Promise.all([totals(donations, isNull(donations.portfolioDonationId)), totals(portfolioDonations)]);
  return { donation_count: (single?.count ?? 0) + (portfolio?.count ?? 0), donation_total: (single?.total ?? 0) + (portfolio?.total ?? 0) };
}

/** Undefined when the user no longer exists. */
export async function getCurrentUser(db: Database, userId: number, lang: Locale, mediaUrl: MediaUrl): Promise<CurrentUser | undefined> {
  const [[user], [profile], [privateProfile], [card], memberships, [drafts], stats] = await Promise.all([
    db.select().from(users).where(eq(users.id, userId)),
    db.select().from(userProfiles).where(eq(userProfiles.userId, userId)),
    db.select().from(userPrivateProfiles).where(eq(userPrivateProfiles.userId, userId)),
    db.select().from(userCreditCards).where(eq(userCreditCards.userId, userId)),
    db
      .select({
        id: associateMembers.id,
        associateId: associates.id,
        uid: associates.uid,
        name: associates.name,
        nameEn: associates.nameEn,
      })
      .from(associateMembers)
      .innerJoin(associates, eq(associates.id, associateMembers.associateId))
      .where(eq(associateMembers.userId, userId))
      .orderBy(asc(associateMembers.id)),
    db
      .select({ count: count() })
      .from(campaigns)
      .where(and(eq(campaigns.userId, userId), eq(campaigns.status, 'draft'))),
    donationStats(db, userId),
  ]);
  if (!user) return undefined;
  const localize = localizer(lang);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    registrationType: user.registrationType,
    signsInWithEmail: hasPassword(user.passwordHash),
    profile: profile
      ? {
          id: profile.id,
          nickname: profile.nickname,
          description: profile.description,
          snsIdTwitter: profile.snsIdTwitter,
          snsIdFacebook: profile.snsIdFacebook,
        }
      : null,
    privateProfile: privateProfile
      ? {
          id: privateProfile.id,
          firstName: privateProfile.firstName,
          lastName: privateProfile.lastName,
          firstNameKana: privateProfile.firstNameKana,
          lastNameKana: privateProfile.lastNameKana,
          gender: privateProfile.gender,
          birthday: privateProfile.birthday,
          country: privateProfile.country,
          zipCode: privateProfile.zipCode,
          area: privateProfile.area,
          city: privateProfile.city,
          address1: privateProfile.address1,
          address2: privateProfile.address2,
          phone: privateProfile.phone,
          createdAt: iso(privateProfile.createdAt),
          updatedAt: iso(privateProfile.updatedAt),
        }
      : null,
    avatarImage: { file: user.avatarImagePath ? mediaUrl(user.avatarImagePath) : null },
    draftCampaignCount: drafts?.count ?? 0,
    isActive: user.isActive,
    isStaff: user.isStaff,
    isAdmin: user.isAdmin,
    lastLogin: user.lastLogin ? iso(user.lastLogin) : null,
    mFirebaseUserId: user.firebaseUserId,
    notificationPreference: user.notificationPreference,
    tmpEmail: user.tmpEmail,
    createdAt: iso(user.createdAt),
    updatedAt: iso(user.updatedAt),
    userCreditCard: card
      ? {
          customer_code: card.customerCode,
          brand: card.brand,
          last_digits: card.lastDigits,
          name: card.name,
          expiration_month: null,
          expiration_year: null,
        }
      : null,
    associateMembers: memberships.map((member) => {
      const name = localize(member, 'name');
      return { id: member.id, associate: { id: member.associateId, uid: member.uid, name }, associateUid: member.uid, name };
    }),
    stats,
  };
}
