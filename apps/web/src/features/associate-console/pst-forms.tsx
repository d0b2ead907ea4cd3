'use client';
// What the organisation enters for its public-support test (ADR 071): a fiscal year's income for
// the relative standard, and a donor marked as an officer or put in a household for the absolute
// one. Owners and staff only; each form says what it saved, or why not, where it was pressed.
import type { PstDonorLineView, PstIncomeView } from '@kifu/domain/api/console-public-support-test';
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import type { Locale } from '@kifu/domain/enums';
import { isFieldRuleKey } from '@kifu/domain/schemas/rule-keys';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { describedBy, inputClasses } from '@/components/ui/input-styles';
import { ApiError } from '@/lib/api-client';
import { consoleApi } from './console-api';
import { useConsoleCaller } from './console-shell';

type Notice = { kind: 'status' | 'alert'; text: string } | null;

function NoticeLine({ notice, testId }: { notice: Notice; testId: string }) {
  return (
    <div aria-live="polite" data-testid={testId}>
      {notice ? (
        <p role={notice.kind} className={notice.kind === 'alert' ? 'text-sm text-red-800' : 'text-sm text-emerald-800'}>
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}

const INCOME_FIELDS = ['total', 'government_grants', 'asset_sales'] as const;
type IncomeField = (typeof INCOME_FIELDS)[number];

export function IncomeForm({
  fiscalYear,
  label,
  income,
  onSaved,
}: {
  fiscalYear: number;
  label: string;
  income?: PstIncomeView;
  onSaved: () => void;
}) {
  const t = useTranslations('console.pst');
  const locale = useLocale() as Locale;
  const id = useId();
  const { associate } = useConsoleCaller();
  const [values, setValues] = useState<Record<IncomeField, string>>({
    total: income ? String(income.total) : '',
    government_grants: income ? String(income.government_grants) : '0',
    asset_sales: income ? String(income.asset_sales) : '0',
  });
  const [errors, setErrors] = useState<Partial<Record<IncomeField, string>>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  async function save(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<IncomeField, string>> = {};
    const numbers = {} as Record<IncomeField, number>;
    for (const field of INCOME_FIELDS) {
      const text = values[field].replace(/[,\s円¥]/g, '');
      if (!/^\d+$/.test(text)) found[field] = fieldErrorMessage(text ? 'value' : 'required', t(`income.${field}`), locale);
      numbers[field] = Number(text);
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setNotice(null);
    try {
      await consoleApi.savePstIncome(associate.uid, fiscalYear, numbers);
      setNotice({ kind: 'status', text: t('income.saved', { year: label }) });
      onSaved();
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      const refused: Partial<Record<IncomeField, string>> = {};
      for (const field of INCOME_FIELDS) {
        const rule = fields[field]?.[0];
        if (rule && isFieldRuleKey(rule))
          refused[field] =
            field === 'government_grants' && rule === 'max'
              ? t('income.partsOverTotal')
              : fieldErrorMessage(rule, t(`income.${field}`), locale);
      }
      setErrors(refused);
      if (Object.keys(refused).length === 0) setNotice({ kind: 'alert', text: t('failed') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      onSubmit={(event) => void save(event)}
      noValidate
      className="flex flex-col gap-2"
      data-testid={`income-form-${fiscalYear}`}
      aria-label={t('income.formLabel', { year: label })}
    >
      <div className="grid gap-2 sm:grid-cols-3">
        {INCOME_FIELDS.map((field) => (
          <div key={field} className="flex flex-col gap-1 text-sm">
            <label htmlFor={`${id}-${field}`} className="font-semibold">
              {t(`income.${field}`)}
            </label>
            <input
              id={`${id}-${field}`}
              inputMode="numeric"
              value={values[field]}
              onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={describedBy(`${id}-${field}`, false, errors[field])}
              className={inputClasses(Boolean(errors[field]))}
              data-testid={`income-${field}`}
            />
            {errors[field] ? (
              <p id={`${id}-${field}-error`} className="text-xs text-red-700">
                {errors[field]}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      <div className="flex items-center gap-3">
        <button type="submit" disabled={busy} className={buttonClasses({ size: 'sm' })} data-testid="income-save">
          {t('income.save')}
        </button>
        <NoticeLine notice={notice} testId="income-notice" />
      </div>
    </form>
  );
}

export function PersonMarkForm({
  line,
  onSaved,
  onClose,
}: {
  line: PstDonorLineView;
  onSaved: (message: string) => void;
  onClose: () => void;
}) {
  const t = useTranslations('console.pst');
  const id = useId();
  const { associate } = useConsoleCaller();
  const [officer, setOfficer] = useState(line.officer);
  const [household, setHousehold] = useState(line.household ?? '');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      await consoleApi.markPstPerson(associate.uid, { donor_key: line.donor_key, officer, household: household.trim() || null });
      onSaved(t('marks.saved', { name: line.name }));
    } catch (error) {
      setNotice({ kind: 'alert', text: error instanceof ApiError && error.status === 400 ? t('marks.invalid') : t('failed') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      onSubmit={(event) => void save(event)}
      className="mt-2 flex flex-col gap-2 rounded-xl bg-slate-50 p-3"
      data-testid="mark-form"
      aria-label={t('marks.formLabel', { name: line.name })}
    >
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={officer}
          onChange={(event) => setOfficer(event.target.checked)}
          autoFocus
          data-testid="mark-officer"
        />
        {t('marks.officer')}
      </label>
      <label htmlFor={`${id}-household`} className="text-sm font-semibold">
        {t('marks.household')}
      </label>
      <p id={`${id}-household-hint`} className="text-xs text-muted">
        {t('marks.householdHint')}
      </p>
      <input
        id={`${id}-household`}
        value={household}
        maxLength={100}
        onChange={(event) => setHousehold(event.target.value)}
        aria-describedby={`${id}-household-hint`}
        className={inputClasses(false)}
        data-testid="mark-household"
      />
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" disabled={busy} className={buttonClasses({ size: 'sm' })} data-testid="mark-save">
          {t('marks.save')}
        </button>
        <button type="button" onClick={onClose} className={buttonClasses({ size: 'sm', variant: 'secondary' })}>
          {t('marks.cancel')}
        </button>
        <NoticeLine notice={notice} testId="mark-notice" />
      </div>
    </form>
  );
}
