// How a campaign will use the money (spec §3 usages, each with an image), with the total.
import type { api } from '@kifu/domain';
import { useTranslations } from 'next-intl';

export function CampaignUsages({ usages }: { usages: api.CampaignUsage[] }) {
  const t = useTranslations();
  const total = usages.reduce((sum, usage) => sum + usage.amount, 0);
  return (
    <div>
      <ul className="flex flex-col gap-3">
        {usages.map((usage) => (
          <li key={usage.id} data-testid="campaign-usage" className="flex gap-4 rounded-xl border border-slate-200 bg-white p-3">
            <img
              src={usage.image_url}
              alt=""
              width={96}
              height={72}
              loading="lazy"
              className="h-18 w-24 shrink-0 rounded-lg bg-slate-100 object-cover"
            />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-bold">{usage.title}</span>
                <span className="font-semibold" data-testid="usage-amount">
                  {t('format.yen', { amount: usage.amount })}
                </span>
              </p>
              {usage.description ? <p className="text-sm leading-relaxed text-muted">{usage.description}</p> : null}
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-right font-bold" data-testid="usage-total">
        {t('campaign.detail.usagesTotal', { amount: t('format.yen', { amount: total }) })}
      </p>
    </div>
  );
}
