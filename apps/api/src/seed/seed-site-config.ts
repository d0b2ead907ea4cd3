// Remote configuration demo rows (ADR 018): global entries, campaign settings, FAQ and popup banners.
import type { Database } from '../db/client';
import * as t from '../db/schema/index';
import { demoImagePath } from '../media/demo-image';
import { CAMPAIGN_CONFIG_SEED, FAQ_SEED, GLOBAL_CONFIG_SEED, POPUP_BANNER_SEED } from './data/site-config';

const DAY_MS = 86_400_000;

export async function seedSiteConfig(db: Database, campaignIdOf: (key: string) => number, now: Date) {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  const globalConfigEntries = await db
    .insert(t.globalConfigEntries)
    .values(
      GLOBAL_CONFIG_SEED.map((entry) => ({ key: entry.key, parts: [...entry.parts], partsEn: entry.partsEn ? [...entry.partsEn] : null })),
    )
    .returning();
  const campaignConfigs = await db
    .insert(t.campaignConfigs)
    .values(Object.entries(CAMPAIGN_CONFIG_SEED).map(([key, config]) => ({ campaignId: campaignIdOf(key), config })))
    .returning();
  const faqEntries = await db
    .insert(t.faqEntries)
    .values(
      FAQ_SEED.map((entry, index) => ({
        question: entry.question[0],
        questionEn: entry.question[1],
        answer: entry.answer[0],
        answerEn: entry.answer[1],
        sortOrder: index,
        isPublished: entry.isPublished ?? true,
      })),
    )
    .returning();
  const popupBanners = await db
    .insert(t.popupBanners)
    .values(
      POPUP_BANNER_SEED.map((banner, index) => ({
        title: banner.title[0],
        titleEn: banner.title[1],
        imagePath: demoImagePath('visual', `banner-${banner.key}`),
        linkUrl: banner.linkUrl,
        startsAt: at(-banner.startDaysAgo),
        endsAt: banner.endInDays === null ? null : at(banner.endInDays),
        isActive: banner.isActive ?? true,
        sortOrder: index,
      })),
    )
    .returning();
  return { globalConfigEntries, campaignConfigs, faqEntries, popupBanners };
}
