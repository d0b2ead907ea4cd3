'use client';
// What /mypage/tax-summary/{year} shows once the summary is loaded (ADR 033): the note that
// it is not a receipt, the totals by eligibility and by legal type, the year's gifts, the rules, the
// documents (summary PDF, each organisation's combined receipt, the tax pack ZIP) and the estimator.
// Every sentence is the domain catalogue's, in the page's language.
import type { TaxSummary } from '@kifu/domain/api/my-page';
import { localise } from '@kifu/domain/catalogue/message';
import { RECEIPT_ERRORS } from '@kifu/domain/catalogue/receipt-texts';
import { TAX_ELIGIBILITY_LABELS, TAX_SUMMARY_TEXTS } from '@kifu/domain/catalogue/tax-texts';
import type { Locale } from '@kifu/domain/enums';
import { formatYenAmount } from '@kifu/domain/money';
import { useFormatter, useLocale } from 'next-intl';
import { useId, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { cx } from '@/components/ui/cx';
import { Link } from '@/i18n/navigation';
import { TaxEstimator } from './tax-estimator';
import { adjacentYears, combinedReceiptPdfPath, taxSummaryPagePath, taxSummaryPdfPath } from './tax-summary-model';

type TextKey = keyof typeof TAX_SUMMARY_TEXTS;

const RULES = [
  'ruleYear',
  'ruleFloor',
  'ruleDeduction',
  'ruleCredit',
  'ruleChoice',
  'ruleResidentTax',
  'ruleNoReceipt',
] as const satisfies readonly TextKey[];

function useText() {
  const locale = useLocale() as Locale;
  return {
    locale,
    text: (key: TextKey, params?: Record<string, string | number>) => localise(TAX_SUMMARY_TEXTS[key], locale, params),
    yen: (amount: number) => formatYenAmount(amount, locale),
  };
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 p-5" data-testid={testId}>
      <h2 id={id} className="mb-4 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function TotalRow({ label, yen, strong, testId }: { label: string; yen: string; strong?: boolean; testId?: string }) {
  return (
    <div className={cx('flex items-baseline justify-between gap-4 border-b border-slate-100 py-2.5 last:border-0', strong && 'text-lg')}>
      <dt className={strong ? 'font-bold' : 'text-sm text-muted'}>{label}</dt>
      <dd className={cx('tabular-nums', strong ? 'font-bold text-brand-700' : 'font-semibold')} data-testid={testId}>
        {yen}
      </dd>
    </div>
  );
}

/** Links to the summaries of the years either side. */
export function YearNavigation({ year }: { year: number }) {
  const { text } = useText();
  const { previous, next } = adjacentYears(year);
  const linkClass = buttonClasses({ variant: 'secondary', size: 'sm' });
  return (
    <nav aria-label={text('yearNavigation')} className="flex flex-wrap justify-between gap-3" data-testid="tax-year-navigation">
      {previous === null ? (
        <span />
      ) : (
        <Link href={taxSummaryPagePath(previous)} className={linkClass} data-testid="tax-year-previous">
          <span aria-hidden="true">←</span>
          {text('previousYear', { year: previous })}
        </Link>
      )}
      {next === null ? null : (
        <Link href={taxSummaryPagePath(next)} className={linkClass} data-testid="tax-year-next">
          {text('nextYear', { year: next })}
          <span aria-hidden="true">→</span>
        </Link>
      )}
    </nav>
  );
}

function Totals({ summary }: { summary: TaxSummary }) {
  const { text, yen, locale } = useText();
  const by = summary.by_eligibility;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Section title={text('byEligibility')} testId="tax-by-eligibility">
        <dl>
          <TotalRow label={localise(TAX_ELIGIBILITY_LABELS.tax_credit, locale)} yen={yen(by.tax_credit)} />
          <TotalRow label={localise(TAX_ELIGIBILITY_LABELS.income_deduction, locale)} yen={yen(by.income_deduction)} />
          <TotalRow label={localise(TAX_ELIGIBILITY_LABELS.not_eligible, locale)} yen={yen(by.not_eligible)} />
          <TotalRow label={text('eligibleTotal')} yen={yen(by.eligible_total)} strong testId="tax-eligible-total" />
          <TotalRow label={text('total')} yen={yen(by.total)} testId="tax-total" />
          <TotalRow label={text('residentTaxTotal')} yen={yen(summary.resident_tax_total)} testId="tax-resident-total" />
        </dl>
      </Section>
      <Section title={text('byLegalType')} testId="tax-by-legal-type">
        <dl>
          {summary.by_legal_type.map((row) => (
            <TotalRow key={row.organisation_type} label={row.label} yen={yen(row.total)} />
          ))}
        </dl>
      </Section>
    </div>
  );
}

