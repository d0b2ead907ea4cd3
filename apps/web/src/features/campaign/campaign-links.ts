// Where a campaign's pages and its support form live (spec §2). The donate form reads
// ?campaign={id} and offers the campaign's rewards itself; it takes no reward parameter
// (features/donate), so a reward links to the same form.
import type { api } from '@kifu/domain';

type Campaign = Pick<api.CampaignSummary, 'id' | 'associate'>;

export const campaignPath = (id: number) => `/campaign/${id}`;
export const campaignReportsPath = (id: number) => `/campaign/${id}/report`;
export const campaignReportPath = (id: number, reportId: number) => `/campaign/${id}/report/${reportId}`;
export const campaignMessagesPath = (id: number) => `/campaign/${id}/message`;
export const associatePath = (uid: string) => `/associate/${encodeURIComponent(uid)}`;
/** A campaign of one's own for the associate (ADR 036). */
export const createCampaignPath = (uid: string) => `${associatePath(uid)}/create-campaign`;

export function campaignDonateHref(campaign: Campaign) {
  return { pathname: `${associatePath(campaign.associate.uid)}/donate`, query: { campaign: String(campaign.id) } };
}
