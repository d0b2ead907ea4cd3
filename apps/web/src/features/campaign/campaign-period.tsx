// How long a campaign still runs, as the API computed it (campaignPhase/campaignDaysLeft in
// packages/domain): days left, ended, or no end date, with the end date under it.
import type { api } from '@kifu/domain';
import { useFormatter, useTranslations } from 'next-intl';

type Period = Pick<api.CampaignSummary, 'status' | 'days_left' | 'end_at'>;

export function CampaignPeriod({ campaign, withDate = false }: { campaign: Period; withDate?: boolean }) {
  const t = useTranslations('campaign');
  const format = useFormatter();
  const ended = campaign.status === 'closed';
  const headline = ended ? t('ended') : campaign.days_left !== null ? t('daysLeft', { days: campaign.days_left }) : t('noEndDate');
  const end = campaign.end_at ? new Date(campaign.end_at) : null;
  // A campaign closed before its end date ended on no date we know: show none rather than a future one.
  const date =
    end && (!ended || end.getTime() <= Date.now()) ? format.dateTime(end, { year: 'numeric', month: 'long', day: 'numeric' }) : null;
  return (
    <span className="flex flex-col">
      <span data-testid="campaign-period">{headline}</span>
      {withDate && date ? (
        <span className="text-xs font-normal text-muted">{ended ? t('endedOn', { date }) : t('until', { date })}</span>
      ) : null}
    </span>
  );
}
