// The way from the gift form to the membership flow ('Become an annual member'), shown when the
// associate has membership plans. The associate page's own entry point is a later issue.
import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { Link } from '@/i18n/navigation';
import type { DonateTarget } from '../donate-target';
import { offersMembership } from './membership-plans';

export function MembershipLink({ target }: { target: DonateTarget }) {
  const t = useTranslations('donate.membership');
  if (!offersMembership(target)) return null;
  return (
    <div
      className="mb-5 flex flex-col gap-2 rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="membership-entry"
    >
      <p className="text-sm leading-relaxed text-brand-700">{t('linkHint', { name: target.associate.name })}</p>
      <Link
        href={`/associate/${target.associate.uid}/donate/membership`}
        className={buttonClasses({ variant: 'secondary', className: 'shrink-0' })}
        data-testid="membership-link"
      >
        {t('link')}
      </Link>
    </div>
  );
}
