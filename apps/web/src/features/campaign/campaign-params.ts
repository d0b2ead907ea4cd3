// The campaign a page under /campaign/{id} is about, from its path: an id that is not one, or a
// campaign the API does not show (unknown, draft), is the 404 page.
import type { api } from '@kifu/domain';
import { notFound } from 'next/navigation';
import { resolveLocale } from '@/i18n/resolve-locale';
import type { AppLocale } from '@/i18n/routing';
import { fetchCampaign } from './fetch-campaigns';
import { pathIdOf } from '@/lib/page-record';

export type CampaignParams = Promise<{ locale: string; id: string }>;

export async function loadCampaign(
  params: CampaignParams,
  messagePage?: number,
  messagePageSize?: number,
): Promise<{ locale: AppLocale; campaign: api.CampaignDetail }> {
  const locale = await resolveLocale(params);
  const id = pathIdOf((await params).id);
  const campaign = id === undefined ? null : await fetchCampaign(id, locale, messagePage, messagePageSize);
  if (!campaign) notFound();
  return { locale, campaign };
}
