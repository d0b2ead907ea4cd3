// Reads a field's error from react-hook-form by its dotted path and words it for `label`.
import type { Locale } from '@kifu/domain/enums';
import { get, useFormState, type FieldError } from 'react-hook-form';
import { useLocale, useTranslations } from 'next-intl';
import { fieldErrorText, type ErrorTextOptions } from './field-error-text';
import type { DonateFormValues } from './field-values';

export function useFieldErrors() {
  const { errors } = useFormState<DonateFormValues>();
  const locale = useLocale() as Locale;
  return (path: string, label: string, options?: ErrorTextOptions) =>
    fieldErrorText(get(errors, path) as FieldError | undefined, label, locale, options);
}

export function useRequiredLabels() {
  const t = useTranslations('donate');
  return { required: t('required'), optional: t('optional') };
}
