// GET /campaign/{id}/ (spec §7): one released campaign with its rewards, usages, published
// reports, stretch goal, custom author and a page of supporters' messages. 404 unless the campaign
// is public (isPublicCampaign). The dashboard's preview reads a draft the same way, as it will
// look once released (`previewOf`: the caller's right to it is checked by the route).
import type { api, Locale } from '@kifu/domain';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema/index';
import type { PageQuery } from '../lib/paginate';
import { localizer } from '../lib/localize';
import type { MediaUrl } from '../media/media-url';
import { toCustomAuthor, toReportSummary, toReward, toStretchTarget, toUsage } from './campaign-items';
import { campaignMessagesPage } from './campaign-messages';
import { isPublicCampaign, requirePublicCampaign, toCampaignSummaries, type CampaignRow } from './campaign-summaries';

export async function getCampaign(
  db: Database,
  id: number,
  lang: Locale,
  messagePage: PageQuery,
  mediaUrl: MediaUrl,
  previewOf?: CampaignRow,
): Promise<api.CampaignDetail> {
  // A draft shows as it will once released: running, on the public page.
  const row = previewOf
    ? { ...previewOf, status: previewOf.status === 'draft' ? 'published' : previewOf.status }
    : await requirePublicCampaign(db, id);
  const [[summary], [stretchGoal], [author], rewards, usages, reports, messages, [parent]] = await Promise.all([
    toCampaignSummaries(db, [row], lang, mediaUrl),
    db.select().from(t.campaignStretchGoals).where(eq(t.campaignStretchGoals.campaignId, id)),
    db.select().from(t.campaignCustomAuthors).where(eq(t.campaignCustomAuthors.campaignId, id)),
    db
      .select()
      .from(t.campaignRewards)
      .where(eq(t.campaignRewards.campaignId, id))
      .orderBy(asc(t.campaignRewards.sortOrder), asc(t.campaignRewards.id)),
    db
      .select()
      .from(t.campaignUsages)
      .where(eq(t.campaignUsages.campaignId, id))
      .orderBy(asc(t.campaignUsages.sortOrder), asc(t.campaignUsages.id)),
    db
      .select()
      .from(t.campaignReports)
      .where(and(eq(t.campaignReports.campaignId, id), isNotNull(t.campaignReports.publishedAt)))
      .orderBy(desc(t.campaignReports.publishedAt), desc(t.campaignReports.id)),
    campaignMessagesPage(db, id, messagePage),
    row.parentId === null
      ? Promise.resolve([])
      : db
          .select()
          .from(t.campaigns)
          .where(and(eq(t.campaigns.id, row.parentId), isPublicCampaign(db))),
  ]);
  const tr = localizer(lang);
  return {
    ...summary!,
    body: tr(row, 'body'),
    story_html: lang === 'en' ? row.storyHtmlEn || row.storyHtml : row.storyHtml,
    parent: parent ? { id: parent.id, title: tr(parent, 'title') } : null,
    stretch_goal: stretchGoal ? toStretchTarget(stretchGoal, tr) : null,
    custom_author: author ? toCustomAuthor(author, tr, mediaUrl) : null,
    rewards: rewards.map((reward) => toReward(reward, tr, mediaUrl)),
    usages: usages.map((usage) => toUsage(usage, tr, mediaUrl)),
    reports: reports.map((report) => toReportSummary(report, tr, mediaUrl)),
    messages: messages.results,
    message_count: messages.count,
  };
}
