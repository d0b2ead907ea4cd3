// Server side: the portfolio a donate page is for, slimmed to what the form shows. null means
// "no such page" (404: unknown, unpublished, or nothing to split across); other API failures
// propagate to the error page.
import type { api } from '@kifu/domain';
import { cache } from 'react';
import type { AppLocale } from '@/i18n/routing';
import { serverGet } from '@/lib/api-server';
import type { DonateTarget } from '../donate-target';
import { orNull } from '../fetch-donate-target';
import { toPortfolioTarget } from './portfolio-target';

/** A portfolio id from the path, or undefined when it is not one. */
export function portfolioIdOf(raw: string): number | undefined {
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

export const fetchPortfolioTarget = cache(async (id: number, lang: AppLocale): Promise<DonateTarget | null> => {
  const portfolio = await orNull(serverGet<api.PortfolioDetail>(`/portfolio/${id}/`, { lang }));
  return portfolio ? toPortfolioTarget(portfolio) : null;
});
