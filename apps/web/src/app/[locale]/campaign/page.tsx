// /campaign (spec §2): published campaigns with their funding progress, paginated.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { Pagination } from '@/components/ui/pagination';
import { parsePage } from '@/components/ui/pagination-math';
import { CampaignCard } from '@/features/campaign/campaign-card';
import { fetchCampaigns } from '@/features/campaign/fetch-campaigns';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { CardGrid } from '../_components/card-grid';
import type { SearchParams } from '../_components/search-params';

const PAGE_SIZE = 12;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'campaign' });
  return { title: t('listTitle') };
}

export default async function CampaignListPage({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }) {
  const lang = await resolveLocale(params);
  const page = parsePage((await searchParams).page);
  const t = await getTranslations('campaign');
  const list = await fetchCampaigns({ lang, page, pageSize: PAGE_SIZE, status: 'published' });

  return (
    <PageContainer>
      <PageHeading title={t('listTitle')} lead={t('listLead')} />
      <CardGrid empty={t('empty')} items={list.results.map((campaign) => <CampaignCard key={campaign.id} campaign={campaign} />)} />
      <Pagination pathname="/campaign" query={{}} page={page} pageSize={list.page_size} count={list.count} />
    </PageContainer>
  );
}
