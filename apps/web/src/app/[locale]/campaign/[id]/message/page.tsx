// /campaign/{id}/message (spec §2): supporters' messages of a released campaign, newest first,
// paginated; a hidden name reads 'Anonymous'. Spec §7 has no messages call, so the page reads
// them from GET /campaign/{id}/ a page at a time (message_page). Unknown or draft → 404.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { parsePage } from '@/components/ui/pagination-math';
import { campaignMessagesPath } from '@/features/campaign/campaign-links';
import { CampaignListSubpage } from '@/features/campaign/campaign-list-subpage';
import { CampaignMessageList } from '@/features/campaign/campaign-message-list';
import { loadCampaign, type CampaignParams } from '@/features/campaign/campaign-params';
import { campaignSubpageMetadata } from '@/features/campaign/campaign-subpage-metadata';
import type { SearchParams } from '@/lib/search-params';

// Reads its query string: rendered per request, on cached API answers (ADR 020).
export const dynamic = 'force-dynamic';

const PAGE_SIZE = 20;

/** Metadata and page ask for the same page of messages, so they share one API call. */
async function load(params: CampaignParams, searchParams: SearchParams) {
  const page = parsePage((await searchParams).page);
  return { page, ...(await loadCampaign(params, page, PAGE_SIZE)) };
}

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: CampaignParams;
  searchParams: SearchParams;
}): Promise<Metadata> {
  const { locale, campaign } = await load(params, searchParams);
  return campaignSubpageMetadata(campaign, locale, 'campaign.messages', campaignMessagesPath(campaign.id));
}

export default async function CampaignMessagesPage({ params, searchParams }: { params: CampaignParams; searchParams: SearchParams }) {
  const { page, locale, campaign } = await load(params, searchParams);
  const t = await getTranslations({ locale, namespace: 'campaign.messages' });
  return (
    <CampaignListSubpage
      campaign={campaign}
      title={t('title')}
      countText={t('count', { count: campaign.message_count })}
      countTestId="message-count"
      pathname={campaignMessagesPath(campaign.id)}
      paging={{ page, pageSize: PAGE_SIZE, count: campaign.message_count }}
    >
      <CampaignMessageList messages={campaign.messages} empty={t('empty')} />
    </CampaignListSubpage>
  );
}
