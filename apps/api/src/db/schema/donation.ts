// Donations (spec §3 "Donation (stored)"), portfolio donations, the messages supporters leave
// and the virtual bank accounts issued for bank transfers.
import { DONATION_TYPE_IDS } from '@kifu/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, id, nonNegative, oneOf, PAYMENT_METHOD_IDS, positive, timestamps, yen } from './columns';
import { associates } from './associate';
import { campaignRewards, campaigns } from './campaign';
import { donors } from './donor';
import { portfolioRevisions, portfolios } from './portfolio';
import { recurringDonations } from './recurring';
import { users } from './user';

/**
 * The spec does not list donation states (§4: "Its values are not shown"). pending: created;
 * authorizing: waiting for 3-D Secure; awaiting_transfer: virtual account issued; expired: the
 * account lapsed unpaid; cancelled: the supporter left the wallet checkout.
 */
export const donationStatusEnum = pgEnum('donation_status', [
  'pending',
  'authorizing',
  'awaiting_transfer',
  'paid',
  'failed',
  'expired',
  'cancelled',
  'refunded',
]);

/** Columns shared by a charge, whether for one associate or for a whole portfolio. */
const chargeColumns = () => ({
  amount: yen().notNull(),
  paymentMethod: smallint().notNull(),
  paymentMethodDetail: text(),
  status: donationStatusEnum().notNull().default('pending'),
  /** The provider and its charge id; unique together so a webhook replay cannot pay twice. */
  paymentProvider: text(),
  paymentId: text(),
  paidAt: timestamp({ withTimezone: true }),
  reasonOfPaymentFailed: text(),
  userId: integer().references(() => users.id, { onDelete: 'set null' }),
  donorId: integer().references(() => donors.id, { onDelete: 'restrict' }),
  recurringDonationId: integer(),
});

// Named by hand where the generated name would exceed PostgreSQL's 63-character limit.
const recurringFk = (name: string, column: AnyPgColumn) =>
  foreignKey({ name, columns: [column], foreignColumns: [recurringDonations.id] }).onDelete('set null');

/** One charge split across the associates of a portfolio revision. */
export const portfolioDonations = pgTable(
  'portfolio_donations',
  {
    id: id(),
    portfolioId: integer()
      .notNull()
      .references(() => portfolios.id, { onDelete: 'restrict' }),
    revisionId: integer()
      .notNull()
      .references(() => portfolioRevisions.id, { onDelete: 'restrict' }),
    ...chargeColumns(),
    isRecurring: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('portfolio_donations_amount_check', positive(t.amount)),
    check('portfolio_donations_payment_method_check', oneOf(t.paymentMethod, PAYMENT_METHOD_IDS)),
    uniqueIndex('portfolio_donations_payment_key').on(t.paymentProvider, t.paymentId),
    recurringFk('portfolio_donations_recurring_fk', t.recurringDonationId),
  ],
);

export const donations = pgTable(
  'donations',
  {
    id: id(),
    associateId: integer()
      .notNull()
      .references(() => associates.id, { onDelete: 'restrict' }),
    campaignId: integer().references(() => campaigns.id, { onDelete: 'set null' }),
    rewardId: integer().references(() => campaignRewards.id, { onDelete: 'set null' }),
    portfolioDonationId: integer().references(() => portfolioDonations.id, { onDelete: 'cascade' }),
    /** The donation this one re-tries or replaces. */
    originalId: integer().references((): AnyPgColumn => donations.id, { onDelete: 'set null' }),
    ...chargeColumns(),
    type: smallint().notNull(),
    discountAmount: yen().notNull().default(0),
    /**
     * What the associate gave back through its console (ADR 064). A gift refunded in full is
     * `refunded`; a partial refund keeps it `paid`, and what counts (totals, receipts, the donor
     * register) is amount − refunded_amount (read-models/kept-amount.ts).
     */
    refundedAmount: yen().notNull().default(0),
    /** Platform fee in yen (spec §9 rates), kept per gift for payouts. */
    commission: yen().notNull().default(0),
    /** What the associate receives, and from when it can be paid out. */
    transferAmount: yen(),
    transferableTime: timestamp({ withTimezone: true }),
    needReceipt: boolean().notNull().default(false),
    inEnglish: boolean().notNull().default(false),
    /** The supporter chose "Including fee and tax". */
    isCommissionContains: boolean().notNull().default(false),
    isDeductible: boolean().notNull().default(true),
    isFromSchedule: boolean().notNull().default(false),
    isCardProviderPayment: boolean().notNull().default(false),
    isRecurring: boolean().notNull().default(false),
    isUser: boolean().notNull().default(false),
    needNewsLetter: boolean().notNull().default(false),
    isAnonymous: boolean().notNull().default(false),
    message: text(),
    ...timestamps,
  },
  (t) => [
    check('donations_amount_check', positive(t.amount)),
    check('donations_discount_amount_check', nonNegative(t.discountAmount)),
    check('donations_commission_check', nonNegative(t.commission)),
    check('donations_refunded_amount_check', sql`${t.refundedAmount} between 0 and ${t.amount}`),
    check('donations_type_check', oneOf(t.type, DONATION_TYPE_IDS)),
    check('donations_payment_method_check', oneOf(t.paymentMethod, PAYMENT_METHOD_IDS)),
    uniqueIndex('donations_payment_key').on(t.paymentProvider, t.paymentId),
    recurringFk('donations_recurring_fk', t.recurringDonationId),
    index('donations_associate_status_idx').on(t.associateId, t.status),
    // The console's gifts table: one associate's gifts, newest first, a page at a time (ADR 060).
    index('donations_associate_created_idx').on(t.associateId, t.createdAt),
    index('donations_campaign_status_idx').on(t.campaignId, t.status),
    index('donations_user_idx').on(t.userId),
    // A recurring donation's months in order: its first payment is looked up for every month
    // charged (record-occurrence.ts). With the id only on the primary key, PostgreSQL walked the
    // whole table in id order for it, so a billing run slowed as the table grew (ADR 082).
    index('donations_recurring_idx').on(t.recurringDonationId, t.id),
    index('donations_portfolio_donation_idx').on(t.portfolioDonationId),
  ],
);

