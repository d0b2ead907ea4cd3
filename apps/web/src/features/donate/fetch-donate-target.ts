// Server side: the associate (and campaign) a donate page is for, slimmed to what the form shows.
// null means "no such page" (404); other API failures propagate to the error page.
import type { api } from '@kifu/domain';
import { cache } from 'react';
import type { AppLocale } from '@/i18n/routing';
import { serverGet } from '@/lib/api-server';
import { toDonateTarget, type DonateTarget } from './donate-target';
import { orNull } from '@/lib/page-record';

/** A campaign id from the `campaign` query parameter, or undefined when there is none or it is malformed. */
export function campaignIdOf(raw: string | string[] | undefined): number | undefined | 'invalid' {
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{1,9}$/.test(value) || Number(value) === 0) return 'invalid';
  return Number(value);
}

export const fetchDonateTarget = cache(
  async (uid: string, campaignId: number | undefined, lang: AppLocale): Promise<DonateTarget | null> => {
    const [associate, campaign] = await Promise.all([
      orNull(serverGet<api.AssociateDetail>(`/associate/${encodeURIComponent(uid)}/`, { lang })),
      campaignId === undefined ? Promise.resolve(null) : orNull(serverGet<api.CampaignDetail>(`/campaign/${campaignId}/`, { lang })),
    ]);
    if (!associate) return null;
    if (campaignId !== undefined && (!campaign || campaign.associate.uid !== associate.uid)) return null;
    return toDonateTarget(associate, campaign);
  },
);
