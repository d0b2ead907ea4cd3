// The figures of a campaign page (spec §2, ADR 017): raised amount, progress toward the goal,
// supporters, time left, the stretch goal (and progress toward it once the goal is reached), and
// the support button, or a notice once the campaign is over.
import type { api } from '@kifu/domain';
import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { ProgressMeter } from '@/components/ui/progress-meter';
import { fundingPercent } from '@/components/ui/progress-math';
import { Link } from '@/i18n/navigation';
import { campaignDonateHref } from './campaign-links';
import { CampaignPeriod } from './campaign-period';

export function CampaignSupportButton({ campaign, testId }: { campaign: api.CampaignDetail; testId: string }) {
  const t = useTranslations('campaign.detail');
  if (campaign.status === 'closed') {
    return (
      <p className="rounded-xl bg-slate-100 p-4 text-center text-sm font-semibold text-muted" data-testid={`${testId}-closed`}>
        {t('closedNotice')}
      </p>
    );
  }
  return (
    <Link href={campaignDonateHref(campaign)} className={buttonClasses({ size: 'lg', className: 'w-full' })} data-testid={testId}>
      {t('support')}
    </Link>
  );
}

export function CampaignFunding({ campaign }: { campaign: api.CampaignDetail }) {
  const t = useTranslations();
  const yen = (amount: number) => t('format.yen', { amount });
  const percentOf = (target: number) => fundingPercent(campaign.raised_amount, target);
  const stretch = campaign.stretch_goal;
  const reached = campaign.raised_amount >= campaign.goal_amount;
  return (
    <section
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="campaign-funding"
      aria-label={t('campaign.raised')}
    >
      <div>
        <p className="text-sm text-muted">{t('campaign.raised')}</p>
        <p className="flex items-baseline justify-between gap-2">
          <span className="text-3xl font-bold" data-testid="campaign-raised">
            {yen(campaign.raised_amount)}
          </span>
          <span className="text-lg font-bold text-brand-700" data-testid="campaign-percent">
            {t('format.percent', { percent: percentOf(campaign.goal_amount) })}
          </span>
        </p>
        <ProgressMeter percent={percentOf(campaign.goal_amount)} label={t('campaign.achieved')} className="mt-3 h-3" />
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center">
        <div>
          <dt className="text-xs text-muted">{t('campaign.detail.goalAmount')}</dt>
          <dd className="mt-1 font-bold" data-testid="campaign-goal">
            {yen(campaign.goal_amount)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('campaign.detail.supportersLabel')}</dt>
          <dd className="mt-1 font-bold" data-testid="campaign-supporters">
            {t('campaign.detail.supportersCount', { count: campaign.supporter_count })}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('campaign.detail.period')}</dt>
          <dd className="mt-1 font-bold">
            <CampaignPeriod campaign={campaign} withDate />
          </dd>
        </div>
      </dl>
      {stretch ? (
        <div className="rounded-xl bg-brand-50 p-4" data-testid="campaign-stretch-goal">
          <p className="text-sm font-bold text-brand-700">{t('campaign.detail.stretchTarget', { amount: yen(stretch.target_amount) })}</p>
          {stretch.description ? <p className="mt-1 text-sm leading-relaxed">{stretch.description}</p> : null}
          {reached ? (
            <div className="mt-3" data-testid="campaign-stretch-progress">
              <p className="flex justify-between gap-2 text-xs font-semibold">
                <span>{t('campaign.detail.stretchReached')}</span>
                <span data-testid="campaign-stretch-percent">{t('format.percent', { percent: percentOf(stretch.target_amount) })}</span>
              </p>
              <ProgressMeter percent={percentOf(stretch.target_amount)} label={t('campaign.detail.stretchProgress')} className="mt-2" />
            </div>
          ) : null}
        </div>
      ) : null}
      <CampaignSupportButton campaign={campaign} testId="campaign-support" />
    </section>
  );
}
