// /associate (spec §2): every listed associate, optionally filtered by social challenge, paginated.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { Pagination } from '@/components/ui/pagination';
import { parsePage } from '@/components/ui/pagination-math';
import { AssociateCard } from '@/features/associate/associate-card';
import { fetchAssociates } from '@/features/associate/fetch-associates';
import { Link } from '@/i18n/navigation';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { CardGrid } from '../_components/card-grid';
import { firstParam, type SearchParams } from '../_components/search-params';

export const dynamic = 'force-dynamic';
const PAGE_SIZE = 12;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'associate' });
  return { title: t('listTitle') };
}

export default async function AssociateListPage({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }) {
  const lang = await resolveLocale(params);
  const query = await searchParams;
  const page = parsePage(query.page);
  const socialChallenge = firstParam(query.social_challenge);
  const t = await getTranslations('associate');
  const list = await fetchAssociates({ lang, page, pageSize: PAGE_SIZE, socialChallenge });
  const challengeName = socialChallenge
    ? (list.results.flatMap((a) => a.social_challenges).find((c) => c.slug === socialChallenge)?.name ?? socialChallenge)
    : undefined;

  return (
    <PageContainer>
      <PageHeading title={t('listTitle')} lead={t('listLead')}>
        <p className="mt-4 flex flex-wrap items-center gap-3 text-sm">
          <span className="font-semibold" data-testid="associate-count">
            {challengeName ? t('filteredBy', { name: challengeName }) : null} {t('count', { count: list.count })}
          </span>
          {socialChallenge ? (
            <Link href="/associate" className="text-brand-700 underline">
              {t('clearFilter')}
            </Link>
          ) : null}
        </p>
      </PageHeading>
      <CardGrid empty={t('empty')} items={list.results.map((associate) => <AssociateCard key={associate.uid} associate={associate} />)} />
      <Pagination
        pathname="/associate"
        query={socialChallenge ? { social_challenge: socialChallenge } : {}}
        page={page}
        pageSize={list.page_size}
        count={list.count}
      />
    </PageContainer>
  );
}
