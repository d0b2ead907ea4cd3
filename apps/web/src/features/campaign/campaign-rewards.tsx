// A campaign's rewards (spec §2 "reward choice showing stock, applied count and shipping month"):
// each with what is left, how many chose it and when it ships. A sold-out reward is marked and
// offers no link; the others lead to the campaign's support form, where the reward is chosen.
import type { api } from '@kifu/domain';
import { useFormatter, useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { cx } from '@/components/ui/cx';
import { Tag } from '@/components/ui/tag';
import { Link } from '@/i18n/navigation';
import { campaignDonateHref } from './campaign-links';

/** "2026-03" as a month of the calendar, or null when malformed. */
function shippingMonthOf(value: string | null): Date | null {
  const match = value ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15)) : null;
}

export function CampaignRewards({ campaign }: { campaign: api.CampaignDetail }) {
  const t = useTranslations();
  const format = useFormatter();
  const open = campaign.status !== 'closed';
  return (
    <ul className="flex flex-col gap-4">
      {campaign.rewards.map((reward) => {
        const month = shippingMonthOf(reward.shipping_month);
        return (
          <li
            key={reward.id}
            data-testid="campaign-reward"
            data-sold-out={reward.sold_out}
            // Stacked on phones: beside a picture, the text column is too narrow for the button's label
            // at 320 px (WCAG 1.4.10 reflow, ADR 058).
            className={cx(
              'flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row',
              reward.sold_out && 'bg-slate-50',
            )}
          >
            <img
              src={reward.image_url}
              alt=""
              width={160}
              height={120}
              loading="lazy"
              className={cx(
                'aspect-[4/3] w-full max-w-60 shrink-0 self-start rounded-lg bg-slate-100 object-cover sm:w-40',
                reward.sold_out && 'opacity-60',
              )}
            />
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <p className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-lg font-bold" data-testid="reward-amount">
                  {t('campaign.detail.rewardFrom', { amount: t('format.yen', { amount: reward.amount }) })}
                </span>
                {reward.sold_out ? (
                  <span data-testid="reward-sold-out">
                    <Tag>{t('campaign.detail.soldOut')}</Tag>
                  </span>
                ) : null}
              </p>
              <h3 className="font-bold leading-snug" data-testid="reward-title">
                {reward.title}
              </h3>
              {reward.description ? <p className="text-sm leading-relaxed text-muted">{reward.description}</p> : null}
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                <span data-testid="reward-stock">
                  {reward.stock === null
                    ? t('campaign.detail.stockUnlimited')
                    : t('campaign.detail.stockLeft', { count: Math.max(0, reward.stock - reward.applied_count) })}
                </span>
                <span data-testid="reward-applied">{t('campaign.detail.applied', { count: reward.applied_count })}</span>
                {month ? (
                  <span data-testid="reward-shipping">
                    {t('campaign.detail.shipping', { month: format.dateTime(month, { year: 'numeric', month: 'long', timeZone: 'UTC' }) })}
                  </span>
                ) : null}
              </p>
              {open && !reward.sold_out ? (
                <Link
                  href={campaignDonateHref(campaign)}
                  className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-2 self-start' })}
                  data-testid="reward-support"
                >
                  {t('campaign.detail.chooseReward')}
                </Link>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
