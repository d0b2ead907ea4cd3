// Remote configuration of the site (spec §7 front-end server routes, ADR 018): global entries,
// per-campaign settings, FAQ entries and the top page's popup banners. Edited by staff (the admin
// application), read by the web's /kifuConfig/* routes through the API.
import type { api } from '@kifu/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, sortOrder, timestamps } from './columns';
import { campaigns } from './campaign';

/**
 * One global entry: a key and its value as string parts (spec §7: "a map of key to an array of
 * string parts, joined into one string"). `partsEn` is the English twin where the value differs by
 * language (ADR 004 pattern); null means the Japanese parts serve both.
 */
export const globalConfigEntries = pgTable(
  'global_config_entries',
  {
    key: text().primaryKey(),
    parts: text().array().notNull(),
    partsEn: text().array(),
    ...timestamps,
  },
  (t) => [check('global_config_entries_key_check', sql`${t.key} ~ '^[a-z0-9_.]{1,100}$'`)],
);

/** A campaign's settings, used whole by the client (spec §7); one JSON object per campaign. */
export const campaignConfigs = pgTable(
  'campaign_configs',
  {
    campaignId: integer()
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    config: jsonb().$type<api.CampaignConfig>().notNull().default({}),
    ...timestamps,
  },
  (t) => [check('campaign_configs_object_check', sql`jsonb_typeof(${t.config}) = 'object'`)],
);

export const faqEntries = pgTable(
  'faq_entries',
  {
    id: id(),
    question: text().notNull(),
    questionEn: text(),
    answer: text().notNull(),
    answerEn: text(),
    sortOrder: sortOrder(),
    isPublished: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index('faq_entries_published_order_idx').on(t.isPublished, t.sortOrder)],
);

/** The top page's popup banners: shown while active and inside their window [startsAt, endsAt). */
export const popupBanners = pgTable(
  'popup_banners',
  {
    id: id(),
    title: text().notNull(),
    titleEn: text(),
    imagePath: text().notNull(),
    /** A path on this site or an absolute http(s) URL. */
    linkUrl: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    /** Null: no end. */
    endsAt: timestamp({ withTimezone: true }),
    isActive: boolean().notNull().default(true),
    sortOrder: sortOrder(),
    ...timestamps,
  },
  (t) => [
    check('popup_banners_window_check', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check('popup_banners_link_url_check', sql`${t.linkUrl} ~ '^(/[^/\\\\]|/$|https?://)'`),
    index('popup_banners_window_idx').on(t.isActive, t.startsAt),
  ],
);
