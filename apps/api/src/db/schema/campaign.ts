// The campaign aggregate (spec §3 "Campaign aggregate"): core/meta/detail in one row, plus
// rewards, reward checks, usages, reports with their schedules, custom author, stretch goal,
// discounts, support fundings and the associate's campaign templates.
import { api, CAMPAIGN_APPROVAL_STATUSES, CAMPAIGN_TYPE_IDS } from '@kifu/domain';
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  boolean,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, nonNegative, oneOf, positive, sortOrder, timestamps, yen } from './columns';
import { associates } from './associate';
import { portfolios } from './portfolio';
import { users } from './user';

export const campaignStatusEnum = pgEnum('campaign_status', api.CAMPAIGN_STATUSES);
export const campaignApprovalEnum = pgEnum('campaign_approval', CAMPAIGN_APPROVAL_STATUSES);

/** Starting points an associate offers for new campaigns (spec §2 create-campaign/{type}). */
export const associateCampaignTemplates = pgTable(
  'associate_campaign_templates',
  {
    id: id(),
    associateId: integer()
      .notNull()
      .references(() => associates.id, { onDelete: 'cascade' }),
    type: smallint().notNull(),
    title: text().notNull(),
    titleEn: text(),
    body: text().notNull().default(''),
    bodyEn: text(),
    ...timestamps,
  },
  (t) => [check('associate_campaign_templates_type_check', oneOf(t.type, CAMPAIGN_TYPE_IDS))],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    associateId: integer()
      .notNull()
      .references(() => associates.id, { onDelete: 'cascade' }),
    /** The supporter who created it (peer-to-peer types); null for associate campaigns. */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    portfolioId: integer().references(() => portfolios.id, { onDelete: 'set null' }),
    templateId: integer().references(() => associateCampaignTemplates.id, { onDelete: 'set null' }),
    /** The campaign this one raises support for (spec §3 "parent"). */
    parentId: integer().references((): AnyPgColumn => campaigns.id, { onDelete: 'set null' }),
    type: smallint().notNull(),
    status: campaignStatusEnum().notNull().default('draft'),
    title: text().notNull(),
    titleEn: text(),
    summary: text().notNull().default(''),
    summaryEn: text(),
    /** The story as plain text (page descriptions, search); written with storyHtml by the editor. */
    body: text().notNull().default(''),
    bodyEn: text(),
    /** The story as the editor wrote it, sanitised on the server; empty for a plain-text story. */
    storyHtml: text().notNull().default(''),
    storyHtmlEn: text(),
    mainVisualPath: text().notNull(),
    imagePath: text(),
    goalAmount: yen().notNull(),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: timestamp({ withTimezone: true }),
    releasedAt: timestamp({ withTimezone: true }),
    /**
     * The associate's approval of a campaign started by a supporter before it first goes public
     * (ADR 069): asked by the fundraiser's release, decided by the associate's owners and staff.
     * Campaigns of the associate's own members never wait for it.
     */
    approvalStatus: campaignApprovalEnum().notNull().default('not_requested'),
    approvalRequestedAt: timestamp({ withTimezone: true }),
    approvalDecidedAt: timestamp({ withTimezone: true }),
    approvalDecidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Why the associate declined, as mailed to the fundraiser; null unless declined. */
    approvalReason: text(),
    ...timestamps,
  },
  (t) => [
    check('campaigns_type_check', oneOf(t.type, CAMPAIGN_TYPE_IDS)),
    check('campaigns_goal_amount_check', nonNegative(t.goalAmount)),
    index('campaigns_associate_idx').on(t.associateId),
    index('campaigns_status_start_idx').on(t.status, t.startAt),
  ],
);

const campaignId = () =>
  integer()
    .notNull()
    .references(() => campaigns.id, { onDelete: 'cascade' });

