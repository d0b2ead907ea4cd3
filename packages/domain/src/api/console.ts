// The wire shapes of an associate's console (/dashboard/{associateUid}, ADR 060): the caller's role,
// the gifts table and a gift's page, the audit log. A gift given anonymously carries no name,
// e-mail or address here (spec §5: the giver's personal data is not passed to the associate).
import { z } from 'zod';
import { ASSOCIATE_ROLES, CONSOLE_ACTIONS } from '../associate-roles';
import { ISO_DATE_PATTERN } from '../calendar';
import { PAYMENT_METHODS } from '../enums';
import { EXTERNAL_GIFT_METHODS } from '../external-gift-import';
import { REFUND_REASON_MAX_LENGTH } from '../refunds';
import { isUsableText, UNUSABLE_TEXT_RULE } from '../schemas/usable-text';
import { langQuery, mailedCode, pageQuery, paginated, PG_INTEGER_MAX, rowIdParam } from './common';
import { requiredEmailSchema } from '../schemas/fields';
import { associateUidParams } from './associate';

/** GET /associate/{uid}/my_associate/: who the caller is in this associate's console. */
export const myAssociate = z.object({
  associate: z.object({ id: z.number().int(), uid: z.string(), name: z.string(), logo_url: z.string() }),
  role: z.enum(ASSOCIATE_ROLES),
  permissions: z.object(
    Object.fromEntries(CONSOLE_ACTIONS.map((action) => [action, z.boolean()])) as Record<(typeof CONSOLE_ACTIONS)[number], z.ZodBoolean>,
  ),
});
export type MyAssociate = z.infer<typeof myAssociate>;

/** Single gifts, and the occurrences of monthly and annual support. */
export const GIFT_KINDS = ['single', 'monthly', 'annual'] as const;
export type GiftKind = (typeof GIFT_KINDS)[number];

/** What the console says of a gift's money: processing covers created and 3-D Secure. */
export const CONSOLE_GIFT_STATUSES = ['paid', 'awaiting_transfer', 'processing', 'failed', 'expired', 'cancelled', 'refunded'] as const;
export type ConsoleGiftStatus = (typeof CONSOLE_GIFT_STATUSES)[number];

export const GIFT_SORTS = ['date_desc', 'date_asc', 'amount_desc', 'amount_asc'] as const;
export type GiftSort = (typeof GIFT_SORTS)[number];

const isoDate = z.string().regex(ISO_DATE_PATTERN, 'date');
const searchText = z.string().trim().max(100).refine(isUsableText, UNUSABLE_TEXT_RULE);

/**
 * A supporter in the console's addresses: `u` and their account id, or for a guest `g` and the id
 * of one of their gifts' donor records (matched by e-mail), or for someone who gave only outside
 * Kifu `x` and the id of one of their imported gifts (ADR 077). Never an e-mail address in a URL.
 */
export const supporterId = z
  .string()
  .regex(/^[ugx][1-9]\d{0,9}$/, 'value')
  .refine((id) => Number(id.slice(1)) <= PG_INTEGER_MAX, 'value');

/** The gifts table's filters; every one optional, all of them together narrow. */
export const consoleGiftsQuery = langQuery.extend(pageQuery.shape).extend({
  /** Given on or after this Japan date, and on or before `to`. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  kind: z.enum(GIFT_KINDS).optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  status: z.enum(CONSOLE_GIFT_STATUSES).optional(),
  campaign_id: rowIdParam.optional(),
  /** One supporter's open gifts (never their anonymous ones, spec §5). */
  supporter: supporterId.optional(),
  /** A name (kanji or kana), an e-mail or a receipt number; anonymous gifts match by receipt number only. */
  q: searchText.optional(),
  sort: z.enum(GIFT_SORTS).default('date_desc'),
});
export type ConsoleGiftsQuery = z.infer<typeof consoleGiftsQuery>;

export const consoleGiftParams = associateUidParams.extend({ donationId: rowIdParam });

const supporter = z.object({
  anonymous: z.boolean(),
  /** Null when the gift was anonymous. */
  name: z.string().nullable(),
  name_kana: z.string().nullable(),
  email: z.string().nullable(),
  corporate: z.boolean(),
  /** A member's gift (signed in), or a guest's. */
  member: z.boolean(),
});

export const consoleGift = z.object({
  id: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  supporter,
  amount: z.number().int(),
  /** What was given back from the console so far (ADR 064); the gift counts for amount − this. */
  refunded_amount: z.number().int(),
  /** Kifu's fee on the gift, tax included (spec §9). */
  fee: z.number().int(),
  /** What the associate receives. */
  net: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  kind: z.enum(GIFT_KINDS),
  campaign: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  reward: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  portfolio: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  status: z.enum(CONSOLE_GIFT_STATUSES),
  receipt_number: z.string().nullable(),
});
export type ConsoleGift = z.infer<typeof consoleGift>;

