'use client';
// Correcting a receipt's name or address (ADR 066), for members who may manage: the receipt's
// current name and address above empty fields (the list has them as printed, not in parts), the
// postal lookup filling the prefecture and city as on the donation form (spec §5), a required
// reason, and a sentence saying what pressing the button does — the old number is voided, a new one
// issued, the supporter mailed. The fields are checked with the API's own schema (a rule lives once,
// conventions.md #12); the API's field errors are shown the same way.
import { PREFECTURES, postalCodeToLookUp } from '@kifu/domain/address';
import { reissueReceiptBody, type ConsoleReceipt, type ReissueReceiptInput } from '@kifu/domain/api/console-receipts';
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import type { Locale } from '@kifu/domain/enums';
import { isFieldRuleKey, toFieldError } from '@kifu/domain/schemas/rule-keys';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { describedBy, inputClasses } from '@/components/ui/input-styles';
import { ApiError } from '@/lib/api-client';
import { consoleApi } from './console-api';
import { useConsoleCaller } from './console-shell';

const FIELDS = ['last_name', 'first_name', 'postalCode', 'state', 'city', 'street', 'building', 'reason'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const EMPTY: Values = { last_name: '', first_name: '', postalCode: '', state: '', city: '', street: '', building: '', reason: '' };
const REQUIRED = new Set<Field>(['last_name', 'postalCode', 'state', 'city', 'street', 'reason']);

const bodyOf = (values: Values): ReissueReceiptInput => ({
  last_name: values.last_name,
  first_name: values.first_name,
  address: {
    postalCode: values.postalCode,
    state: values.state,
    city: values.city,
    street: values.street,
    building: values.building,
  },
  reason: values.reason,
});

/** A reported path (`address.postalCode`, `last_name`) as the form's field. */
const fieldOf = (path: string): Field | undefined => {
  const last = path.split('.').at(-1);
  return FIELDS.find((field) => field === last);
};

/** The address filled from the postal lookup (/api/postal) when the code is complete and the prefecture and city are empty. */
function usePostalLookup(values: Values, fill: (state: string, city: string) => void) {
  const looked = useRef<string | undefined>(undefined);
  const code = postalCodeToLookUp(values);
  useEffect(() => {
    if (!code || code === looked.current) return;
    looked.current = code;
    const controller = new AbortController();
    fetch(`/api/postal?zipcode=${encodeURIComponent(code)}`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : {}))
      .then((found: { state?: unknown; city?: unknown }) => {
        if (typeof found.state === 'string' && typeof found.city === 'string') fill(found.state, found.city);
      })
      // A failed lookup leaves the fields for the member to type.
      .catch(() => undefined);
    return () => controller.abort();
  }, [code, fill]);
}

