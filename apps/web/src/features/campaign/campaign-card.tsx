// A campaign in a list: main visual, type, title, associate, raised / goal, progress and time left.
import type { api } from '@kifu/domain';
import { useTranslations } from 'next-intl';
import { ProgressMeter } from '@/components/ui/progress-meter';
import { fundingPercent } from '@/components/ui/progress-math';
import { Tag } from '@/components/ui/tag';
import { Link } from '@/i18n/navigation';
import { CampaignPeriod } from './campaign-period';
import { campaignTypeKey } from '@/lib/campaign-type-name';

export function CampaignCard({ campaign }: { campaign: api.CampaignSummary }) {
  const t = useTranslations();
  const percent = fundingPercent(campaign.raised_amount, campaign.goal_amount);
  return (
    <article
      data-testid="campaign-card"
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <Link href={`/campaign/${campaign.id}`} className="flex h-full flex-col">
        {/* Fixed intrinsic size + aspect ratio: no layout shift while the image loads. */}
        <img
          src={campaign.main_visual_url}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          className="aspect-video w-full bg-slate-100 object-cover"
        />
        <div className="flex flex-1 flex-col gap-3 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <Tag tone="info">{t(`campaign.types.${campaignTypeKey(campaign.type)}`)}</Tag>
            {campaign.status === 'closed' ? <Tag>{t('campaign.closed')}</Tag> : null}
          </div>
          <h3 className="line-clamp-2 text-base font-bold leading-snug group-hover:text-brand-700">{campaign.title}</h3>
          <p className="flex items-center gap-2 text-xs text-muted">
            <img
              src={campaign.associate.logo_url}
              alt=""
              width={20}
              height={20}
              loading="lazy"
              className="size-5 rounded-full border border-slate-200 bg-white object-contain"
            />
            <span className="truncate">{t('campaign.by', { name: campaign.associate.name })}</span>
          </p>
          <div className="mt-auto">
            <p className="text-xs text-muted">{t('campaign.raised')}</p>
            <p className="flex items-baseline justify-between gap-2">
              <span className="text-lg font-bold" data-testid="campaign-raised">
                {t('format.yen', { amount: campaign.raised_amount })}
              </span>
              <span className="text-sm font-semibold text-brand-700">{t('format.percent', { percent })}</span>
            </p>
            <ProgressMeter percent={percent} label={t('campaign.achieved')} className="mt-2" />
            <p className="mt-2 flex justify-between text-xs text-muted">
              <span>{t('campaign.goal', { amount: t('format.yen', { amount: campaign.goal_amount }) })}</span>
              <span>{t('campaign.supporters', { count: campaign.supporter_count })}</span>
            </p>
            <p className="mt-1 text-right text-xs font-semibold">
              <CampaignPeriod campaign={campaign} />
            </p>
          </div>
        </div>
      </Link>
    </article>
  );
}
