import type { api } from '@kifu/domain';
import { publicGet } from '@/lib/api-server';
import type { AppLocale } from '@/i18n/routing';

export type SocialChallengeCount = api.AssociateCountBySocialChallenges['results'][number];

/** Challenges that at least one published associate works on (spec §7 count_by_social_challenges). */
export async function fetchSocialChallengeCounts(lang: AppLocale): Promise<SocialChallengeCount[]> {
  const body = await publicGet<api.AssociateCountBySocialChallenges>('/associate/count_by_social_challenges/', { lang });
  return body.results.filter((challenge) => challenge.count > 0);
}
