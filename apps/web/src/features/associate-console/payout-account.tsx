'use client';
// The payout account on the console's settings (ADR 075): every member sees where Kifu pays, its
// number masked; an owner changes it with their password. The API asks the bank first and names the
// field the bank refused (no such account, a closed one, another holder's name); each error is said
// beside its field and listed at the top, and nothing changes until every field passes.
import type { api } from '@kifu/domain';
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import type { Locale } from '@kifu/domain/enums';
import { PAYOUT_ACCOUNT_TYPES, type PayoutAccountInput } from '@kifu/domain/payout-account';
import { isFieldRuleKey } from '@kifu/domain/schemas/rule-keys';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { inputClasses } from '@/components/ui/input-styles';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { ApiError } from '@/lib/api-client';
import { consoleApi } from './console-api';
import { useConsoleCaller } from './console-shell';
import { useConsoleLoad } from './use-console-load';

type Field = keyof PayoutAccountInput | 'current_password';
const TEXT_FIELDS = ['bank_code', 'bank_name', 'branch_code', 'branch_name', 'account_number', 'account_holder'] as const;
const EMPTY: Record<Field, string> = {
  bank_code: '',
  bank_name: '',
  branch_code: '',
  branch_name: '',
  account_type: 'ordinary',
  account_number: '',
  account_holder: '',
  current_password: '',
};

function ChangeForm({ uid, onSaved }: { uid: string; onSaved: (view: api.PayoutAccountView) => void }) {
  const t = useTranslations('console.payoutAccount');
  const locale = useLocale() as Locale;
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const label = (field: Field) => t(`field.${field}`);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setNotice(null);
    setErrors({});
    try {
      onSaved(await consoleApi.changePayoutAccount(uid, values as unknown as api.PayoutAccountChange));
      setValues(EMPTY);
      setNotice({ kind: 'status', text: t('saved') });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields) {
        const said: Partial<Record<Field, string>> = {};
        for (const [field, rules] of Object.entries(fields)) {
          const rule = rules[0];
          if (field in EMPTY && rule)
            said[field as Field] =
              field === 'current_password'
                ? t('wrongPassword')
                : isFieldRuleKey(rule)
                  ? fieldErrorMessage(rule, label(field as Field), locale, { max: field === 'account_holder' ? 30 : 60 })
                  : t('failed');
        }
        setErrors(said);
        setNotice({ kind: 'alert', text: t('fix') });
      } else {
        setNotice({ kind: 'alert', text: error instanceof ApiError && error.status === 503 ? t('bankUnavailable') : t('failed') });
      }
    } finally {
      setSending(false);
    }
  }

  const input = (field: Field, type = 'text', extra: Record<string, string> = {}) => (
    <div className="flex flex-col gap-1 text-sm" key={field}>
      <label htmlFor={`payout-${field}`} className="font-semibold">
        {label(field)}
      </label>
      <input
        id={`payout-${field}`}
        type={type}
        value={values[field]}
        onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
        className={inputClasses(errors[field] !== undefined)}
        aria-invalid={errors[field] !== undefined}
        aria-describedby={errors[field] ? `payout-${field}-error` : undefined}
        data-testid={`payout-${field}`}
        {...extra}
      />
      {errors[field] ? (
        <p id={`payout-${field}-error`} className="text-red-700">
          {errors[field]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form
      onSubmit={save}
      noValidate
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4"
      data-testid="payout-account-form"
    >
      <div aria-live="polite" data-testid="payout-account-notice">
        {notice ? (
          <div
            role={notice.kind}
            className={notice.kind === 'alert' ? 'rounded-xl bg-red-50 p-3 text-red-800' : 'rounded-xl bg-emerald-50 p-3 text-emerald-900'}
          >
            <p>{notice.text}</p>
            {notice.kind === 'alert' && Object.keys(errors).length > 0 ? (
              <ul className="list-disc pl-5">
                {Object.entries(errors).map(([field, text]) => (
                  <li key={field}>
                    <a href={`#payout-${field}`} className="underline">
                      {text}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {input('bank_code', 'text', { inputMode: 'numeric', autoComplete: 'off' })}
        {input('bank_name')}
        {input('branch_code', 'text', { inputMode: 'numeric', autoComplete: 'off' })}
        {input('branch_name')}
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor="payout-account_type" className="font-semibold">
            {label('account_type')}
          </label>
          <select
            id="payout-account_type"
            value={values.account_type}
            onChange={(event) => setValues((current) => ({ ...current, account_type: event.target.value }))}
            className={inputClasses(errors.account_type !== undefined)}
            data-testid="payout-account_type"
          >
            {PAYOUT_ACCOUNT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`type.${type}`)}
              </option>
            ))}
          </select>
        </div>
        {input('account_number', 'text', { inputMode: 'numeric', autoComplete: 'off' })}
        {input('account_holder')}
      </div>
      <p className="text-sm text-muted">{t('holderHint')}</p>
      {input('current_password', 'password', { autoComplete: 'current-password' })}
      <button
        type="submit"
        disabled={sending}
        className={buttonClasses({ size: 'sm', className: 'self-start disabled:opacity-60' })}
        data-testid="payout-account-save"
      >
        {sending ? t('saving') : t('save')}
      </button>
    </form>
  );
}

export function PayoutAccountSection() {
  const t = useTranslations('console.payoutAccount');
  const tc = useTranslations('console');
  const { associate, permissions } = useConsoleCaller();
  const [loaded, reload] = useConsoleLoad(() => consoleApi.payoutAccount(associate.uid), associate.uid);
  const [view, setView] = useState<api.PayoutAccountView | null>(null);
  const shown = view ?? (loaded.state === 'loaded' ? loaded.value : null);
  return (
    <section aria-labelledby="settings-payout-account" className="flex flex-col gap-3" data-testid="payout-account">
      <h2 id="settings-payout-account" className="text-lg font-bold">
        {t('title')}
      </h2>
      <p className="text-muted">{t('lead')}</p>
      {loaded.state === 'failed' ? (
        <LoadFailed message={tc('loadFailed')} retryLabel={tc('retry')} onRetry={reload} testId="payout-account-load-failed" />
      ) : null}
      {loaded.state === 'loading' ? <LoadingStatus testId="payout-account-loading">{tc('loading')}</LoadingStatus> : null}
      {shown ? (
        shown.account ? (
          <dl
            className="grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-1 rounded-2xl border border-slate-200 bg-white p-4"
            data-testid="payout-account-current"
          >
            {TEXT_FIELDS.map((field) => (
              <div key={field} className="contents">
                <dt className="text-muted">{t(`field.${field}`)}</dt>
                <dd data-testid={`payout-current-${field}`}>{shown.account![field]}</dd>
              </div>
            ))}
            <dt className="text-muted">{t('field.account_type')}</dt>
            <dd>{t(`type.${shown.account.account_type}`)}</dd>
          </dl>
        ) : (
          <p role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-4" data-testid="payout-account-none">
            {t('none')}
          </p>
        )
      ) : null}
      {permissions.administer ? (
        <>
          <h3 className="font-semibold">{t('change')}</h3>
          <ChangeForm uid={associate.uid} onSaved={setView} />
        </>
      ) : (
        <p className="text-sm text-muted">{t('ownersOnly')}</p>
      )}
    </section>
  );
}
