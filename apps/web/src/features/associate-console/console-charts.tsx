'use client';
// The overview's charts (ADR 076), below its figures: gifts and amount per day, week or month
// (the period picker is a group of radio buttons: arrow keys move it), by method and kind, MRR
// and its trend, new and returning supporters, monthly cohorts, campaign progress. One call
// answers every series; each chart carries its numbers in a table.
import { api } from '@kifu/domain';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { BarChart, ChartFigure, CohortGrid, LabelledBars, LineChart } from './chart-figure';
import { consoleApi } from './console-api';
import { useGiftFormat } from './gift-labels';
import { useConsoleLoad } from './use-console-load';

const utc = (isoDate: string) => new Date(`${isoDate.length === 7 ? `${isoDate}-01` : isoDate}T00:00:00Z`);
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

export function ConsoleCharts({ uid }: { uid: string }) {
  const t = useTranslations('console.insights');
  const tc = useTranslations('console');
  const locale = useLocale();
  const format = useFormatter();
  const { yen } = useGiftFormat();
  const [period, setPeriod] = useState<api.InsightPeriod>('month');
  const [insights, reload] = useConsoleLoad(() => consoleApi.insights(uid, { period, lang: locale }), `${uid}:${locale}:${period}`);
  const compact = (value: number) => format.number(value, { notation: 'compact' });
  const bucket = (start: string, long = false) =>
    format.dateTime(
      utc(start),
      period === 'month'
        ? { year: long ? 'numeric' : '2-digit', month: long ? 'long' : 'numeric', timeZone: 'UTC' }
        : { ...(long ? { year: 'numeric' } : {}), month: 'numeric', day: 'numeric', timeZone: 'UTC' },
    );
  const month = (value: string) => format.dateTime(utc(value), { year: 'numeric', month: 'long', timeZone: 'UTC' });
  const count = (n: number) => format.number(n);

  return (
    <section aria-labelledby="overview-charts" className="flex flex-col gap-4" data-testid="overview-charts">
      <h2 id="overview-charts" className="text-lg font-bold">
        {t('title')}
      </h2>
      <fieldset className="flex flex-wrap items-center gap-2" data-testid="insights-period">
        <legend className="mb-1 text-sm font-semibold">{t('periodLegend')}</legend>
        {api.INSIGHT_PERIODS.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-center gap-1 rounded-full border border-slate-300 px-3 py-1 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
          >
            <input type="radio" name="insights-period" value={option} checked={period === option} onChange={() => setPeriod(option)} />
            {t(`periods.${option}`)}
          </label>
        ))}
      </fieldset>
      {insights.state === 'loading' ? <LoadingStatus testId="insights-loading">{tc('loading')}</LoadingStatus> : null}
      {insights.state === 'failed' ? (
        <LoadFailed message={tc('loadFailed')} retryLabel={tc('retry')} onRetry={reload} testId="insights-load-failed" />
      ) : null}
      {insights.state === 'loaded' ? (
        <Charts
          data={insights.value}
          t={t}
          yen={yen}
          compact={compact}
          count={count}
          bucket={bucket}
          month={month}
          methodLabel={(method) => tc(`methods.${method}`)}
          kindLabel={(kind) => tc(`kinds.${kind}`)}
        />
      ) : null}
    </section>
  );
}

interface ChartsProps {
  data: api.ConsoleInsights;
  t: ReturnType<typeof useTranslations<'console.insights'>>;
  yen: (amount: number) => string;
  compact: (value: number) => string;
  count: (n: number) => string;
  bucket: (start: string, long?: boolean) => string;
  month: (value: string) => string;
  methodLabel: (method: api.ConsoleInsights['by_method'][number]['method']) => string;
  kindLabel: (kind: api.GiftKind) => string;
}

