// /associate (spec §2, ADR 016): published associates, searched by text (names and
// catch copy, ja and en), social challenge and organisation type, with the number found; the
// filters travel in the query string, so the form works as a plain GET and pagination keeps them.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { Pagination } from '@/components/ui/pagination';
import { AssociateCard } from '@/features/associate/associate-card';
import { filtersQuery, parseAssociateSearch } from '@/features/associate/associate-search';
import { AssociateSearchForm } from '@/features/associate/associate-search-form';
import { fetchAssociates } from '@/features/associate/fetch-associates';
import { fetchSocialChallengeCounts } from '@/features/associate/fetch-social-challenge-counts';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { pageAlternates } from '@/lib/page-metadata';
import { CardGrid } from '../_components/card-grid';
import type { SearchParams } from '@/lib/search-params';

// Reads its query string: rendered per request, on cached API answers (ADR 020).
export const dynamic = 'force-dynamic';

const PAGE_SIZE = 12;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'associate' });
  return { title: t('listTitle'), description: t('listLead'), alternates: pageAlternates('/associate', locale) };
}

export default async function AssociateListPage({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }) {
  const lang = await resolveLocale(params);
  const { page, ...filters } = parseAssociateSearch(await searchParams);
  const t = await getTranslations('associate');
  const tSearch = await getTranslations('associatePages.search');
  const [list, challenges] = await Promise.all([
    fetchAssociates({
      lang,
      page,
      pageSize: PAGE_SIZE,
      q: filters.q,
      socialChallenge: filters.socialChallenge,
      organisationType: filters.organisationType,
    }),
    fetchSocialChallengeCounts(lang, 'all'),
  ]);

  return (
    <PageContainer>
      <PageHeading title={t('listTitle')} lead={t('listLead')} />
      <AssociateSearchForm filters={filters} challenges={challenges} />
      <p className="mb-4 mt-6 text-sm font-semibold" data-testid="associate-count" role="status">
        {tSearch('resultCount', { count: list.count })}
      </p>
      <CardGrid
        empty={t('empty')}
        items={list.results.map((associate) => (
          <AssociateCard key={associate.uid} associate={associate} />
        ))}
      />
      <Pagination pathname="/associate" query={filtersQuery(filters)} page={page} pageSize={list.page_size} count={list.count} />
    </PageContainer>
  );
}
