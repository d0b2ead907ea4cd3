// Refunds an associate makes from its console (ADR 064). A row is written `pending` before the
// provider is asked, so a retry after a crash or a lost answer finds the refund the provider
// already made (by its id: the card gateway's refund metadata, the bank's and the wallet's
// idempotency key) and the gift is refunded once. `completed` applies the refund to the gift, its
// totals, its reward and its receipt; `failed` is a refusal by the provider, with its reason.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, positive, yen } from './columns';
import { donations } from './donation';
import { users } from './user';

export const GIFT_REFUND_STATES = ['pending', 'completed', 'failed'] as const;

export const giftRefunds = pgTable(
  'gift_refunds',
  {
    id: id(),
    donationId: integer()
      .notNull()
      .references(() => donations.id, { onDelete: 'restrict' }),
    amount: yen().notNull(),
    /** Why, in the staff member's words; shown on the gift's page and in the audit log. */
    reason: text().notNull(),
    status: text().notNull().default('pending'),
    /** The browser's key for one press of the refund button: the same key answers the same refund. */
    requestKey: text().notNull(),
    requestedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Who asked, kept readable once their account is gone (the audit log's actor). */
    requestedByLabel: text().notNull(),
    /**
     * 'card', 'bank' or 'wallet', and the provider's id of the refund once it answered (the wallet
     * answers later whether it went through: the job reads it again until it says).
     */
    provider: text().notNull(),
    providerRefundId: text(),
    /** The provider's code for the last refusal or outage. */
    lastError: text(),
    /**
     * The part of the gift's fee given back with it (the fee before minus the fee after), written
     * when the refund completes: a statement subtracts it from the month's fees (ADR 073).
     */
    feeReturned: yen().notNull().default(0),
    attempts: integer().notNull().default(0),
    /**
     * Whoever asks the provider holds the refund until then (the request that wrote it, or the
     * job), so two never ask at once; a crash lets the lease run out and the job takes it over.
     */
    lockedUntil: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('gift_refunds_request_key').on(t.donationId, t.requestKey),
    // At most one refund under way per gift: what is left to refund is known before the next.
    uniqueIndex('gift_refunds_one_pending_key')
      .on(t.donationId)
      .where(sql`${t.status} = 'pending'`),
    index('gift_refunds_pending_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'pending'`),
    check('gift_refunds_amount_check', positive(t.amount)),
    check('gift_refunds_status_check', oneOf(t.status, GIFT_REFUND_STATES)),
  ],
);
