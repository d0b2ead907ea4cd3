// /portfolio/{id}/donate[/payment|/confirmation|/contribution] (spec §2 "Donation flow"): one gift
// split across the portfolio's associates by its current composition, Amount → Info → Confirm →
// Done with the associate flow's path segments; card (single, monthly) and bank transfer (single),
// no reward, membership, wallet pay or survey (ADR 010). The proxy sends it with the card-form CSP.
import { AUTH_COOKIE_NAME } from '@kifu/domain/constants';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { DonateForm } from '@/features/donate/donate-form';
import { routeFromSegments } from '@/features/donate/steps/donate-steps';
import { toPortfolioTarget } from '@/features/donate/portfolio/portfolio-target';
import { fetchPortfolio } from '@/features/portfolio/fetch-portfolios';

import { getPathname } from '@/i18n/navigation';
import { resolveLocale } from '@/i18n/resolve-locale';
import { env, toPaymentClientEnv } from '@/lib/env';
import { pathIdOf } from '@/lib/page-record';
import { ClientMessages } from '@/i18n/client-messages';

export const dynamic = 'force-dynamic';

type Params = Promise<{ locale: string; id: string; step?: string[] }>;

async function load(params: Params) {
  const locale = await resolveLocale(params);
  const { id, step } = await params;
  const portfolioId = pathIdOf(id);
  // A portfolio has no membership flow.
  if (portfolioId === undefined || routeFromSegments(step)?.flow !== 'donation') notFound();
  // The route joins the two features: the portfolio as the portfolio pages read it, slimmed to
  // what the form shows. No such page (404): unknown, unpublished, or nothing to split across;
  // other API failures propagate to the error page.
  const portfolio = await fetchPortfolio(portfolioId, locale);
  const target = portfolio && toPortfolioTarget(portfolio);
  if (!target?.portfolio) notFound();
  return { locale, target, portfolio: target.portfolio };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, portfolio } = await load(params);
  const t = await getTranslations({ locale, namespace: 'donate' });
  return { title: { absolute: `${t('pageTitle')} | ${portfolio.name}` }, robots: { index: false } };
}

export default async function PortfolioDonatePage({ params }: { params: Params }) {
  const { locale, target, portfolio } = await load(params);
  const basePath = getPathname({ href: `/portfolio/${portfolio.id}/donate`, locale });
  return (
    <ClientMessages add={['donate', 'progress']}>
      <DonateForm
        target={target}
        basePath={basePath}
        payment={toPaymentClientEnv(env)}
        hasSession={(await cookies()).has(AUTH_COOKIE_NAME)}
      />
    </ClientMessages>
  );
}
