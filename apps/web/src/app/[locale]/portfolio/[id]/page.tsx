// /portfolio/{id} (spec §2, ADR 020): a published portfolio, server-rendered and
// readable without client JavaScript: its visual, text, composition (associates, their social
// challenges, the share each receives) and the way to its donate form. Unknown or unpublished → 404.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { buttonClasses } from '@/components/ui/button-styles';
import { PageContainer } from '@/components/ui/page-container';
import { Tag } from '@/components/ui/tag';
import { fetchPortfolio } from '@/features/portfolio/fetch-portfolios';
import { PortfolioCompositions } from '@/features/portfolio/portfolio-compositions';
import { Link } from '@/i18n/navigation';
import { resolveLocale } from '@/i18n/resolve-locale';
import { metaDescription } from '@/lib/meta-description';
import { noPathsAtBuild } from '@/lib/cached-page';
import { pageAlternates } from '@/lib/page-metadata';
import { pathIdOf } from '@/lib/page-record';

export const revalidate = 60; // cached page, ADR 020 (src/lib/cached-page.ts)
export const generateStaticParams = noPathsAtBuild;

type Params = Promise<{ locale: string; id: string }>;

async function load(params: Params) {
  const locale = await resolveLocale(params);
  const portfolioId = pathIdOf((await params).id);
  const portfolio = portfolioId === undefined ? null : await fetchPortfolio(portfolioId, locale);
  if (!portfolio) notFound();
  return { locale, portfolio };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, portfolio } = await load(params);
  return {
    title: portfolio.name,
    description: metaDescription(portfolio.description || portfolio.body),
    alternates: pageAlternates(`/portfolio/${portfolio.id}`, locale),
  };
}

export default async function PortfolioPage({ params }: { params: Params }) {
  const { locale, portfolio } = await load(params);
  const t = await getTranslations({ locale, namespace: 'portfolio' });
  const donateHref = `/portfolio/${portfolio.id}/donate`;
  const supportLink = (testId: string) => (
    <Link href={donateHref} className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })} data-testid={testId}>
      {t('detail.support')}
    </Link>
  );
  return (
    <PageContainer width="md" className="pb-16">
      <nav className="mt-6 text-sm" aria-label={t('detail.breadcrumb')}>
        <Link href="/portfolio" className="text-muted hover:text-brand-700 hover:underline">
          {t('title')}
        </Link>
      </nav>
      <article data-testid="portfolio-detail">
        <header className="mt-4">
          <img
            src={portfolio.main_visual_url}
            alt=""
            width={1280}
            height={720}
            fetchPriority="high"
            className="aspect-video w-full rounded-2xl bg-slate-100 object-cover"
          />
          <h1 className="mt-6 text-2xl font-bold leading-snug tracking-tight md:text-3xl">{portfolio.name}</h1>
          <p className="mt-3 leading-relaxed text-muted">{portfolio.description}</p>
          <div className="mt-4 flex flex-wrap gap-1.5">
            <Tag tone="brand">{t('associateCount', { count: portfolio.associate_count })}</Tag>
            {portfolio.social_challenges.map((challenge) => (
              <Tag key={challenge.slug}>{challenge.name}</Tag>
            ))}
          </div>
          <div className="mt-6">{supportLink('portfolio-support')}</div>
        </header>
        {portfolio.body ? (
          <div className="mt-8 flex flex-col gap-4 leading-relaxed" data-testid="portfolio-body">
            {portfolio.body.split(/\n{2,}/).map((paragraph, index) => (
              <p key={index} className="whitespace-pre-line">
                {paragraph}
              </p>
            ))}
          </div>
        ) : null}
        <section className="mt-10" aria-labelledby="portfolio-compositions-title">
          <h2 id="portfolio-compositions-title" className="text-xl font-bold">
            {t('detail.compositions')}
          </h2>
          <p className="mb-4 mt-1 text-sm text-muted">{t('detail.compositionsHint')}</p>
          <PortfolioCompositions compositions={portfolio.compositions} />
        </section>
        <div className="mt-10 rounded-2xl bg-brand-50 p-6 text-center">
          <p className="mb-4 font-semibold">{t('detail.supportLead', { name: portfolio.name })}</p>
          {supportLink('portfolio-support-bottom')}
        </div>
      </article>
    </PageContainer>
  );
}
