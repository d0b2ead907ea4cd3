// /explore/associate/social-challenge/{slug} (spec §2): the published associates working on one
// social challenge, paginated, with a way on to the full search; an unknown slug is a 404.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { Pagination } from '@/components/ui/pagination';
import { parsePage } from '@/components/ui/pagination-math';
import { AssociateCard } from '@/features/associate/associate-card';
import { socialChallengeHref } from '@/features/associate/associate-links';
import { fetchAssociates } from '@/features/associate/fetch-associates';
import { fetchSocialChallengeCounts } from '@/features/associate/fetch-social-challenge-counts';
import { Link } from '@/i18n/navigation';
import { resolveLocale } from '@/i18n/resolve-locale';
import { pageAlternates } from '@/lib/page-metadata';
import { CardGrid } from '../../../../_components/card-grid';
import type { SearchParams } from '@/lib/search-params';

// Reads its query string: rendered per request, on cached API answers (ADR 020).
export const dynamic = 'force-dynamic';

const PAGE_SIZE = 12;

type Params = Promise<{ locale: string; slug: string }>;

async function load(params: Params) {
  const locale = await resolveLocale(params);
  const { slug } = await params;
  const challenge = (await fetchSocialChallengeCounts(locale, 'all')).find((each) => each.slug === slug);
  if (!challenge) notFound();
  return { locale, challenge };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, challenge } = await load(params);
  const t = await getTranslations({ locale, namespace: 'associatePages.explore' });
  return {
    title: t('challengeTitle', { name: challenge.name }),
    description: t('challengeLead', { name: challenge.name }),
    alternates: pageAlternates(socialChallengeHref(challenge.slug), locale),
  };
}

export default async function SocialChallengeAssociatesPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { locale, challenge } = await load(params);
  const page = parsePage((await searchParams).page);
  const t = await getTranslations({ locale, namespace: 'associatePages.explore' });
  const tAssociate = await getTranslations({ locale, namespace: 'associate' });
  const tDetail = await getTranslations({ locale, namespace: 'associatePages.detail' });
  const list = await fetchAssociates({ lang: locale, page, pageSize: PAGE_SIZE, socialChallenge: challenge.slug });
  return (
    <PageContainer>
      <nav className="mt-6 text-sm" aria-label={tDetail('breadcrumb')}>
        <Link href="/explore/associate/social-challenge" className="text-muted hover:text-brand-700 hover:underline">
          {t('all')}
        </Link>
      </nav>
      <PageHeading title={t('challengeTitle', { name: challenge.name })} lead={t('challengeLead', { name: challenge.name })}>
        <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span className="font-semibold" data-testid="associate-count">
            {tAssociate('count', { count: list.count })}
          </span>
          <Link
            href={{ pathname: '/associate', query: { social_challenge: challenge.slug } }}
            className="text-brand-700 underline"
            data-testid="refine-search"
          >
            {t('refine')}
          </Link>
        </p>
      </PageHeading>
      <CardGrid
        empty={t('empty')}
        items={list.results.map((associate) => (
          <AssociateCard key={associate.uid} associate={associate} />
        ))}
      />
      <Pagination pathname={socialChallengeHref(challenge.slug)} query={{}} page={page} pageSize={list.page_size} count={list.count} />
    </PageContainer>
  );
}
