// The /campaign list's filters (spec §2, ADR 017): campaign type and phase, read from the query
// string of a plain GET form so they work without JavaScript and survive paging. A value the API
// would refuse is dropped rather than turned into an error page: a hand-edited URL still lists.
import { CAMPAIGN_TYPE_IDS, type CampaignType } from '@kifu/domain';

/** `all` lists open and closed campaigns alike; the list opens on the open ones. */
export const CAMPAIGN_STATUS_CHOICES = ['published', 'closed', 'all'] as const;
export type CampaignStatusChoice = (typeof CAMPAIGN_STATUS_CHOICES)[number];
export const DEFAULT_STATUS_CHOICE: CampaignStatusChoice = 'published';

export interface CampaignFilters {
  type?: CampaignType;
  status?: 'published' | 'closed';
}

type Raw = string | string[] | undefined;
const first = (raw: Raw) => (Array.isArray(raw) ? raw[0] : raw);

export function parseCampaignFilters(query: { type?: Raw; status?: Raw }): {
  filters: CampaignFilters;
  statusChoice: CampaignStatusChoice;
} {
  const rawType = first(query.type);
  const type = CAMPAIGN_TYPE_IDS.find((id) => String(id) === rawType);
  const statusChoice = CAMPAIGN_STATUS_CHOICES.find((choice) => choice === first(query.status)) ?? DEFAULT_STATUS_CHOICE;
  return { filters: { type, status: statusChoice === 'all' ? undefined : statusChoice }, statusChoice };
}

/** The query that reproduces the filters (for paging links); the default phase is left out. */
export function filterQuery(filters: CampaignFilters, statusChoice: CampaignStatusChoice): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.type !== undefined) query.type = String(filters.type);
  if (statusChoice !== DEFAULT_STATUS_CHOICE) query.status = statusChoice;
  return query;
}
