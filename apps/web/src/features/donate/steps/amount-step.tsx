'use client';
// The Amount step (spec §2 "Donation form pieces"): frequency, payment method (only the
// combinations spec §4 allows), reward for campaigns, presets and a free amount with the limits
// note, "Including fee and tax" with the resulting total, anonymous support, receipt and
// newsletter, a message to the associate and the associate's survey.
import { amountAboveMaxMessage, amountBelowMinMessage, amountRangeNote } from '@kifu/domain/catalogue/amount-messages';
import { CAMPAIGN_LIMITS } from '@kifu/domain/campaign-editing';
import { DONATION_MESSAGE_MAX_LENGTH } from '@kifu/domain/constants';
import type { Locale } from '@kifu/domain/enums';
import { displayedFeeRatePercent, formatYenAmount, isAllowedCombination } from '@kifu/domain/money';
import { parseNumeric } from '@kifu/domain/normalise';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { buttonClasses } from '@/components/ui/button-styles';
import { cx } from '@/components/ui/cx';
import { Tag } from '@/components/ui/tag';
import type { PaymentClientEnv } from '@/lib/env';
import { isCampaign, type DonateReward, type DonateTarget } from '../donate-target';
import { Checkbox, ChoiceCard, describedBy, Field, Fieldset, inputClasses, Section, TextInput } from '../form/form-controls';
import { amountLimitBreach, effectiveLimits, paymentMethodsOf, totalOf } from '../form/step-validation';
import { FORM_FREQUENCIES, surveyKey, type DonateFormValues } from '../form/field-values';
import { useFieldErrors, useRequiredLabels } from '../form/use-field-error';

// The provider's button and its checkout code, fetched once wallet pay is chosen (ADR 043).
const WalletPayButton = dynamic(() => import('../wallet-pay/wallet-pay-button').then((module) => module.WalletPayButton), { ssr: false });

const PROMOTION_CODE_MAX_LENGTH = CAMPAIGN_LIMITS.promotionCodeMax;

function RewardChoice({ target }: { target: DonateTarget }) {
  const t = useTranslations('donate.amount');
  const format = useFormatter();
  const locale = useLocale() as Locale;
  const errorOf = useFieldErrors();
  const { register, getValues, setValue } = useFormContext<DonateFormValues>();
  const rewards = target.campaign?.rewards ?? [];
  if (rewards.length === 0) return null;
  const error = errorOf('rewardId', t('reward'));
  const field = register('rewardId', {
    onChange: (event: { target: { value: string } }) => {
      const reward = rewards.find((candidate) => String(candidate.id) === event.target.value);
      const amount = parseNumeric(getValues('amount'));
      if (reward && (amount === undefined || amount < reward.amount))
        setValue('amount', String(reward.amount), { shouldValidate: true, shouldDirty: true });
    },
  });
  const shipping = (reward: DonateReward) => {
    if (!reward.shipping_month) return null;
    const [year, month] = reward.shipping_month.split('-').map(Number);
    if (!year || !month) return null;
    return t('shipping', {
      month: format.dateTime(new Date(Date.UTC(year, month - 1, 15)), { year: 'numeric', month: 'long', timeZone: 'UTC' }),
    });
  };
  return (
    <Fieldset legend={t('reward')} id="donate-reward" error={error}>
      <div className="flex flex-col gap-2" data-testid="reward-choice">
        <ChoiceCard id="donate-reward-none" value="" label={t('noReward')} {...field} />
        {rewards.map((reward) => (
          <ChoiceCard
            key={reward.id}
            id={`donate-reward-${reward.id}`}
            value={String(reward.id)}
            disabled={reward.sold_out}
            data-testid={`reward-${reward.id}`}
            label={reward.title}
            description={
              <>
                {reward.description ? <span className="block">{reward.description}</span> : null}
                <span className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5">
                  <span>
                    {reward.stock === null
                      ? t('stockUnlimited')
                      : t('stockLeft', { count: Math.max(0, reward.stock - reward.applied_count) })}
                  </span>
                  <span>{t('applied', { count: reward.applied_count })}</span>
                  {shipping(reward) ? <span>{shipping(reward)}</span> : null}
                </span>
              </>
            }
            aside={
              <span className="flex flex-col items-end gap-1">
                <span className="font-bold">{t('rewardFrom', { amount: formatYenAmount(reward.amount, locale) })}</span>
                {reward.sold_out ? <Tag tone="neutral">{t('soldOut')}</Tag> : null}
              </span>
            }
            {...field}
          />
        ))}
      </div>
    </Fieldset>
  );
}

