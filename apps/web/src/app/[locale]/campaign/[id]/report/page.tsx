// /campaign/{id}/report (spec §2): the published reports of a released campaign, newest first,
// paginated. Unknown or draft campaign → 404.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { parsePage } from '@/components/ui/pagination-math';
import { campaignReportsPath } from '@/features/campaign/campaign-links';
import { CampaignListSubpage } from '@/features/campaign/campaign-list-subpage';
import { loadCampaign, type CampaignParams } from '@/features/campaign/campaign-params';
import { CampaignReportList } from '@/features/campaign/campaign-report-list';
import { campaignSubpageMetadata } from '@/features/campaign/campaign-subpage-metadata';
import { fetchCampaignReports } from '@/features/campaign/fetch-campaigns';
import type { SearchParams } from '@/lib/search-params';

// Reads its query string: rendered per request, on cached API answers (ADR 020).
export const dynamic = 'force-dynamic';

const PAGE_SIZE = 10;

export async function generateMetadata({ params }: { params: CampaignParams }): Promise<Metadata> {
  const { locale, campaign } = await loadCampaign(params);
  return campaignSubpageMetadata(campaign, locale, 'campaign.reports', campaignReportsPath(campaign.id));
}

export default async function CampaignReportsPage({ params, searchParams }: { params: CampaignParams; searchParams: SearchParams }) {
  const { locale, campaign } = await loadCampaign(params);
  const page = parsePage((await searchParams).page);
  const reports = await fetchCampaignReports(campaign.id, locale, page, PAGE_SIZE);
  if (!reports) notFound();
  const t = await getTranslations({ locale, namespace: 'campaign.reports' });
  return (
    <CampaignListSubpage
      campaign={campaign}
      title={t('title')}
      countText={t('count', { count: reports.count })}
      countTestId="report-count"
      pathname={campaignReportsPath(campaign.id)}
      paging={{ page, pageSize: reports.page_size, count: reports.count }}
    >
      <CampaignReportList campaignId={campaign.id} reports={reports.results} empty={t('empty')} />
    </CampaignListSubpage>
  );
}
