'use client';
// /dashboard/{uid}/audit (ADR 060): what was done in the console with money and personal data —
// who, when, what, on what, how many rows — for the associate's owners. Others are told it is the
// owners' (the API answers them 403).
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import type { Locale } from '@kifu/domain/enums';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { Pagination } from '@/components/ui/pagination';
import { usePathname } from '@/i18n/navigation';
import { consoleApi } from './console-api';
import { useConsoleCaller } from './console-shell';
import { useGiftFormat } from './gift-labels';
import { useConsoleLoad } from './use-console-load';

export function AuditLog() {
  const t = useTranslations('console');
  const locale = useLocale() as Locale;
  const { associate, permissions } = useConsoleCaller();
  const format = useGiftFormat();
  const pathname = usePathname();
  const requested = Number(useSearchParams().get('page'));
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const [log, reload] = useConsoleLoad(
    () => (permissions.administer ? consoleApi.audit(associate.uid, page, locale) : Promise.reject(new Error('owners only'))),
    `${associate.uid}:${page}:${locale}`,
  );
  const heading = <h1 className="text-2xl font-bold">{t('audit')}</h1>;
  if (!permissions.administer)
    return (
      <div className="flex flex-col gap-4">
        {heading}
        <p role="alert" data-testid="audit-owners-only">
          {t('ownersOnly')}
        </p>
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      {heading}
      <p className="text-muted">{t('auditLead')}</p>
      {log.state === 'loading' ? <LoadingStatus testId="audit-loading">{t('loading')}</LoadingStatus> : null}
      {log.state === 'failed' ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={reload} testId="audit-load-failed" />
      ) : null}
      {log.state === 'loaded' && log.value.results.length === 0 ? <p data-testid="audit-empty">{t('auditEmpty')}</p> : null}
      {log.state === 'loaded' && log.value.results.length > 0 ? (
        <>
          <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
            <table className="w-full min-w-[40rem] text-left text-sm" data-testid="audit-table">
              <thead className="bg-slate-50 text-xs text-muted">
                <tr>
                  {(['at', 'actor', 'action', 'subject', 'rows'] as const).map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 font-semibold">
                      {t(`auditColumns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {log.value.results.map((event) => (
                  <tr key={event.id} className="border-t border-slate-100" data-testid="audit-row">
                    <td className="whitespace-nowrap px-3 py-2">{format.dateTime(event.at)}</td>
                    <td className="px-3 py-2">{event.actor}</td>
                    <td className="px-3 py-2">{t(`auditActions.${event.action}`)}</td>
                    <td className="px-3 py-2 font-mono text-xs">{event.subject ?? ''}</td>
                    <td className="px-3 py-2 text-right">{event.row_count ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination pathname={pathname} query={{}} page={page} pageSize={log.value.page_size} count={log.value.count} />
        </>
      ) : null}
    </div>
  );
}
