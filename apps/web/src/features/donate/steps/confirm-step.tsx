'use client';
// The Confirm step: everything the supporter chose and entered, with a way back to each part, the
// optional password sign-up (submit/sign-up.ts signs the guest up when one is entered) and
// the submit button, disabled while a submission runs (spec §4: one submission at a time).
import { formatPostalCode } from '@kifu/domain/normalise';
import { formatYenAmount } from '@kifu/domain/money';
import { parseNumeric } from '@kifu/domain/normalise';
import type { Locale } from '@kifu/domain/enums';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { buttonClasses } from '@/components/ui/button-styles';
import { Link } from '@/i18n/navigation';
import type { DonateStep } from './donate-steps';
import type { DonateTarget } from '../donate-target';
import { describedBy, Field, Section, TextInput } from '../form/form-controls';
import { selectedReward, totalOf } from '../form/step-validation';
import { surveyKey, type DonateFormValues } from '../form/field-values';
import { selectedPlan } from '../membership/membership-plans';
import { SettlementText } from '../membership/plan-step';
import { savedCardInUse } from '../supporter/signed-in-flow';
import { useSignedInSupporter } from '../supporter/supporter-context';
import { useFieldErrors, useRequiredLabels } from '../form/use-field-error';

/** A label and its value in a summary list; the wallet review page shows its rows the same way. */
export function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 border-b border-slate-100 py-2.5 last:border-0 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="break-words font-semibold" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function SummarySection({
  title,
  step,
  onEdit,
  children,
  testId,
}: {
  title: string;
  step: DonateStep;
  onEdit: (step: DonateStep) => void;
  children: ReactNode;
  testId: string;
}) {
  const t = useTranslations('donate.confirm');
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:p-6" data-testid={testId}>
      <div className="mb-2 flex items-center justify-between gap-3">
        <h3 className="text-base font-bold md:text-lg">{title}</h3>
        <button
          type="button"
          onClick={() => onEdit(step)}
          className={buttonClasses({ variant: 'ghost', size: 'sm' })}
          aria-label={t('editSection', { section: title })}
        >
          {t('edit')}
        </button>
      </div>
      <dl>{children}</dl>
    </section>
  );
}

