// GET /associate/{uid}/activity-reports/ and /associate/{uid}/activity-reports/{reportId}/ (issue
// 13 "what your gift did"): the published activity reports of a published associate, newest first,
// and one of them. The support history links to them. A draft, a report of another associate, an
// unpublished associate (ADR 004) or an unknown id is a 404 (null here).
import type { api, Locale } from '@kifu/domain';
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associateActivityReports, associates } from '../db/schema/index';
import { localizer } from '../lib/localize';
import { sanitiseStory, storyText } from '../campaigns/manage/story-html';
import { pageOf, pageWindow, type PageQuery } from '../lib/paginate';
import { isPublicAssociate } from './associate-summaries';

type ReportRow = typeof associateActivityReports.$inferSelect;
type AssociateRef = { uid: string; name: string; nameEn: string | null };

const isPublished = isNotNull(associateActivityReports.publishedAt);

/** The published associate of the uid (its id, uid and both names), or undefined. */
async function publicAssociateOf(db: Database, uid: string) {
  const [associate] = await db
    .select({ id: associates.id, uid: associates.uid, name: associates.name, nameEn: associates.nameEn })
    .from(associates)
    .where(and(eq(associates.uid, uid), isPublicAssociate));
  return associate;
}

/** Only for a published report (publishedAt set); drafts are filtered out before. */
function toActivityReport(row: ReportRow, associate: AssociateRef, lang: Locale): api.AssociateActivityReport {
  const tr = localizer(lang);
  const body = tr(row, 'body');
  // The console writes sanitised HTML (ADR 068); older reports are plain text. Sanitised again on
  // the way out, so nothing stored by another path reaches a page unchecked.
  const html = /^\s*</.test(body);
  return {
    id: row.id,
    title: tr(row, 'title'),
    body: html ? storyText(body) : body,
    body_html: html ? sanitiseStory(body) : '',
    published_at: row.publishedAt!.toISOString(),
    associate: { uid: associate.uid, name: tr(associate, 'name') },
  };
}

/** null when the associate is unknown or not public. */
export async function listAssociateActivityReports(
  db: Database,
  uid: string,
  query: PageQuery & { lang: Locale },
): Promise<api.AssociateActivityReportList | null> {
  const associate = await publicAssociateOf(db, uid);
  if (!associate) return null;
  const where = and(eq(associateActivityReports.associateId, associate.id), isPublished);
  const { limit, offset } = pageWindow(query);
  const [[total], rows] = await Promise.all([
    db.select({ value: count() }).from(associateActivityReports).where(where),
    db
      .select()
      .from(associateActivityReports)
      .where(where)
      .orderBy(desc(associateActivityReports.publishedAt), desc(associateActivityReports.id))
      .limit(limit)
      .offset(offset),
  ]);
  return pageOf(
    query,
    total?.value ?? 0,
    rows.map((row) => toActivityReport(row, associate, query.lang)),
  );
}

/** null for an unknown or unpublished associate, and for a draft, another associate's or an unknown report. */
export async function getAssociateActivityReport(
  db: Database,
  uid: string,
  reportId: number,
  lang: Locale,
): Promise<api.AssociateActivityReport | null> {
  const [row] = await db
    .select({ report: associateActivityReports, associate: { uid: associates.uid, name: associates.name, nameEn: associates.nameEn } })
    .from(associateActivityReports)
    .innerJoin(associates, eq(associates.id, associateActivityReports.associateId))
    .where(and(eq(associateActivityReports.id, reportId), eq(associates.uid, uid), isPublicAssociate, isPublished));
  return row ? toActivityReport(row.report, row.associate, lang) : null;
}
