import type { api } from '@kifu/domain';
import { cache } from 'react';
import { orNull } from '@/features/donate/fetch-donate-target';
import { publicGet } from '@/lib/api-server';
import type { AppLocale } from '@/i18n/routing';

export function fetchPortfolios(options: { lang: AppLocale; page?: number; pageSize?: number }) {
  return publicGet<api.PortfolioList>('/portfolio/', { lang: options.lang, page: options.page, page_size: options.pageSize });
}

/** A portfolio id from the path, or undefined when it is not one. */
export function portfolioIdOf(raw: string): number | undefined {
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

/** One published portfolio, or null when the API does not know it (unknown or unpublished: 404). */
export const fetchPortfolio = cache((id: number, lang: AppLocale): Promise<api.PortfolioDetail | null> => orNull(publicGet<api.PortfolioDetail>(`/portfolio/${id}/`, { lang })));
