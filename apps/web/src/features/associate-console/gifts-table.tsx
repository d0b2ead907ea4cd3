'use client';
// /dashboard/{uid}/gifts (ADR 060): every gift to the associate, filtered, searched, sorted and paged
// by the API. The filters live in the address (?kind=monthly&page=2), so a filtered list can be
// bookmarked, shared with a colleague and gone back to; the form is a plain GET form.
import { CONSOLE_GIFT_STATUSES, consoleGiftsQuery, GIFT_KINDS, GIFT_SORTS, type ConsoleGift } from '@kifu/domain/api/console';
import { PAYMENT_METHODS } from '@kifu/domain/enums';
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
import { GiftStatus, SupporterName, useGiftFormat } from './gift-labels';
import { useConsoleLoad } from './use-console-load';

const PAGE_SIZE = 50;
const FILTERS = ['from', 'to', 'kind', 'method', 'status', 'campaign_id', 'q', 'sort'] as const;

export function Select({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: [string, string][];
}) {
  const t = useTranslations('console');
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-semibold">{label}</span>
      <select name={name} defaultValue={value ?? ''} className={inputClasses(false)}>
        <option value="">{t('any')}</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}

function FilterForm({ filters, campaigns }: { filters: Record<string, string>; campaigns: { id: number; title: string }[] }) {
  const t = useTranslations('console');
  const pathname = usePathname();
  const submit = useFilterSubmit(FILTERS);
  return (
    <form
      method="get"
      onSubmit={submit}
      aria-label={t('filters')}
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      data-testid="gift-filters"
    >
      <label className="flex flex-col gap-1 text-sm sm:col-span-2">
        <span className="font-semibold">{t('search')}</span>
        <input type="search" name="q" defaultValue={filters.q ?? ''} maxLength={100} className={inputClasses(false)} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-semibold">{t('from')}</span>
        <input type="date" name="from" defaultValue={filters.from ?? ''} className={inputClasses(false)} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-semibold">{t('to')}</span>
        <input type="date" name="to" defaultValue={filters.to ?? ''} className={inputClasses(false)} />
      </label>
      <Select name="kind" label={t('kind')} value={filters.kind} options={GIFT_KINDS.map((kind) => [kind, t(`kinds.${kind}`)])} />
      <Select
        name="method"
        label={t('method')}
        value={filters.method}
        options={PAYMENT_METHODS.map((method) => [method, t(`methods.${method}`)])}
      />
      <Select
        name="status"
        label={t('status')}
        value={filters.status}
        options={CONSOLE_GIFT_STATUSES.map((status) => [status, t(`statuses.${status}`)])}
      />
      <Select
        name="campaign_id"
        label={t('campaign')}
        value={filters.campaign_id}
        options={campaigns.map((campaign) => [String(campaign.id), campaign.title])}
      />
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-semibold">{t('sort')}</span>
        <select name="sort" defaultValue={filters.sort ?? 'date_desc'} className={inputClasses(false)}>
          {GIFT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`sorts.${sort}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-3">
        <button type="submit" className={buttonClasses({ size: 'sm' })} data-testid="gift-filters-apply">
          {t('apply')}
        </button>
        <Link href={pathname} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          {t('clear')}
        </Link>
      </div>
    </form>
  );
}

export function GiftRows({ gifts, uid }: { gifts: ConsoleGift[]; uid: string }) {
  const t = useTranslations('console');
  const format = useGiftFormat();
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="w-full min-w-[56rem] text-left text-sm" data-testid="gift-table">
        <thead className="bg-slate-50 text-xs text-muted">
          <tr>
            {(['date', 'supporter', 'amount', 'fee', 'net', 'method', 'kind', 'campaign', 'status', 'receipt'] as const).map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold">
                {t(`columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {gifts.map((gift) => (
            <tr key={gift.id} className="border-t border-slate-100" data-testid="gift-row" data-gift-id={gift.id}>
              <td className="whitespace-nowrap px-3 py-2">
                <Link href={`${consolePath(uid, 'gifts')}/${gift.id}`} className="text-brand-700 underline underline-offset-2">
                  {format.date(gift.created_at)}
                </Link>
              </td>
              <td className="px-3 py-2">
                <SupporterName supporter={gift.supporter} />
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right font-semibold">{format.yen(gift.amount)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">{format.yen(gift.fee)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">{format.yen(gift.net)}</td>
              <td className="whitespace-nowrap px-3 py-2">{t(`methods.${gift.method}`)}</td>
              <td className="whitespace-nowrap px-3 py-2">{t(`kinds.${gift.kind}`)}</td>
              <td className="px-3 py-2">
                {gift.campaign?.title ?? (gift.portfolio ? t('portfolioPart', { name: gift.portfolio.name }) : '')}
                {gift.reward ? <span className="block text-xs text-muted">{gift.reward.name}</span> : null}
              </td>
              <td className="px-3 py-2">
                <GiftStatus status={gift.status} />
                {gift.status === 'paid' && gift.refunded_amount > 0 ? (
                  <span className="mt-1 block whitespace-nowrap text-xs text-violet-800" data-testid="gift-partly-refunded">
                    {t('refund.partialTag')}
                  </span>
                ) : null}
              </td>
              <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{gift.receipt_number ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function GiftsTable() {
  const t = useTranslations('console');
  const locale = useLocale();
  const caller = useConsoleCaller();
  const uid = caller.associate.uid;
  const params = useSearchParams();
  const pathname = usePathname();
  const filters = filtersOf(new URLSearchParams(params.toString()), FILTERS, consoleGiftsQuery);
  const key = JSON.stringify([uid, locale, filters]);
  const [gifts, reload] = useConsoleLoad(() => consoleApi.gifts(uid, { ...filters, lang: locale, page_size: PAGE_SIZE }), key);
  const format = useGiftFormat();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('gifts')}</h1>
      <FilterForm key={key} filters={filters} campaigns={gifts.state === 'loaded' ? gifts.value.campaigns : []} />
      <ExportButton kind="gifts" filters={filters} />
      {gifts.state === 'loading' ? <LoadingStatus testId="gifts-loading">{t('loading')}</LoadingStatus> : null}
      {gifts.state === 'failed' ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={reload} testId="gifts-load-failed" />
      ) : null}
      {gifts.state === 'loaded' ? (
        <section aria-live="polite" className="flex flex-col gap-3">
          <p className="text-sm font-semibold" data-testid="gift-count">
            {t('resultCount', { count: gifts.value.count, amount: format.yen(gifts.value.total_amount) })}
          </p>
          {gifts.value.results.length === 0 ? (
            <p className="rounded-2xl bg-slate-50 p-6 text-center text-muted" data-testid="gifts-empty">
              {t('noGifts')}
            </p>
          ) : (
            <GiftRows gifts={gifts.value.results} uid={uid} />
          )}
          <Pagination
            pathname={pathname}
            query={Object.fromEntries(Object.entries(filters).filter(([name]) => name !== 'page'))}
            page={Number(filters.page ?? 1)}
            pageSize={PAGE_SIZE}
            count={gifts.value.count}
          />
        </section>
      ) : null}
    </div>
  );
}
