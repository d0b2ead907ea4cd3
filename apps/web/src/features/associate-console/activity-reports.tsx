'use client';
// /dashboard/{uid}/reports (ADR 068): the associate's activity reports as the API lists them, drafts
// first, then the newest published with its date and a link to its public page. Every member reads
// the list; owners and staff (the `manage` permission) start a new report from here.
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { Link } from '@/i18n/navigation';
import { consoleApi } from './console-api';
import { consolePath, useConsoleCaller } from './console-shell';
import { StatusPill, useGiftFormat } from './gift-labels';
import { useConsoleLoad } from './use-console-load';

/** The public page of a published report (features/associate's activity report page). */
export const publicReportPath = (uid: string, id: number) => `/associate/${encodeURIComponent(uid)}/activity-report/${id}`;
export const reportEditorPath = (uid: string, id: number | 'new') => consolePath(uid, `reports/${id}`);

export function ActivityReports() {
  const t = useTranslations('console');
  const locale = useLocale() as Locale;
  const { associate, permissions } = useConsoleCaller();
  const uid = associate.uid;
  const format = useGiftFormat();
  const [list, reload] = useConsoleLoad(() => consoleApi.activityReports(uid), `${uid}:${locale}`);
  return (
    <div className="flex flex-col gap-6" data-testid="console-reports">
      <div className="flex flex-wrap items-center gap-4">
        <h1 className="text-2xl font-bold">{t('activityReports')}</h1>
        {permissions.manage ? (
          <Link
            href={reportEditorPath(uid, 'new')}
            className={buttonClasses({ size: 'sm', className: 'ml-auto' })}
            data-testid="report-new"
          >
            {t('reports.new')}
          </Link>
        ) : null}
      </div>
      <p className="text-muted">{t(permissions.manage ? 'reports.lead' : 'reports.leadReadOnly')}</p>
      {list.state === 'loading' ? <LoadingStatus testId="reports-loading">{t('loading')}</LoadingStatus> : null}
      {list.state === 'failed' ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={reload} testId="reports-load-failed" />
      ) : null}
      {list.state === 'loaded' && list.value.results.length === 0 ? (
        <p className="rounded-2xl bg-slate-50 p-8 text-center text-muted" data-testid="reports-empty">
          {t('reports.empty')}
        </p>
      ) : null}
      {list.state === 'loaded' && list.value.results.length > 0 ? (
        <ul className="flex flex-col divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white" data-testid="report-list">
          {list.value.results.map((report) => {
            const title = (locale === 'en' && report.title_en) || report.title;
            return (
              <li
                key={report.id}
                className="flex flex-wrap items-center gap-3 p-4"
                data-testid="report-row"
                data-report-id={report.id}
                data-published={report.published_at ? 'true' : 'false'}
              >
                <div className="min-w-48 flex-1">
                  <p className="font-semibold">
                    <Link href={reportEditorPath(uid, report.id)} className="text-brand-700 underline underline-offset-2">
                      {title}
                    </Link>
                  </p>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
                    {report.published_at ? (
                      <>
                        <StatusPill status="published" tone="bg-emerald-50 text-emerald-800">
                          {t('reports.published')}
                        </StatusPill>
                        <time dateTime={report.published_at}>{t('reports.publishedOn', { date: format.date(report.published_at) })}</time>
                      </>
                    ) : (
                      <>
                        <StatusPill status="draft" tone="bg-amber-50 text-amber-900">
                          {t('reports.draft')}
                        </StatusPill>
                        <time dateTime={report.updated_at}>{t('reports.updatedOn', { date: format.dateTime(report.updated_at) })}</time>
                      </>
                    )}
                  </p>
                </div>
                {report.published_at ? (
                  <Link
                    href={publicReportPath(uid, report.id)}
                    className="text-sm text-brand-700 underline underline-offset-2"
                    data-testid="report-public-link"
                  >
                    {t('reports.publicPage')}
                    {/* One link per published report: its title tells them apart to a screen reader. */}
                    <span className="sr-only">: {title}</span>
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