/** Rewards of reward-based support; `stock` null means unlimited (wire: campaignReward). */
export const campaignRewards = pgTable(
  'campaign_rewards',
  {
    id: id(),
    campaignId: campaignId(),
    title: text().notNull(),
    titleEn: text(),
    description: text().notNull().default(''),
    descriptionEn: text(),
    amount: yen().notNull(),
    stock: integer(),
    /** Updated in the donation's transaction so a reward is never oversold (architecture.md §3). */
    appliedCount: integer().notNull().default(0),
    /** YYYY-MM */
    shippingMonth: text(),
    imagePath: text().notNull(),
    sortOrder: sortOrder(),
    ...timestamps,
  },
  (t) => [
    check('campaign_rewards_amount_check', positive(t.amount)),
    check('campaign_rewards_stock_check', sql`${t.stock} is null or (${t.stock} >= 0 and ${t.appliedCount} <= ${t.stock})`),
    check('campaign_rewards_applied_count_check', nonNegative(t.appliedCount)),
    check('campaign_rewards_shipping_month_check', sql`${t.shippingMonth} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    index('campaign_rewards_campaign_idx').on(t.campaignId),
  ],
);

export const rewardCheckStatusEnum = pgEnum('reward_check_status', ['requested', 'approved', 'rejected']);

/** Platform review of a campaign's rewards (spec §7 reward-review-request, reward-check). */
export const campaignRewardChecks = pgTable(
  'campaign_reward_checks',
  {
    id: id(),
    campaignId: campaignId(),
    status: rewardCheckStatusEnum().notNull().default('requested'),
    comment: text().notNull().default(''),
    reviewedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('campaign_reward_checks_campaign_idx').on(t.campaignId)],
);

/** How the money will be used (spec §2 dashboard campaign/usage). */
export const campaignUsages = pgTable(
  'campaign_usages',
  {
    id: id(),
    campaignId: campaignId(),
    title: text().notNull(),
    titleEn: text(),
    description: text().notNull().default(''),
    descriptionEn: text(),
    amount: yen().notNull(),
    imagePath: text().notNull(),
    sortOrder: sortOrder(),
    ...timestamps,
  },
  (t) => [check('campaign_usages_amount_check', nonNegative(t.amount)), index('campaign_usages_campaign_idx').on(t.campaignId)],
);

export const campaignReports = pgTable(
  'campaign_reports',
  {
    id: id(),
    campaignId: campaignId(),
    title: text().notNull(),
    titleEn: text(),
    body: text().notNull().default(''),
    bodyEn: text(),
    mainVisualPath: text().notNull(),
    /** Null while the report is a draft. */
    publishedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('campaign_reports_campaign_idx').on(t.campaignId)],
);

/** Promised report dates; a schedule is fulfilled once a report is linked to it. */
export const campaignReportSchedules = pgTable(
  'campaign_report_schedules',
  {
    id: id(),
    campaignId: campaignId(),
    reportId: integer().references(() => campaignReports.id, { onDelete: 'set null' }),
    title: text().notNull(),
    titleEn: text(),
    dueOn: date({ mode: 'string' }).notNull(),
    ...timestamps,
  },
  (t) => [index('campaign_report_schedules_campaign_idx').on(t.campaignId)],
);

/** Who the campaign page names as its author instead of the associate. */
export const campaignCustomAuthors = pgTable('campaign_custom_authors', {
  id: id(),
  campaignId: campaignId().unique(),
  name: text().notNull(),
  nameEn: text(),
  description: text().notNull().default(''),
  descriptionEn: text(),
  imagePath: text().notNull(),
  ...timestamps,
});

/** The next goal once the first is reached (spec §7 stretch-target). */
export const campaignStretchGoals = pgTable(
  'campaign_stretch_goals',
  {
    id: id(),
    campaignId: campaignId().unique(),
    targetAmount: yen().notNull(),
    description: text().notNull().default(''),
    descriptionEn: text(),
    ...timestamps,
  },
  (t) => [check('campaign_stretch_goals_target_check', positive(t.targetAmount))],
);

/** Promotion codes (spec §8 "The promotion code cannot be applied for this campaign."). */
export const campaignDiscounts = pgTable(
  'campaign_discounts',
  {
    id: id(),
    campaignId: campaignId(),
    code: text().notNull(),
    discountAmount: yen().notNull(),
    isActive: boolean().notNull().default(true),
    validUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('campaign_discounts_campaign_code_key').on(t.campaignId, t.code),
    check('campaign_discounts_amount_check', positive(t.discountAmount)),
  ],
);

/**
 * A supporter's own fundraiser for a campaign (spec §2 create-support-funding/{type}): it is a
 * campaign of its own whose parent is the supported one; this row links the two.
 */
export const campaignSupportFundings = pgTable(
  'campaign_support_fundings',
  {
    id: id(),
    campaignId: campaignId(),
    fundingCampaignId: integer()
      .notNull()
      .unique()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    type: smallint().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('campaign_support_fundings_type_check', oneOf(t.type, CAMPAIGN_TYPE_IDS)),
    index('campaign_support_fundings_campaign_idx').on(t.campaignId),
  ],
);
