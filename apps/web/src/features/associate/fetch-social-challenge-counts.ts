import type { api } from '@kifu/domain';
import { cache } from 'react';
import { publicGet } from '@/lib/api-server';
import type { AppLocale } from '@/i18n/routing';

export type SocialChallengeCount = api.AssociateCountBySocialChallenges['results'][number];

/**
 * Social challenges with their number of published associates (spec §7 count_by_social_challenges):
 * only those with at least one by default (chips that lead somewhere), every one with 'all'
 * (the explore page, the search form and the lookup of a challenge page's slug). Cached per
 * request (arguments are compared by value, hence a string rather than an options object).
 */
export const fetchSocialChallengeCounts = cache(
  async (lang: AppLocale, which: 'all' | 'withAssociates' = 'withAssociates'): Promise<SocialChallengeCount[]> => {
    const body = await publicGet<api.AssociateCountBySocialChallenges>('/associate/count_by_social_challenges/', { lang });
    return which === 'all' ? body.results : body.results.filter((challenge) => challenge.count > 0);
  },
);
