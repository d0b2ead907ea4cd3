// /associate/{uid} (spec §2, ADR 016): a published associate's page, server-rendered
// and readable without client JavaScript: header (visual, logo, name, catch copy, type,
// prefecture, challenges, deductible or not, supporters), description, profile, donation setting and
// prices, membership plans, the ways to donate, organisation facts and related portfolios.
// Unknown or unpublished → 404.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button-styles';
import { createCampaignHref, donateHref } from '@/features/associate/associate-links';
import { AssociateFacts } from '@/features/associate/associate-facts';
import { AssociatePageFrame, AssociateSection } from '@/features/associate/associate-page-frame';
import { DonationPrices } from '@/features/associate/donation-prices';
import { loadAssociatePage, associatePageMetadata, type AssociateParams } from '@/features/associate/load-associate-page';
import { MembershipPlanList } from '@/features/associate/membership-plan-list';
import { Paragraphs } from '@/features/associate/paragraphs';
import { fetchPortfolio } from '@/features/portfolio/fetch-portfolios';
import { PortfolioCard } from '@/features/portfolio/portfolio-card';
import { Link } from '@/i18n/navigation';
import { settle } from '@/lib/settle';
import { noPathsAtBuild } from '@/lib/cached-page';

export const revalidate = 60; // cached page, ADR 020 (src/lib/cached-page.ts)
export const generateStaticParams = noPathsAtBuild;

export async function generateMetadata({ params }: { params: AssociateParams }): Promise<Metadata> {
  const { locale, associate } = await loadAssociatePage(params);
  return associatePageMetadata({
    associate,
    description: associate.catch_copy || associate.description,
    href: `/associate/${associate.uid}`,
    locale,
  });
}

export default async function AssociatePage({ params }: { params: AssociateParams }) {
  const { locale, associate } = await loadAssociatePage(params);
  const t = await getTranslations({ locale, namespace: 'associatePages.detail' });
  // Related portfolios are extra: one that fails to load is left out rather than failing the page.
  const portfolios = (await Promise.all(associate.portfolio_ids.map((id) => settle(fetchPortfolio(id, locale)))))
    .map((result) => (result.ok ? result.value : null))
    .filter((portfolio) => portfolio !== null);
  return (
    <AssociatePageFrame associate={associate} active="overview">
      <div className="flex flex-col gap-12">
        {associate.description ? (
          <AssociateSection id="associate-about" title={t('about')}>
            <Paragraphs text={associate.description} testId="associate-description" />
          </AssociateSection>
        ) : null}
        {associate.profile ? (
          <AssociateSection id="associate-profile" title={t('profile')}>
            <Paragraphs text={associate.profile} testId="associate-profile" />
          </AssociateSection>
        ) : null}
        <AssociateSection id="associate-prices" title={t('prices')}>
          <DonationPrices setting={associate.donation_setting} />
        </AssociateSection>
        {associate.membership_plans.length > 0 ? (
          <AssociateSection id="associate-membership" title={t('membership')} testId="associate-membership">
            <MembershipPlanList uid={associate.uid} plans={associate.membership_plans} />
          </AssociateSection>
        ) : null}
        <AssociateSection id="associate-facts-title" title={t('facts')}>
          <AssociateFacts associate={associate} />
        </AssociateSection>
        {portfolios.length > 0 ? (
          <AssociateSection id="associate-portfolios" title={t('portfolios')} testId="associate-portfolios">
            <p className="mb-4 text-sm text-muted">{t('portfoliosLead')}</p>
            <ul className="grid gap-5 sm:grid-cols-2">
              {portfolios.map((portfolio) => (
                <li key={portfolio.id}>
                  <PortfolioCard portfolio={portfolio} />
                </li>
              ))}
            </ul>
          </AssociateSection>
        ) : null}
        <div className="rounded-2xl bg-brand-50 p-6 text-center">
          <p className="mb-4 font-semibold">{t('donateLead', { name: associate.name })}</p>
          <Link
            href={donateHref(associate.uid)}
            className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}
            data-testid="associate-donate-bottom"
          >
            {t('donate')}
          </Link>
        </div>
        {/* Campaigns by supporters (ADR 036) start here, as /mypage/campaigns tells them. */}
        <div className="rounded-2xl border border-slate-200 p-6 text-center" data-testid="associate-start-campaign">
          <p className="mb-4">{t('startCampaignLead', { name: associate.name })}</p>
          <Link
            href={createCampaignHref(associate.uid)}
            className={buttonClasses({ variant: 'secondary', className: 'w-full sm:w-auto' })}
            data-testid="associate-start-campaign-link"
          >
            {t('startCampaign')}
          </Link>
        </div>
      </div>
    </AssociatePageFrame>
  );
}