export function ReissueForm({
  receipt,
  onReissued,
  onClose,
}: {
  receipt: ConsoleReceipt;
  onReissued: (reissued: ConsoleReceipt) => void;
  onClose: () => void;
}) {
  const t = useTranslations('console.receipts.reissue');
  const locale = useLocale() as Locale;
  const id = useId();
  const { associate } = useConsoleCaller();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const pressed = useRef(false);
  const fill = useCallback(
    (state: string, city: string) =>
      // Never overwrite what the member typed meanwhile.
      setValues((now) => (now.state.trim() === '' && now.city.trim() === '' ? { ...now, state, city } : now)),
    [],
  );
  usePostalLookup(values, fill);
  useEffect(() => heading.current?.focus(), []);

  const label = (field: Field) => t(`fields.${field}`);
  const set = (field: Field) => (event: { target: { value: string } }) => setValues((now) => ({ ...now, [field]: event.target.value }));

  function show(found: Partial<Record<Field, string>>) {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  }

  function reported(issues: { path: string; rule: string; max?: number }[]) {
    const found: Partial<Record<Field, string>> = {};
    for (const issue of issues) {
      const field = fieldOf(issue.path);
      if (!field || found[field]) continue;
      found[field] = fieldErrorMessage(isFieldRuleKey(issue.rule) ? issue.rule : 'value', label(field), locale, { max: issue.max });
    }
    return found;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pressed.current) return;
    setFailure(null);
    const checked = reissueReceiptBody.safeParse(bodyOf(values));
    if (!checked.success) {
      show(
        reported(
          checked.error.issues.map((issue) => {
            const error = toFieldError(issue);
            return { path: error.path.join('.'), rule: error.rule, max: error.params.max };
          }),
        ),
      );
      return;
    }
    setErrors({});
    pressed.current = true;
    setSending(true);
    try {
      onReissued(await consoleApi.reissueReceipt(associate.uid, receipt.id, bodyOf(values)));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fields) {
        show(reported(Object.entries(error.fields).map(([path, rules]) => ({ path, rule: rules[0] ?? 'value' }))));
        setFailure(t('errors.validation'));
      } else if (error instanceof ApiError && error.detail.startsWith('receipt_voided')) setFailure(t('errors.receipt_voided'));
      else if (error instanceof ApiError && error.status === 403) setFailure(t('errors.forbidden'));
      else if (error instanceof ApiError && error.status === 404) setFailure(t('errors.not_found'));
      else if (error instanceof ApiError && error.status < 500) setFailure(t('errors.validation'));
      // No answer, or a server error: the receipt may have been reissued.
      else setFailure(t('errors.unknown'));
    } finally {
      pressed.current = false;
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && !sending) {
      event.preventDefault();
      onClose();
    }
  }

  type Hint = 'first_name' | 'postalCode' | 'reason';
  /** What every control of the form carries: its value, its state, and what describes it. */
  const controlProps = (field: Field, hint?: Hint) => ({
    id: `${id}-${field}`,
    value: values[field],
    onChange: set(field),
    'aria-required': REQUIRED.has(field) || undefined,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(`${id}-${field}`, hint, errors[field]),
    className: inputClasses(Boolean(errors[field])),
    'data-testid': `reissue-${field}`,
  });
  /** A control with its label (saying whether it is required), its hint and its error. */
  const block = (field: Field, control: ReactNode, hint?: Hint) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${field}`} className="text-sm font-semibold">
        {label(field)}
        <span className="ml-2 text-xs font-normal text-muted">{REQUIRED.has(field) ? t('required') : t('optional')}</span>
      </label>
      {control}
      {hint ? (
        <p id={`${id}-${field}-hint`} className="text-sm text-muted">
          {t(`hints.${hint}`)}
        </p>
      ) : null}
      {errors[field] ? (
        <p id={`${id}-${field}-error`} className="text-sm text-red-700">
          {errors[field]}
        </p>
      ) : null}
    </div>
  );
  const input = (field: Exclude<Field, 'state' | 'reason'>, hint?: Hint) =>
    block(
      field,
      <input type="text" autoComplete="off" inputMode={field === 'postalCode' ? 'numeric' : undefined} {...controlProps(field, hint)} />,
      hint,
    );

  return (
    <form
      id={`reissue-${receipt.id}`}
      noValidate
      onSubmit={submit}
      onKeyDown={onKeyDown}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4"
      data-testid="reissue-form"
    >
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="font-bold focus:outline-none">
        {t('title', { number: receipt.number })}
      </h2>
      <dl className="grid gap-1 rounded-xl bg-slate-50 p-3 text-sm sm:grid-cols-[10rem_1fr]" data-testid="reissue-current">
        <dt className="text-muted">{t('currentName')}</dt>
        <dd>{receipt.name}</dd>
        <dt className="text-muted">{t('currentAddress')}</dt>
        <dd>{receipt.address}</dd>
      </dl>
      <p className="text-sm text-muted">{t('lead')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {input('last_name')}
        {input('first_name', 'first_name')}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {input('postalCode', 'postalCode')}
        {block(
          'state',
          <select {...controlProps('state')}>
            <option value="">{t('choose')}</option>
            {PREFECTURES.map((prefecture) => (
              <option key={prefecture.code} value={prefecture.ja}>
                {locale === 'ja' ? prefecture.ja : prefecture.en}
              </option>
            ))}
          </select>,
        )}
      </div>
      {input('city')}
      {input('street')}
      {input('building')}
      {block('reason', <textarea rows={2} maxLength={500} {...controlProps('reason', 'reason')} />, 'reason')}
      <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="reissue-confirm">
        {t('confirm', { number: receipt.number })}
      </p>
      {failure ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800" data-testid="reissue-error">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={sending}
          className={buttonClasses({ size: 'sm', className: 'disabled:opacity-60' })}
          data-testid="reissue-submit"
        >
          {sending ? t('sending') : t('submit')}
        </button>
        <button type="button" disabled={sending} className={buttonClasses({ variant: 'secondary', size: 'sm' })} onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
