'use client';
// /dashboard/{uid}/public-support-test (ADR 071): where the organisation stands on the
// public-support test a certified NPO must pass — the absolute standard (100 donors of ¥3,000 a
// year on average) year by year with every donor and why they count or not, the year under way
// with how many more it needs, and the relative standard once the income of each year is entered.
// Owners and staff enter the income and mark officers and households; viewers read. Every figure
// is in text and tables: nothing here is only a picture.
import { PST_DONORS_PER_YEAR } from '@kifu/domain/public-support-test';
import type { PublicSupportTest } from '@kifu/domain/api/console-public-support-test';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { cx } from '@/components/ui/cx';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { consoleApi } from './console-api';
import { useConsoleCaller } from './console-shell';
import { StatusPill, useGiftFormat } from './gift-labels';
import { ListTable } from './list-frame';
import { IncomeForm, PersonMarkForm } from './pst-forms';
import { useConsoleLoad } from './use-console-load';

type Year = PublicSupportTest['absolute']['years'][number];

function Verdict({ passes, testId }: { passes: boolean | null; testId: string }) {
  const t = useTranslations('console.pst');
  const state = passes === null ? 'unknown' : passes ? 'passes' : 'fails';
  const tone = { passes: 'bg-emerald-50 text-emerald-800', fails: 'bg-red-50 text-red-800', unknown: 'bg-slate-100 text-slate-800' }[state];
  return (
    <span data-testid={testId} data-state={state}>
      <StatusPill status={state} tone={tone}>
        {t(`verdict.${state}`)}
      </StatusPill>
    </span>
  );
}

