'use client';
// The card form of the saved-card pages (spec §2 "card block": number, holder, expiry month,
// two-digit expiry year and cvc, with the caution that JCB and American Express are temporarily
// unavailable), and for a guest their email. The values stay in this component's memory; what
// passes the domain's checks is handed to the page, which sends it to the vault only.
import { NOTICES } from '@kifu/domain/catalogue/page-messages';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { describedBy, inputClasses } from '@/components/ui/input-styles';
import {
  checkCardForm,
  EMPTY_CARD_FORM,
  fieldErrorText,
  type CardFormField,
  type CardFormValues,
  type VaultCard,
} from './card-form-values';
import type { FieldError } from '@kifu/domain/schemas/rule-keys';

export interface CardFormSubmission {
  card: VaultCard;
  /** The guest's email (`withEmail`), otherwise null. */
  email: string | null;
}

interface FieldProps {
  id: string;
  label: string;
  requiredLabel: string;
  error?: string;
  hint?: string;
  children: ReactNode;
  className?: string;
}

function Field({ id, label, requiredLabel, error, hint, children, className }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 flex items-center gap-2 text-sm font-semibold">
        {label}
        <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-700">{requiredLabel}</span>
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-semibold text-red-700" data-testid="card-form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function CardForm({
  withEmail = false,
  busy,
  onSubmit,
  onCancel,
}: {
  withEmail?: boolean;
  busy: boolean;
  onSubmit(submission: CardFormSubmission): void;
  /** Shown as Cancel when given (the signed-in page closes the form). */
  onCancel?: () => void;
}) {
  const t = useTranslations('savedCard');
  const locale = useLocale() as Locale;
  const base = useId();
  const [values, setValues] = useState<CardFormValues>(EMPTY_CARD_FORM);
  const [errors, setErrors] = useState<Partial<Record<CardFormField, FieldError>>>({});

  const labels: Record<CardFormField, string> = {
    number: t('form.cardNumber'),
    holder: t('form.cardHolder'),
    expirationMonth: t('form.expiryMonth'),
    expirationYear: t('form.expiryYear'),
    cvc: t('form.cvc'),
    email: t('form.email'),
  };
  const idOf = (field: CardFormField) => `${base}-${field}`;
  const errorOf = (field: CardFormField) => fieldErrorText(errors[field], labels[field], locale);
  const input = (field: CardFormField, extra: { hint?: boolean } = {}) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value })),
    'aria-required': true,
    'aria-invalid': errorOf(field) ? true : undefined,
    'aria-describedby': describedBy(idOf(field), extra.hint, errorOf(field)),
    className: inputClasses(Boolean(errorOf(field))),
    'data-testid': `card-form-${field}`,
    disabled: busy,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = checkCardForm(values, new Date(), { withEmail });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    onSubmit({ card: checked.card, email: checked.email });
  }

  const expiryError = errorOf('expirationMonth') ?? errorOf('expirationYear');
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" data-testid="card-form" aria-label={t('form.title')}>
      <p
        className="rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900"
        role="note"
        data-testid="card-brand-caution"
      >
        {NOTICES.cardBrandCaution[locale]}
      </p>
      {withEmail ? (
        <Field
          id={idOf('email')}
          label={labels.email}
          requiredLabel={t('form.required')}
          error={errorOf('email')}
          hint={t('form.emailHint')}
        >
          <input {...input('email', { hint: true })} type="email" autoComplete="email" maxLength={256} />
        </Field>
      ) : null}
      <Field id={idOf('number')} label={labels.number} requiredLabel={t('form.required')} error={errorOf('number')}>
        <input
          {...input('number')}
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          maxLength={23}
        />
      </Field>
      <Field id={idOf('holder')} label={labels.holder} requiredLabel={t('form.required')} error={errorOf('holder')}>
        <input {...input('holder')} type="text" autoComplete="cc-name" placeholder="HANAKO YAMADA" maxLength={256} />
      </Field>
      <fieldset aria-describedby={expiryError ? `${base}-expiry-error` : undefined}>
        <legend className="mb-1.5 flex items-center gap-2 text-sm font-semibold">
          {t('form.expiry')}
          <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-700">{t('form.required')}</span>
        </legend>
        <div className="grid grid-cols-2 gap-3 sm:max-w-xs">
          <div>
            <label htmlFor={idOf('expirationMonth')} className="mb-1 block text-xs text-muted">
              {labels.expirationMonth}
            </label>
            <input
              {...input('expirationMonth')}
              aria-describedby={undefined}
              type="text"
              inputMode="numeric"
              autoComplete="cc-exp-month"
              placeholder="MM"
              maxLength={2}
            />
          </div>
          <div>
            <label htmlFor={idOf('expirationYear')} className="mb-1 block text-xs text-muted">
              {labels.expirationYear}
            </label>
            <input
              {...input('expirationYear')}
              aria-describedby={undefined}
              type="text"
              inputMode="numeric"
              autoComplete="cc-exp-year"
              placeholder="YY"
              maxLength={2}
            />
          </div>
        </div>
        {expiryError ? (
          <p id={`${base}-expiry-error`} className="mt-1.5 text-sm font-semibold text-red-700" data-testid="card-form-error">
            {expiryError}
          </p>
        ) : null}
      </fieldset>
      <Field
        id={idOf('cvc')}
        label={labels.cvc}
        requiredLabel={t('form.required')}
        error={errorOf('cvc')}
        hint={t('form.cvcHint')}
        className="sm:max-w-xs"
      >
        <input {...input('cvc', { hint: true })} type="text" inputMode="numeric" autoComplete="cc-csc" maxLength={4} />
      </Field>
      <p className="flex items-start gap-2 text-xs leading-relaxed text-muted">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="currentColor">
          <path d="M10 1.5a4.5 4.5 0 00-4.5 4.5v2H5a2 2 0 00-2 2v6.5a2 2 0 002 2h10a2 2 0 002-2V10a2 2 0 00-2-2h-.5V6A4.5 4.5 0 0010 1.5zM7 6a3 3 0 016 0v2H7V6z" />
        </svg>
        {t('form.secure')}
      </p>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className={buttonClasses({ className: 'disabled:opacity-50' })} data-testid="card-form-save">
          {busy ? t('form.saving') : t('form.save')}
        </button>
        {onCancel ? (
          <button
            type="button"
            disabled={busy}
            onClick={onCancel}
            className={buttonClasses({ variant: 'secondary', className: 'disabled:opacity-50' })}
            data-testid="card-form-cancel"
          >
            {t('cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
