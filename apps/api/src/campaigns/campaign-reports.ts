// GET /campaign/{id}/reports/ and /campaign/{id}/reports/{reportId}/ (spec §7, read side): the
// published reports of a public campaign, newest first, and one of them with its body and the
// report schedules it fulfils. A draft report, or a report of another campaign, is a 404.
import type { api, Locale } from '@kifu/domain';
import { and, asc, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { storyText } from './manage/story-html';
import { campaignReportSchedules, campaignReports } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { localizer } from '../lib/localize';
import type { PageQuery } from '../lib/paginate';
import type { MediaUrl } from '../media/media-url';
import { pageOfItems, toReportSummary } from './campaign-items';
import { requirePublicCampaign } from './campaign-summaries';

const isPublished = isNotNull(campaignReports.publishedAt);

export async function listCampaignReports(
  db: Database,
  campaignId: number,
  query: PageQuery & { lang: Locale },
  mediaUrl: MediaUrl,
): Promise<api.CampaignReportList> {
  await requirePublicCampaign(db, campaignId);
  const where = and(eq(campaignReports.campaignId, campaignId), isPublished);
  const tr = localizer(query.lang);
  return pageOfItems(
    query,
    () => db.select({ value: count() }).from(campaignReports).where(where),
    ({ limit, offset }) =>
      db
        .select()
        .from(campaignReports)
        .where(where)
        .orderBy(desc(campaignReports.publishedAt), desc(campaignReports.id))
        .limit(limit)
        .offset(offset),
    (row) => toReportSummary(row, tr, mediaUrl),
  );
}

export async function getCampaignReport(
  db: Database,
  campaignId: number,
  reportId: number,
  lang: Locale,
  mediaUrl: MediaUrl,
): Promise<api.CampaignReportDetail> {
  await requirePublicCampaign(db, campaignId);
  const [row] = await db
    .select()
    .from(campaignReports)
    .where(and(eq(campaignReports.id, reportId), eq(campaignReports.campaignId, campaignId), isPublished));
  if (!row) throw new AppError('not_found', `report ${reportId} of campaign ${campaignId} not found`);
  const schedules = await db
    .select()
    .from(campaignReportSchedules)
    .where(eq(campaignReportSchedules.reportId, row.id))
    .orderBy(asc(campaignReportSchedules.dueOn), asc(campaignReportSchedules.id));
  const tr = localizer(lang);
  return {
    ...toReportSummary(row, tr, mediaUrl),
    campaign_id: row.campaignId,
    ...reportBodies(tr(row, 'body')),
    schedules: schedules.map((schedule) => ({ id: schedule.id, title: tr(schedule, 'title'), due_on: schedule.dueOn })),
  };
}

/**
 * A report's body as plain text and as HTML: the dashboard's editor stores sanitised HTML (it always
 * opens with a tag), the demo's and older reports plain text.
 */
function reportBodies(stored: string): { body: string; body_html: string } {
  return stored.startsWith('<') ? { body: storyText(stored), body_html: stored } : { body: stored, body_html: '' };
}
