'use client';
// /dashboard/{uid} (spec §2, ADR 060): where the console opens — what came in this month, what
// bank transfers are awaited, and the latest gifts, each a way into the gifts table.
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { Link } from '@/i18n/navigation';
import { consoleApi } from './console-api';
import { consolePath, useConsoleCaller } from './console-shell';
import { useGiftFormat } from './gift-labels';
import { GiftRows } from './gifts-table';
import { useConsoleLoad } from './use-console-load';

function ChartsLoading() {
  const t = useTranslations('console');
  return <LoadingStatus testId="charts-code-loading">{t('loading')}</LoadingStatus>;
}

// The charts and their drawing code (d3, ADR 076) come after the figures above them: the overview
// is read at once, and its first load does not carry what only the charts use.
const ConsoleCharts = dynamic(() => import('./console-charts').then((module) => module.ConsoleCharts), {
  ssr: false,
  loading: ChartsLoading,
});

/** Today and the first of this month in Japan, as the API's dates. */
function thisMonth(): { from: string; to: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
  return { from: `${today.slice(0, 8)}01`, to: today };
}

function Figure({ label, value, href, testId }: { label: string; value: string; href: string; testId: string }) {
  return (
    <Link href={href} className="rounded-2xl border border-slate-200 bg-white p-4 hover:border-brand-500" data-testid={testId}>
      <span className="block text-sm text-muted">{label}</span>
      <span className="mt-1 block text-xl font-bold">{value}</span>
    </Link>
  );
}

export function ConsoleOverview() {
  const t = useTranslations('console');
  const locale = useLocale();
  const { associate } = useConsoleCaller();
  const format = useGiftFormat();
  const uid = associate.uid;
  const month = thisMonth();
  const [figures, reload] = useConsoleLoad(
    () =>
      Promise.all([
        consoleApi.gifts(uid, { ...month, status: 'paid', page_size: 1, lang: locale }),
        consoleApi.gifts(uid, { status: 'awaiting_transfer', page_size: 1, lang: locale }),
        consoleApi.gifts(uid, { page_size: 5, lang: locale }),
      ]),
    `${uid}:${locale}:${month.to}`,
  );
  const gifts = consolePath(uid, 'gifts');
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('overview')}</h1>
      <p className="text-muted">{t('overviewLead', { associate: associate.name })}</p>
      {figures.state === 'loading' ? <LoadingStatus testId="overview-loading">{t('loading')}</LoadingStatus> : null}
      {figures.state === 'failed' ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={reload} testId="overview-load-failed" />
      ) : null}
      {figures.state === 'loaded' ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Figure
              label={t('thisMonth')}
              value={t('thisMonthValue', { count: figures.value[0].count, amount: format.yen(figures.value[0].total_amount) })}
              href={`${gifts}?from=${month.from}&to=${month.to}&status=paid`}
              testId="overview-this-month"
            />
            <Figure
              label={t('awaiting')}
              value={t('awaitingValue', { count: figures.value[1].count, amount: format.yen(figures.value[1].total_amount) })}
              href={`${gifts}?status=awaiting_transfer`}
              testId="overview-awaiting"
            />
          </div>
          <section aria-labelledby="overview-recent" className="flex flex-col gap-3">
            <h2 id="overview-recent" className="text-lg font-bold">
              {t('recent')}
            </h2>
            <GiftRows gifts={figures.value[2].results} uid={uid} />
            <Link href={gifts} className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'self-start' })}>
              {t('seeAll')}
            </Link>
          </section>
        </>
      ) : null}
      <ConsoleCharts uid={uid} />
    </div>
  );
}