export const consoleGifts = paginated(consoleGift).extend({
  /** The sum of what every gift the filters match kept after refunds (all pages). */
  total_amount: z.number().int(),
  /** The associate's campaigns, for the campaign filter. */
  campaigns: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type ConsoleGifts = z.infer<typeof consoleGifts>;

export const GIFT_EVENTS = [
  'created',
  'three_d_secure',
  'account_issued',
  'paid',
  'failed',
  'mailed',
  'receipt_issued',
  'refunded',
] as const;
export type GiftEvent = (typeof GIFT_EVENTS)[number];

export const GIFT_REFUND_STATUSES = ['pending', 'completed', 'failed'] as const;

/** One refund of a gift (ADR 064): pending while the provider is asked, failed with its code. */
export const giftRefund = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  status: z.enum(GIFT_REFUND_STATUSES),
  requested_by: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** The provider's code when it refused or could not be reached. */
  error: z.string().nullable(),
});
export type GiftRefund = z.infer<typeof giftRefund>;

export const consoleGiftDetail = consoleGift.extend({
  /** Null when anonymous or not given. */
  address: z.string().nullable(),
  phone: z.string().nullable(),
  newsletter: z.boolean(),
  message: z.string().nullable(),
  survey: z.array(z.object({ question: z.string(), answer: z.string() })),
  recurring: z
    .object({
      id: z.number().int(),
      period: z.enum(['monthly', 'annual']),
      status: z.enum(['pending', 'active', 'suspended', 'stopped']),
      amount: z.number().int(),
    })
    .nullable(),
  failure_reason: z.string().nullable(),
  /** What may still be refunded: 0 unless the gift is paid and kept something. */
  refundable_amount: z.number().int(),
  refunds: z.array(giftRefund),
  timeline: z.array(z.object({ event: z.enum(GIFT_EVENTS), at: z.string(), detail: z.string().nullable() })),
});
export type ConsoleGiftDetail = z.infer<typeof consoleGiftDetail>;

/**
 * POST /associate/{uid}/console/gifts/{id}/refunds/: `request_key` names one press of the refund
 * button, so a second click, a retry or a reload answers the same refund instead of a new one.
 */
export const refundRequestBody = z.object({
  amount: z.number({ error: 'value' }).int('value').min(1, 'value').max(PG_INTEGER_MAX, 'value'),
  reason: z.string().trim().min(1, 'required').max(REFUND_REASON_MAX_LENGTH, 'too_long').refine(isUsableText, UNUSABLE_TEXT_RULE),
  request_key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'value'),
});
export type RefundRequestBody = z.infer<typeof refundRequestBody>;

/** What the audit log records: every export of personal data, every refund, receipts reissued, member changes. */
export const AUDIT_ACTIONS = [
  'export.gifts',
  'export.supporters',
  'export.donor_register',
  'export.receipt',
  'refund',
  'receipt.reissue',
  'member.invite',
  'member.role',
  'member.remove',
  'member.join',
  /** Where Kifu pays the associate changed (ADR 075): an owner, with their password. */
  'payout_account.change',
  /** Gifts received outside Kifu imported from a CSV file, or an import deleted with its gifts (ADR 077). */
  'external_gifts.import',
  'external_gifts.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  subject: z.string().nullable(),
  row_count: z.number().int().nullable(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
});
export const auditLog = paginated(auditEvent);
export type AuditLog = z.infer<typeof auditLog>;
export const auditQuery = langQuery.extend(pageQuery.shape);

/** /associate/{uid}/console/donor-register/{fiscalYear}/ (ADR 061): a fiscal year named by the year it starts in. */
export const donorRegisterParams = associateUidParams.extend({ fiscalYear: z.coerce.number().int().min(2000).max(2100) });

const registerEntry = z.object({
  amount: z.number().int(),
  received_on: z.string(),
  /** Only on a gift received outside Kifu and imported (ADR 077): how it was received. */
  external: z.enum(EXTERNAL_GIFT_METHODS).optional(),
});

/** The register on screen: per donor their gifts, the anonymous gifts apart, the totals. */
export const donorRegisterView = z.object({
  fiscal_year: z.number().int(),
  label: z.string(),
  /** The month (1–12) the associate's fiscal year starts. */
  start_month: z.number().int(),
  /** The last day (Japan) the register of this year must be made by. */
  due_on: z.string(),
  /** The fiscal year that is running now: registers exist for years before it. */
  current_fiscal_year: z.number().int(),
  donors: z.array(
    z.object({ name: z.string(), address: z.string(), corporate: z.boolean(), gifts: z.array(registerEntry), total: z.number().int() }),
  ),
  anonymous: z.array(registerEntry),
  anonymous_total: z.number().int(),
  donor_count: z.number().int(),
  gift_count: z.number().int(),
  total: z.number().int(),
});
export type DonorRegisterView = z.infer<typeof donorRegisterView>;

