// Top page (spec §2 "/"): hero, featured campaigns, explore by social challenge, associates, portfolios,
// the three audiences of the footer, and the popup banner of the remote configuration (shown after load).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AssociateCard } from '@/features/associate/associate-card';
import { fetchAssociates } from '@/features/associate/fetch-associates';
import { fetchSocialChallengeCounts } from '@/features/associate/fetch-social-challenge-counts';
import { SocialChallengeChips } from '@/features/associate/social-challenge-chips';
import { CampaignCard } from '@/features/campaign/campaign-card';
import { fetchCampaigns } from '@/features/campaign/fetch-campaigns';
import { fetchPortfolios } from '@/features/portfolio/fetch-portfolios';
import { PortfolioCard } from '@/features/portfolio/portfolio-card';
import { fetchLandingUrls } from '@/features/site-config/fetch-global-config';
import { PopupBanner } from '@/features/site-config/popup-banner';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { pageAlternates } from '@/lib/page-metadata';
import { settle } from '@/lib/settle';
import { HomeAudiences } from './_components/home-audiences';
import { HomeHero } from './_components/home-hero';
import { HomeSection } from './_components/home-section';
import { SectionUnavailable } from './_components/section-unavailable';

// A cached page (ADR 020): rendered on first visit, refreshed from its data. A section whose call
// failed shows as unavailable until the next refresh, a minute at most.
export const revalidate = 60;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale });
  // The layout's title template does not reach a page in its own segment, so compose it here.
  return { title: { absolute: `${t('top.title')} | ${t('site.name')}` }, alternates: pageAlternates('/', locale) };
}

const grid = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3';

export default async function HomePage({ params }: { params: LocaleParams }) {
  const lang = await resolveLocale(params);
  const t = await getTranslations('top');
  const tBanner = await getTranslations('popupBanner');
  const [campaigns, challenges, associates, portfolios, landing] = await Promise.all([
    settle(fetchCampaigns({ lang, status: 'published', pageSize: 6 })),
    settle(fetchSocialChallengeCounts(lang)),
    settle(fetchAssociates({ lang, pageSize: 6 })),
    settle(fetchPortfolios({ lang, pageSize: 3 })),
    fetchLandingUrls(lang),
  ]);

  return (
    <>
      <HomeHero />
      <HomeAudiences urls={landing} />
      <HomeSection id="campaigns" title={t('featuredCampaigns')} seeAllHref="/campaign">
        {campaigns.ok ? (
          <ul className={grid}>
            {campaigns.value.results.map((campaign) => (
              <li key={campaign.id}>
                <CampaignCard campaign={campaign} />
              </li>
            ))}
          </ul>
        ) : (
          <SectionUnavailable />
        )}
      </HomeSection>
      <HomeSection id="social-challenges" title={t('exploreBySocialChallenge')} seeAllHref="/explore/associate/social-challenge">
        {challenges.ok ? <SocialChallengeChips challenges={challenges.value} /> : <SectionUnavailable />}
      </HomeSection>
      <HomeSection id="associates" title={t('associates')} seeAllHref="/associate">
        {associates.ok ? (
          <ul className={grid}>
            {associates.value.results.map((associate) => (
              <li key={associate.uid}>
                <AssociateCard associate={associate} />
              </li>
            ))}
          </ul>
        ) : (
          <SectionUnavailable />
        )}
      </HomeSection>
      <HomeSection id="portfolios" title={t('portfolios')} lead={t('portfoliosLead')} seeAllHref="/portfolio">
        {portfolios.ok ? (
          <ul className={grid}>
            {portfolios.value.results.map((portfolio) => (
              <li key={portfolio.id}>
                <PortfolioCard portfolio={portfolio} />
              </li>
            ))}
          </ul>
        ) : (
          <SectionUnavailable />
        )}
      </HomeSection>
      <PopupBanner labels={{ dialog: tBanner('dialog'), close: tBanner('close'), newTabHint: tBanner('opensInNewTab') }} />
    </>
  );
}
