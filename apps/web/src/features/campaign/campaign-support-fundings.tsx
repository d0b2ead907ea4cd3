// The supporters' own fundraisers for a campaign (spec §3 supportFundings; ADR 036): what they
// raised together and each one's share, and a way to start one — a birthday or a challenge page of
// one's own that raises money for this campaign — or a campaign of one's own for the campaign's
// associate (ADR 036).
import type { api } from '@kifu/domain';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { campaignPath, createCampaignPath } from './campaign-links';

/** The types a supporter may start as a fundraiser (domain campaign-editing: birthday, challenge). */
const FUNDRAISER_TYPES = [1, 2] as const;

export function CampaignSupportFundings({
  campaignId,
  associate,
  fundings,
}: {
  campaignId: number;
  associate: { uid: string; name: string };
  fundings: api.SupportFundingList | null;
}) {
  const t = useTranslations('campaign.fundraisers');
  const format = useTranslations();
  const children = fundings?.results ?? [];
  return (
    <div className="flex flex-col gap-4" data-testid="campaign-fundraisers">
      {children.length > 0 ? (
        <>
          <p data-testid="fundraisers-total">
            {t('total', { amount: format('format.yen', { amount: fundings!.raised_by_children }), count: children.length })}
          </p>
          <ul className="flex flex-col gap-2">
            {children.map((child) => (
              <li key={child.id} className="rounded-xl border border-slate-200 bg-white p-3" data-testid="fundraiser">
                <Link href={campaignPath(child.id)} className="font-bold hover:text-brand-700 hover:underline">
                  {child.title}
                </Link>
                <p className="mt-1 flex flex-wrap justify-between gap-2 text-sm text-muted">
                  <span>{t('by', { name: child.owner_name })}</span>
                  <span data-testid="fundraiser-raised">
                    {t('raised', { amount: format('format.yen', { amount: child.raised_amount }), share: child.share_percent })}
                  </span>
                </p>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-muted">{t('none')}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {FUNDRAISER_TYPES.map((type) => (
          <Link
            key={type}
            href={`/campaign/${campaignId}/create-support-funding/${type}`}
            className="rounded-full border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            data-testid={`start-fundraiser-${type}`}
          >
            {t(`start.${type}`)}
          </Link>
        ))}
      </div>
      <Link
        href={createCampaignPath(associate.uid)}
        className="self-start text-sm font-semibold text-brand-700 underline underline-offset-2"
        data-testid="start-own-campaign"
      >
        {t('startCampaign', { name: associate.name })}
      </Link>
    </div>
  );
}
