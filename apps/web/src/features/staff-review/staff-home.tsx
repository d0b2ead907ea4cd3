'use client';
// /staff (ADR 078): Kifu's staff's hub — what waits for them, counted, and where to go: applications
// to join, reward reviews, payouts. Supporters' campaigns are approved by each associate's owners
// (ADR 069), so the hub says so instead of linking to a list staff would not decide.
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { staffApi } from './staff-api';
import { StaffLoadState } from './staff-load-state';
import { useStaffLoad } from './use-staff-load';

export function StaffHome() {
  const t = useTranslations('staff.home');
  const [load, retry] = useStaffLoad(() => staffApi.overview(), 'overview');
  if (load.state !== 'loaded') return <StaffLoadState load={load} retry={retry} testId="staff-home" />;
  const cards = [
    { key: 'applications', href: '/staff/applications', body: t('applications.body', { count: load.value.applications_waiting }) },
    { key: 'rewardChecks', href: '/staff/reward-checks', body: t('rewardChecks.body', { count: load.value.reward_checks_waiting }) },
    { key: 'payouts', href: '/staff/payouts', body: t('payouts.body') },
  ] as const;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">{t('lead')}</p>
      <ul className="grid gap-4 sm:grid-cols-2" data-testid="staff-home">
        {cards.map((card) => (
          <li key={card.key} className="rounded-2xl border border-slate-200 bg-white p-4">
            <h2 className="text-lg font-bold">
              <Link href={card.href} className="underline" data-testid={`staff-home-${card.key}`}>
                {t(`${card.key}.title`)}
              </Link>
            </h2>
            <p className="mt-1">{card.body}</p>
          </li>
        ))}
        <li className="rounded-2xl border border-slate-200 bg-slate-50 p-4">
          <h2 className="text-lg font-bold">{t('reports.title')}</h2>
          <p className="mt-1">{t('reports.body')}</p>
        </li>
      </ul>
    </div>
  );
}
