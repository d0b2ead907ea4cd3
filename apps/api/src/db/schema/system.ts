// Infrastructure tables: donation form states kept across 3-D Secure and wallet redirects,
// submission logs, idempotency keys, durable jobs and the mail outbox (architecture.md §2–3).
import { frequencyCode, LOCALES } from '@kifu/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, nonNegative, oneOf, PAYMENT_METHOD_IDS, timestamps } from './columns';
import { associates } from './associate';
import { campaigns } from './campaign';
import { donations } from './donation';
import { recurringDonations } from './recurring';
import { users } from './user';

export const formStateKindEnum = pgEnum('form_state_kind', ['card', 'wallet_pay']);

/**
 * The serialised donation form (spec §3 "Donation form state"), saved before leaving for card
 * authentication or the wallet checkout and restored on return (§7 form-state calls).
 */
export const donationFormStates = pgTable(
  'donation_form_states',
  {
    id: id(),
    /** Random key the client carries through the redirect (donate_session_key). */
    key: text().notNull().unique(),
    kind: formStateKindEnum().notNull(),
    associateId: integer().references(() => associates.id, { onDelete: 'cascade' }),
    campaignId: integer().references(() => campaigns.id, { onDelete: 'cascade' }),
    donationId: integer().references(() => donations.id, { onDelete: 'cascade' }),
    recurringDonationId: integer(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** Opaque string written by the web client; never holds card data (it is tokenised first). */
    state: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Named by hand: the generated name exceeds PostgreSQL's 63-character identifier limit.
    foreignKey({
      name: 'donation_form_states_recurring_fk',
      columns: [t.recurringDonationId],
      foreignColumns: [recurringDonations.id],
    }).onDelete('cascade'),
    index('donation_form_states_donation_idx').on(t.donationId),
    index('donation_form_states_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Donation submission log (spec §3): written for every outcome when logging is on. No foreign
 * keys, so the log outlives the rows it mentions.
 */
export const donationSubmissionLogs = pgTable(
  'donation_submission_logs',
  {
    id: id(),
    paymentMethod: smallint().notNull(),
    frequency: smallint().notNull(),
    associateId: integer(),
    campaignId: integer(),
    userId: integer(),
    userEmail: text(),
    amount: integer(),
    success: boolean().notNull(),
    feedbackMessage: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check('donation_submission_logs_payment_method_check', oneOf(t.paymentMethod, PAYMENT_METHOD_IDS)),
    check('donation_submission_logs_frequency_check', oneOf(t.frequency, Object.values(frequencyCode))),
    index('donation_submission_logs_created_idx').on(t.createdAt),
  ],
);

export const idempotencyStatusEnum = pgEnum('idempotency_status', ['in_progress', 'completed']);

/**
 * Money-moving writes carry an idempotency key; replays return the stored first response and a
 * concurrent replay finds the row in progress (architecture.md §3).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    /** The operation, e.g. 'donation:create', so one key cannot be replayed on another route. */
    scope: text().notNull(),
    key: text().notNull(),
    /** Hash of the request body: the same key with a different body is a conflict. */
    requestHash: text().notNull(),
    status: idempotencyStatusEnum().notNull().default('in_progress'),
    responseStatus: integer(),
    responseBody: jsonb(),
    createdAt: createdAt(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [unique('idempotency_keys_scope_key_key').on(t.scope, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export const jobStatusEnum = pgEnum('job_status', ['queued', 'running', 'succeeded', 'failed']);

/**
 * Durable jobs claimed with `FOR UPDATE SKIP LOCKED` (architecture.md §2): a worker picks
 * queued rows whose run_at has passed, sets running + locked_at + locked_until, and re-queues with
 * backoff until max_attempts. A running job is its worker's while its lease (locked_until) lasts;
 * the live worker renews it every few seconds (ADR 054).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text().notNull(),
    payload: jsonb().notNull().default({}),
    status: jobStatusEnum().notNull().default('queued'),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    lockedAt: timestamp({ withTimezone: true }),
    lockedBy: text(),
    /** The running job's lease: its worker renews it while alive; once past, any worker takes the job over (ADR 054). */
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    /** At most one queued job per dedupe key: periodic jobs and per-event jobs are enqueued once. */
    dedupeKey: text(),
    /** Claimed before any due job of a lower priority (ADR 052): a billing run's next batch goes before the mails of the last. */
    priority: smallint().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('jobs_attempts_check', nonNegative(t.attempts)),
    index('jobs_status_run_at_idx').on(t.status, t.runAt),
    // The claim's order (claim-jobs.ts): read in index order, a claim stops after its batch instead of
    // sorting every due job — a billing run leaves tens of thousands of mails due behind it.
    index('jobs_queued_priority_run_at_idx')
      .on(t.priority.desc().nullsFirst(), t.runAt)
      .where(sql`${t.status} = 'queued'`),
    uniqueIndex('jobs_queued_dedupe_key_idx')
      .on(t.dedupeKey)
      .where(sql`${t.status} = 'queued'`),
  ],
);

/**
 * Webhook inbox (providers.md "Reliability rules"): every verified event is stored once per
 * provider and event id, answered 2xx at once, and processed by a job. Duplicate and out-of-order
 * deliveries find their row and change nothing.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: id(),
    provider: text().notNull(),
    eventId: text().notNull(),
    kind: text().notNull(),
    payload: jsonb().notNull(),
    receivedAt: createdAt(),
    processedAt: timestamp({ withTimezone: true }),
  },
  (t) => [unique('provider_events_provider_event_key').on(t.provider, t.eventId)],
);

export const mailStatusEnum = pgEnum('mail_status', ['pending', 'sent', 'failed']);

/** Mail is written here first, in the transaction of what it tells about, and delivered by the `send-mail` job (ADR 030). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    template: text(),
    /**
     * The gift the mail is about (its thanks, its bank account, its refund), for the gift's
     * timeline in the console (ADR 060). No foreign key: the outbox outlives what it tells of.
     */
    donationId: integer(),
    locale: text().notNull().default('ja'),
    status: mailStatusEnum().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** When a job run took the mail to send it. */
    sendingAt: timestamp({ withTimezone: true }),
    /**
     * The job run that holds the sending claim (its id and attempt): the claim lasts as long as that
     * run holds its job's lease, so a mail claimed by a run that died is sent again (ADR 054).
     */
    sendingJobId: integer(),
    sendingJobAttempt: integer(),
    /** The SMTP server's Message-ID once accepted. */
    messageId: text(),
    sentAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('mail_outbox_locale_check', oneOf(t.locale, LOCALES)),
    index('mail_outbox_status_created_idx').on(t.status, t.createdAt),
    index('mail_outbox_donation_idx').on(t.donationId),
  ],
);
