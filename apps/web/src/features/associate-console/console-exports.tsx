'use client';
// The console's CSV exports (ADR 065): the tables' "Export as CSV" button, which asks for the table
// with the filters in the address and opens the export's page; that page (/dashboard/{uid}/exports/
// {id}, where the ready mail links) following the job's progress until the file can be downloaded;
// and the list of the exports still kept. All need the export permission (owners and staff).
import { CONSOLE_EXPORT_KEPT_DAYS, type ConsoleExport, type ConsoleExportKind } from '@kifu/domain/api/console-exports';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { Link, useRouter } from '@/i18n/navigation';
import { ApiError } from '@/lib/api-client';
import { consolePath, useConsoleCaller } from './console-shell';
import { exportsApi } from './exports-api';
import { useGiftFormat } from './gift-labels';
import { useConsoleLoad, type Load } from './use-console-load';

/** How often the page asks for an unfinished export's progress. */
const POLL_MS = 1_500;

/**
 * "Export as CSV" for the table's current filters (those in the address, without the page). Each
 * press is one `request_key`, so a press whose answer was lost and is pressed again makes one export.
 */
export function ExportButton({ kind, filters }: { kind: ConsoleExportKind; filters: Record<string, string> }) {
  const t = useTranslations('console.exports');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const { associate, permissions } = useConsoleCaller();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  if (!permissions.export) return null;
  const uid = associate.uid;

  async function press() {
    setState('busy');
    const rest = Object.fromEntries(Object.entries(filters).filter(([name]) => name !== 'page'));
    try {
      const made = await exportsApi.request(uid, { kind, filters: rest, lang: locale, request_key: crypto.randomUUID() });
      router.push(consolePath(uid, `exports/${made.id}`));
    } catch {
      setState('failed');
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={press}
        disabled={state === 'busy'}
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        data-testid="export-csv"
      >
        {state === 'busy' ? t('requesting') : t('button')}
      </button>
      <span role="status" className="text-sm text-red-700">
        {state === 'failed' ? t('requestFailed') : ''}
      </span>
    </div>
  );
}

function NoPermission() {
  const t = useTranslations('console.exports');
  return (
    <p role="alert" className="rounded-2xl bg-slate-50 p-6" data-testid="exports-no-permission">
      {t('noPermission')}
    </p>
  );
}

/**
 * Loads an export and asks again every POLL_MS while its job is pending or running; it stops when
 * the export is ready or failed, or when the page goes. Once shown, a lost answer is asked again at
 * the next tick rather than replacing the progress with a failure.
 */
function useExportStatus(uid: string, id: number, enabled: boolean): [Load<ConsoleExport>, () => void] {
  const [result, setResult] = useState<Load<ConsoleExport>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let shown = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () =>
      exportsApi.status(uid, id).then(
        (value) => {
          if (stopped) return;
          shown = true;
          setResult({ state: 'loaded', value });
          if (value.status === 'pending' || value.status === 'running') timer = setTimeout(ask, POLL_MS);
        },
        (error: unknown) => {
          if (stopped) return;
          const status = error instanceof ApiError ? error.status : null;
          if (shown && status !== 403 && status !== 404) timer = setTimeout(ask, POLL_MS);
          else setResult({ state: 'failed', status });
        },
      );
    setResult({ state: 'loading' });
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [uid, id, enabled, attempt]);
  return [result, () => setAttempt((n) => n + 1)];
}

