'use client';
// The user-profile block (spec §2 "Donation form pieces"): names (individual or corporate variants),
// phonetic names once a name is entered, birthday, gender, postal address filled from the postal
// lookup, and phone. Phonetic names are required where spec §5 says (kanaRequired).
import { PREFECTURES, postalCodeToLookUp } from '@kifu/domain/address';
import { kanaRequired } from '@kifu/domain/schemas/user-profile';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch, type Path } from 'react-hook-form';
import { describedBy, Field, Fieldset, SelectInput, TextInput } from './form-controls';
import type { DonateFormValues } from './field-values';
import { fetchPostalAddress } from '@/lib/postal-lookup';
import { useFieldErrors, useRequiredLabels } from './use-field-error';

const MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1));
const DAYS = Array.from({ length: 31 }, (_, index) => String(index + 1));

/** Spec §5: a full postal code with an empty prefecture and city fills both from the lookup. */
function usePostalLookup() {
  const { control, getValues, setValue } = useFormContext<DonateFormValues>();
  const postalCode = useWatch({ control, name: 'profile.address.postalCode' });
  const lastLookedUp = useRef<string | undefined>(undefined);
  useEffect(() => {
    const code = postalCodeToLookUp(getValues('profile.address'));
    if (!code || code === lastLookedUp.current) return;
    lastLookedUp.current = code;
    const controller = new AbortController();
    void fetchPostalAddress(code, controller.signal).then((address) => {
      if (!address) return;
      const current = getValues('profile.address');
      // Never overwrite what the supporter typed meanwhile.
      if (current.state.trim() !== '' || current.city.trim() !== '') return;
      setValue('profile.address.state', address.state, { shouldDirty: true, shouldValidate: true });
      setValue('profile.address.city', address.city, { shouldDirty: true, shouldValidate: true });
    });
    return () => controller.abort();
  }, [postalCode, getValues, setValue]);
}

