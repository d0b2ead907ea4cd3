// Recurring donations (spec §3 "Recurring donation (stored)"): monthly gifts and annual
// memberships. The provider's schedule id is `recurringId`; each charge becomes a donation row
// with isFromSchedule set.
import { DONATION_TYPE_IDS } from '@kifu/domain';
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { frequencyEnum, id, oneOf, PAYMENT_METHOD_IDS, positive, timestamps, yen } from './columns';
import { associates, membershipPlans } from './associate';
import { campaigns } from './campaign';
import { donors } from './donor';
import { portfolios } from './portfolio';
import { users } from './user';

/** pending until the first charge is authorised; suspended after failed charges; stopped by the supporter. */
export const recurringStatusEnum = pgEnum('recurring_status', ['pending', 'active', 'suspended', 'stopped']);

export const recurringDonations = pgTable(
  'recurring_donations',
  {
    id: id(),
    associateId: integer().references(() => associates.id, { onDelete: 'restrict' }),
    campaignId: integer().references(() => campaigns.id, { onDelete: 'set null' }),
    portfolioId: integer().references(() => portfolios.id, { onDelete: 'restrict' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    donorId: integer()
      .notNull()
      .references(() => donors.id, { onDelete: 'restrict' }),
    membershipPlanId: integer().references(() => membershipPlans.id, { onDelete: 'restrict' }),
    amount: yen().notNull(),
    type: smallint().notNull(),
    /** monthly or annual; with `every` it makes the schedule (e.g. every 1 month). */
    period: frequencyEnum().notNull(),
    every: smallint().notNull().default(1),
    /** Days of the month the provider charges on. */
    onDays: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    status: recurringStatusEnum().notNull().default('pending'),
    paymentMethod: smallint().notNull(),
    paymentMethodDetail: text(),
    paymentProvider: text(),
    /** The provider's schedule id. */
    recurringId: text(),
    /** The provider's customer the schedule charges. */
    customerId: text(),
    walletPayChargePermissionId: text(),
    walletPayData: jsonb(),
    needReceipt: boolean().notNull().default(false),
    inEnglish: boolean().notNull().default(false),
    isDeductible: boolean().notNull().default(true),
    isUser: boolean().notNull().default(false),
    needNewsLetter: boolean().notNull().default(false),
    isAnonymous: boolean().notNull().default(false),
    message: text(),
    agency: text(),
    /** Yen the agency keeps per charge. */
    agencyCommission: yen(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    nextOccurrenceDate: date({ mode: 'string' }),
    registeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastChargedAt: timestamp({ withTimezone: true }),
    lastFailedAt: timestamp({ withTimezone: true }),
    firstPaymentFailedAt: timestamp({ withTimezone: true }),
    suspendedAt: timestamp({ withTimezone: true }),
    /** Paused by the supporter: nothing is charged before this date (Japan); it resumes by itself. */
    pausedUntil: date({ mode: 'string' }),
    stoppedAt: timestamp({ withTimezone: true }),
    /** The reason the supporter gave when stopping, for the organisation. */
    stopReason: text(),
    /**
     * Set when the amount, a pause or a skip asks for a new card schedule and cleared once the
     * provider holds exactly that one (recurring/replace-card-schedule.ts, ADR 034).
     */
    scheduleChangeRequestedAt: timestamp({ withTimezone: true }),
    /**
     * Who is replacing the card schedule now, and until when that claim holds: one replacement at a
     * time per donation, so two can never each create a schedule (ADR 053). A claim whose process
     * died lapses at `scheduleLeaseUntil`.
     */
    scheduleLeaseHolder: text(),
    scheduleLeaseUntil: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('recurring_donations_amount_check', positive(t.amount)),
    check('recurring_donations_period_check', oneOf(t.period, ['monthly', 'annual'])),
    check('recurring_donations_type_check', oneOf(t.type, DONATION_TYPE_IDS)),
    check('recurring_donations_payment_method_check', oneOf(t.paymentMethod, PAYMENT_METHOD_IDS)),
    check('recurring_donations_target_check', sql`${t.associateId} is not null or ${t.portfolioId} is not null`),
    uniqueIndex('recurring_donations_provider_schedule_key').on(t.paymentProvider, t.recurringId),
    index('recurring_donations_user_idx').on(t.userId),
    index('recurring_donations_status_next_idx').on(t.status, t.nextOccurrenceDate),
  ],
);

/** What a supporter (or Kifu) changed on a recurring donation, for its history and the organisation. */
export const recurringChangeKindEnum = pgEnum('recurring_change_kind', [
  'amount',
  'pause',
  'resume',
  'skip',
  'stop',
  'card',
  'suspend',
  'reactivate',
]);

export const recurringDonationChanges = pgTable(
  'recurring_donation_changes',
  {
    id: id(),
    recurringDonationId: integer()
      .notNull()
      .references(() => recurringDonations.id, { onDelete: 'cascade' }),
    kind: recurringChangeKindEnum().notNull(),
    fromAmount: yen(),
    toAmount: yen(),
    /** pause: the date charging resumes; skip: the date that is not charged. */
    onDate: date({ mode: 'string' }),
    reason: text(),
    /** supporter (signed in), guest (by mailed link) or system (a failed card, a job). */
    actor: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recurring_donation_changes_recurring_idx').on(t.recurringDonationId, t.createdAt),
    check('recurring_donation_changes_actor_check', sql`${t.actor} in ('supporter', 'guest', 'system')`),
  ],
);

/**
 * The mailed link that lets a guest manage their recurring support without a password (ADR 034):
 * single use, for one email, stored as its SHA-256 only. Using it opens a guest session.
 */
export const recurringAccessCodes = pgTable(
  'recurring_access_codes',
  {
    id: id(),
    email: text().notNull(),
    codeHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recurring_access_codes_email_idx').on(t.email)],
);

/** A guest's short session for their recurring support, opened by a mailed code (httpOnly cookie). */
export const recurringGuestSessions = pgTable('recurring_guest_sessions', {
  id: id(),
  email: text().notNull(),
  tokenHash: text().notNull().unique(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