function Charts({ data, t, yen, compact, count, bucket, month, methodLabel, kindLabel }: ChartsProps) {
  const total = data.gifts.reduce((sum, b) => ({ count: sum.count + b.count, amount: sum.amount + b.amount }), { count: 0, amount: 0 });
  const numbers = t('showNumbers');
  const byMethod = data.by_method.map((row) => ({ ...row, label: methodLabel(row.method) }));
  const byKind = data.by_kind.map((row) => ({ ...row, label: kindLabel(row.kind) }));
  const splitProps = { t, yen, count, total: total.amount };
  const lastMrr = data.mrr.at(-1);
  const supporterTotals = data.supporters.reduce((sum, b) => ({ new: sum.new + b.new, returning: sum.returning + b.returning }), {
    new: 0,
    returning: 0,
  });
  const offsets = api.COHORT_OFFSETS.map((n) => t('afterMonths', { count: n }));
  return (
    <>
      <p className="text-sm text-muted" data-testid="insights-range">
        {t('range', { from: bucket(data.from, true), to: bucket(data.to, true) })}
      </p>
      <ChartFigure
        id="chart-gifts"
        title={t('gifts.title')}
        summary={t('gifts.summary', { count: total.count, amount: yen(total.amount) })}
        numbersLabel={numbers}
        rows={data.gifts}
        rowKey={(row) => row.start}
        columns={[
          { label: t('columns.period'), cell: (row) => bucket(row.start, true) },
          { label: t('columns.gifts'), cell: (row) => count(row.count), numeric: true },
          { label: t('columns.amount'), cell: (row) => yen(row.amount), numeric: true },
        ]}
      >
        <BarChart
          labels={data.gifts.map((b) => bucket(b.start))}
          stacks={[{ key: 'amount', values: data.gifts.map((b) => b.amount) }]}
          format={compact}
        />
      </ChartFigure>
      <div className="grid gap-4 lg:grid-cols-2">
        <SplitFigure id="chart-methods" title={t('byMethod')} column={t('columns.method')} rows={byMethod} {...splitProps} />
        <SplitFigure id="chart-kinds" title={t('byKind')} column={t('columns.kind')} rows={byKind} {...splitProps} />
      </div>
      <ChartFigure
        id="chart-mrr"
        title={t('mrr.title')}
        summary={lastMrr ? t('mrr.summary', { amount: yen(lastMrr.amount), month: month(lastMrr.month) }) : ''}
        numbersLabel={numbers}
        rows={data.mrr}
        rowKey={(row) => row.month}
        columns={[
          { label: t('columns.month'), cell: (row) => month(row.month) },
          { label: t('columns.mrr'), cell: (row) => yen(row.amount), numeric: true },
          {
            label: t('columns.change'),
            cell: (row) => {
              const before = data.mrr[data.mrr.indexOf(row) - 1];
              return before ? `${row.amount >= before.amount ? '+' : '−'}${yen(Math.abs(row.amount - before.amount))}` : '–';
            },
            numeric: true,
          },
          { label: t('columns.monthly'), cell: (row) => count(row.monthly), numeric: true },
          { label: t('columns.annual'), cell: (row) => count(row.annual), numeric: true },
        ]}
      >
        <LineChart labels={data.mrr.map((m) => month(m.month))} values={data.mrr.map((m) => m.amount)} format={compact} />
      </ChartFigure>
      <ChartFigure
        id="chart-supporters"
        title={t('supporters.title')}
        summary={t('supporters.summary', supporterTotals)}
        numbersLabel={numbers}
        rows={data.supporters}
        rowKey={(row) => row.start}
        columns={[
          { label: t('columns.period'), cell: (row) => bucket(row.start, true) },
          { label: t('columns.new'), cell: (row) => count(row.new), numeric: true },
          { label: t('columns.returning'), cell: (row) => count(row.returning), numeric: true },
          { label: t('columns.anonymousGifts'), cell: (row) => count(row.anonymous_gifts), numeric: true },
        ]}
      >
        <p className="mb-2 flex flex-wrap gap-4 text-xs">
          <span className="flex items-center gap-1">
            <svg width="14" height="14" className="text-brand-700">
              <rect width="14" height="14" fill="currentColor" />
            </svg>
            {t('columns.new')}
          </span>
          <span className="flex items-center gap-1">
            <svg width="14" height="14" className="text-brand-700">
              <Patterns14 />
            </svg>
            {t('columns.returning')}
          </span>
        </p>
        <BarChart
          labels={data.supporters.map((b) => bucket(b.start))}
          stacks={[
            { key: 'new', values: data.supporters.map((b) => b.new) },
            { key: 'returning', values: data.supporters.map((b) => b.returning), pattern: 'chart-hatch' },
          ]}
          format={count}
        />
      </ChartFigure>
      <ChartFigure
        id="chart-cohorts"
        title={t('cohorts.title')}
        summary={t('cohorts.summary')}
        numbersLabel={numbers}
        rows={data.cohorts}
        rowKey={(row) => row.month}
        columns={[
          { label: t('columns.cohort'), cell: (row) => month(row.month) },
          { label: t('columns.size'), cell: (row) => count(row.size), numeric: true },
          ...api.COHORT_OFFSETS.map((_, i) => ({
            label: offsets[i]!,
            cell: (row: api.ConsoleInsights['cohorts'][number]) => {
              const still = row.still[i];
              return still === null || still === undefined
                ? t('cohorts.notYet')
                : t('cohorts.cell', { count: still, percent: percent(still, row.size) });
            },
            numeric: true,
          })),
        ]}
      >
        {data.cohorts.length === 0 ? (
          <p className="text-sm text-muted">{t('cohorts.none')}</p>
        ) : (
          <CohortGrid
            offsets={api.COHORT_OFFSETS.map((months, i) => ({ months, label: offsets[i]! }))}
            rows={data.cohorts.map((row) => ({
              month: month(row.month),
              cells: row.still.map((still) => (still === null || row.size === 0 ? null : still / row.size)),
            }))}
          />
        )}
      </ChartFigure>
      <ChartFigure
        id="chart-campaigns"
        title={t('campaigns.title')}
        summary={data.campaigns.length === 0 ? t('campaigns.none') : t('campaigns.summary', { count: data.campaigns.length })}
        numbersLabel={numbers}
        rows={data.campaigns}
        rowKey={(row) => String(row.id)}
        columns={[
          { label: t('columns.campaign'), cell: (row) => row.title },
          { label: t('columns.raised'), cell: (row) => yen(row.raised), numeric: true },
          { label: t('columns.goal'), cell: (row) => yen(row.goal), numeric: true },
          { label: t('columns.progress'), cell: (row) => `${percent(row.raised, row.goal)}%`, numeric: true },
        ]}
      >
        <LabelledBars
          bars={data.campaigns.map((row) => ({
            key: String(row.id),
            label: row.title,
            value: row.raised,
            max: row.goal,
            text: t('campaigns.bar', { raised: yen(row.raised), goal: yen(row.goal), percent: percent(row.raised, row.goal) }),
          }))}
        />
      </ChartFigure>
    </>
  );
}

