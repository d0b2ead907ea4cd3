'use client';
// The Info step: email, person or corporation, the profile block and, for card gifts, the card
// (or the signed-in supporter's saved card).
import { useTranslations } from 'next-intl';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { buttonClasses } from '@/components/ui/button-styles';
import { CardChoice } from '../card/card-choice';
import type { DonateTarget } from '../donate-target';
import { ChoiceCard, describedBy, Field, Fieldset, Section, TextInput } from '../form/form-controls';
import type { DonateFormValues } from '../form/field-values';
import { ProfileBlock } from '../form/profile-block';
import { SignedInNote } from '../supporter/supporter-context';
import { useFieldErrors, useRequiredLabels } from '../form/use-field-error';

export function InfoStep({ target, onBack, onNext }: { target: DonateTarget; onBack: () => void; onNext: () => void }) {
  const t = useTranslations('donate');
  const labels = useRequiredLabels();
  const errorOf = useFieldErrors();
  const { register, control } = useFormContext<DonateFormValues>();
  const paymentMethod = useWatch({ control, name: 'paymentMethod' });
  const emailError = errorOf('email', t('info.email'));

  return (
    <div className="flex flex-col gap-5">
      <Section title={t('info.contact')} testId="contact-section">
        <SignedInNote />
        <Field id="donate-email" label={t('info.email')} required labels={labels} error={emailError} hint={t('info.emailHint')}>
          <TextInput
            id="donate-email"
            type="email"
            {...register('email')}
            autoComplete="email"
            aria-required
            inputMode="email"
            invalid={Boolean(emailError)}
            aria-describedby={describedBy('donate-email', true, emailError)}
          />
        </Field>
      </Section>

      <Section title={t('info.profile')} testId="profile-section">
        <Controller
          control={control}
          name="isCorporation"
          render={({ field }) => (
            <Fieldset legend={t('info.supporterType')} id="donate-supporter-type">
              <div className="grid grid-cols-2 gap-2">
                {([false, true] as const).map((value) => (
                  <ChoiceCard
                    key={String(value)}
                    id={`donate-supporter-${value ? 'corporation' : 'person'}`}
                    name={field.name}
                    value={String(value)}
                    checked={field.value === value}
                    onChange={() => field.onChange(value)}
                    onBlur={field.onBlur}
                    label={t(value ? 'info.corporation' : 'info.person')}
                  />
                ))}
              </div>
            </Fieldset>
          )}
        />
        <ProfileBlock associateId={target.associate.id} />
      </Section>

      {paymentMethod === 'creditCard' ? (
        <Section title={t('info.card')} testId="card-section">
          <CardChoice />
        </Section>
      ) : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button type="button" onClick={onBack} className={buttonClasses({ variant: 'secondary', size: 'lg' })} data-testid="donate-back">
          {t('back')}
        </button>
        <button
          type="button"
          onClick={onNext}
          className={buttonClasses({ size: 'lg', className: 'sm:min-w-48' })}
          data-testid="donate-next"
        >
          {t('next')}
        </button>
      </div>
    </div>
  );
}
