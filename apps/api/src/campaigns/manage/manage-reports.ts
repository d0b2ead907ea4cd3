// A campaign's reports back to the people who gave (ADR 036, spec §7 reports, report-schedule):
// written as drafts (the body sanitised like the story), published once the campaign is released —
// which links the promised schedules it fulfils and, in the same transaction, queues one mail per
// supporter (report-published-mails.ts). Schedules are promised report dates, not before today.
import { CAMPAIGN_LIMITS, japanToday, type api } from '@kifu/domain';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { campaignReports, campaignReportSchedules } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { MailLinks } from '../../mail/mail-links';
import { demoImagePath } from '../../media/demo-image';
import type { FileStorage } from '../../media/file-storage';
import { dropUploadedImage } from '../../media/uploaded-image';
import type { MediaUrl } from '../../media/media-url';
import { CAMPAIGN_IMAGE_SIZES, storeCampaignImage } from './campaign-images';
import { lockCampaign } from './manage-items';
import { queueReportPublishedMails } from './report-published-mails';
import { sanitiseStory } from './story-html';

type ReportBody = z.infer<typeof api.reportBody>;
type ReportRow = typeof campaignReports.$inferSelect;
type ScheduleBody = z.infer<typeof api.reportScheduleBody>;

export async function toEditableReport(db: Database, row: ReportRow, mediaUrl: MediaUrl) {
  const linked = await db
    .select({ id: campaignReportSchedules.id })
    .from(campaignReportSchedules)
    .where(eq(campaignReportSchedules.reportId, row.id));
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    main_visual_url: mediaUrl(row.mainVisualPath),
    published_at: row.publishedAt?.toISOString() ?? null,
    schedule_ids: linked.map((schedule) => schedule.id),
  };
}

export async function reportOf(db: Database, campaignId: number, reportId: number): Promise<ReportRow> {
  const [row] = await db
    .select()
    .from(campaignReports)
    .where(and(eq(campaignReports.id, reportId), eq(campaignReports.campaignId, campaignId)));
  if (!row) throw new AppError('not_found', `report ${reportId} not found`);
  return row;
}

/** The schedules must be this campaign's; they are linked to the report when it is published. */
async function checkSchedules(tx: Database, campaignId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: campaignReportSchedules.id })
    .from(campaignReportSchedules)
    .where(and(eq(campaignReportSchedules.campaignId, campaignId), inArray(campaignReportSchedules.id, [...ids])));
  if (found.length !== new Set(ids).size)
    throw new AppError('validation_failed', 'not schedules of this campaign', { schedule_ids: ['value'] });
}

async function linkSchedules(tx: Database, campaignId: number, reportId: number, ids: readonly number[]) {
  await tx
    .update(campaignReportSchedules)
    .set({ reportId: null })
    .where(and(eq(campaignReportSchedules.campaignId, campaignId), eq(campaignReportSchedules.reportId, reportId)));
  if (ids.length > 0)
    await tx
      .update(campaignReportSchedules)
      .set({ reportId })
      .where(and(eq(campaignReportSchedules.campaignId, campaignId), inArray(campaignReportSchedules.id, [...ids])));
}

export function addReport(db: Database, campaignId: number, body: ReportBody): Promise<ReportRow> {
  return db.transaction(async (tx) => {
    await lockCampaign(tx, campaignId);
    await checkSchedules(tx, campaignId, body.schedule_ids);
    const [row] = await tx
      .insert(campaignReports)
      .values({
        campaignId,
        title: body.title,
        body: sanitiseStory(body.body),
        mainVisualPath: demoImagePath('report', `new-report-${campaignId}`),
      })
      .returning();
    await linkSchedules(tx, campaignId, row!.id, body.schedule_ids);
    return row!;
  });
}

export interface ReportChange extends Partial<ReportBody> {
  publish?: boolean;
}

/** Changes a report; `publish` publishes it (once) and mails the campaign's supporters. */
export function changeReport(db: Database, links: MailLinks, campaignId: number, reportId: number, change: ReportChange, now = new Date()) {
  return db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    const report = await reportOf(tx, campaignId, reportId);
    if (change.schedule_ids !== undefined) {
      await checkSchedules(tx, campaignId, change.schedule_ids);
      await linkSchedules(tx, campaignId, reportId, change.schedule_ids);
    }
    const publishing = change.publish === true && report.publishedAt === null;
    if (publishing && campaign.status === 'draft') throw new AppError('conflict', 'a private campaign cannot publish reports');
    const changes = {
      ...(change.title === undefined ? {} : { title: change.title }),
      ...(change.body === undefined ? {} : { body: sanitiseStory(change.body) }),
      ...(publishing ? { publishedAt: now } : {}),
    };
    // Nothing to write (say, publishing what is already published): an empty SET is not SQL.
    if (Object.keys(changes).length === 0) return report;
    const [row] = await tx.update(campaignReports).set(changes).where(eq(campaignReports.id, reportId)).returning();
    if (publishing) await queueReportPublishedMails(tx, links, row!);
    return row!;
  });
}

