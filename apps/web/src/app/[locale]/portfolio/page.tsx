// /portfolio (spec §2): portfolios, each a themed bundle of associates supported with one gift.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { Pagination } from '@/components/ui/pagination';
import { parsePage } from '@/components/ui/pagination-math';
import { fetchPortfolios } from '@/features/portfolio/fetch-portfolios';
import { PortfolioCard } from '@/features/portfolio/portfolio-card';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { CardGrid } from '../_components/card-grid';
import type { SearchParams } from '@/lib/search-params';

// Reads its query string: rendered per request, on cached API answers (ADR 020).
export const dynamic = 'force-dynamic';

const PAGE_SIZE = 12;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'portfolio' });
  return { title: t('title') };
}

export default async function PortfolioListPage({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }) {
  const lang = await resolveLocale(params);
  const page = parsePage((await searchParams).page);
  const t = await getTranslations('portfolio');
  const list = await fetchPortfolios({ lang, page, pageSize: PAGE_SIZE });

  return (
    <PageContainer>
      <PageHeading title={t('title')} lead={t('lead')} />
      <CardGrid
        empty={t('empty')}
        items={list.results.map((portfolio) => (
          <PortfolioCard key={portfolio.id} portfolio={portfolio} />
        ))}
      />
      <Pagination pathname="/portfolio" query={{}} page={page} pageSize={list.page_size} count={list.count} />
    </PageContainer>
  );
}
