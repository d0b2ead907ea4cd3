// The console's activity reports (ADR 068): an associate's reports of what it did with the gifts —
// drafts and published ones — written in the campaign reports' rich-text editor and kept through
// its sanitiser (campaigns/manage/story-html.ts). Publishing is once: it dates the report and, in
// the same transaction, mails everyone whose paid gift arrived since the previous report (or ever,
// for the first), one mail per address in their language, nobody who turned such mail off
// (campaigns/manage/report-published-mails.ts), each claimed so a retry mails no one twice.
import type { api, Locale } from '@kifu/domain';
import { and, desc, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associateActivityReports, associates, donations } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { claimOnce } from '../lib/idempotency';
import { localizer } from '../lib/localize';
import { enqueueMail } from '../mail/enqueue-mail';
import type { MailLinks } from '../mail/mail-links';
import { reportRecipients } from '../campaigns/manage/report-published-mails';
import { sanitiseStory } from '../campaigns/manage/story-html';

type ReportRow = typeof associateActivityReports.$inferSelect;

function editable(row: ReportRow): api.EditableActivityReport {
  return {
    id: row.id,
    title: row.title,
    title_en: row.titleEn,
    body: row.body,
    body_en: row.bodyEn,
    published_at: row.publishedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listActivityReports(db: Database, associateId: number): Promise<api.EditableActivityReports> {
  const rows = await db
    .select()
    .from(associateActivityReports)
    .where(eq(associateActivityReports.associateId, associateId))
    // Drafts first (no date), then the newest published.
    .orderBy(sql`${associateActivityReports.publishedAt} desc nulls first`, desc(associateActivityReports.id));
  return { results: rows.map(editable) };
}

async function reportOf(db: Database, associateId: number, reportId: number): Promise<ReportRow> {
  const [row] = await db
    .select()
    .from(associateActivityReports)
    .where(and(eq(associateActivityReports.id, reportId), eq(associateActivityReports.associateId, associateId)))
    .limit(1);
  if (!row) throw new AppError('not_found', `activity report ${reportId} not found`);
  return row;
}

export const activityReportOf = async (db: Database, associateId: number, reportId: number) =>
  editable(await reportOf(db, associateId, reportId));

const cleanBody = (html: string | null | undefined) => (html === undefined ? undefined : html === null ? null : sanitiseStory(html));

export async function addActivityReport(
  db: Database,
  associateId: number,
  body: api.ActivityReportDraftBody,
): Promise<api.EditableActivityReport> {
  const [row] = await db
    .insert(associateActivityReports)
    .values({
      associateId,
      title: body.title,
      titleEn: body.title_en || null,
      body: sanitiseStory(body.body),
      bodyEn: cleanBody(body.body_en) || null,
    })
    .returning();
  return editable(row!);
}

export async function changeActivityReport(
  db: Database,
  associateId: number,
  reportId: number,
  change: api.ActivityReportChangeBody,
  links: MailLinks,
): Promise<api.ChangedActivityReport> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(associateActivityReports)
      .where(and(eq(associateActivityReports.id, reportId), eq(associateActivityReports.associateId, associateId)))
      .for('update');
    if (!current) throw new AppError('not_found', `activity report ${reportId} not found`);
    const publishing = change.publish === true && current.publishedAt === null;
    const [row] = await tx
      .update(associateActivityReports)
      .set({
        ...(change.title !== undefined ? { title: change.title } : {}),
        ...(change.title_en !== undefined ? { titleEn: change.title_en || null } : {}),
        ...(change.body !== undefined ? { body: sanitiseStory(change.body) } : {}),
        ...(change.body_en !== undefined ? { bodyEn: cleanBody(change.body_en) || null } : {}),
        ...(publishing ? { publishedAt: new Date() } : {}),
      })
      .where(eq(associateActivityReports.id, reportId))
      .returning();
    if (publishing && !row!.body.trim())
      throw new AppError('validation_failed', 'a report is published with a body', { body: ['required'] });
    const mailed = publishing ? await mailSupporters(tx, row!, links) : null;
    return { ...editable(row!), mailed };
  });
}

/** A draft can be deleted; a published report stays (supporters were sent its link). */
export async function removeActivityReport(db: Database, associateId: number, reportId: number): Promise<void> {
  const row = await reportOf(db, associateId, reportId);
  if (row.publishedAt) throw new AppError('conflict', 'published: a published report stays where its supporters were sent');
  await db.delete(associateActivityReports).where(eq(associateActivityReports.id, row.id));
}

async function mailSupporters(tx: Database, report: ReportRow, links: MailLinks): Promise<number> {
  const [associate] = await tx.select().from(associates).where(eq(associates.id, report.associateId));
  const [previous] = await tx
    .select({ at: associateActivityReports.publishedAt })
    .from(associateActivityReports)
    .where(
      and(
        eq(associateActivityReports.associateId, report.associateId),
        isNotNull(associateActivityReports.publishedAt),
        lt(associateActivityReports.publishedAt, report.publishedAt!),
      ),
    )
    .orderBy(desc(associateActivityReports.publishedAt))
    .limit(1);
  const recipients = await reportRecipients(
    tx,
    and(eq(donations.associateId, report.associateId), previous?.at ? gt(donations.paidAt, previous.at) : undefined),
  );
  let queued = 0;
  for (const recipient of recipients) {
    if (!(await claimOnce(tx, 'mail:associate-report-published', `${report.id}:${recipient.email.toLowerCase()}`))) continue;
    const tr = localizer(recipient.locale as Locale);
    await enqueueMail(tx, {
      to: recipient.email,
      locale: recipient.locale,
      template: 'associate-report-published',
      values: {
        associate: tr(associate!, 'name'),
        report: tr(report, 'title'),
        link: links.page(`/associate/${associate!.uid}/activity-report/${report.id}`, recipient.locale),
      },
    });
    queued++;
  }
  return queued;
}
