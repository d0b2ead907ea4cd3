// The campaign card of every list (api.campaignSummary): the campaign, its associate and its
// totals, built for a page of rows with one query for associates and one for totals.
import { campaignTypeLabel, type api, type CampaignType, type Locale } from '@kifu/domain';
import { and, eq, exists, inArray, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associates, campaigns } from '../db/schema/index';
import { isPublicAssociate } from '../associates/associate-summaries';
import { donationTotals } from '../donations/donation-totals';
import { localizer } from '../lib/localize';
import type { MediaUrl } from '../media/media-url';

export type CampaignRow = typeof campaigns.$inferSelect;

/**
 * Released campaigns of published associates. Drafts are never public (spec §4: a campaign is
 * released before anyone sees it), and an unpublished associate hides its campaigns.
 */
export function isPublicCampaign(db: Database) {
  const ownerIsPublic = db
    .select({ id: associates.id })
    .from(associates)
    .where(and(eq(associates.id, campaigns.associateId), isPublicAssociate));
  return and(ne(campaigns.status, 'draft'), exists(ownerIsPublic));
}

export async function toCampaignSummaries(db: Database, rows: readonly CampaignRow[], lang: Locale, mediaUrl: MediaUrl): Promise<api.CampaignSummary[]> {
  const associateIds = [...new Set(rows.map((row) => row.associateId))];
  const [owners, totalsOf] = await Promise.all([
    associateIds.length === 0 ? [] : db.select().from(associates).where(inArray(associates.id, associateIds)),
    donationTotals(
      db,
      'campaignId',
      rows.map((row) => row.id),
    ),
  ]);
  const t = localizer(lang);
  const ownerOf = new Map(owners.map((owner) => [owner.id, { id: owner.id, uid: owner.uid, name: t(owner, 'name'), logo_url: mediaUrl(owner.logoPath) }]));
  return rows.map((row) => ({
    id: row.id,
    title: t(row, 'title'),
    summary: t(row, 'summary'),
    type: row.type,
    type_label: campaignTypeLabel[row.type as CampaignType],
    status: row.status,
    associate: ownerOf.get(row.associateId)!,
    main_visual_url: mediaUrl(row.mainVisualPath),
    goal_amount: row.goalAmount,
    raised_amount: totalsOf(row.id).raised,
    supporter_count: totalsOf(row.id).supporters,
    start_at: row.startAt.toISOString(),
    end_at: row.endAt?.toISOString() ?? null,
  }));
}