function Gifts({ gifts }: { gifts: TaxSummary['gifts'] }) {
  const { text, yen, locale } = useText();
  const format = useFormatter();
  // received_on is the date in Japan (YYYY-MM-DD): read and written as a calendar date, whatever the browser's zone.
  const dateOf = (day: string) =>
    format.dateTime(new Date(`${day}T00:00:00Z`), { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  const headClass = 'border-b border-slate-200 px-2 py-2 text-left text-xs font-semibold text-muted';
  return (
    <Section title={text('gifts')} testId="tax-gifts">
      {/* Four columns do not fit a 320 px screen: the table scrolls in its own box, focusable so a
          keyboard scrolls it too, and the page does not (WCAG 1.4.10 reflow, ADR 058). */}
      <div className="overflow-x-auto" role="region" aria-label={text('gifts')} tabIndex={0}>
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th scope="col" className={headClass}>
                {text('receivedOn')}
              </th>
              <th scope="col" className={headClass}>
                {text('organisation')}
              </th>
              <th scope="col" className={cx(headClass, 'text-right')}>
                {text('amount')}
              </th>
              <th scope="col" className={headClass}>
                {text('eligibility')}
              </th>
            </tr>
          </thead>
          <tbody>
            {gifts.map((gift) => (
              <tr key={gift.donation_id} className="border-b border-slate-100 last:border-0" data-testid="tax-gift">
                <td className="px-2 py-2.5 whitespace-nowrap tabular-nums">{dateOf(gift.received_on)}</td>
                <td className="px-2 py-2.5">{gift.associate.name}</td>
                <td className="px-2 py-2.5 text-right font-semibold whitespace-nowrap tabular-nums">{yen(gift.amount)}</td>
                <td className={cx('px-2 py-2.5', (!gift.has_receipt || gift.eligibility === 'not_eligible') && 'text-muted')}>
                  {localise(TAX_ELIGIBILITY_LABELS[gift.has_receipt ? gift.eligibility : 'no_receipt'], locale)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

export interface PackState {
  sending: boolean;
  /** The failure of the last request, in the page's language. */
  error: string | null;
  onPack(): void;
}

function Documents({ summary, pack }: { summary: TaxSummary; pack: PackState }) {
  const { text, yen, locale } = useText();
  const errorId = useId();
  const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:no-underline';
  return (
    <Section title={text('documents')} testId="tax-documents">
      <ul className="space-y-2">
        <li>
          <a href={taxSummaryPdfPath(summary.year, locale)} download className={linkClass} data-testid="tax-summary-pdf">
            {text('download')}
          </a>
        </li>
        {summary.combined_receipts.map((receipt) => (
          <li key={receipt.associate.uid} className="flex flex-wrap items-baseline justify-between gap-x-4">
            <a
              href={combinedReceiptPdfPath(receipt.associate.uid, summary.year, locale)}
              download
              className={linkClass}
              data-testid="tax-combined-receipt"
            >
              {text('combinedReceiptOf', { name: receipt.associate.name })}
            </a>
            <span className="text-sm text-muted tabular-nums">{yen(receipt.total)}</span>
          </li>
        ))}
      </ul>
      {summary.combined_receipts.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{localise(RECEIPT_ERRORS.nothingForYear, locale)}</p>
      ) : null}
      <div className="mt-5">
        <button
          type="button"
          onClick={pack.onPack}
          disabled={pack.sending}
          aria-busy={pack.sending || undefined}
          aria-describedby={pack.error ? errorId : undefined}
          className={buttonClasses({
            className: 'h-auto! min-h-10 py-2 text-center whitespace-normal! disabled:cursor-wait disabled:opacity-60',
          })}
          data-testid="tax-pack"
        >
          {pack.sending ? text('packSending') : text('downloadPack')}
        </button>
        {pack.error ? (
          <p id={errorId} role="alert" className="mt-2 text-sm font-semibold text-red-700" data-testid="tax-pack-error">
            {pack.error}
          </p>
        ) : null}
      </div>
    </Section>
  );
}

function Rules() {
  const { text } = useText();
  return (
    <Section title={text('rules')} testId="tax-rules">
      <ul className="list-disc space-y-2 pl-5 text-sm leading-relaxed">
        {RULES.map((rule) => (
          <li key={rule}>{text(rule)}</li>
        ))}
      </ul>
    </Section>
  );
}

export function TaxSummaryView({ summary, pack }: { summary: TaxSummary; pack: PackState }) {
  const { text } = useText();
  const empty = summary.gifts.length === 0;
  return (
    <div className="space-y-6" data-testid="tax-summary">
      <YearNavigation year={summary.year} />
      <p role="note" className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm leading-relaxed" data-testid="tax-not-a-receipt">
        {text('notAReceipt')}
      </p>
      {empty ? (
        <p className="rounded-xl border border-slate-200 p-5 text-muted" data-testid="tax-no-gifts">
          {text('noGifts')}
        </p>
      ) : (
        <>
          <Totals summary={summary} />
          <Gifts gifts={summary.gifts} />
          <Documents summary={summary} pack={pack} />
          <TaxEstimator byEligibility={summary.by_eligibility} />
        </>
      )}
      <Rules />
    </div>
  );
}
