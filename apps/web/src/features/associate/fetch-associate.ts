// Server side: one associate's page data. null means "no such page" (404: unknown, unpublished or
// malformed id); other API failures propagate to the error page. Cached per request, because
// generateMetadata and the page both ask.
import type { api } from '@kifu/domain';
import { cache } from 'react';

import { publicGet } from '@/lib/api-server';
import type { AppLocale } from '@/i18n/routing';
import { orNull } from '@/lib/page-record';

export const fetchAssociate = cache((uid: string, lang: AppLocale): Promise<api.AssociateDetail | null> =>
  orNull(publicGet<api.AssociateDetail>(`/associate/${encodeURIComponent(uid)}/`, { lang })),
);

export const fetchAssociateVision = cache((uid: string, lang: AppLocale): Promise<api.AssociateVision | null> =>
  orNull(publicGet<api.AssociateVision>(`/associate/${encodeURIComponent(uid)}/vision/`, { lang })),
);

export const fetchAssociateBusiness = cache((id: number, lang: AppLocale): Promise<api.AssociateBusinessDetail | null> =>
  orNull(publicGet<api.AssociateBusinessDetail>(`/associate/business/${id}/`, { lang })),
);

export type CampaignStatusFilter = 'published' | 'closed' | undefined;

/** The associate's public campaigns (drafts never appear), newest first, optionally by status. */
export function fetchAssociateCampaigns(options: {
  uid: string;
  lang: AppLocale;
  page: number;
  pageSize: number;
  status: CampaignStatusFilter;
}) {
  return publicGet<api.CampaignList>('/campaign/', {
    associate: options.uid,
    lang: options.lang,
    page: options.page,
    page_size: options.pageSize,
    status: options.status,
  });
}
