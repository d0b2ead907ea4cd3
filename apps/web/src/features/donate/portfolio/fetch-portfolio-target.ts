// Server side: the portfolio a donate page is for, slimmed to what the form shows. null means
// "no such page" (404: unknown, unpublished, or nothing to split across); other API failures
// propagate to the error page.
import { cache } from 'react';
import { fetchPortfolio } from '@/features/portfolio/fetch-portfolios';
import type { AppLocale } from '@/i18n/routing';
import type { DonateTarget } from '../donate-target';
import { toPortfolioTarget } from './portfolio-target';

export const fetchPortfolioTarget = cache(async (id: number, lang: AppLocale): Promise<DonateTarget | null> => {
  const portfolio = await fetchPortfolio(id, lang);
  return portfolio ? toPortfolioTarget(portfolio) : null;
});
