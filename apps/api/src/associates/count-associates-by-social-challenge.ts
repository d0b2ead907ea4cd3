// GET /associate/count_by_social_challenges/ (spec §7): how many published associates work on
// each social challenge, for the explore-by-challenge page; challenges without any show 0.
import type { api, Locale } from '@kifu/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associates, associateSocialChallenges, socialChallenges } from '../db/schema/index';
import { localizer } from '../lib/localize';
import { isPublicAssociate } from './associate-summaries';

export async function countAssociatesBySocialChallenge(db: Database, lang: Locale): Promise<api.AssociateCountBySocialChallenges> {
  const rows = await db
    .select({ challenge: socialChallenges, count: count(associates.id) })
    .from(socialChallenges)
    .leftJoin(associateSocialChallenges, eq(associateSocialChallenges.socialChallengeId, socialChallenges.id))
    .leftJoin(associates, and(eq(associates.id, associateSocialChallenges.associateId), isPublicAssociate))
    .groupBy(socialChallenges.id)
    .orderBy(asc(socialChallenges.sortOrder));
  const t = localizer(lang);
  return { results: rows.map(({ challenge, count }) => ({ id: challenge.id, slug: challenge.slug, name: t(challenge, 'name'), count })) };
}
