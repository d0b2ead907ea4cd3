'use client';
// The relief estimator of the yearly tax summary (ADR 033): total income and income tax,
// both optional, typed in half- or full-width digits with commas; both methods side by side. It
// runs in this browser only (estimateTaxRelief): nothing typed here is sent or stored.
import type { TaxSummary } from '@kifu/domain/api/my-page';
import { localise } from '@kifu/domain/catalogue/message';
import { TAX_SUMMARY_TEXTS } from '@kifu/domain/catalogue/tax-texts';
import type { Locale } from '@kifu/domain/enums';
import { formatYenAmount } from '@kifu/domain/money';
import { useLocale } from 'next-intl';
import { useId, useState, type ReactNode } from 'react';
import { describedBy, inputClasses } from '@/components/ui/input-styles';
import { estimateFor, parseYenInput } from './tax-summary-model';

function YenField(props: { id: string; label: string; hint: string; value: string; onChange(value: string): void; testId: string }) {
  const locale = useLocale() as Locale;
  const invalid = parseYenInput(props.value).kind === 'invalid';
  const error = invalid ? localise(TAX_SUMMARY_TEXTS.invalidAmount, locale) : undefined;
  return (
    <div>
      <label htmlFor={props.id} className="mb-1.5 block text-sm font-semibold">
        {props.label}
      </label>
      <input
        id={props.id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy(props.id, true, error)}
        className={inputClasses(invalid)}
        data-testid={props.testId}
      />
      <p id={`${props.id}-hint`} className="mt-1 text-xs text-muted">
        {props.hint}
      </p>
      {error ? (
        <p id={`${props.id}-error`} className="mt-1.5 text-sm font-semibold text-red-700" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Method({ title, note, children }: { title: string; note?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 p-4">
      <h3 className="mb-2 font-bold">{title}</h3>
      <dl className="space-y-1.5">{children}</dl>
      {note}
    </section>
  );
}

function Amount({ label, yen, testId }: { label: string; yen: string; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-lg font-bold tabular-nums" data-testid={testId}>
        {yen}
      </dd>
    </div>
  );
}

export function TaxEstimator({ byEligibility }: { byEligibility: TaxSummary['by_eligibility'] }) {
  const locale = useLocale() as Locale;
  const id = useId();
  const [income, setIncome] = useState('');
  const [incomeTax, setIncomeTax] = useState('');
  const text = (key: keyof typeof TAX_SUMMARY_TEXTS) => localise(TAX_SUMMARY_TEXTS[key], locale);
  const yen = (amount: number) => formatYenAmount(amount, locale);
  const estimate = estimateFor(byEligibility, parseYenInput(income), parseYenInput(incomeTax));

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 p-5" data-testid="tax-estimator">
      <h2 id={`${id}-title`} className="mb-2 text-lg font-bold">
        {text('estimate')}
      </h2>
      <p className="mb-4 text-sm text-muted">{text('estimateNote')}</p>
      {/* Not a form: nothing is submitted, the figures update as they are typed. */}
      <div className="grid gap-4 md:grid-cols-2">
        <YenField
          id={`${id}-income`}
          label={text('totalIncome')}
          hint={text('estimateInputHint')}
          value={income}
          onChange={setIncome}
          testId="tax-income"
        />
        <YenField
          id={`${id}-income-tax`}
          label={text('incomeTax')}
          hint={text('estimateInputHint')}
          value={incomeTax}
          onChange={setIncomeTax}
          testId="tax-income-tax"
        />
      </div>
      <div className="mt-5 grid gap-4 md:grid-cols-2" aria-live="polite">
        <Method title={text('deductionMethod')}>
          <Amount label={text('deductionAmount')} yen={yen(estimate.deductionOnly.deduction)} testId="tax-estimate-deduction" />
        </Method>
        <Method
          title={text('creditMethod')}
          note={
            estimate.withCredit.creditCapped ? (
              <p className="mt-2 text-sm text-amber-800" data-testid="tax-credit-capped">
                {text('creditCapped')}
              </p>
            ) : null
          }
        >
          <Amount label={text('deductionAmount')} yen={yen(estimate.withCredit.deduction)} />
          <Amount label={text('creditAmount')} yen={yen(estimate.withCredit.taxCredit)} testId="tax-estimate-credit" />
        </Method>
      </div>
    </section>
  );
}