/** A campaign gift may carry the campaign's promotion code (ADR 036); the API says whether it applies. */
function PromotionCode({ target }: { target: DonateTarget }) {
  const t = useTranslations('donate.amount');
  const labels = useRequiredLabels();
  const { register } = useFormContext<DonateFormValues>();
  if (!target.campaign) return null;
  return (
    <Field id="donate-promotion-code" label={t('promotionCode')} labels={labels} hint={t('promotionCodeHint')}>
      <TextInput
        id="donate-promotion-code"
        {...register('promotionCode')}
        maxLength={PROMOTION_CODE_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={describedBy('donate-promotion-code', true, undefined)}
        data-testid="donate-promotion-code"
      />
    </Field>
  );
}

function AmountPicker({ target }: { target: DonateTarget }) {
  const t = useTranslations('donate.amount');
  const locale = useLocale() as Locale;
  const labels = useRequiredLabels();
  const errorOf = useFieldErrors();
  const { register, setValue, control } = useFormContext<DonateFormValues>();
  const [frequency, paymentMethod, rewardId, amountText, isCommissionContains] = useWatch({
    control,
    name: ['frequency', 'paymentMethod', 'rewardId', 'amount', 'isCommissionContains'],
  });
  const presets = target.associate.prices.filter((price) => price.frequency === frequency);
  const amount = parseNumeric(amountText);
  const { min, max } = effectiveLimits(target, { frequency, paymentMethod, rewardId });
  const campaign = isCampaign(target);
  const payable = amount === undefined ? undefined : totalOf(target, amount, isCommissionContains);
  const breach = amount === undefined || payable === undefined ? undefined : amountLimitBreach(amount, payable, { min, max });
  // An amount out of range has no total to pay.
  const total = breach ? undefined : payable;
  const fieldError = errorOf('amount', t('amount'), { money: true });
  // Spec §8 words the limits with the method and the bound.
  const limitMessage =
    breach === 'above_max'
      ? amountAboveMaxMessage(t(`methods.${paymentMethod}`), max, locale)
      : breach === 'below_min'
        ? amountBelowMinMessage(min, locale)
        : undefined;
  const error = fieldError && limitMessage ? limitMessage : fieldError;
  const note = amountRangeNote(min, max, locale);
  const selectedPreset = presets.find((preset) => preset.amount === amount);
  const money = (value: number) =>
    frequency === 'monthly' ? t('perMonth', { amount: formatYenAmount(value, locale) }) : formatYenAmount(value, locale);

  return (
    <div className="flex flex-col gap-5">
      {presets.length > 0 ? (
        <Fieldset legend={t('presets')} id="donate-presets">
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="amount-presets">
            {presets.map((preset) => (
              <label
                key={preset.id}
                className={cx(
                  'flex h-12 cursor-pointer items-center justify-center rounded-xl border border-slate-300 bg-white font-bold transition-colors',
                  'has-[:checked]:border-brand-500 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/50',
                )}
              >
                <input
                  type="radio"
                  name="amount-preset"
                  className="sr-only"
                  value={preset.amount}
                  checked={amount === preset.amount}
                  onChange={() => setValue('amount', String(preset.amount), { shouldDirty: true, shouldValidate: true, shouldTouch: true })}
                />
                {money(preset.amount)}
              </label>
            ))}
          </div>
          {selectedPreset?.description ? (
            <p className="mt-2 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-700">{selectedPreset.description}</p>
          ) : null}
        </Fieldset>
      ) : null}

      <Field id="donate-amount" label={t('amountInput')} required labels={labels} error={error} hint={note}>
        <div className="relative">
          <TextInput
            id="donate-amount"
            {...register('amount')}
            inputMode="numeric"
            autoComplete="off"
            aria-required
            invalid={Boolean(error)}
            aria-describedby={describedBy('donate-amount', note, error)}
            className={locale === 'ja' ? 'pr-10 text-lg font-bold' : 'pl-8 text-lg font-bold'}
          />
          {/* The unit where each language writes it: 3,000円 / ¥3,000. */}
          <span
            aria-hidden="true"
            className={cx('pointer-events-none absolute inset-y-0 flex items-center text-muted', locale === 'ja' ? 'right-3' : 'left-3')}
          >
            {locale === 'ja' ? '円' : '¥'}
          </span>
        </div>
      </Field>

      <Checkbox
        id="donate-include-fee"
        {...register('isCommissionContains')}
        label={t('includeFee')}
        hint={t('includeFeeHint', { rate: displayedFeeRatePercent({ campaign }) })}
      />

      <div className="flex items-baseline justify-between rounded-xl bg-slate-50 px-4 py-3" aria-live="polite" data-testid="donate-total">
        <span className="text-sm font-semibold">{frequency === 'monthly' ? t('totalMonthly') : t('total')}</span>
        <span className="text-xl font-bold">{total === undefined ? '—' : formatYenAmount(total, locale)}</span>
      </div>
    </div>
  );
}

export function SurveyQuestions({ target }: { target: DonateTarget }) {
  const t = useTranslations('donate.amount');
  const labels = useRequiredLabels();
  const errorOf = useFieldErrors();
  const { control } = useFormContext<DonateFormValues>();
  const questions = target.associate.surveyQuestions;
  if (questions.length === 0) return null;
  return (
    <Section title={t('survey')} testId="survey">
      {questions.map((question) => {
        const name = `survey.${surveyKey(question.id)}` as const;
        const id = `donate-survey-${question.id}`;
        return (
          <Controller
            key={question.id}
            control={control}
            name={name}
            render={({ field }) => {
              const chosen = (field.value as string[] | undefined) ?? [];
              const toggle = (choiceId: string, checked: boolean) =>
                field.onChange(
                  question.allows_multiple ? (checked ? [...chosen, choiceId] : chosen.filter((value) => value !== choiceId)) : [choiceId],
                );
              return (
                <Fieldset
                  legend={question.question}
                  id={id}
                  required={question.is_required}
                  labels={labels}
                  error={errorOf(name, question.question)}
                >
                  <div className="flex flex-wrap gap-2">
                    {question.choices.map((choice) => (
                      <label
                        key={choice.id}
                        className="flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/50"
                      >
                        <input
                          type={question.allows_multiple ? 'checkbox' : 'radio'}
                          name={id}
                          value={choice.id}
                          checked={chosen.includes(String(choice.id))}
                          onChange={(event) => toggle(String(choice.id), event.target.checked)}
                          onBlur={field.onBlur}
                          className="accent-brand-500"
                        />
                        {choice.label}
                      </label>
                    ))}
                  </div>
                </Fieldset>
              );
            }}
          />
        );
      })}
    </Section>
  );
}

/** Anonymous support (where offered), receipt, newsletter and the message to the associate. */
export function GiftOptions({ target, allowAnonymous }: { target: DonateTarget; allowAnonymous: boolean }) {
  const t = useTranslations('donate');
  const labels = useRequiredLabels();
  const errorOf = useFieldErrors();
  const { register, control, setValue } = useFormContext<DonateFormValues>();
  const isAnonymous = useWatch({ control, name: 'isAnonymous' });
  const messageError = errorOf('message', t('amount.message'));
  return (
    <Section title={t('amount.options')} testId="options-section">
      {allowAnonymous ? (
        <Checkbox
          id="donate-anonymous"
          {...register('isAnonymous', {
            onChange: (event: { target: { checked: boolean } }) => {
              // Spec §5: anonymous support has no receipt.
              if (event.target.checked) setValue('needReceipt', false);
            },
          })}
          label={t('amount.anonymous')}
          hint={t('amount.anonymousHint')}
        />
      ) : null}
      <Checkbox
        id="donate-receipt"
        {...register('needReceipt')}
        disabled={isAnonymous}
        label={t('amount.receipt')}
        hint={target.associate.isDeductible ? t('amount.receiptDeductible') : undefined}
      />
      <Checkbox id="donate-newsletter" {...register('needNewsLetter')} label={t('amount.newsletter')} />
      {/* A portfolio gift has no message to one associate (ADR 010). */}
      {target.portfolio ? null : (
        <Field id="donate-message" label={t('amount.message')} labels={labels} error={messageError} hint={t('amount.messageHint')}>
          <textarea
            id="donate-message"
            {...register('message')}
            rows={4}
            maxLength={DONATION_MESSAGE_MAX_LENGTH}
            aria-invalid={Boolean(messageError) || undefined}
            aria-describedby={describedBy('donate-message', true, messageError)}
            className={inputClasses(Boolean(messageError), 'resize-y')}
          />
        </Field>
      )}
    </Section>
  );
}

export function AmountStep({ target, onNext, payment }: { target: DonateTarget; onNext: () => void; payment: PaymentClientEnv }) {
  const t = useTranslations('donate');
  const errorOf = useFieldErrors();
  const { register, control, setValue, getValues } = useFormContext<DonateFormValues>();
  const [frequency, paymentMethod] = useWatch({ control, name: ['frequency', 'paymentMethod'] });
  const methodError = errorOf('paymentMethod', t('amount.method'));

  const frequencyField = register('frequency', {
    onChange: (event: { target: { value: string } }) => {
      // Spec §4: bank transfer is single only, so a recurring choice moves the method to card.
      const next = event.target.value as DonateFormValues['frequency'];
      if (!isAllowedCombination(getValues('paymentMethod'), next)) setValue('paymentMethod', 'creditCard');
    },
  });
  const methodField = register('paymentMethod');

  return (
    <div className="flex flex-col gap-5">
      <Section title={t('amount.heading')} testId="amount-section">
        <Fieldset legend={t('amount.frequency')} id="donate-frequency">
          <div className="grid grid-cols-2 gap-2">
            {FORM_FREQUENCIES.map((value) => (
              <ChoiceCard
                key={value}
                id={`donate-frequency-${value}`}
                value={value}
                label={t(`amount.frequencies.${value}`)}
                {...frequencyField}
              />
            ))}
          </div>
        </Fieldset>
        <Fieldset legend={t('amount.method')} id="donate-method" error={methodError}>
          <div className="grid gap-2 sm:grid-cols-2">
            {paymentMethodsOf(target).map((value) => {
              const allowed = isAllowedCombination(value, frequency);
              return (
                <ChoiceCard
                  key={value}
                  id={`donate-method-${value}`}
                  value={value}
                  disabled={!allowed}
                  label={t(`amount.methods.${value}`)}
                  description={allowed ? t(`amount.methodHints.${value}`) : t('amount.bankSingleOnly')}
                  {...methodField}
                />
              );
            })}
          </div>
        </Fieldset>
        <RewardChoice target={target} />
        <AmountPicker target={target} />
        <PromotionCode target={target} />
      </Section>

      <GiftOptions target={target} allowAnonymous />
      <SurveyQuestions target={target} />
      {/* Wallet pay goes on from the provider's button (no Info step: the provider has the buyer's details). */}
      {paymentMethod === 'walletPay' ? <WalletPayButton target={target} payment={payment} /> : <FirstStepNext onNext={onNext} />}
    </div>
  );
}

/** The first step's only way on: 'Next' to the Info step. */
export function FirstStepNext({ onNext }: { onNext: () => void }) {
  const t = useTranslations('donate');
  return (
    <div className="flex justify-end">
      <button
        type="button"
        onClick={onNext}
        className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto sm:min-w-48' })}
        data-testid="donate-next"
      >
        {t('next')}
      </button>
    </div>
  );
}
