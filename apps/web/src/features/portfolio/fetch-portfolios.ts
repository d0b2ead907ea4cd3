import type { api } from '@kifu/domain';
import { cache } from 'react';

import { publicGet } from '@/lib/api-server';
import type { AppLocale } from '@/i18n/routing';
import { orNull } from '@/lib/page-record';

export function fetchPortfolios(options: { lang: AppLocale; page?: number; pageSize?: number }) {
  return publicGet<api.PortfolioList>('/portfolio/', { lang: options.lang, page: options.page, page_size: options.pageSize });
}

/** One published portfolio, or null when the API does not know it (unknown or unpublished: 404). */
export const fetchPortfolio = cache((id: number, lang: AppLocale): Promise<api.PortfolioDetail | null> =>
  orNull(publicGet<api.PortfolioDetail>(`/portfolio/${id}/`, { lang })),
);
