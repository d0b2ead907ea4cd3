// The associate's annual membership plans (spec §3 membership plans, §9 settlement on day 1 of
// the plan's month): each with its yearly price (units × unit amount, one rule in the domain)
// and the way into the membership flow (/associate/{uid}/donate/membership).
import { membershipYearlyPrice, type api } from '@kifu/domain';
import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { Link } from '@/i18n/navigation';
import { membershipHref } from './associate-links';

export function MembershipPlanList({ uid, plans }: { uid: string; plans: readonly api.AssociateDetail['membership_plans'][number][] }) {
  const t = useTranslations('associatePages.detail');
  const tFormat = useTranslations('format');
  return (
    <div>
      <p className="text-sm leading-relaxed text-muted">{t('membershipLead')}</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {plans.map((plan) => (
          <li
            key={plan.id}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            data-testid="membership-plan"
          >
            <h3 className="font-bold">{plan.name}</h3>
            <p className="mt-1 text-xl font-bold text-brand-700" data-testid="membership-plan-price">
              {t('yearlyPrice', { amount: tFormat('yen', { amount: membershipYearlyPrice(plan) }) })}
            </p>
            {plan.unit > 1 ? (
              <p className="text-xs text-muted">{t('units', { unit: plan.unit, amount: tFormat('yen', { amount: plan.unit_amount }) })}</p>
            ) : null}
            {plan.description ? <p className="mt-2 text-sm leading-relaxed text-muted">{plan.description}</p> : null}
            <p className="mt-2 text-xs text-muted">{t('settlement', { month: plan.on_month })}</p>
          </li>
        ))}
      </ul>
      <div className="mt-4">
        <Link
          href={membershipHref(uid)}
          className={buttonClasses({ variant: 'secondary', className: 'w-full sm:w-auto' })}
          data-testid="membership-join"
        >
          {t('join')}
        </Link>
      </div>
    </div>
  );
}
