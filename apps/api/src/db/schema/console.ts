// What an associate's console keeps of its own (ADR 060): the invitations an owner sends to join
// it, and the audit log of what was done with money and personal data — who, when, what, how many
// rows — that owners read at /dashboard/{uid}/audit.
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { associateMemberRoleEnum, associates } from './associate';
import { createdAt, id, nonNegative } from './columns';
import { users } from './user';

/**
 * A mailed, single-use, expiring link to become a member of an associate with a role. Only a hash
 * of the link's code is kept; accepting or revoking it ends it.
 */
export const associateInvitations = pgTable(
  'associate_invitations',
  {
    id: id(),
    associateId: integer()
      .notNull()
      .references(() => associates.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: associateMemberRoleEnum().notNull(),
    codeHash: text().notNull().unique(),
    invitedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('associate_invitations_associate_idx').on(t.associateId, t.createdAt)],
);

/**
 * One thing done in the console that touched money or personal data: an export, a refund, a
 * receipt reissued, a member added or removed. `action` is a stable key (e.g. `export.gifts`),
 * `subject` what it was done to (e.g. `donation:123`), `rowCount` how many rows an export held.
 * The actor stays named even once their account is gone (`actorLabel`).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    associateId: integer()
      .notNull()
      .references(() => associates.id, { onDelete: 'cascade' }),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    actorLabel: text().notNull(),
    action: text().notNull(),
    subject: text(),
    rowCount: integer(),
    detail: jsonb().$type<Record<string, string | number | boolean | null>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_associate_created_idx').on(t.associateId, t.createdAt),
    check('audit_events_row_count_check', nonNegative(t.rowCount)),
  ],
);
