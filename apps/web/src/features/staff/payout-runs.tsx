'use client';
// /staff/payouts (ADR 075): Kifu's staff see every payout run, newest first, with what it sent and
// how each transfer ended, open one to see each associate's payout, and start a run now. A run pays
// only statements whose payout date has come and that were never paid, so starting one twice sends
// nothing twice. Anyone else is told the page is not theirs (the API answers 403). Where the server
// allows it (the demo and the browser tests, never production: ADR 079), a run may act as of a later
// day, so a month closes and is paid without waiting for the calendar.
import type { api } from '@kifu/domain';
import type { Locale } from '@kifu/domain/enums';
import { formatYenAmount, isFieldRuleKey } from '@kifu/domain';
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { ApiError, createApiClient } from '@/lib/api-client';

const client = createApiClient('/backend');
const init: RequestInit = { credentials: 'same-origin', cache: 'no-store' };

export function PayoutRuns() {
  const t = useTranslations('staff.payouts');
  const locale = useLocale() as Locale;
  const format = useFormatter();
  const [runs, setRuns] = useState<api.PayoutRunView[] | 'failed' | 'forbidden' | null>(null);
  const [mayRunAsOf, setMayRunAsOf] = useState(false);
  const [asOf, setAsOf] = useState('');
  const [asOfError, setAsOfError] = useState<string | null>(null);
  const [open, setOpen] = useState<api.PayoutRunDetailView | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [starting, setStarting] = useState(false);
  const load = useCallback(() => {
    client
      .get<api.PayoutRunListView>('/staff/payout-runs/', { query: { lang: locale }, init })
      .then((answer) => {
        setRuns(answer.results);
        setMayRunAsOf(answer.may_run_as_of);
      })
      .catch((error: unknown) => setRuns(error instanceof ApiError && error.status === 403 ? 'forbidden' : 'failed'));
  }, [locale]);
  useEffect(load, [load]);

  const start = async () => {
    setStarting(true);
    setAsOfError(null);
    try {
      const body = mayRunAsOf && asOf ? { as_of: asOf } : undefined;
      const answer = await client.request<{ queued: boolean }>('POST', '/staff/payout-runs/', { init, body });
      setAnnouncement(t(answer.content?.queued ? 'started' : 'alreadyQueued'));
      load();
    } catch (error) {
      const rule = error instanceof ApiError ? error.fields?.as_of?.[0] : undefined;
      if (rule && isFieldRuleKey(rule)) {
        setAsOfError(fieldErrorMessage(rule, t('asOf.label'), locale));
        setAnnouncement(t('asOf.fix'));
        document.getElementById('payout-as-of')?.focus();
        return;
      }
      setAnnouncement(t('startFailed'));
    } finally {
      setStarting(false);
    }
  };
  const show = async (id: number) => {
    try {
      setOpen(await client.get<api.PayoutRunDetailView>(`/staff/payout-runs/${id}/`, { query: { lang: locale }, init }));
    } catch {
      setAnnouncement(t('loadFailed'));
    }
  };
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' });

  if (runs === null) return <LoadingStatus testId="payout-runs-loading">{t('loading')}</LoadingStatus>;
  if (runs === 'forbidden')
    return (
      <p className="rounded-2xl bg-slate-50 p-8 text-center" data-testid="payout-runs-forbidden">
        {t('forbidden')}
      </p>
    );
  if (runs === 'failed') return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={load} testId="payout-runs-failed" />;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-muted">{t('lead')}</p>
      {mayRunAsOf ? (
        <div className="flex flex-col gap-1 rounded-2xl border border-dashed border-slate-300 p-4" data-testid="payout-as-of-field">
          <label htmlFor="payout-as-of" className="font-semibold">
            {t('asOf.label')}
          </label>
          <p id="payout-as-of-hint" className="text-sm text-muted">
            {t('asOf.hint')}
          </p>
          <input
            id="payout-as-of"
            type="date"
            className="w-full max-w-xs rounded-lg border border-slate-300 px-3 py-2"
            value={asOf}
            onChange={(event) => setAsOf(event.target.value)}
            aria-invalid={asOfError !== null}
            aria-describedby={asOfError ? 'payout-as-of-hint payout-as-of-error' : 'payout-as-of-hint'}
            data-testid="payout-as-of"
          />
          {asOfError ? (
            <p id="payout-as-of-error" className="text-sm font-semibold text-red-700" data-testid="payout-as-of-error">
              {asOfError}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={buttonClasses({})} disabled={starting} onClick={() => void start()} data-testid="payout-run-start">
          {mayRunAsOf && asOf ? t('asOf.start', { day: asOf }) : t('start')}
        </button>
        <button
          type="button"
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          onClick={load}
          data-testid="payout-runs-reload"
        >
          {t('reload')}
        </button>
      </div>
      <p role="status" className="font-semibold" data-testid="payout-runs-announcement">
        {announcement}
      </p>
      {runs.length === 0 ? (
        <p className="rounded-2xl bg-slate-50 p-8 text-center">{t('empty')}</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full min-w-[44rem] text-left text-sm" data-testid="payout-runs">
            <caption className="sr-only">{t('caption')}</caption>
            <thead className="bg-slate-50 text-xs text-muted">
              <tr>
                {(['started', 'trigger', 'payouts', 'amount', 'succeeded', 'failed', 'open'] as const).map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-semibold">
                    {t(`column.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <tr key={run.id} className="border-t border-slate-100" data-testid="payout-run" data-run={run.id}>
                  <th scope="row" className="whitespace-nowrap px-3 py-2 font-semibold">
                    <button
                      type="button"
                      className="text-brand-700 underline"
                      onClick={() => void show(run.id)}
                      aria-expanded={open?.id === run.id}
                    >
                      {when(run.started_at)}
                    </button>
                  </th>
                  <td className="px-3 py-2" data-testid="payout-run-trigger">
                    {t(`trigger.${run.trigger}`)}
                    {run.as_of ? ` ${t('asOf.ran', { day: run.as_of })}` : ''}
                  </td>
                  <td className="px-3 py-2 text-right">{run.payouts}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-right">{formatYenAmount(run.amount, locale)}</td>
                  <td className="px-3 py-2 text-right">{run.succeeded}</td>
                  <td className={run.failed > 0 ? 'px-3 py-2 text-right font-semibold text-red-700' : 'px-3 py-2 text-right'}>
                    {run.failed}
                  </td>
                  <td className="px-3 py-2 text-right">{run.open}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open ? (
        <section aria-labelledby="payout-run-detail" className="flex flex-col gap-2" data-testid="payout-run-detail">
          <h2 id="payout-run-detail" className="text-lg font-bold">
            {t('detail', { started: when(open.started_at) })}
          </h2>
          {open.results.length === 0 ? (
            <p className="text-muted">{t('nothingSent')}</p>
          ) : (
            <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <thead className="bg-slate-50 text-xs text-muted">
                  <tr>
                    {(['associate', 'month', 'amount', 'status', 'reference'] as const).map((column) => (
                      <th key={column} scope="col" className="px-3 py-2 font-semibold">
                        {t(`column.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {open.results.map((payout) => (
                    <tr key={payout.id} className="border-t border-slate-100" data-testid="payout-run-payout" data-status={payout.status}>
                      <th scope="row" className="px-3 py-2 font-semibold">
                        {payout.associate_name}
                      </th>
                      <td className="whitespace-nowrap px-3 py-2">{payout.month}</td>
                      <td className="whitespace-nowrap px-3 py-2 text-right">{formatYenAmount(payout.amount, locale)}</td>
                      <td className="px-3 py-2">
                        {t(`status.${payout.status}`)}
                        {payout.failure_code ? ` (${payout.failure_code})` : ''}
                      </td>
                      <td className="break-all px-3 py-2 font-mono text-xs">{payout.reference}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}
    </div>
  );
}