export function ConfirmStep({
  target,
  submitting,
  onEdit,
  onBack,
}: {
  target: DonateTarget;
  submitting: boolean;
  onEdit: (step: DonateStep) => void;
  onBack: () => void;
}) {
  const t = useTranslations('donate');
  const locale = useLocale() as Locale;
  const format = useFormatter();
  const labels = useRequiredLabels();
  const errorOf = useFieldErrors();
  const { register, control } = useFormContext<DonateFormValues>();
  const values = useWatch({ control }) as DonateFormValues;
  const amount = parseNumeric(values.amount ?? '');
  const total = amount === undefined ? undefined : totalOf(target, amount, values.isCommissionContains);
  const reward = selectedReward(target, values.rewardId);
  const plan = values.frequency === 'annual' ? selectedPlan(target, values.membershipPlanId) : undefined;
  const yesNo = (value: boolean) => t(value ? 'confirm.yes' : 'confirm.no');
  const { profile } = values;
  const address = [
    formatPostalCode(profile.address.postalCode),
    `${profile.address.state}${profile.address.city}${profile.address.street}`,
    profile.address.building,
  ]
    .filter(Boolean)
    .join(' ');
  const name = `${profile.name.lastName} ${profile.name.firstName}`.trim();
  const kana = `${profile.nameKana.lastNameKana} ${profile.nameKana.firstNameKana}`.trim();
  const supporter = useSignedInSupporter();
  const cardDigits = savedCardInUse(values, supporter)?.lastDigits ?? values.card.number.replace(/\D/g, '').slice(-4);
  const passwordError = errorOf('password', t('confirm.password'));
  const answered = target.associate.surveyQuestions
    .map((question) => ({
      question,
      labels: (values.survey?.[surveyKey(question.id)] ?? [])
        .map((id) => question.choices.find((choice) => String(choice.id) === id)?.label)
        .filter(Boolean),
    }))
    .filter((entry) => entry.labels.length > 0);

  return (
    <div className="flex flex-col gap-5">
      <SummarySection title={t('confirm.giftSection')} step="amount" onEdit={onEdit} testId="confirm-gift">
        <Row label={t('confirm.recipient')}>
          {target.campaign
            ? t('confirm.recipientCampaign', { campaign: target.campaign.title, associate: target.associate.name })
            : target.associate.name}
        </Row>
        <Row label={t('confirm.frequency')}>{t(`amount.frequencies.${values.frequency}`)}</Row>
        <Row label={t('confirm.method')} testId="confirm-method">
          {t(`amount.methods.${values.paymentMethod}`)}
        </Row>
        {reward ? <Row label={t('confirm.reward')}>{reward.title}</Row> : null}
        {plan ? (
          <Row label={t('confirm.plan')} testId="confirm-plan">
            {plan.name}
          </Row>
        ) : null}
        {plan ? (
          <Row label={t('confirm.renewal')} testId="confirm-renewal">
            <span className="font-normal">
              <SettlementText plan={plan} />
            </span>
          </Row>
        ) : null}
        <Row label={t('confirm.amount')}>{amount === undefined ? '—' : formatYenAmount(amount, locale)}</Row>
        <Row label={t('confirm.total')} testId="confirm-total">
          {total === undefined ? '—' : formatYenAmount(total, locale)}
          {total !== undefined && amount !== undefined && total > amount ? (
            <span className="ml-1 text-sm font-normal text-muted">
              {t('confirm.fee', { amount: formatYenAmount(total - amount, locale) })}
            </span>
          ) : null}
        </Row>
        {/* A membership is never anonymous (a member is named to the associate): no row to answer. */}
        {values.frequency === 'annual' ? null : (
          <Row label={t('confirm.anonymous')} testId="confirm-anonymous">
            {yesNo(values.isAnonymous)}
          </Row>
        )}
        <Row label={t('confirm.receipt')} testId="confirm-receipt">
          {yesNo(!values.isAnonymous && values.needReceipt)}
        </Row>
        <Row label={t('confirm.newsletter')}>{yesNo(values.needNewsLetter)}</Row>
        <Row label={t('confirm.message')}>
          {values.message.trim() === '' ? t('confirm.none') : <span className="whitespace-pre-wrap font-normal">{values.message}</span>}
        </Row>
        {answered.map(({ question, labels: chosen }) => (
          <Row key={question.id} label={question.question}>
            {format.list(chosen as string[], { type: 'conjunction' })}
          </Row>
        ))}
      </SummarySection>

      <SummarySection title={t('confirm.profileSection')} step="info" onEdit={onEdit} testId="confirm-profile">
        <Row label={t('confirm.email')} testId="confirm-email">
          {values.email}
        </Row>
        <Row label={t('confirm.name')}>
          {name}
          {kana ? <span className="ml-2 text-sm font-normal text-muted">{kana}</span> : null}
        </Row>
        <Row label={t('confirm.birthday')}>{`${profile.birthday.year}/${profile.birthday.month}/${profile.birthday.date}`}</Row>
        {profile.gender ? <Row label={t('confirm.gender')}>{t(`info.genders.${profile.gender as '1' | '2' | '3'}`)}</Row> : null}
        <Row label={t('confirm.address')}>{address}</Row>
        <Row label={t('confirm.phone')}>{profile.phoneNumber}</Row>
        {values.paymentMethod === 'creditCard' ? (
          <Row label={t('confirm.card')}>{t('confirm.cardEnding', { digits: cardDigits })}</Row>
        ) : null}
      </SummarySection>

      {/* A signed-in supporter already has an account. */}
      {supporter ? null : (
        <Section title={t('confirm.signup')} testId="signup-section">
          <p className="text-sm leading-relaxed text-muted">{t('confirm.signupNote')}</p>
          <Field id="donate-password" label={t('confirm.password')} labels={labels} error={passwordError} hint={t('confirm.passwordHint')}>
            <TextInput
              id="donate-password"
              type="password"
              {...register('password')}
              autoComplete="new-password"
              invalid={Boolean(passwordError)}
              aria-describedby={describedBy('donate-password', true, passwordError)}
            />
          </Field>
        </Section>
      )}

      <div className="flex flex-col gap-3 text-sm leading-relaxed text-muted">
        {values.paymentMethod === 'creditCard' ? <p>{t('confirm.cardRedirect')}</p> : null}
        <p>
          {t.rich('confirm.agreement', {
            terms: (chunks) => (
              <Link href="/terms-of-service" className="text-brand-700 underline" target="_blank">
                {chunks}
              </Link>
            ),
            privacy: (chunks) => (
              <Link href="/privacy-policy" className="text-brand-700 underline" target="_blank">
                {chunks}
              </Link>
            ),
          })}
        </p>
      </div>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button
          type="button"
          onClick={onBack}
          disabled={submitting}
          className={buttonClasses({ variant: 'secondary', size: 'lg' })}
          data-testid="donate-back"
        >
          {t('back')}
        </button>
        <button
          type="submit"
          disabled={submitting}
          aria-busy={submitting || undefined}
          className={buttonClasses({ size: 'lg', className: 'disabled:cursor-wait disabled:opacity-70 sm:min-w-56' })}
          data-testid="donate-submit"
        >
          {submitting ? (
            <>
              <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
              {t('confirm.submitting')}
            </>
          ) : (
            t('confirm.submit')
          )}
        </button>
      </div>
    </div>
  );
}
