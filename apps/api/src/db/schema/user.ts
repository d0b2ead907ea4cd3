// Users as returned after login (spec §3 "User"): account, public profile, private profile,
// tokens and the saved card. Access and refresh tokens are opaque and stored only as hashes
// (architecture.md §2); the card is the provider's customer only, never card data (§1 PCI note).
import { GENDER_IDS, Gender, LOCALES, NOTIFICATION_PREFERENCES } from '@kifu/domain';
import { boolean, check, date, index, integer, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, timestamps, postalAddressColumns } from './columns';

export const notificationPreferenceEnum = pgEnum('notification_preference', NOTIFICATION_PREFERENCES);
/** How the account was created; social sign-up is closed but old accounts remain (spec §2). */
export const registrationTypeEnum = pgEnum('registration_type', ['email', 'social']);

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text().notNull().unique(),
    email: text().notNull().unique(),
    /** argon2id hash; the demo seed stores an unusable placeholder until accounts land. */
    passwordHash: text().notNull(),
    registrationType: registrationTypeEnum().notNull().default('email'),
    avatarImagePath: text(),
    emailToken: text(),
    /** SHA-256 of the single-use code mailed to tmpEmail; the change happens only when it comes back. */
    emailUpdateCode: text(),
    emailUpdateExpiresAt: timestamp({ withTimezone: true }),
    tmpEmail: text(),
    /** SHA-256 of the single-use recovery code mailed to the user; never the code itself. */
    passwordRecoveryCode: text(),
    passwordRecoveryExpiresAt: timestamp({ withTimezone: true }),
    firebaseUserId: text(),
    notificationPreference: notificationPreferenceEnum().notNull().default('receive'),
    /** The language mail to this user is written in: the site language at sign-up, then at each login. */
    locale: text().notNull().default('ja'),
    isActive: boolean().notNull().default(true),
    isStaff: boolean().notNull().default(false),
    isAdmin: boolean().notNull().default(false),
    lastLogin: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [check('users_locale_check', oneOf(t.locale, LOCALES))],
);

const userId = () =>
  integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const userProfiles = pgTable('user_profiles', {
  id: id(),
  userId: userId().unique(),
  nickname: text().notNull().default(''),
  description: text().notNull().default(''),
  snsIdTwitter: text(),
  snsIdFacebook: text(),
  ...timestamps,
});

/** Personal data reused to prefill the donation form (spec §3 privateProfile). */
export const userPrivateProfiles = pgTable(
  'user_private_profiles',
  {
    id: id(),
    userId: userId().unique(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    firstNameKana: text().notNull().default(''),
    lastNameKana: text().notNull().default(''),
    gender: smallint().notNull().default(Gender.UNSPECIFIED),
    birthday: date({ mode: 'string' }),
    ...postalAddressColumns(),
    ...timestamps,
  },
  (t) => [check('user_private_profiles_gender_check', oneOf(t.gender, GENDER_IDS))],
);

const tokenColumns = () => ({
  id: id(),
  userId: userId(),
  /** SHA-256 of the opaque token; the token itself is only ever in the client's hands. */
  tokenHash: text().notNull().unique(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  revokedAt: timestamp({ withTimezone: true }),
  /**
   * When the session's user last proved who they are (a login); a refresh keeps it. An account
   * without a password changes its email only within minutes of it (ADR 055). Null for sessions
   * begun before it was recorded: long ago.
   */
  authenticatedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

export const accessTokens = pgTable('access_tokens', tokenColumns(), (t) => [index('access_tokens_user_idx').on(t.userId)]);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    ...tokenColumns(),
    accessTokenId: integer().references(() => accessTokens.id, { onDelete: 'set null' }),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId)],
);

/**
 * The undo link mailed to the old address when an email change takes effect (ADR 055): single use,
 * until `expiresAt`; it puts `oldEmail` back and ends every session. Only the code's SHA-256 is kept.
 */
export const emailChangeUndos = pgTable(
  'email_change_undos',
  {
    id: id(),
    userId: userId(),
    oldEmail: text().notNull(),
    newEmail: text().notNull(),
    codeHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_change_undos_user_idx').on(t.userId), index('email_change_undos_old_email_idx').on(t.oldEmail)],
);

/**
 * Accounts linked to an outside OpenID Connect provider (spec §7 /auth/social/convert-token/):
 * one row per provider and subject (the provider's stable user id, never the email).
 */
export const userSocialAccounts = pgTable(
  'user_social_accounts',
  {
    id: id(),
    userId: userId(),
    provider: text().notNull(),
    subject: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_social_accounts_provider_subject_idx').on(t.provider, t.subject),
    index('user_social_accounts_user_idx').on(t.userId),
  ],
);

/** The saved card (spec §3 "Card": name, lastDigits, customerCode). */
export const userCreditCards = pgTable('user_credit_cards', {
  id: id(),
  userId: userId().unique(),
  provider: text().notNull().default('omise'),
  customerCode: text().notNull(),
  brand: text().notNull(),
  lastDigits: text().notNull(),
  name: text().notNull(),
  ...timestamps,
});
