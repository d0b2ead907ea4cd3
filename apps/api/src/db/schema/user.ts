// Users as returned after login (spec §3 "User"): account, public profile, private profile,
// tokens and the saved card. Access and refresh tokens are opaque and stored only as hashes
// (architecture.md §2); the card is the provider's customer only, never card data (§1 PCI note).
import { GENDER_IDS, Gender, NOTIFICATION_PREFERENCES } from '@kifu/domain';
import { boolean, check, date, index, integer, pgEnum, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, timestamps, postalAddressColumns } from './columns';

export const notificationPreferenceEnum = pgEnum('notification_preference', NOTIFICATION_PREFERENCES);
/** How the account was created; social sign-up is closed but old accounts remain (spec §2). */
export const registrationTypeEnum = pgEnum('registration_type', ['email', 'social']);

export const users = pgTable('users', {
  id: id(),
  username: text().notNull().unique(),
  email: text().notNull().unique(),
  /** argon2id hash; the demo seed stores an unusable placeholder until accounts land. */
  passwordHash: text().notNull(),
  registrationType: registrationTypeEnum().notNull().default('email'),
  avatarImagePath: text(),
  emailToken: text(),
  emailUpdateCode: text(),
  tmpEmail: text(),
  passwordRecoveryCode: text(),
  firebaseUserId: text(),
  notificationPreference: notificationPreferenceEnum().notNull().default('receive'),
  isActive: boolean().notNull().default(true),
  isStaff: boolean().notNull().default(false),
  isAdmin: boolean().notNull().default(false),
  lastLogin: timestamp({ withTimezone: true }),
  ...timestamps,
});

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