export function ExportPage({ exportId }: { exportId: number }) {
  const t = useTranslations('console.exports');
  const tc = useTranslations('console');
  const { associate, permissions } = useConsoleCaller();
  const format = useGiftFormat();
  const uid = associate.uid;
  const [status, reload] = useExportStatus(uid, exportId, permissions.export);
  const heading = <h1 className="text-2xl font-bold">{t('exportTitle', { id: exportId })}</h1>;
  const recent = (
    <Link href={consolePath(uid, 'exports')} className="text-sm text-brand-700 underline underline-offset-2">
      {t('seeAll')}
    </Link>
  );
  if (!permissions.export)
    return (
      <div className="flex flex-col gap-4">
        {heading}
        <NoPermission />
      </div>
    );
  if (status.state === 'loading') return <LoadingStatus testId="export-loading">{tc('loading')}</LoadingStatus>;
  if (status.state === 'failed')
    return status.status === 404 ? (
      <div className="flex flex-col gap-4" data-testid="export-not-found">
        {heading}
        <p role="alert">{t('notFound')}</p>
        {recent}
      </div>
    ) : (
      <LoadFailed message={tc('loadFailed')} retryLabel={tc('retry')} onRetry={reload} testId="export-load-failed" />
    );
  const value = status.value;
  const back = (
    <Link href={consolePath(uid, value.kind)} className="text-sm text-brand-700 underline underline-offset-2">
      {value.kind === 'gifts' ? t('backToGifts') : t('backToSupporters')}
    </Link>
  );
  const unfinished = value.status === 'pending' || value.status === 'running';
  return (
    <article className="flex flex-col gap-6" data-testid="console-export" data-status={value.status}>
      <div className="flex flex-wrap gap-4">
        {back}
        {recent}
      </div>
      {heading}
      <dl className="grid gap-2 sm:grid-cols-[12rem_1fr]">
        <dt className="text-sm text-muted">{t('table')}</dt>
        <dd data-testid="export-kind">{t(`kinds.${value.kind}`)}</dd>
        <dt className="text-sm text-muted">{t('requestedBy')}</dt>
        <dd>{value.requested_by}</dd>
        <dt className="text-sm text-muted">{t('requestedAt')}</dt>
        <dd>{format.dateTime(value.created_at)}</dd>
        <dt className="text-sm text-muted">{tc('status')}</dt>
        <dd data-testid="export-status">{t(`statuses.${value.status}`)}</dd>
      </dl>
      {value.status !== 'failed' ? (
        <div className="flex flex-col gap-2">
          <label htmlFor="export-progress" className="text-sm font-semibold">
            {t('progress')}
          </label>
          <progress
            id="export-progress"
            className="h-3 w-full max-w-xl"
            max={value.rows_total ?? undefined}
            value={value.rows_total === null ? undefined : value.rows_done}
            data-testid="export-progress"
          />
          <p className="text-sm" data-testid="export-rows">
            {value.rows_total === null ? t('counting') : t('progressCount', { done: value.rows_done, total: value.rows_total })}
          </p>
        </div>
      ) : null}
      {unfinished ? <p className="text-sm text-muted">{t('mailNote')}</p> : null}
      <div aria-live="polite" data-testid="export-notice">
        {value.status === 'ready' ? <p className="font-semibold">{t('ready')}</p> : null}
        {value.status === 'failed' ? (
          <p className="font-semibold text-red-700" data-testid="export-failed">
            {t('failed')}
          </p>
        ) : null}
      </div>
      {value.status === 'ready' && value.download_url ? (
        <div className="flex flex-col gap-2">
          <div>
            <a href={exportsApi.fileUrl(uid, value.id)} download className={buttonClasses({ size: 'sm' })} data-testid="export-download">
              {t('download')}
            </a>
          </div>
          <p className="text-sm text-muted">
            {t('kept', { days: CONSOLE_EXPORT_KEPT_DAYS })} {t('audited')}
          </p>
        </div>
      ) : null}
    </article>
  );
}

export function ExportsList() {
  const t = useTranslations('console.exports');
  const tc = useTranslations('console');
  const { associate, permissions } = useConsoleCaller();
  const format = useGiftFormat();
  const uid = associate.uid;
  const [list, reload] = useConsoleLoad(
    () => (permissions.export ? exportsApi.list(uid) : Promise.resolve({ results: [] })),
    `${uid}:${permissions.export}`,
  );
  const heading = <h1 className="text-2xl font-bold">{t('recent')}</h1>;
  if (!permissions.export)
    return (
      <div className="flex flex-col gap-4">
        {heading}
        <NoPermission />
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      {heading}
      <p className="text-muted">
        {t('recentLead')} {t('kept', { days: CONSOLE_EXPORT_KEPT_DAYS })}
      </p>
      {list.state === 'loading' ? <LoadingStatus testId="exports-loading">{tc('loading')}</LoadingStatus> : null}
      {list.state === 'failed' ? (
        <LoadFailed message={tc('loadFailed')} retryLabel={tc('retry')} onRetry={reload} testId="exports-load-failed" />
      ) : null}
      {list.state === 'loaded' && list.value.results.length === 0 ? (
        <p className="rounded-2xl bg-slate-50 p-6 text-center text-muted" data-testid="exports-empty">
          {t('empty')}
        </p>
      ) : null}
      {list.state === 'loaded' && list.value.results.length > 0 ? (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full min-w-[40rem] text-left text-sm" data-testid="exports-table">
            <thead className="bg-slate-50 text-xs text-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('requestedAt')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('table')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('requestedBy')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {tc('status')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.value.results.map((item) => (
                <tr key={item.id} className="border-t border-slate-100" data-testid="export-row">
                  <td className="whitespace-nowrap px-3 py-2">
                    <Link href={consolePath(uid, `exports/${item.id}`)} className="text-brand-700 underline underline-offset-2">
                      {format.dateTime(item.created_at)}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{t(`kinds.${item.kind}`)}</td>
                  <td className="px-3 py-2">{item.requested_by}</td>
                  <td className="px-3 py-2">
                    {t(`statuses.${item.status}`)}
                    {item.rows_total !== null && item.status !== 'failed' ? (
                      <span className="ml-2 text-xs text-muted">
                        {t('progressCount', { done: item.rows_done, total: item.rows_total })}
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
