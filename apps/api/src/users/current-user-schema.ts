// The user as returned after login (spec §3 "User"), camelCase as the spec lists it; the saved card
// keeps the snake_case of the card calls (spec §3 "userCreditCard (customer_code)", as /payment/credit
// answers it) and so do the stats. Never sent: the password hash, and the one-time secrets the spec
// lists on the user (emailToken, emailUpdateCode, passwordRecoveryCode), which prove ownership of a
// mailbox only while they stay in that mailbox.
import { NOTIFICATION_PREFERENCES } from '@kifu/domain';
import { z } from 'zod';

const isoDateTime = z.string().meta({ format: 'date-time' });

export const currentUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  registrationType: z.enum(['email', 'social']),
  /**
   * Whether the account signs in with its email and a secret; false for an old social sign-up that
   * never set one: it proves itself by signing in again (ADR 055).
   */
  signsInWithEmail: z.boolean(),
  profile: z
    .object({
      id: z.number().int(),
      nickname: z.string(),
      description: z.string(),
      snsIdTwitter: z.string().nullable(),
      snsIdFacebook: z.string().nullable(),
    })
    .nullable(),
  privateProfile: z
    .object({
      id: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      firstNameKana: z.string(),
      lastNameKana: z.string(),
      /** 1 male, 2 female, 3 other or unspecified (the default). */
      gender: z.number().int(),
      /** YYYY-MM-DD */
      birthday: z.string().nullable(),
      country: z.string(),
      zipCode: z.string(),
      area: z.string(),
      city: z.string(),
      address1: z.string(),
      address2: z.string(),
      phone: z.string(),
      createdAt: isoDateTime,
      updatedAt: isoDateTime,
    })
    .nullable(),
  avatarImage: z.object({ file: z.string().nullable() }),
  draftCampaignCount: z.number().int(),
  isActive: z.boolean(),
  isStaff: z.boolean(),
  isAdmin: z.boolean(),
  lastLogin: isoDateTime.nullable(),
  mFirebaseUserId: z.string().nullable(),
  notificationPreference: z.enum(NOTIFICATION_PREFERENCES),
  /** An email change waiting for confirmation. */
  tmpEmail: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  /**
   * The saved card, reused by the donation form (spec §6); never card data. The expiry is read from
   * the card provider (we store none) and is null when the provider cannot say right now.
   */
  userCreditCard: z
    .object({
      customer_code: z.string(),
      brand: z.string(),
      last_digits: z.string(),
      name: z.string(),
      expiration_month: z.number().int().nullable(),
      /** Four digits. */
      expiration_year: z.number().int().nullable(),
    })
    .nullable(),
  /** Associates whose admin application this user may open (spec §2 top bar 'Associates'). */
  associateMembers: z.array(
    z.object({
      id: z.number().int(),
      associate: z.object({ id: z.number().int(), uid: z.string(), name: z.string() }),
      associateUid: z.string(),
      /** The associate's name, in the requested language. */
      name: z.string(),
    }),
  ),
  /** Paid gifts: a portfolio gift counts once, with its whole amount (yen). */
  stats: z.object({ donation_count: z.number().int(), donation_total: z.number().int() }),
});
export type CurrentUser = z.infer<typeof currentUser>;
