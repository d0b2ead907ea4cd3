// The portfolio's Open Graph card (ADR 020); Next links it from the page's metadata.
import { fetchPortfolio } from '@/features/portfolio/fetch-portfolios';
import { resolveLayoutLocale } from '@/i18n/resolve-locale';
import { ogImageContentType, ogImageResponse, ogImageSize } from '@/lib/og-image';
import { pathIdOf } from '@/lib/page-record';

export const size = ogImageSize;
export const contentType = ogImageContentType;

export default async function Image({ params }: { params: Promise<{ locale: string; id: string }> }) {
  const locale = await resolveLayoutLocale(params);
  const portfolioId = pathIdOf((await params).id);
  const portfolio = portfolioId === undefined ? null : await fetchPortfolio(portfolioId, locale);
  return ogImageResponse(locale, 'portfolio', portfolio && { title: portfolio.name, subtitle: portfolio.description });
}
