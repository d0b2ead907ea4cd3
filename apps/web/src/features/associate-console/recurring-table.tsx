'use client';
// /dashboard/{uid}/recurring (ADR 060): every monthly and annual supporter in the states they see on
// my page — waiting for the first charge, running, paused, retrying, suspended, stopped with the
// reason they gave — one link per state with its count, a period filter and a search, all in the
// address. An anonymous supporter is named as such and not linked (spec §5).
import { consoleRecurringQuery, type ConsoleRecurringSupport } from '@kifu/domain/api/console-recurring';
import { RECURRING_STATES } from '@kifu/domain/api/recurring-support';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { inputClasses } from '@/components/ui/input-styles';
import { Link } from '@/i18n/navigation';
import { filtersOf, useFilterSubmit } from './address-filters';
import { consoleApi } from './console-api';
import { consolePath, useConsoleCaller } from './console-shell';
import { StatusPill, useGiftFormat } from './gift-labels';
import { Select } from './gifts-table';
import { FilterActions, ListFrame, ListTable, StateTabs } from './list-frame';
import { useConsoleLoad } from './use-console-load';

const PAGE_SIZE = 50;
const FILTERS = ['state', 'period', 'q'] as const;
const COLUMNS = ['supporter', 'amount', 'method', 'state', 'campaign', 'since', 'next', 'stopped'] as const;
const STATE_TONE: Record<ConsoleRecurringSupport['state'], string> = {
  pending: 'bg-slate-100 text-slate-800',
  active: 'bg-emerald-50 text-emerald-800',
  paused: 'bg-sky-50 text-sky-900',
  retrying: 'bg-amber-50 text-amber-900',
  suspended: 'bg-red-50 text-red-800',
  stopped: 'bg-slate-100 text-slate-800',
};

/** A Japan calendar day (YYYY-MM-DD) as the console writes dates. */
const day = (date: string) => `${date}T00:00:00+09:00`;

export function RecurringTable() {
  const t = useTranslations('console');
  const locale = useLocale();
  const { associate } = useConsoleCaller();
  const uid = associate.uid;
  const filters = filtersOf(new URLSearchParams(useSearchParams().toString()), FILTERS, consoleRecurringQuery);
  const key = JSON.stringify([uid, locale, filters]);
  const [list, reload] = useConsoleLoad(() => consoleApi.recurring(uid, { ...filters, lang: locale, page_size: PAGE_SIZE }), key);
  const submit = useFilterSubmit(FILTERS);
  const format = useGiftFormat();
  const others = Object.fromEntries(Object.entries(filters).filter(([name]) => name !== 'page' && name !== 'state'));
  const counts = list.state === 'loaded' ? list.value.counts : null;
  const all = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : null;
  const tabs: { state: string | undefined; label: string; count: number | null }[] = [
    { state: undefined, label: t('recurringSupport.all'), count: all },
    ...RECURRING_STATES.map((state) => ({ state, label: t(`recurringSupport.states.${state}`), count: counts?.[state] ?? null })),
  ];
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('recurringSupport.title')}</h1>
      <p className="text-muted">{t('recurringSupport.lead')}</p>
      <StateTabs label={t('recurringSupport.byState')} tabs={tabs} current={filters.state} others={others} testId="recurring-state" />
      <form
        key={key}
        method="get"
        onSubmit={submit}
        aria-label={t('filters')}
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
        data-testid="recurring-filters"
      >
        {filters.state ? <input type="hidden" name="state" value={filters.state} /> : null}
        <label className="flex flex-col gap-1 text-sm sm:col-span-2">
          <span className="font-semibold">{t('recurringSupport.search')}</span>
          <input type="search" name="q" defaultValue={filters.q ?? ''} maxLength={100} className={inputClasses(false)} />
        </label>
        <Select
          name="period"
          label={t('recurringSupport.period')}
          value={filters.period}
          options={(['monthly', 'annual'] as const).map((period) => [period, t(`kinds.${period}`)])}
        />
        <FilterActions testId="recurring-filters-apply" />
      </form>
      <ListFrame
        load={list}
        reload={reload}
        name="recurring"
        countText={(value) => t('recurringSupport.count', { count: value.count })}
        emptyText={t('recurringSupport.empty')}
        filters={filters}
        pageSize={PAGE_SIZE}
      >
        {(value) => (
          <ListTable
            columns={COLUMNS.map((column) => t(`recurringSupport.columns.${column}`))}
            minWidth="min-w-[64rem]"
            testId="recurring-table"
          >
            {value.results.map((row) => (
              <tr key={row.id} className="border-t border-slate-100" data-testid="recurring-row" data-state={row.state}>
                <td className="px-3 py-2">
                  {row.supporter.anonymous || row.supporter.name === null ? (
                    <span className="text-muted">{t('anonymous')}</span>
                  ) : row.supporter.supporter_id ? (
                    <Link
                      href={consolePath(uid, `supporters/${encodeURIComponent(row.supporter.supporter_id)}`)}
                      className="text-brand-700 underline underline-offset-2"
                    >
                      {row.supporter.name}
                    </Link>
                  ) : (
                    row.supporter.name
                  )}
                  {row.supporter.email ? <span className="block text-xs text-muted">{row.supporter.email}</span> : null}
                </td>
                <td className="whitespace-nowrap px-3 py-2">
                  {t('recurringSupport.amountCell', { period: t(`kinds.${row.period}`), amount: format.yen(row.amount) })}
                </td>
                <td className="whitespace-nowrap px-3 py-2">{t(`methods.${row.method}`)}</td>
                <td className="px-3 py-2">
                  <StatusPill status={row.state} tone={STATE_TONE[row.state]}>
                    {t(`recurringSupport.states.${row.state}`)}
                  </StatusPill>
                  {row.paused_until ? (
                    <span className="mt-1 block whitespace-nowrap text-xs text-muted">
                      {t('recurringSupport.pausedUntil', { date: format.date(day(row.paused_until)) })}
                    </span>
                  ) : null}
                  {row.last_failed_at && row.state !== 'active' ? (
                    <span className="mt-1 block whitespace-nowrap text-xs text-red-700">
                      {t('recurringSupport.lastFailed', { date: format.date(row.last_failed_at) })}
                    </span>
                  ) : null}
                </td>
                <td className="px-3 py-2">{row.campaign ?? ''}</td>
                <td className="whitespace-nowrap px-3 py-2">{format.date(day(row.since))}</td>
                <td className="whitespace-nowrap px-3 py-2">{row.next_charge_on ? format.date(day(row.next_charge_on)) : ''}</td>
                <td className="px-3 py-2" data-testid="recurring-stopped">
                  {row.stopped_at ? <span className="block whitespace-nowrap">{format.date(row.stopped_at)}</span> : null}
                  {row.stop_reason ? (
                    <span className="block text-xs">{t('recurringSupport.stopReason', { reason: row.stop_reason })}</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </ListFrame>
    </div>
  );
}