/** Stores the uploaded image as the report's main visual and drops the one it replaces. */
export async function setReportMainVisual(db: Database, storage: FileStorage, report: ReportRow, bytes: Buffer): Promise<ReportRow> {
  const path = await storeCampaignImage(storage, report.campaignId, bytes, CAMPAIGN_IMAGE_SIZES.mainVisual);
  const [row] = await db.update(campaignReports).set({ mainVisualPath: path }).where(eq(campaignReports.id, report.id)).returning();
  await dropUploadedImage(storage, report.mainVisualPath);
  return row!;
}

export async function removeReport(db: Database, campaignId: number, reportId: number): Promise<ReportRow> {
  const report = await reportOf(db, campaignId, reportId);
  // Conditional, so a publish that lands between the read and the delete still keeps the report.
  const removed = await db
    .delete(campaignReports)
    .where(and(eq(campaignReports.id, reportId), isNull(campaignReports.publishedAt)))
    .returning({ id: campaignReports.id });
  if (removed.length === 0) throw new AppError('conflict', 'a published report stays: supporters were told of it');
  return report;
}

export const toEditableSchedule = (row: typeof campaignReportSchedules.$inferSelect) => ({
  id: row.id,
  title: row.title,
  due_on: row.dueOn,
  report_id: row.reportId,
});

/** A campaign's report dates, soonest first (as the dashboard's view lists them). */
export async function schedulesOf(db: Database, campaignId: number) {
  const rows = await db
    .select()
    .from(campaignReportSchedules)
    .where(eq(campaignReportSchedules.campaignId, campaignId))
    .orderBy(asc(campaignReportSchedules.dueOn), asc(campaignReportSchedules.id));
  return rows.map(toEditableSchedule);
}

function checkDueOn(dueOn: string | undefined, now: Date) {
  if (dueOn !== undefined && dueOn < japanToday(now))
    throw new AppError('validation_failed', 'a report cannot be due before today', { due_on: ['pastDate'] });
}

export function addSchedule(db: Database, campaignId: number, body: ScheduleBody, now = new Date()) {
  checkDueOn(body.due_on, now);
  return db.transaction(async (tx) => {
    await lockCampaign(tx, campaignId);
    const [counted] = await tx
      .select({ value: count() })
      .from(campaignReportSchedules)
      .where(eq(campaignReportSchedules.campaignId, campaignId));
    if ((counted?.value ?? 0) >= CAMPAIGN_LIMITS.schedulesMax)
      throw new AppError('conflict', `at most ${CAMPAIGN_LIMITS.schedulesMax} report dates`);
    const [row] = await tx.insert(campaignReportSchedules).values({ campaignId, title: body.title, dueOn: body.due_on }).returning();
    return row!;
  });
}

export async function scheduleOf(db: Database, scheduleId: number) {
  const [row] = await db.select().from(campaignReportSchedules).where(eq(campaignReportSchedules.id, scheduleId));
  if (!row) throw new AppError('not_found', `report schedule ${scheduleId} not found`);
  return row;
}

export async function changeSchedule(db: Database, scheduleId: number, body: Partial<ScheduleBody>, now = new Date()) {
  checkDueOn(body.due_on, now);
  const changes = {
    ...(body.title === undefined ? {} : { title: body.title }),
    ...(body.due_on === undefined ? {} : { dueOn: body.due_on }),
  };
  if (Object.keys(changes).length === 0) return scheduleOf(db, scheduleId);
  const [row] = await db.update(campaignReportSchedules).set(changes).where(eq(campaignReportSchedules.id, scheduleId)).returning();
  return row!;
}

/** A schedule a published report fulfils stays, as the record of the promise kept. */
export async function removeSchedule(db: Database, scheduleId: number) {
  const removed = await db
    .delete(campaignReportSchedules)
    .where(and(eq(campaignReportSchedules.id, scheduleId), isNull(campaignReportSchedules.reportId)))
    .returning({ id: campaignReportSchedules.id });
  if (removed.length === 0) throw new AppError('conflict', 'a fulfilled report date stays');
}
