// The campaign card of every list (api.campaignSummary): the campaign, its associate and its
// totals, built for a page of rows with one query for associates and one for totals.
import {
  campaignDaysLeft,
  campaignPhase,
  campaignTypeLabel,
  type api,
  type CampaignPhase,
  type CampaignType,
  type Locale,
} from '@kifu/domain';
import { and, eq, exists, gt, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associates, campaigns } from '../db/schema/index';
import { isPublicAssociate } from '../associates/associate-summaries';
import { donationTotals } from '../read-models/donation-totals';
import { AppError } from '../lib/app-error';
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

/** SQL twin of campaignPhase (packages/domain): released campaigns in `phase` at `now`. */
export function isInPhase(phase: CampaignPhase, now: Date) {
  const open = and(eq(campaigns.status, 'published'), or(isNull(campaigns.endAt), gt(campaigns.endAt, now)));
  return phase === 'published' ? open : or(eq(campaigns.status, 'closed'), lte(campaigns.endAt, now));
}

/** One public campaign's row (isPublicCampaign), or 404 not_found: unknown and draft look alike. */
export async function requirePublicCampaign(db: Database, id: number): Promise<CampaignRow> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), isPublicCampaign(db)));
  if (!row) throw new AppError('not_found', `campaign ${id} not found`);
  return row;
}

export async function toCampaignSummaries(
  db: Database,
  rows: readonly CampaignRow[],
  lang: Locale,
  mediaUrl: MediaUrl,
): Promise<api.CampaignSummary[]> {
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
  const now = new Date();
  const ownerOf = new Map(
    owners.map((owner) => [owner.id, { id: owner.id, uid: owner.uid, name: t(owner, 'name'), logo_url: mediaUrl(owner.logoPath) }]),
  );
  return rows.map((row) => {
    // Drafts never get here (isPublicCampaign), so the stored status is a phase already.
    const stored = row.status as CampaignPhase;
    return {
      id: row.id,
      title: t(row, 'title'),
      summary: t(row, 'summary'),
      type: row.type,
      type_label: campaignTypeLabel[row.type as CampaignType],
      status: campaignPhase(stored, row.endAt, now),
      associate: ownerOf.get(row.associateId)!,
      main_visual_url: mediaUrl(row.mainVisualPath),
      goal_amount: row.goalAmount,
      raised_amount: totalsOf(row.id).raised,
      supporter_count: totalsOf(row.id).supporters,
      start_at: row.startAt.toISOString(),
      end_at: row.endAt?.toISOString() ?? null,
      days_left: campaignDaysLeft(stored, row.endAt, now),
    };
  });
}
