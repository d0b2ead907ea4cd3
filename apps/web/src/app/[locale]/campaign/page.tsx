// /campaign (spec §2): released campaigns with their funding progress, filtered by type and phase
// (open by default) through a GET form that works without JavaScript, counted and paginated with
// the filters kept in the paging links.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { Pagination } from '@/components/ui/pagination';
import { parsePage } from '@/components/ui/pagination-math';
import { CampaignCard } from '@/features/campaign/campaign-card';
import { CampaignFilterForm } from '@/features/campaign/campaign-filter-form';
import { filterQuery, parseCampaignFilters } from '@/features/campaign/campaign-filters';
import { fetchCampaigns } from '@/features/campaign/fetch-campaigns';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { CardGrid } from '../_components/card-grid';
import type { SearchParams } from '@/lib/search-params';

// Reads its query string: rendered per request, on cached API answers (ADR 020).
export const dynamic = 'force-dynamic';

// Three rows of the three-column grid.
const PAGE_SIZE = 9;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'campaign' });
  return { title: t('listTitle'), description: t('listLead') };
}

export default async function CampaignListPage({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }) {
  const lang = await resolveLocale(params);
  const query = await searchParams;
  const page = parsePage(query.page);
  const { filters, statusChoice } = parseCampaignFilters(query);
  const kept = filterQuery(filters, statusChoice);
  const filtered = Object.keys(kept).length > 0;
  const t = await getTranslations('campaign');
  const list = await fetchCampaigns({ lang, page, pageSize: PAGE_SIZE, ...filters });

  return (
    <PageContainer>
      <PageHeading title={t('listTitle')} lead={t('listLead')}>
        <CampaignFilterForm filters={filters} statusChoice={statusChoice} filtered={filtered} />
        <p className="mt-4 text-sm font-semibold" data-testid="campaign-count">
          {t('count', { count: list.count })}
        </p>
      </PageHeading>
      <CardGrid
        empty={filtered ? t('emptyFiltered') : t('empty')}
        items={list.results.map((campaign) => (
          <CampaignCard key={campaign.id} campaign={campaign} />
        ))}
      />
      <Pagination pathname="/campaign" query={kept} page={page} pageSize={list.page_size} count={list.count} />
    </PageContainer>
  );
}
