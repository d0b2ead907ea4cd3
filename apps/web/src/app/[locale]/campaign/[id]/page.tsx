// /campaign/{id} (spec §2, ADR 017): a released campaign, server-rendered and readable
// without client JavaScript: main visual, title, associate, the figures (raised, goal, progress,
// supporters, time left, stretch goal), custom author, story, usage of funds, rewards, latest
// reports and messages, and the way to its support form (features/campaign/campaign-article.tsx).
// Unknown or draft → 404.
import { CAMPAIGN_PAGE_MESSAGES } from '@kifu/domain/constants';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/ui/page-container';
import { CampaignArticle } from '@/features/campaign/campaign-article';
import { campaignPath } from '@/features/campaign/campaign-links';
import { loadCampaign, type CampaignParams } from '@/features/campaign/campaign-params';
import { fetchSupportFundings } from '@/features/campaign/fetch-campaigns';
import { Link } from '@/i18n/navigation';
import { metaDescription } from '@/lib/meta-description';
import { pageAlternates } from '@/lib/page-metadata';
import { noPathsAtBuild } from '@/lib/cached-page';

export const revalidate = 60; // cached page, ADR 020 (src/lib/cached-page.ts)
export const generateStaticParams = noPathsAtBuild;

const load = (params: CampaignParams) => loadCampaign(params, 1, CAMPAIGN_PAGE_MESSAGES);

export async function generateMetadata({ params }: { params: CampaignParams }): Promise<Metadata> {
  const { locale, campaign } = await load(params);
  return {
    title: campaign.title,
    description: metaDescription(campaign.summary || campaign.body),
    alternates: pageAlternates(campaignPath(campaign.id), locale),
  };
}

export default async function CampaignPage({ params }: { params: CampaignParams }) {
  const { locale, campaign } = await load(params);
  const [t, fundings] = await Promise.all([getTranslations({ locale, namespace: 'campaign' }), fetchSupportFundings(campaign.id, locale)]);
  return (
    <PageContainer className="pb-16">
      <nav className="mt-6 text-sm" aria-label={t('detail.breadcrumb')}>
        <Link href="/campaign" className="text-muted hover:text-brand-700 hover:underline">
          {t('listTitle')}
        </Link>
      </nav>
      <CampaignArticle campaign={campaign} fundings={fundings} />
    </PageContainer>
  );
}
