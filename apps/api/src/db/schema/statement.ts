// What Kifu owes each associate, month by month, and how it is paid (ADR 073 the money model,
// ADR 075 statements and payouts). A statement is written once, when its month closes, with a line
// per gift, per refund and per payout that failed; nothing changes it afterwards. A payout is the
// transfer of one statement's payable amount to the associate's account, sent under a reference
// that names the associate and the month, so a retry or a restart sends it once.
import { PAYOUT_ACCOUNT_TYPES, PAYOUT_STATUSES } from '@kifu/domain';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { associates } from './associate';
import { createdAt, id, nonNegative, oneOf, positive, timestamps, yen } from './columns';
import { donations } from './donation';
import { giftRefunds } from './gift-refund';
import { users } from './user';

/** Where an associate is paid: one account per associate, checked with the bank before it is saved. */
export const associatePayoutAccounts = pgTable(
  'associate_payout_accounts',
  {
    id: id(),
    associateId: integer()
      .notNull()
      .references(() => associates.id, { onDelete: 'cascade' }),
    bankCode: text().notNull(),
    bankName: text().notNull(),
    branchCode: text().notNull(),
    branchName: text().notNull(),
    accountType: text().notNull(),
    accountNumber: text().notNull(),
    /** Full-width katakana, as the bank holds it. */
    accountHolder: text().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('associate_payout_accounts_associate_key').on(t.associateId),
    check('associate_payout_accounts_type_check', oneOf(t.accountType, PAYOUT_ACCOUNT_TYPES)),
  ],
);

export const statements = pgTable(
  'statements',
  {
    id: id(),
    associateId: integer()
      .notNull()
      .references(() => associates.id, { onDelete: 'restrict' }),
    /** 'YYYY-MM' in Japan. */
    month: text().notNull(),
    gross: yen().notNull(),
    refunds: yen().notNull(),
    fees: yen().notNull(),
    commission: yen().notNull(),
    tax: yen().notNull(),
    net: yen().notNull(),
    carriedIn: yen().notNull(),
    payable: yen().notNull(),
    carriedOut: yen().notNull(),
    payoutDate: date({ mode: 'string' }).notNull(),
    closedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('statements_associate_month_key').on(t.associateId, t.month),
    check('statements_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('statements_payable_check', nonNegative(t.payable)),
  ],
);

export const STATEMENT_LINE_KINDS = ['gift', 'refund', 'failed_payout'] as const;

/** A statement's lines as they stood when it closed; each gift and each refund is on one statement only. */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: id(),
    statementId: integer()
      .notNull()
      .references(() => statements.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    donationId: integer().references(() => donations.id, { onDelete: 'restrict' }),
    giftRefundId: integer().references(() => giftRefunds.id, { onDelete: 'restrict' }),
    payoutId: integer().references((): AnyPgColumn => payouts.id, { onDelete: 'restrict' }),
    /** When it happened: the gift paid, the refund completed, the payout refused. */
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    /** Yen to the associate's credit: a gift's amount, a refund's (negative), a carried amount. */
    amount: yen().notNull(),
    /** Kifu's fee with tax on the line (a refund's is the fee given back, negative). */
    fee: yen().notNull().default(0),
  },
  (t) => [
    index('statement_lines_statement_idx').on(t.statementId),
    uniqueIndex('statement_lines_gift_key')
      .on(t.donationId)
      .where(sql`${t.kind} = 'gift'`),
    uniqueIndex('statement_lines_refund_key')
      .on(t.giftRefundId)
      .where(sql`${t.kind} = 'refund'`),
    uniqueIndex('statement_lines_failed_payout_key')
      .on(t.payoutId)
      .where(sql`${t.kind} = 'failed_payout'`),
    check('statement_lines_kind_check', oneOf(t.kind, STATEMENT_LINE_KINDS)),
  ],
);

export const payoutRuns = pgTable('payout_runs', {
  id: id(),
  /** 'schedule' (the monthly job) or 'staff' (on demand). */
  trigger: text().notNull(),
  requestedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  /** A demo or test run that acted as of this later day in Japan (ADR 079); null: as of its own day. */
  asOf: date({ mode: 'string' }),
  startedAt: createdAt(),
  finishedAt: timestamp({ withTimezone: true }),
});

export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    associateId: integer()
      .notNull()
      .references(() => associates.id, { onDelete: 'restrict' }),
    statementId: integer()
      .notNull()
      .references(() => statements.id, { onDelete: 'restrict' }),
    runId: integer()
      .notNull()
      .references(() => payoutRuns.id, { onDelete: 'restrict' }),
    amount: yen().notNull(),
    /** `kifu-payout-{associate id}-{YYYYMM}`: the bank refuses a second transfer under it (ADR 074). */
    reference: text().notNull(),
    status: text().notNull().default('pending'),
    /** The account it was sent to, as it stood then. */
    bankCode: text().notNull(),
    branchCode: text().notNull(),
    accountType: text().notNull(),
    accountNumber: text().notNull(),
    accountHolder: text().notNull(),
    bankTransferId: text(),
    /** The bank's reason for a refused transfer, or the last outage's code while it is retried. */
    failureCode: text(),
    completedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payouts_statement_key').on(t.statementId),
    uniqueIndex('payouts_reference_key').on(t.reference),
    index('payouts_run_idx').on(t.runId),
    index('payouts_associate_idx').on(t.associateId, t.createdAt),
    index('payouts_open_idx')
      .on(t.status)
      .where(sql`${t.status} in ('pending', 'processing')`),
    check('payouts_amount_check', positive(t.amount)),
    check('payouts_status_check', oneOf(t.status, PAYOUT_STATUSES)),
  ],
);
