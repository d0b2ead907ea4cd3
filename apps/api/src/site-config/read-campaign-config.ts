// Campaign settings (spec §7: "content is used whole"; §3: "campaign settings as a map by campaign
// id"). Only public campaigns answer: a draft's settings are as hidden as the draft (ADR 004).
import type { api } from '@kifu/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema/index';
import { isPublicCampaign } from '../campaigns/campaign-summaries';

/** Settings of every public campaign that has any, keyed by campaign id. */
export async function readCampaignConfigMap(db: Database): Promise<api.CampaignConfigMap> {
  const rows = await db
    .select({ campaignId: t.campaignConfigs.campaignId, config: t.campaignConfigs.config })
    .from(t.campaignConfigs)
    .innerJoin(t.campaigns, eq(t.campaigns.id, t.campaignConfigs.campaignId))
    .where(isPublicCampaign(db))
    .orderBy(asc(t.campaignConfigs.campaignId));
  return Object.fromEntries(rows.map((row) => [String(row.campaignId), row.config]));
}

/** One public campaign's settings ({} when it has none), or null when there is no such public campaign. */
export async function readCampaignConfig(db: Database, campaignId: number): Promise<api.CampaignConfig | null> {
  const [row] = await db
    .select({ config: t.campaignConfigs.config })
    .from(t.campaigns)
    .leftJoin(t.campaignConfigs, eq(t.campaignConfigs.campaignId, t.campaigns.id))
    .where(and(eq(t.campaigns.id, campaignId), isPublicCampaign(db)));
  if (!row) return null;
  return row.config ?? {};
}
