'use client';
// The card block (spec §2): holder, number, expiry month, two-digit expiry year and cvc, with the
// caution that JCB and American Express are temporarily unavailable. These values stay in the
// page's memory and go to the card vault only (architecture.md §1).
import { NOTICES } from '@kifu/domain/catalogue/page-messages';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useFormContext } from 'react-hook-form';
import { describedBy, Field, Fieldset, TextInput } from '../form/form-controls';
import type { DonateFormValues } from '../form/field-values';
import { useFieldErrors, useRequiredLabels } from '../form/use-field-error';

export function CardBlock() {
  const t = useTranslations('donate.info');
  const locale = useLocale() as Locale;
  const labels = useRequiredLabels();
  const errorOf = useFieldErrors();
  const { register } = useFormContext<DonateFormValues>();
  const holderError = errorOf('card.holder', t('cardHolder'));
  const numberError = errorOf('card.number', t('cardNumber'));
  const monthError = errorOf('card.expirationMonth', t('expiryMonth'));
  const yearError = errorOf('card.expirationYear', t('expiryYear'));
  const cvcError = errorOf('card.cvc', t('cvc'));

  return (
    <div className="flex flex-col gap-5" data-testid="card-block">
      <p
        className="rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900"
        role="note"
        data-testid="card-brand-caution"
      >
        {NOTICES.cardBrandCaution[locale]}
      </p>
      <Field id="donate-card-number" label={t('cardNumber')} required labels={labels} error={numberError}>
        <TextInput
          id="donate-card-number"
          {...register('card.number')}
          inputMode="numeric"
          autoComplete="cc-number"
          aria-required
          placeholder="4242 4242 4242 4242"
          maxLength={23}
          invalid={Boolean(numberError)}
          aria-describedby={describedBy('donate-card-number', undefined, numberError)}
        />
      </Field>
      <Field id="donate-card-holder" label={t('cardHolder')} required labels={labels} error={holderError}>
        <TextInput
          id="donate-card-holder"
          {...register('card.holder')}
          autoComplete="cc-name"
          aria-required
          placeholder="HANAKO YAMADA"
          invalid={Boolean(holderError)}
          aria-describedby={describedBy('donate-card-holder', undefined, holderError)}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_1fr_1.2fr]">
        <Fieldset
          legend={t('expiry')}
          id="donate-card-expiry"
          required
          labels={labels}
          error={monthError ?? yearError}
          className="col-span-2 sm:col-span-2"
        >
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor="donate-card-month" className="mb-1 block text-xs text-muted">
                {t('expiryMonth')}
              </label>
              <TextInput
                id="donate-card-month"
                {...register('card.expirationMonth')}
                inputMode="numeric"
                autoComplete="cc-exp-month"
                aria-required
                placeholder="MM"
                maxLength={2}
                invalid={Boolean(monthError)}
              />
            </div>
            <div>
              <label htmlFor="donate-card-year" className="mb-1 block text-xs text-muted">
                {t('expiryYear')}
              </label>
              <TextInput
                id="donate-card-year"
                {...register('card.expirationYear')}
                inputMode="numeric"
                autoComplete="cc-exp-year"
                aria-required
                placeholder="YY"
                maxLength={2}
                invalid={Boolean(yearError)}
              />
            </div>
          </div>
        </Fieldset>
        <Field
          id="donate-card-cvc"
          label={t('cvc')}
          required
          labels={labels}
          error={cvcError}
          hint={t('cvcHint')}
          className="col-span-2 sm:col-span-1"
        >
          <TextInput
            id="donate-card-cvc"
            {...register('card.cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            aria-required
            maxLength={4}
            invalid={Boolean(cvcError)}
            aria-describedby={describedBy('donate-card-cvc', true, cvcError)}
          />
        </Field>
      </div>
      <p className="flex items-start gap-2 text-xs leading-relaxed text-muted">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="currentColor">
          <path d="M10 1.5a4.5 4.5 0 00-4.5 4.5v2H5a2 2 0 00-2 2v6.5a2 2 0 002 2h10a2 2 0 002-2V10a2 2 0 00-2-2h-.5V6A4.5 4.5 0 0010 1.5zM7 6a3 3 0 016 0v2H7V6z" />
        </svg>
        {t('cardSecure')}
      </p>
    </div>
  );
}