export function ProfileBlock({ associateId }: { associateId: number }) {
  const t = useTranslations('donate.info');
  const locale = useLocale();
  const labels = useRequiredLabels();
  const errorOf = useFieldErrors();
  const { register, control } = useFormContext<DonateFormValues>();
  const [isCorporation, name] = useWatch({ control, name: ['isCorporation', 'profile.name'] });
  usePostalLookup();

  const nameEntered = name.lastName.trim() !== '' || name.firstName.trim() !== '';
  const kanaIsRequired = kanaRequired(associateId, name);
  const labelOf = {
    lastName: t(isCorporation ? 'corporationName' : 'lastName'),
    firstName: t(isCorporation ? 'representativeName' : 'firstName'),
    lastNameKana: t(isCorporation ? 'corporationNameKana' : 'lastNameKana'),
    firstNameKana: t(isCorporation ? 'representativeNameKana' : 'firstNameKana'),
  };

  const text = (
    path: Path<DonateFormValues>,
    id: string,
    label: string,
    options: {
      required?: boolean;
      autoComplete?: string;
      inputMode?: 'numeric' | 'tel' | 'text';
      hint?: string;
      maxLength?: number;
      className?: string;
      placeholder?: string;
    } = {},
  ) => {
    const error = errorOf(path, label);
    return (
      <Field
        id={id}
        label={label}
        required={options.required}
        labels={labels}
        error={error}
        hint={options.hint}
        className={options.className}
      >
        <TextInput
          id={id}
          {...register(path)}
          invalid={Boolean(error)}
          aria-required={options.required || undefined}
          autoComplete={options.autoComplete}
          inputMode={options.inputMode}
          maxLength={options.maxLength}
          placeholder={options.placeholder}
          aria-describedby={describedBy(id, options.hint, error)}
        />
      </Field>
    );
  };

  const birthdayError =
    errorOf('profile.birthday.year', t('birthYear')) ??
    errorOf('profile.birthday.month', t('birthMonth')) ??
    errorOf('profile.birthday.date', t('birthDate')) ??
    errorOf('profile.birthday', t('birthday'));

  return (
    <div className="flex flex-col gap-5" data-testid="profile-block">
      <div className="grid grid-cols-2 gap-3">
        {text('profile.name.lastName', 'donate-last-name', labelOf.lastName, {
          required: true,
          autoComplete: isCorporation ? 'organization' : 'family-name',
        })}
        {text('profile.name.firstName', 'donate-first-name', labelOf.firstName, {
          required: true,
          autoComplete: isCorporation ? 'name' : 'given-name',
        })}
      </div>
      {nameEntered ? (
        <div className="grid grid-cols-2 gap-3">
          {text('profile.nameKana.lastNameKana', 'donate-last-name-kana', labelOf.lastNameKana, {
            required: kanaIsRequired,
            hint: t('kanaHint'),
          })}
          {text('profile.nameKana.firstNameKana', 'donate-first-name-kana', labelOf.firstNameKana, { required: kanaIsRequired })}
        </div>
      ) : null}

      <Fieldset legend={t('birthday')} id="donate-birthday" error={birthdayError} required labels={labels}>
        <div className="grid grid-cols-[1.4fr_1fr_1fr] gap-3">
          <div>
            <label htmlFor="donate-birth-year" className="mb-1 block text-xs text-muted">
              {t('birthYear')}
            </label>
            <TextInput
              id="donate-birth-year"
              {...register('profile.birthday.year')}
              inputMode="numeric"
              aria-required
              autoComplete="bday-year"
              maxLength={4}
              placeholder="1990"
              invalid={Boolean(errorOf('profile.birthday.year', ''))}
              aria-describedby={birthdayError ? 'donate-birthday-error' : undefined}
            />
          </div>
          <div>
            <label htmlFor="donate-birth-month" className="mb-1 block text-xs text-muted">
              {t('birthMonth')}
            </label>
            <SelectInput
              id="donate-birth-month"
              {...register('profile.birthday.month')}
              autoComplete="bday-month"
              aria-required
              invalid={Boolean(errorOf('profile.birthday.month', ''))}
            >
              <option value="">—</option>
              {MONTHS.map((month) => (
                <option key={month} value={month}>
                  {month}
                </option>
              ))}
            </SelectInput>
          </div>
          <div>
            <label htmlFor="donate-birth-date" className="mb-1 block text-xs text-muted">
              {t('birthDate')}
            </label>
            <SelectInput
              id="donate-birth-date"
              {...register('profile.birthday.date')}
              autoComplete="bday-day"
              aria-required
              invalid={Boolean(errorOf('profile.birthday.date', ''))}
            >
              <option value="">—</option>
              {DAYS.map((day) => (
                <option key={day} value={day}>
                  {day}
                </option>
              ))}
            </SelectInput>
          </div>
        </div>
      </Fieldset>

      {isCorporation ? null : (
        <Field id="donate-gender" label={t('gender')} labels={labels} error={errorOf('profile.gender', t('gender'))}>
          <SelectInput id="donate-gender" {...register('profile.gender')} autoComplete="sex">
            <option value="">{t('genders.none')}</option>
            <option value="1">{t('genders.1')}</option>
            <option value="2">{t('genders.2')}</option>
            <option value="3">{t('genders.3')}</option>
          </SelectInput>
        </Field>
      )}

      <div className="grid gap-3 sm:grid-cols-2">
        {text('profile.address.postalCode', 'donate-postal-code', t('postalCode'), {
          required: true,
          autoComplete: 'postal-code',
          inputMode: 'numeric',
          hint: t('postalCodeHint'),
          placeholder: '152-0001',
        })}
        <Field id="donate-state" label={t('state')} required labels={labels} error={errorOf('profile.address.state', t('state'))}>
          <SelectInput
            id="donate-state"
            {...register('profile.address.state')}
            autoComplete="address-level1"
            aria-required
            invalid={Boolean(errorOf('profile.address.state', ''))}
          >
            <option value="">{t('selectPlaceholder')}</option>
            {PREFECTURES.map((prefecture) => (
              <option key={prefecture.code} value={prefecture.ja}>
                {locale === 'ja' ? prefecture.ja : prefecture.en}
              </option>
            ))}
          </SelectInput>
        </Field>
      </div>
      {text('profile.address.city', 'donate-city', t('city'), { required: true, autoComplete: 'address-level2' })}
      {text('profile.address.street', 'donate-street', t('street'), { required: true, autoComplete: 'address-line1' })}
      {text('profile.address.building', 'donate-building', t('building'), { autoComplete: 'address-line2' })}
      {text('profile.phoneNumber', 'donate-phone', t('phone'), {
        required: true,
        autoComplete: 'tel',
        inputMode: 'tel',
        placeholder: '090-1234-5678',
      })}
    </div>
  );
}
