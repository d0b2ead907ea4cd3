'use client';
// /dashboard/{uid}/supporters (ADR 060): one row per person who gave openly — totals, first and
// latest gift, running recurring support and whether it is failing — filtered and paged by the API,
// the filters in the address. Each row leads to that supporter's page, named by their supporter id
// (an e-mail address never goes into an address).
import { consoleSupportersQuery, SUPPORTER_SORTS } from '@kifu/domain/api/console';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { buttonClasses } from '@/components/ui/button-styles';
import { inputClasses } from '@/components/ui/input-styles';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { Pagination } from '@/components/ui/pagination';
import { Link, usePathname } from '@/i18n/navigation';
import { filtersOf, useFilterSubmit } from './address-filters';
import { consoleApi } from './console-api';
import { ExportButton } from './console-exports';
import { consolePath, useConsoleCaller } from './console-shell';
import { useGiftFormat } from './gift-labels';
import { Select } from './gifts-table';
import { SupporterMethod } from './external-gifts';
import { useConsoleLoad } from './use-console-load';

const PAGE_SIZE = 50;
const FILTERS = ['recurring', 'lapsed_months', 'min_this_year', 'q', 'sort'] as const;
const LAPSES = [3, 6, 12, 24];

export function SupportersTable() {
  const t = useTranslations('console');
  const locale = useLocale();
  const { associate } = useConsoleCaller();
  const uid = associate.uid;
  const pathname = usePathname();
  const filters = filtersOf(new URLSearchParams(useSearchParams().toString()), FILTERS, consoleSupportersQuery);
  const key = JSON.stringify([uid, locale, filters]);
  const [supporters, reload] = useConsoleLoad(() => consoleApi.supporters(uid, { ...filters, lang: locale, page_size: PAGE_SIZE }), key);
  const submit = useFilterSubmit(FILTERS);
  const format = useGiftFormat();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('supporters')}</h1>
      <p className="text-muted">{t('supportersLead')}</p>
      <form
        key={key}
        method="get"
        onSubmit={submit}
        aria-label={t('filters')}
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
        data-testid="supporter-filters"
      >
        <label className="flex flex-col gap-1 text-sm sm:col-span-2">
          <span className="font-semibold">{t('search')}</span>
          <input type="search" name="q" defaultValue={filters.q ?? ''} maxLength={100} className={inputClasses(false)} />
        </label>
        <Select
          name="lapsed_months"
          label={t('lapsed')}
          value={filters.lapsed_months}
          options={LAPSES.map((months) => [String(months), t('lapsedOption', { months })])}
        />
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-semibold">{t('minThisYear')}</span>
          <input
            type="number"
            name="min_this_year"
            min={1}
            step={1}
            defaultValue={filters.min_this_year ?? ''}
            className={inputClasses(false)}
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="recurring" value="true" defaultChecked={filters.recurring === 'true'} className="size-4" />
          <span>{t('recurringOnly')}</span>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-semibold">{t('sort')}</span>
          <select name="sort" defaultValue={filters.sort ?? 'last_gift_desc'} className={inputClasses(false)}>
            {SUPPORTER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`supporterSorts.${sort}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-end gap-2 sm:col-span-2">
          <button type="submit" className={buttonClasses({ size: 'sm' })} data-testid="supporter-filters-apply">
            {t('apply')}
          </button>
          <Link href={pathname} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            {t('clear')}
          </Link>
        </div>
      </form>
      <ExportButton kind="supporters" filters={filters} />
      {supporters.state === 'loading' ? <LoadingStatus testId="supporters-loading">{t('loading')}</LoadingStatus> : null}
      {supporters.state === 'failed' ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={reload} testId="supporters-load-failed" />
      ) : null}
      {supporters.state === 'loaded' ? (
        <section aria-live="polite" className="flex flex-col gap-3">
          <p className="text-sm font-semibold" data-testid="supporter-count">
            {t('supporterCount', { count: supporters.value.count })}
          </p>
          {supporters.value.results.length === 0 ? (
            <p className="rounded-2xl bg-slate-50 p-6 text-center text-muted">{t('noSupporters')}</p>
          ) : (
            <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
              <table className="w-full min-w-[60rem] text-left text-sm" data-testid="supporter-table">
                <thead className="bg-slate-50 text-xs text-muted">
                  <tr>
                    {(['name', 'newsletter', 'first', 'last', 'count', 'thisYear', 'total', 'recurring', 'method'] as const).map(
                      (column) => (
                        <th key={column} scope="col" className="px-3 py-2 font-semibold">
                          {t(`supporterColumns.${column}`)}
                        </th>
                      ),
                    )}
                  </tr>
                </thead>
                <tbody>
                  {supporters.value.results.map((supporter) => (
                    <tr key={supporter.id} className="border-t border-slate-100" data-testid="supporter-row">
                      <td className="px-3 py-2">
                        <Link
                          href={consolePath(uid, `supporters/${encodeURIComponent(supporter.id)}`)}
                          className="text-brand-700 underline underline-offset-2"
                        >
                          {supporter.name}
                        </Link>
                        {supporter.corporate ? <span className="ml-1 text-xs text-muted">（{t('corporate')}）</span> : null}
                        <span className="block text-xs text-muted">
                          {supporter.email} · {supporter.member ? t('member') : t('guest')}
                        </span>
                      </td>
                      <td className="px-3 py-2">{supporter.newsletter ? t('yes') : t('no')}</td>
                      <td className="whitespace-nowrap px-3 py-2">{format.date(supporter.first_gift_at)}</td>
                      <td className="whitespace-nowrap px-3 py-2">{format.date(supporter.last_gift_at)}</td>
                      <td className="px-3 py-2 text-right">{supporter.gift_count}</td>
                      <td className="whitespace-nowrap px-3 py-2 text-right">{format.yen(supporter.total_this_year)}</td>
                      <td className="whitespace-nowrap px-3 py-2 text-right font-semibold">{format.yen(supporter.total)}</td>
                      <td className="px-3 py-2">
                        {supporter.recurring ? (
                          <>
                            {t('recurringCell', {
                              period: t(`kinds.${supporter.recurring.period}`),
                              amount: format.yen(supporter.recurring.amount),
                              since: format.date(`${supporter.recurring.since}T00:00:00+09:00`),
                            })}
                            {supporter.recurring.next_charge_on ? (
                              <span className="block text-xs text-muted">
                                {t('nextCharge', { date: format.date(`${supporter.recurring.next_charge_on}T00:00:00+09:00`) })}
                              </span>
                            ) : null}
                            {supporter.recurring.failing ? (
                              <span className="block text-xs font-semibold text-red-700">{t('failing')}</span>
                            ) : null}
                          </>
                        ) : null}
                      </td>
                      <td className="whitespace-nowrap px-3 py-2">
                        <SupporterMethod supporter={supporter} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination
            pathname={pathname}
            query={Object.fromEntries(Object.entries(filters).filter(([name]) => name !== 'page'))}
            page={Number(filters.page ?? 1)}
            pageSize={PAGE_SIZE}
            count={supporters.value.count}
          />
        </section>
      ) : null}
    </div>
  );
}