export const SUPPORTER_SORTS = ['last_gift_desc', 'total_desc', 'this_year_desc', 'name_asc'] as const;
export type SupporterSort = (typeof SUPPORTER_SORTS)[number];

/** The supporters table's filters: recurring now, lapsed (nothing for N months), gave at least X this year, a search. */
export const consoleSupportersQuery = langQuery.extend(pageQuery.shape).extend({
  recurring: z.enum(['true']).optional(),
  lapsed_months: z.coerce.number().int().min(1).max(120).optional(),
  min_this_year: z.coerce.number().int().min(1).max(PG_INTEGER_MAX).optional(),
  q: searchText.optional(),
  sort: z.enum(SUPPORTER_SORTS).default('last_gift_desc'),
  /** One supporter alone, for their page. */
  id: supporterId.optional(),
});
export type ConsoleSupportersQuery = z.infer<typeof consoleSupportersQuery>;

export const consoleSupporter = z.object({
  /** Their page's id (supporterId). */
  id: z.string(),
  name: z.string(),
  name_kana: z.string().nullable(),
  email: z.string(),
  corporate: z.boolean(),
  member: z.boolean(),
  /** The consent to the organisation's news given with their latest gift. */
  newsletter: z.boolean(),
  first_gift_at: z.string(),
  last_gift_at: z.string(),
  gift_count: z.number().int(),
  total: z.number().int(),
  total_this_year: z.number().int(),
  /** The method of their latest gift through Kifu; null for someone who gave only outside Kifu. */
  method: z.enum(PAYMENT_METHODS).nullable(),
  /** Only on a supporter with gifts received outside Kifu and imported (ADR 077). */
  external: z.literal(true).optional(),
  recurring: z
    .object({
      period: z.enum(['monthly', 'annual']),
      amount: z.number().int(),
      since: z.string(),
      next_charge_on: z.string().nullable(),
      failing: z.boolean(),
    })
    .nullable(),
});
export type ConsoleSupporter = z.infer<typeof consoleSupporter>;
export const consoleSupporters = paginated(consoleSupporter);
export type ConsoleSupporters = z.infer<typeof consoleSupporters>;

/** The members of an associate's console and the invitations not yet used (owners only). */
export const consoleMembers = z.object({
  members: z.array(
    z.object({
      user_id: z.number().int(),
      email: z.string(),
      name: z.string(),
      role: z.enum(ASSOCIATE_ROLES),
      since: z.string(),
      you: z.boolean(),
    }),
  ),
  invitations: z.array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      role: z.enum(ASSOCIATE_ROLES),
      expires_at: z.string(),
      invited_by: z.string().nullable(),
    }),
  ),
});
export type ConsoleMembers = z.infer<typeof consoleMembers>;

export const inviteMemberBody = z.object({
  email: requiredEmailSchema,
  role: z.enum(ASSOCIATE_ROLES),
  lang: z.enum(['ja', 'en']).default('ja'),
});
export const memberParams = associateUidParams.extend({ userId: rowIdParam });
export const invitationParams = associateUidParams.extend({ invitationId: rowIdParam });
export const changeRoleBody = z.object({ role: z.enum(ASSOCIATE_ROLES) });

/** GET /associate/invitations/{code}/: what a mailed invitation offers, before it is accepted. */
export const invitationCodeParams = z.object({ code: mailedCode });
export const invitationView = z.object({
  associate: z.object({ uid: z.string(), name: z.string() }),
  role: z.enum(ASSOCIATE_ROLES),
  email: z.string(),
});
export type InvitationView = z.infer<typeof invitationView>;
export const acceptInvitationBody = z.object({ code: mailedCode });
export const acceptedInvitation = z.object({ associate: z.object({ uid: z.string(), name: z.string() }), role: z.enum(ASSOCIATE_ROLES) });

/** GET/PATCH /associate/{uid}/console/settings/ (owners change them): the month the associate's fiscal year starts, for the donor register. */
export const consoleSettings = z.object({ fiscal_year_start_month: z.number().int().min(1).max(12) });
export type ConsoleSettings = z.infer<typeof consoleSettings>;
export const consoleSettingsBody = z.object({
  fiscal_year_start_month: z.number({ error: 'value' }).int('value').min(1, 'value').max(12, 'value'),
});
