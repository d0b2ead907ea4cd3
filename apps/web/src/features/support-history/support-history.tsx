'use client';
// /mypage/support-history (ADR 033): what the supporter has given (spec §7 /user/my_page/), every
// gift by year and page, the year's documents (all receipts as a ZIP, monthly receipts per recurring
// donation, the tax summary) and totals per organisation (/user/my_page/donation/associate/).
import type { api } from '@kifu/domain';
import type { Locale } from '@kifu/domain/enums';
import { formatYenAmount } from '@kifu/domain/money';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { cx } from '@/components/ui/cx';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { pageCount } from '@/components/ui/pagination-math';
import { Link, usePathname, useRouter } from '@/i18n/navigation';
import { failureMessage, getJson, postJson } from './history-api';
import { HistoryGift } from './history-gift';

const PAGE_SIZE = 20;

interface Loaded {
  summary: api.MyPageSummary;
  history: api.SupportHistory;
  totals: api.AssociateTotal[];
}

/** ?year= and ?page= of the address, ignored when they are not plausible. */
function readQuery(params: URLSearchParams): { year?: number; page: number } {
  const year = Number(params.get('year'));
  const page = Number(params.get('page'));
  return {
    year: Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function SummaryCard({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4">
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 text-xl font-bold" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/** Asks the API for a ZIP, then goes to the page that waits for it. */
function BundleButton({ label, request, testId }: { label: string; request: () => Promise<api.ReceiptBundle>; testId: string }) {
  const router = useRouter();
  const locale = useLocale() as Locale;
  const [state, setState] = useState<{ sending: boolean; error?: string }>({ sending: false });
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        disabled={state.sending}
        className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'disabled:opacity-50' })}
        data-testid={testId}
        onClick={async () => {
          setState({ sending: true });
          try {
            const bundle = await request();
            const query: Record<string, string> = { id: String(bundle.id) };
            if (bundle.kind === 'monthly') query.kind = 'monthly';
            router.push({ pathname: '/receipt-zip/download', query });
          } catch (error) {
            setState({ sending: false, error: failureMessage(error, locale) });
          }
        }}
      >
        {label}
      </button>
      {state.error ? (
        <p role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}

function YearDocuments({ year, gifts }: { year: number; gifts: api.HistoryGift[] }) {
  const t = useTranslations('history');
  const locale = useLocale() as Locale;
  // One monthly ZIP per recurring donation with a receivable payment this year.
  const monthly = new Map<number, string>();
  for (const gift of gifts) {
    if (gift.frequency === 'monthly' && gift.recurring_donation_id !== null && gift.parts.some((part) => part.receipt === 'available')) {
      monthly.set(gift.recurring_donation_id, gift.portfolio?.name ?? gift.campaign?.title ?? gift.parts[0]!.associate.name);
    }
  }
  return (
    <section className="rounded-2xl bg-slate-50 p-5" data-testid="history-year-documents">
      <h2 className="mb-3 font-bold">{t('yearActions', { year })}</h2>
      <div className="flex flex-wrap gap-3">
        <BundleButton
          label={t('zipYear', { year })}
          testId="history-zip-year"
          request={() => postJson<api.ReceiptBundle>('/donation/receipt-zip-file/', { year, lang: locale })}
        />
        {[...monthly].map(([recurringDonationId, name]) => (
          <BundleButton
            key={recurringDonationId}
            label={t('zipMonthly', { name })}
            testId="history-zip-monthly"
            request={() =>
              postJson<api.ReceiptBundle>('/donation/monthly-receipt-zip-file/', {
                year,
                lang: locale,
                recurring_donation_id: recurringDonationId,
              })
            }
          />
        ))}
        <Link
          href={`/mypage/tax-summary/${year}`}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          data-testid="history-tax-summary"
        >
          {t('taxSummary', { year })}
        </Link>
      </div>
    </section>
  );
}

export function SupportHistory() {
  const t = useTranslations('history');
  const paging = useTranslations('pagination');
  const locale = useLocale() as Locale;
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const { year, page } = readQuery(params);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const load = useCallback(
    async (signal: AbortSignal) => {
      const query = new URLSearchParams({ lang: locale, page: String(page), page_size: String(PAGE_SIZE) });
      if (year !== undefined) query.set('year', String(year));
      const [summary, history, totals] = await Promise.all([
        getJson<api.MyPageSummary>(`/user/my_page/?lang=${locale}`, signal),
        getJson<api.SupportHistory>(`/user/my_page/donation/?${query}`, signal),
        getJson<api.AssociateTotal[]>(`/user/my_page/donation/associate/?lang=${locale}`, signal),
      ]);
      return { summary, history, totals };
    },
    [locale, page, year],
  );

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    load(controller.signal)
      .then(setLoaded)
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(failureMessage(failure, locale));
      });
    return () => controller.abort();
  }, [load, locale, attempt]);

  const go = (next: { year?: number; page?: number }) => {
    const query: Record<string, string> = {};
    if (next.year !== undefined) query.year = String(next.year);
    if (next.page !== undefined && next.page > 1) query.page = String(next.page);
    router.replace({ pathname, query });
  };

  if (error) {
    return (
      <LoadFailed
        message={t('loadFailed')}
        detail={error}
        retryLabel={t('retry')}
        onRetry={() => setAttempt((n) => n + 1)}
        testId="history-error"
      />
    );
  }
  if (!loaded) return <LoadingStatus>{t('loading')}</LoadingStatus>;

  const { summary, history, totals } = loaded;
  const pages = pageCount(history.count, PAGE_SIZE);
  return (
    <div className="flex flex-col gap-8" data-testid="support-history">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <SummaryCard label={t('summary.total')} value={formatYenAmount(summary.total_amount, locale)} testId="history-total" />
        <SummaryCard
          label={t('summary.thisYear', { year: summary.this_year.year })}
          value={formatYenAmount(summary.this_year.total, locale)}
          testId="history-this-year"
        />
        <SummaryCard
          label={t('summary.associates')}
          value={t('summary.associateCount', { count: summary.associate_count })}
          testId="history-associates"
        />
        <SummaryCard
          label={t('summary.recurring')}
          value={t('summary.recurringCount', { count: summary.active_recurring_count })}
          testId="history-recurring"
        />
      </div>

      {history.years.length > 0 ? (
        <nav aria-label={t('filterLabel')} className="flex flex-wrap gap-2" data-testid="history-years">
          {[undefined, ...history.years].map((choice) => {
            const current = choice === year;
            return (
              <button
                key={choice ?? 'all'}
                type="button"
                aria-pressed={current}
                onClick={() => go({ year: choice })}
                className={cx(
                  'rounded-full border px-4 py-1.5 text-sm font-semibold',
                  current ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white hover:bg-slate-50',
                )}
              >
                {choice === undefined ? t('allYears') : t('year', { year: choice })}
              </button>
            );
          })}
        </nav>
      ) : null}

      {year !== undefined && history.count > 0 ? <YearDocuments year={year} gifts={history.results} /> : null}

      <section aria-label={t('list')}>
        {history.results.length === 0 ? (
          <div className="rounded-2xl bg-slate-50 p-8 text-center" data-testid="history-empty">
            <p>{year === undefined ? t('empty') : t('emptyYear', { year })}</p>
            <Link href="/associate" className={buttonClasses({ size: 'sm', className: 'mt-4' })}>
              {t('findAssociates')}
            </Link>
          </div>
        ) : (
          <ul className="flex flex-col gap-4">
            {history.results.map((gift) => (
              <HistoryGift key={`${gift.kind}-${gift.id}`} gift={gift} />
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav aria-label={paging('label')} className="mt-6 flex items-center justify-center gap-4" data-testid="history-pagination">
            <button
              type="button"
              disabled={page <= 1}
              onClick={() => go({ year, page: page - 1 })}
              className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'disabled:opacity-40' })}
              data-testid="history-previous"
            >
              {paging('previous')}
            </button>
            <span className="text-sm text-muted" aria-current="page">
              {paging('status', { page, total: pages })}
            </span>
            <button
              type="button"
              disabled={page >= pages}
              onClick={() => go({ year, page: page + 1 })}
              className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'disabled:opacity-40' })}
              data-testid="history-next"
            >
              {paging('next')}
            </button>
          </nav>
        ) : null}
      </section>

      {totals.length > 0 ? (
        <section data-testid="history-by-associate">
          <h2 className="mb-3 font-bold">{t('byAssociate')}</h2>
          <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
            {totals.map((row) => (
              <li key={row.associate.uid} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
                <Link href={`/associate/${row.associate.uid}`} className="font-semibold hover:text-brand-700">
                  {row.associate.name}
                </Link>
                <span className="flex gap-3">
                  <span className="text-muted">{t('giftCount', { count: row.count })}</span>
                  <span className="font-bold">{formatYenAmount(row.total, locale)}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
