// When a released campaign stops taking gifts and how many days it has left (spec §2 campaign page,
// §8 "campaign closed or finished"). The API computes a campaign's `status` and `days_left` with
// these and filters lists by the same rule, so a list, a page and the donation check never disagree.
const DAY_MS = 86_400_000;

/** What a released campaign is to a visitor: still taking gifts, or over. */
export type CampaignPhase = 'published' | 'closed';

/** A released campaign is over once its associate closed it or once its end time has come (ADR 017). */
export function campaignPhase(status: CampaignPhase, endAt: Date | null, now: Date): CampaignPhase {
  if (status === 'closed') return 'closed';
  return endAt !== null && endAt.getTime() <= now.getTime() ? 'closed' : 'published';
}

/**
 * Whole days left, rounded up: the last 24 hours read "1 day left", never "0". Null for a campaign
 * without an end date or one that is over. Days are lengths of time, not calendar days, so the
 * count is the same in every time zone.
 */
export function campaignDaysLeft(status: CampaignPhase, endAt: Date | null, now: Date): number | null {
  if (endAt === null || campaignPhase(status, endAt, now) === 'closed') return null;
  return Math.ceil((endAt.getTime() - now.getTime()) / DAY_MS);
}