function DonorTable({ year, onMarked }: { year: Year; onMarked: (message: string) => void }) {
  const t = useTranslations('console.pst');
  const format = useGiftFormat();
  const { permissions } = useConsoleCaller();
  const [editing, setEditing] = useState<string | null>(null);
  // Those who do not count first: they are what the organisation can act on.
  const donors = [...year.donors].sort((a, b) => Number(a.counts) - Number(b.counts) || a.name.localeCompare(b.name, 'ja'));
  return (
    <ListTable
      columns={(['name', 'amount', 'household', 'counts'] as const).map((column) => t(`columns.${column}`))}
      minWidth="min-w-[48rem]"
      testId={`pst-donors-${year.fiscal_year}`}
    >
      {donors.map((line) => (
        <tr
          key={line.donor_key}
          className="border-t border-slate-100 align-top"
          data-testid="pst-donor"
          data-counts={line.counts}
          data-reason={line.reason ?? ''}
        >
          <td className="px-3 py-2">
            {line.name || t('unnamed')}
            {line.officer ? <span className="ml-2 text-xs font-semibold text-muted">{t('marks.officerTag')}</span> : null}
            {line.household ? (
              <span className="ml-2 text-xs text-muted">{t('marks.householdTag', { household: line.household })}</span>
            ) : null}
            {editing === line.donor_key ? (
              <PersonMarkForm
                line={line}
                onClose={() => setEditing(null)}
                onSaved={(message) => {
                  setEditing(null);
                  onMarked(message);
                }}
              />
            ) : null}
          </td>
          <td className="whitespace-nowrap px-3 py-2">{format.yen(line.amount)}</td>
          <td className="whitespace-nowrap px-3 py-2">{line.household_amount !== line.amount ? format.yen(line.household_amount) : ''}</td>
          <td className="px-3 py-2">
            <span className={line.counts ? 'font-semibold text-emerald-800' : 'text-muted'}>
              {line.counts ? t('counts') : t(`reasons.${line.reason ?? 'under_minimum'}`)}
            </span>
            {permissions.manage && editing !== line.donor_key ? (
              <button
                type="button"
                onClick={() => setEditing(line.donor_key)}
                className="ml-2 text-xs text-brand-700 underline underline-offset-2"
                aria-label={t('marks.editLabel', { name: line.name || t('unnamed') })}
                data-testid="pst-mark"
              >
                {t('marks.edit')}
              </button>
            ) : null}
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

function YearSection({ year, note, onMarked }: { year: Year; note?: string; onMarked: (message: string) => void }) {
  const t = useTranslations('console.pst');
  const format = useGiftFormat();
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby={`pst-year-${year.fiscal_year}`}
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4"
      data-testid={`pst-year-${year.fiscal_year}`}
    >
      <h3 id={`pst-year-${year.fiscal_year}`} className="font-bold">
        {year.label}
      </h3>
      <p data-testid="pst-year-qualifying">{t('yearQualifying', { count: year.qualifying })}</p>
      {/* The standard is the average over the period; each year beside 100 shows which years carry it. */}
      <p
        className={year.qualifying >= PST_DONORS_PER_YEAR ? 'text-sm font-semibold text-emerald-800' : 'text-sm font-semibold text-red-800'}
        data-testid="pst-year-verdict"
        data-state={year.qualifying >= PST_DONORS_PER_YEAR ? 'meets' : 'short'}
      >
        {year.qualifying >= PST_DONORS_PER_YEAR
          ? t('yearMeets', { target: PST_DONORS_PER_YEAR })
          : t('yearShort', { target: PST_DONORS_PER_YEAR, missing: PST_DONORS_PER_YEAR - year.qualifying })}
      </p>
      {note ? <p className="text-sm">{note}</p> : null}
      {year.anonymous_gifts > 0 ? (
        <p className="text-sm text-muted">
          {t('anonymousGifts', { count: year.anonymous_gifts, amount: format.yen(year.anonymous_amount) })}
        </p>
      ) : null}
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className={buttonClasses({ size: 'sm', variant: 'secondary', className: 'self-start' })}
        data-testid="pst-year-toggle"
      >
        {open ? t('hideDonors') : t('showDonors', { count: year.donors.length })}
      </button>
      {open ? <DonorTable year={year} onMarked={onMarked} /> : null}
    </section>
  );
}

export function PstTracker() {
  const t = useTranslations('console.pst');
  const tc = useTranslations('console');
  const locale = useLocale();
  const { associate, permissions } = useConsoleCaller();
  const uid = associate.uid;
  const [load, reload] = useConsoleLoad(() => consoleApi.publicSupportTest(uid, locale), `${uid}:${locale}`);
  const [announcement, setAnnouncement] = useState('');
  // Keep what was read while it is read again after a change, so open sections and focus stay.
  const [shown, setShown] = useState<PublicSupportTest | null>(null);
  if (load.state === 'loaded' && shown !== load.value) setShown(load.value);
  const changed = (message: string) => {
    setAnnouncement(message);
    reload();
  };
  return (
    <div className="flex flex-col gap-6" data-testid="pst-tracker">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="text-muted">{t('lead')}</p>
      <p role="status" className="text-sm font-semibold text-emerald-800" data-testid="pst-announcement">
        {announcement}
      </p>
      {load.state === 'failed' ? (
        <LoadFailed message={tc('loadFailed')} retryLabel={tc('retry')} onRetry={reload} testId="pst-load-failed" />
      ) : shown === null ? (
        <LoadingStatus testId="pst-loading">{tc('loading')}</LoadingStatus>
      ) : (
        <>
          <p className="text-sm">
            {t(shown.first_application ? 'periodFirst' : 'periodRenewal', {
              years: shown.absolute.years.map((year) => year.label).join(t('yearSeparator')),
            })}
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            <section aria-labelledby="pst-absolute" className="flex flex-col gap-2 rounded-2xl bg-slate-50 p-4" data-testid="pst-absolute">
              <h2 id="pst-absolute" className="text-lg font-bold">
                {t('absolute.title')}
              </h2>
              <Verdict passes={shown.absolute.passes} testId="pst-absolute-verdict" />
              <p data-testid="pst-absolute-average">
                {t('absolute.average', { average: shown.absolute.yearly_average, count: shown.absolute.qualifying })}
              </p>
              <p className="text-sm text-muted">{t('absolute.rule')}</p>
            </section>
            <section aria-labelledby="pst-relative" className="flex flex-col gap-2 rounded-2xl bg-slate-50 p-4" data-testid="pst-relative">
              <h2 id="pst-relative" className="text-lg font-bold">
                {t('relative.title')}
              </h2>
              <Verdict passes={shown.relative.passes} testId="pst-relative-verdict" />
              {shown.relative.passes === null ? (
                <p>{t('relative.missing')}</p>
              ) : (
                <p data-testid="pst-relative-ratio">
                  {t('relative.ratio', {
                    percent: (shown.relative.ratio * 100).toFixed(1),
                    numerator: shown.relative.numerator,
                    denominator: shown.relative.denominator,
                  })}
                </p>
              )}
              <p className="text-sm text-muted">{t('relative.rule')}</p>
            </section>
          </div>
          <section aria-labelledby="pst-current" className="flex flex-col gap-2" data-testid="pst-current">
            <h2 id="pst-current" className="text-lg font-bold">
              {t('current.title')}
            </h2>
            <p
              data-testid="pst-still-needed"
              className={cx('font-semibold', shown.current_year.still_needed > 0 ? 'text-amber-900' : 'text-emerald-800')}
            >
              {shown.current_year.still_needed > 0
                ? t('current.stillNeeded', { count: shown.current_year.still_needed })
                : t('current.enough')}
            </p>
            <YearSection
              year={shown.current_year}
              note={t('current.projection', { months: shown.current_year.elapsed_months, projected: shown.current_year.projected })}
              onMarked={changed}
            />
          </section>
          <section aria-labelledby="pst-years" className="flex flex-col gap-3">
            <h2 id="pst-years" className="text-lg font-bold">
              {t('yearsTitle')}
            </h2>
            {shown.absolute.years.map((year) => (
              <YearSection key={year.fiscal_year} year={year} onMarked={changed} />
            ))}
          </section>
          <section aria-labelledby="pst-income" className="flex flex-col gap-3" data-testid="pst-income">
            <h2 id="pst-income" className="text-lg font-bold">
              {t('income.title')}
            </h2>
            <p className="text-sm text-muted">{t('income.lead')}</p>
            {shown.absolute.years.map((year) => {
              const income = shown.incomes.find((row) => row.fiscal_year === year.fiscal_year);
              return (
                <div key={year.fiscal_year} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4">
                  <h3 className="font-semibold">{year.label}</h3>
                  {permissions.manage ? (
                    <IncomeForm fiscalYear={year.fiscal_year} label={year.label} income={income} onSaved={reload} />
                  ) : (
                    <p className="text-sm">{income ? t('income.entered', { total: income.total }) : t('income.notEntered')}</p>
                  )}
                </div>
              );
            })}
          </section>
          <p className="text-xs text-muted">{t('limits')}</p>
        </>
      )}
    </div>
  );
}
