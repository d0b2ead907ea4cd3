// The console's activity reports (ADR 067 is the organisation's page; this is ADR 068): what the
// associate did with the gifts, written in the same rich-text editor and sanitiser as campaign
// reports, kept as a draft, previewed, then published — which mails the supporters who gave since
// the previous report.
import { z } from 'zod';
import { CAMPAIGN_LIMITS as L } from '../campaign-editing';
import { isUsableText, UNUSABLE_TEXT_RULE } from '../schemas/usable-text';
import { associateUidParams } from './associate';
import { rowIdParam } from './common';

const title = z.string().trim().max(L.reportTitleMax, 'maxLength').refine(isUsableText, UNUSABLE_TEXT_RULE);
/** Sanitised HTML, as a campaign's story. */
const body = z.string().max(L.storyMax, 'maxLength').refine(isUsableText, UNUSABLE_TEXT_RULE);

export const activityReportDraftBody = z.object({
  title: title.pipe(z.string().min(1, 'required')),
  title_en: title.nullish(),
  body: body.default(''),
  body_en: body.nullish(),
});
export type ActivityReportDraftBody = z.infer<typeof activityReportDraftBody>;

/** Absent means unchanged; `publish: true` publishes a draft (once) and mails its supporters. */
export const activityReportChangeBody = z.object({
  title: title.pipe(z.string().min(1, 'required')).optional(),
  title_en: title.nullish(),
  body: body.optional(),
  body_en: body.nullish(),
  publish: z.literal(true).optional(),
});
export type ActivityReportChangeBody = z.infer<typeof activityReportChangeBody>;

export const activityReportParams = associateUidParams.extend({ reportId: rowIdParam });

export const editableActivityReport = z.object({
  id: z.number().int(),
  title: z.string(),
  title_en: z.string().nullable(),
  body: z.string(),
  body_en: z.string().nullable(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export type EditableActivityReport = z.infer<typeof editableActivityReport>;

/** A change's answer: with how many supporters were mailed, when this change published it. */
export const changedActivityReport = editableActivityReport.extend({ mailed: z.number().int().nullable() });
export type ChangedActivityReport = z.infer<typeof changedActivityReport>;

export const editableActivityReports = z.object({ results: z.array(editableActivityReport) });
export type EditableActivityReports = z.infer<typeof editableActivityReports>;
