'use client';
// The Plan step of the membership flow (spec §2 "Membership steps: Plan, Info, Confirm, Done"):
// the associate's plans with name, yearly price (units × unit amount where a plan has several
// units) and description, the annual card limits note (spec §5), when the membership renews
// (spec §9: day 1 of the plan's month, next this year or the next), then the options, the message
// and the survey the gift form asks too.
import { amountRangeNote } from '@kifu/domain/catalogue/amount-messages';
import { nextMembershipSettlementDate } from '@kifu/domain/donation-readiness';
import type { Locale } from '@kifu/domain/enums';
import { formatYenAmount } from '@kifu/domain/money';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FirstStepNext, GiftOptions, SurveyQuestions } from '../steps/amount-step';
import type { DonateTarget } from '../donate-target';
import { ChoiceCard, Fieldset, Section } from '../form/form-controls';
import type { DonateFormValues } from '../form/field-values';
import { useFieldErrors, useRequiredLabels } from '../form/use-field-error';
import { isPlanAvailable, MEMBERSHIP_LIMITS, planPrice, selectedPlan, type MembershipPlan } from './membership-plans';

const JAPAN = 'Asia/Tokyo';

/** When the plan renews, in words: today's payment, the yearly day and the next payment date. */
export function SettlementText({ plan }: { plan: MembershipPlan }) {
  const t = useTranslations('donate.membership');
  const format = useFormatter();
  const locale = useLocale() as Locale;
  const next = nextMembershipSettlementDate(new Date(), plan.on_month);
  return t('settlement', {
    amount: formatYenAmount(planPrice(plan), locale),
    day: format.dateTime(next, { month: 'long', day: 'numeric', timeZone: JAPAN }),
    next: format.dateTime(next, { year: 'numeric', month: 'long', day: 'numeric', timeZone: JAPAN }),
  });
}

export function PlanStep({ target, onNext }: { target: DonateTarget; onNext: () => void }) {
  const t = useTranslations('donate');
  const locale = useLocale() as Locale;
  const labels = useRequiredLabels();
  const errorOf = useFieldErrors();
  const { register, control, setValue, getValues } = useFormContext<DonateFormValues>();
  const planId = useWatch({ control, name: 'membershipPlanId' });
  const plan = selectedPlan(target, planId);
  const error = errorOf('membershipPlanId', t('membership.plan'), { money: true });
  const note = t('membership.limits', { range: amountRangeNote(MEMBERSHIP_LIMITS.min, MEMBERSHIP_LIMITS.max, locale) });

  // The amount is the chosen plan's price, kept in step with it (also for a restored draft).
  useEffect(() => {
    const price = plan ? String(planPrice(plan)) : '';
    if (getValues('amount') !== price) setValue('amount', price);
  }, [plan, getValues, setValue]);

  // The price goes with the choice at once, so the step's check sees the plan and its amount together.
  const field = register('membershipPlanId', {
    onChange: (event: { target: { value: string } }) => {
      const chosen = selectedPlan(target, event.target.value);
      setValue('amount', chosen ? String(planPrice(chosen)) : '');
    },
  });
  return (
    <div className="flex flex-col gap-5">
      <Section title={t('membership.heading')} testId="plan-section">
        <Fieldset legend={t('membership.plan')} id="donate-plan" required labels={labels} error={error}>
          <div className="flex flex-col gap-2" data-testid="membership-plans">
            {target.associate.membershipPlans.map((candidate) => {
              const available = isPlanAvailable(candidate);
              const price = formatYenAmount(planPrice(candidate), locale);
              return (
                <ChoiceCard
                  key={candidate.id}
                  id={`donate-plan-${candidate.id}`}
                  value={String(candidate.id)}
                  disabled={!available}
                  data-testid={`plan-${candidate.id}`}
                  label={candidate.name}
                  description={
                    <>
                      {candidate.description ? <span className="block">{candidate.description}</span> : null}
                      {candidate.unit > 1 ? (
                        <span className="mt-1 block">
                          {t('membership.units', { unit: candidate.unit, amount: formatYenAmount(candidate.unit_amount, locale) })}
                        </span>
                      ) : null}
                      {available ? null : <span className="mt-1 block font-semibold">{t('membership.unavailable')}</span>}
                    </>
                  }
                  aside={<span className="font-bold">{t('membership.perYear', { amount: price })}</span>}
                  {...field}
                />
              );
            })}
          </div>
          <p className="mt-2 text-xs text-muted" data-testid="membership-limits">
            {note}
          </p>
        </Fieldset>
        {plan ? (
          <p className="rounded-xl bg-brand-50 px-3 py-2 text-sm leading-relaxed text-brand-700" data-testid="membership-settlement">
            <SettlementText plan={plan} />
          </p>
        ) : null}
        <div className="flex items-baseline justify-between rounded-xl bg-slate-50 px-4 py-3" aria-live="polite" data-testid="donate-total">
          <span className="text-sm font-semibold">{t('membership.total')}</span>
          <span className="text-xl font-bold">{plan ? formatYenAmount(planPrice(plan), locale) : '—'}</span>
        </div>
      </Section>

      <GiftOptions target={target} allowAnonymous={false} />
      <SurveyQuestions target={target} />
      <FirstStepNext onNext={onNext} />
    </div>
  );
}
