// Server-side reads of the campaign calls (spec §7). A 404 (unknown or draft campaign, draft report,
// report of another campaign) comes back as null so the page can answer notFound().
import type { api } from '@kifu/domain';
import { cache } from 'react';

import { publicGet } from '@/lib/api-server';
import type { AppLocale } from '@/i18n/routing';
import type { CampaignFilters } from './campaign-filters';
import { orNull } from '@/lib/page-record';

export function fetchCampaigns(options: { lang: AppLocale; page?: number; pageSize?: number } & CampaignFilters) {
  return publicGet<api.CampaignList>('/campaign/', {
    lang: options.lang,
    page: options.page,
    page_size: options.pageSize,
    status: options.status,
    type: options.type,
  });
}

/**
 * One released campaign with one page of its supporters' messages. Cached per request, so a
 * page's metadata and body share the call when they ask for the same page of messages.
 */
export const fetchCampaign = cache(
  (id: number, lang: AppLocale, messagePage = 1, messagePageSize = 20): Promise<api.CampaignDetail | null> =>
    orNull(publicGet<api.CampaignDetail>(`/campaign/${id}/`, { lang, message_page: messagePage, message_page_size: messagePageSize })),
);

export const fetchCampaignReports = cache(
  (id: number, lang: AppLocale, page: number, pageSize: number): Promise<api.CampaignReportList | null> =>
    orNull(publicGet<api.CampaignReportList>(`/campaign/${id}/reports/`, { lang, page, page_size: pageSize })),
);

export const fetchCampaignReport = cache((id: number, reportId: number, lang: AppLocale): Promise<api.CampaignReportDetail | null> =>
  orNull(publicGet<api.CampaignReportDetail>(`/campaign/${id}/reports/${reportId}/`, { lang })),
);

/** The supporters' fundraisers for a campaign; null when they cannot be read (the page goes on without them). */
export const fetchSupportFundings = cache((id: number, lang: AppLocale): Promise<api.SupportFundingList | null> =>
  publicGet<api.SupportFundingList>('/campaign/support-funding/', { campaign: id, lang }).catch(() => null),
);
