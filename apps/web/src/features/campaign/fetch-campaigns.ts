import type { api } from '@kifu/domain';
import { publicGet } from '@/lib/api-server';
import type { AppLocale } from '@/i18n/routing';

export function fetchCampaigns(options: { lang: AppLocale; page?: number; pageSize?: number; status?: 'published' | 'closed'; type?: number }) {
  return publicGet<api.CampaignList>('/campaign/', {
    lang: options.lang,
    page: options.page,
    page_size: options.pageSize,
    status: options.status,
    type: options.type,
  });
}