/** The legend's swatch of the hatched series. */
function Patterns14() {
  return (
    <>
      <rect width="14" height="14" fill="currentColor" fillOpacity={0.25} />
      <path d="M0 14 L14 0 M-3 3 L3 -3 M11 17 L17 11" stroke="currentColor" strokeWidth="3" />
    </>
  );
}

/** Gifts and amount split by method or kind: a labelled bar each, and its table. */
function SplitFigure({
  id,
  title,
  column,
  rows,
  t,
  yen,
  count,
  total,
}: Pick<ChartsProps, 't' | 'yen' | 'count'> & {
  id: string;
  title: string;
  column: string;
  rows: { label: string; count: number; amount: number }[];
  total: number;
}) {
  return (
    <ChartFigure
      id={id}
      title={title}
      summary={t('splitSummary')}
      numbersLabel={t('showNumbers')}
      rows={rows}
      rowKey={(row) => row.label}
      columns={[
        { label: column, cell: (row) => row.label },
        { label: t('columns.gifts'), cell: (row) => count(row.count), numeric: true },
        { label: t('columns.amount'), cell: (row) => yen(row.amount), numeric: true },
      ]}
    >
      <LabelledBars
        bars={rows.map((row) => ({
          key: row.label,
          label: row.label,
          value: row.amount,
          max: total,
          text: t('splitValue', { count: row.count, amount: yen(row.amount), percent: percent(row.amount, total) }),
        }))}
      />
    </ChartFigure>
  );
}