/** Messages to the associate or campaign (spec §3 "Donation message"). */
export const donationMessages = pgTable(
  'donation_messages',
  {
    id: id(),
    donationId: integer()
      .unique()
      .references(() => donations.id, { onDelete: 'cascade' }),
    associateId: integer()
      .notNull()
      .references(() => associates.id, { onDelete: 'cascade' }),
    campaignId: integer().references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Donation type id of the gift the message came with. */
    type: smallint().notNull(),
    message: text().notNull(),
    /** The supporter's chosen display name; hidden when isNamePublic is false (spec §2 completion screen). */
    publishedFrom: text().notNull().default(''),
    isNamePublic: boolean().notNull().default(true),
    /** The campaign owner's answer, shown under the message. */
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
    /** Hidden from the public page by the campaign's owner. */
    hiddenAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('donation_messages_type_check', oneOf(t.type, DONATION_TYPE_IDS)),
    index('donation_messages_campaign_idx').on(t.campaignId, t.createdAt),
    index('donation_messages_associate_idx').on(t.associateId, t.createdAt),
  ],
);

/**
 * issued: waiting for the transfer; short: part of the amount arrived; paid: covered in time;
 * over: more than the amount arrived in time (the gift is the amount, the excess is refunded);
 * expired: lapsed with nothing covered; late: money arrived after expiry, to be refunded minus the
 * fee (spec §9).
 */
export const virtualAccountStatusEnum = pgEnum('virtual_account_status', ['issued', 'short', 'paid', 'over', 'expired', 'late']);

/** Bank-transfer account issued per gift (spec §3 "Virtual bank account", §9 ordinary account). */
export const virtualAccounts = pgTable(
  'virtual_accounts',
  {
    id: id(),
    donationId: integer()
      .notNull()
      .unique()
      .references(() => donations.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    providerAccountId: text().notNull(),
    /** Bank name, branch and holder per language (spec §9: configured per language). */
    bankName: text().notNull(),
    bankNameEn: text(),
    branchName: text().notNull(),
    branchNameEn: text(),
    accountType: text().notNull().default('ordinary'),
    accountNumber: text().notNull(),
    accountHolder: text().notNull(),
    accountHolderEn: text(),
    amount: yen().notNull(),
    /** Total received so far, from the bank's deposit notifications. */
    depositedAmount: yen().notNull().default(0),
    /** What must go back to the supporter (excess, or a late transfer minus the fee). */
    refundDueAmount: yen().notNull().default(0),
    expirationDate: timestamp({ withTimezone: true }).notNull(),
    status: virtualAccountStatusEnum().notNull().default('issued'),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('virtual_accounts_provider_account_key').on(t.provider, t.providerAccountId),
    check('virtual_accounts_amount_check', positive(t.amount)),
  ],
);

/**
 * Money sent back to a bank-transfer donor (ADR 034, ADR 035): what arrived over the amount, or too
 * late (minus the fee). Written pending before the bank is asked, with the idempotency key the bank
 * call uses, so a retry after a crash pays once; completed with the bank's refund id.
 */
export const bankRefunds = pgTable(
  'bank_refunds',
  {
    id: id(),
    virtualAccountId: integer()
      .notNull()
      .references(() => virtualAccounts.id, { onDelete: 'restrict' }),
    amount: yen().notNull(),
    status: text().notNull().default('pending'),
    providerRefundId: text(),
    lastError: text(),
    createdAt: createdAt(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('bank_refunds_virtual_account_idx').on(t.virtualAccountId),
    check('bank_refunds_amount_check', positive(t.amount)),
    check('bank_refunds_status_check', oneOf(t.status, ['pending', 'completed'])),
  ],
);
