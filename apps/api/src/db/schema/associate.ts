// The associate aggregate (spec §3 "Associate"): core/info/meta/detail are one row here, with
// the vision, businesses, public team members, staff links, donation setting and prices, thanks
// mail and membership plans beside it. Survey questions are in survey.ts.
import { ASSOCIATE_ROLES, ORGANISATION_TYPE_IDS } from '@kifu/domain';
import { boolean, check, date, index, integer, pgEnum, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { between, frequencyEnum, id, oneOf, positive, sortOrder, timestamps, yen } from './columns';
import { users } from './user';

export const associates = pgTable(
  'associates',
  {
    id: id(),
    /** Public identifier used in URLs (spec §2 /associate/{uid}). */
    uid: text().notNull().unique(),
    name: text().notNull(),
    nameEn: text(),
    /** One-line pitch (core). */
    catchCopy: text().notNull().default(''),
    catchCopyEn: text(),
    /** Long description (detail). */
    description: text().notNull().default(''),
    descriptionEn: text(),
    /** Organisation profile shown on the about block (profile). */
    profile: text().notNull().default(''),
    profileEn: text(),
    organisationType: smallint().notNull().default(99),
    representative: text().notNull().default(''),
    representativeEn: text(),
    establishedYear: smallint(),
    prefecture: text().notNull().default(''),
    prefectureEn: text(),
    address: text().notNull().default(''),
    addressEn: text(),
    websiteUrl: text(),
    logoPath: text().notNull(),
    mainVisualPath: text().notNull(),
    /**
     * What a tax receipt must state (ADR 033): a certified NPO's certification number,
     * date and granting authority; whether a public-interest corporation is certified for the tax
     * credit; the prefectures/municipalities whose resident tax designates it, where recorded.
     */
    certificationNumber: text(),
    certifiedOn: date({ mode: 'string' }),
    /** The last day of the certification's term (a certification runs five years and is renewed). */
    certificationExpiresOn: date({ mode: 'string' }),
    certificationAuthority: text(),
    certificationAuthorityEn: text(),
    taxCreditQualified: boolean().notNull().default(false),
    residentTaxDesignation: text(),
    residentTaxDesignationEn: text(),
    /** The issuer's seal (角印) printed on its receipts, an uploaded image; none until uploaded. */
    sealPath: text(),
    /** Unpublished associates are hidden from every public list and detail call. */
    isPublished: boolean().notNull().default(true),
    /**
     * The month (1–12) the organisation's fiscal year starts: its donor register covers one fiscal
     * year (ADR 061). April, the usual start in Japan, unless the organisation says otherwise.
     */
    fiscalYearStartMonth: smallint().notNull().default(4),
    ...timestamps,
  },
  (t) => [
    check('associates_organisation_type_check', oneOf(t.organisationType, ORGANISATION_TYPE_IDS)),
    check('associates_fiscal_year_start_month_check', between(t.fiscalYearStartMonth, 1, 12)),
    index('associates_organisation_type_idx').on(t.organisationType),
  ],
);

const associateId = () =>
  integer()
    .notNull()
    .references(() => associates.id, { onDelete: 'cascade' });

/** Vision: core, detail and the three "challenge / why / use of donations" blocks with images. */
export const associateVisions = pgTable('associate_visions', {
  id: id(),
  associateId: associateId().unique(),
  core: text().notNull(),
  coreEn: text(),
  detail: text().notNull(),
  detailEn: text(),
  challenge: text().notNull(),
  challengeEn: text(),
  challengeReason: text().notNull(),
  challengeReasonEn: text(),
  useForDonation: text().notNull(),
  useForDonationEn: text(),
  challengeImagePath: text().notNull(),
  challengeReasonImagePath: text().notNull(),
  useForDonationImagePath: text().notNull(),
  ...timestamps,
});

export const associateBusinesses = pgTable(
  'associate_businesses',
  {
    id: id(),
    associateId: associateId(),
    name: text().notNull(),
    nameEn: text(),
    detail: text().notNull().default(''),
    detailEn: text(),
    purpose: text().notNull().default(''),
    purposeEn: text(),
    activity: text().notNull().default(''),
    activityEn: text(),
    result: text().notNull().default(''),
    resultEn: text(),
    cost: text().notNull().default(''),
    costEn: text(),
    mainVisualPath: text().notNull(),
    activityImagePath: text(),
    resultImagePath: text(),
    costImagePath: text(),
    sortOrder: sortOrder(),
    ...timestamps,
  },
  (t) => [index('associate_businesses_associate_idx').on(t.associateId)],
);

/** People shown on the public member page (spec §2 /associate/{uid}/member). */
export const associateTeamMembers = pgTable(
  'associate_team_members',
  {
    id: id(),
    associateId: associateId(),
    name: text().notNull(),
    nameEn: text(),
    role: text().notNull().default(''),
    roleEn: text(),
    comment: text().notNull().default(''),
    commentEn: text(),
    imagePath: text().notNull(),
    sortOrder: sortOrder(),
    ...timestamps,
  },
  (t) => [index('associate_team_members_associate_idx').on(t.associateId)],
);

/** The spec leaves members' finer permissions unsaid (§6); Kifu's three roles: ADR 060. */
export const associateMemberRoleEnum = pgEnum('associate_member_role', ASSOCIATE_ROLES);

/** Users who may open the admin application for an associate (spec §3 "Associate member"). */
export const associateMembers = pgTable(
  'associate_members',
  {
    id: id(),
    associateId: associateId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: associateMemberRoleEnum().notNull().default('staff'),
    ...timestamps,
  },
  (t) => [unique('associate_members_associate_user_key').on(t.associateId, t.userId), index('associate_members_user_idx').on(t.userId)],
);

/** Donation page texts of an associate (spec §3 "donation setting (core, detail, prices)"). */
export const donationSettings = pgTable('donation_settings', {
  id: id(),
  associateId: associateId().unique(),
  core: text().notNull().default(''),
  coreEn: text(),
  detail: text().notNull().default(''),
  detailEn: text(),
  ...timestamps,
});

/** Preset amounts offered per frequency in the amount step. */
export const donationPrices = pgTable(
  'donation_prices',
  {
    id: id(),
    associateId: associateId(),
    frequency: frequencyEnum().notNull(),
    amount: yen().notNull(),
    description: text().notNull().default(''),
    descriptionEn: text(),
    sortOrder: sortOrder(),
    ...timestamps,
  },
  (t) => [check('donation_prices_amount_check', positive(t.amount)), index('donation_prices_associate_idx').on(t.associateId)],
);

/** Thank-you mail template the associate sends after a gift. */
export const donationThanksMails = pgTable('donation_thanks_mails', {
  id: id(),
  associateId: associateId().unique(),
  subject: text().notNull(),
  subjectEn: text(),
  body: text().notNull(),
  bodyEn: text(),
  ...timestamps,
});

/** Annual membership plans, settled on day 1 of `onMonth` every year (spec §9). */
export const membershipPlans = pgTable(
  'membership_plans',
  {
    id: id(),
    associateId: associateId(),
    name: text().notNull(),
    nameEn: text(),
    description: text().notNull().default(''),
    descriptionEn: text(),
    /** Number of units bought per year; `unitAmount` is the price of one. */
    unit: smallint().notNull().default(1),
    unitAmount: yen().notNull(),
    onMonth: smallint().notNull(),
    isActive: boolean().notNull().default(true),
    sortOrder: sortOrder(),
    ...timestamps,
  },
  (t) => [
    check('membership_plans_on_month_check', between(t.onMonth, 1, 12)),
    check('membership_plans_unit_amount_check', positive(t.unitAmount)),
    index('membership_plans_associate_idx').on(t.associateId),
  ],
);

/** Activity reports an associate publishes (ADR 033); drafts have no publishedAt. */
export const associateActivityReports = pgTable(
  'associate_activity_reports',
  {
    id: id(),
    associateId: associateId(),
    title: text().notNull(),
    titleEn: text(),
    body: text().notNull().default(''),
    bodyEn: text(),
    publishedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('associate_activity_reports_associate_idx').on(t.associateId, t.publishedAt)],
);
