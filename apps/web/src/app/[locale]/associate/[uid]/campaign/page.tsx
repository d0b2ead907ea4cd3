// /associate/{uid}/campaign (spec §2): the associate's public campaigns (GET /campaign/?associate={uid}),
// newest first, narrowed by status (open or closed) through plain links; each card marks a closed one.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Pagination } from '@/components/ui/pagination';
import { parsePage } from '@/components/ui/pagination-math';
import { associateHref, createCampaignHref } from '@/features/associate/associate-links';
import { AssociatePageFrame } from '@/features/associate/associate-page-frame';
import { fetchAssociateCampaigns, type CampaignStatusFilter } from '@/features/associate/fetch-associate';
import { associatePageMetadata, loadAssociatePage, type AssociateParams } from '@/features/associate/load-associate-page';
import { TabLinks } from '@/features/associate/tab-links';
import { CampaignCard } from '@/features/campaign/campaign-card';
import { CardGrid } from '../../../_components/card-grid';
import { Link } from '@/i18n/navigation';
import { firstParam, type SearchParams } from '@/lib/search-params';

// Reads its query string: rendered per request, on cached API answers (ADR 020).
export const dynamic = 'force-dynamic';

const PAGE_SIZE = 12;
const STATUS_FILTERS = ['all', 'published', 'closed'] as const;

function statusOf(raw: string | undefined): CampaignStatusFilter {
  return raw === 'published' || raw === 'closed' ? raw : undefined;
}

export async function generateMetadata({ params }: { params: AssociateParams }): Promise<Metadata> {
  const { locale, associate } = await loadAssociatePage(params);
  const t = await getTranslations({ locale, namespace: 'associatePages.campaigns' });
  return associatePageMetadata({
    associate,
    section: t('title'),
    description: t('description', { name: associate.name }),
    href: associateHref(associate.uid, 'campaigns'),
    locale,
  });
}

export default async function AssociateCampaignsPage({ params, searchParams }: { params: AssociateParams; searchParams: SearchParams }) {
  const { locale, associate } = await loadAssociatePage(params);
  const query = await searchParams;
  const status = statusOf(firstParam(query.status));
  const page = parsePage(query.page);
  const t = await getTranslations({ locale, namespace: 'associatePages.campaigns' });
  const detail = await getTranslations({ locale, namespace: 'associatePages.detail' });
  const list = await fetchAssociateCampaigns({ uid: associate.uid, lang: locale, page, pageSize: PAGE_SIZE, status });
  const pathname = associateHref(associate.uid, 'campaigns');
  return (
    <AssociatePageFrame associate={associate} active="campaigns" crumbs={[{ label: t('title') }]}>
      <section aria-labelledby="associate-campaigns-title">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="associate-campaigns-title" className="text-xl font-bold">
            {t('title')}
          </h2>
          <nav aria-label={t('filter')}>
            <TabLinks
              look="pills"
              testId="campaign-status-filter"
              links={STATUS_FILTERS.map((filter) => ({
                key: filter,
                href: filter === 'all' ? pathname : { pathname, query: { status: filter } },
                label: t(filter),
                current: (status ?? 'all') === filter,
              }))}
            />
          </nav>
        </div>
        <div className="mb-4 mt-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-semibold" data-testid="campaign-count">
            {t('count', { count: list.count })}
          </p>
          {/* Campaigns by supporters start from the associate (ADR 036). */}
          <Link
            href={createCampaignHref(associate.uid)}
            className="text-sm font-semibold text-brand-700 underline underline-offset-2"
            data-testid="associate-campaigns-start"
          >
            {detail('startCampaign')}
          </Link>
        </div>
        <CardGrid
          empty={t('empty')}
          items={list.results.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} />
          ))}
        />
        <Pagination pathname={pathname} query={status ? { status } : {}} page={page} pageSize={list.page_size} count={list.count} />
      </section>
    </AssociatePageFrame>
  );
}
