import type { api } from '@kifu/domain';
import { serverGet } from '@/lib/api-server';
import type { AppLocale } from '@/i18n/routing';

export function fetchPortfolios(options: { lang: AppLocale; page?: number; pageSize?: number }) {
  return serverGet<api.PortfolioList>('/portfolio/', { lang: options.lang, page: options.page, page_size: options.pageSize });
}
