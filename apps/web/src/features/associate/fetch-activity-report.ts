// Server side: one published activity report of an associate ('what your gift did', ADR 033), and
// where its page lives (the support history links there). null means "no such page" (404: a draft,
// another associate's report, an unpublished associate or an unknown id). Cached per request,
// because generateMetadata and the page both ask.
import type { api } from '@kifu/domain';
import { cache } from 'react';
import type { AppLocale } from '@/i18n/routing';
import { publicGet } from '@/lib/api-server';
import { orNull } from '@/lib/page-record';
import { associateHref } from './associate-links';

export function activityReportHref(uid: string, reportId: number): string {
  return `${associateHref(uid)}/activity-report/${reportId}`;
}

export const fetchActivityReport = cache((uid: string, reportId: number, lang: AppLocale): Promise<api.AssociateActivityReport | null> =>
  orNull(publicGet<api.AssociateActivityReport>(`/associate/${encodeURIComponent(uid)}/activity-reports/${reportId}/`, { lang })),
);
