// The associate card of every list (api.associateSummary), built for a page of rows with one
// query for social challenges and one for totals.
import { isDeductible, ORGANISATION_TYPES, type api, type Locale } from '@kifu/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associates, associateSocialChallenges, socialChallenges } from '../db/schema/index';
import { donationTotals } from '../read-models/donation-totals';
import { localizer } from '../lib/localize';
import type { MediaUrl } from '../media/media-url';

export type AssociateRow = typeof associates.$inferSelect;

/** Only published associates are public (unpublished ones 404 and are never listed). */
export const isPublicAssociate = eq(associates.isPublished, true);

export async function socialChallengesOf(db: Database, associateIds: readonly number[], lang: Locale) {
  const t = localizer(lang);
  const rows =
    associateIds.length === 0
      ? []
      : await db
          .select({ associateId: associateSocialChallenges.associateId, challenge: socialChallenges })
          .from(associateSocialChallenges)
          .innerJoin(socialChallenges, eq(socialChallenges.id, associateSocialChallenges.socialChallengeId))
          .where(inArray(associateSocialChallenges.associateId, [...associateIds]))
          .orderBy(asc(socialChallenges.sortOrder));
  return (associateId: number): api.SocialChallenge[] =>
    rows
      .filter((row) => row.associateId === associateId)
      .map(({ challenge }) => ({ id: challenge.id, slug: challenge.slug, name: t(challenge, 'name') }));
}

export async function toAssociateSummaries(
  db: Database,
  rows: readonly AssociateRow[],
  lang: Locale,
  mediaUrl: MediaUrl,
): Promise<api.AssociateSummary[]> {
  const ids = rows.map((row) => row.id);
  const [challengesOf, totalsOf] = await Promise.all([socialChallengesOf(db, ids, lang), donationTotals(db, 'associateId', ids)]);
  const t = localizer(lang);
  return rows.map((row) => ({
    id: row.id,
    uid: row.uid,
    name: t(row, 'name'),
    catch_copy: t(row, 'catchCopy'),
    organisation_type: row.organisationType,
    organisation_type_label: ORGANISATION_TYPES[row.organisationType as keyof typeof ORGANISATION_TYPES][lang],
    prefecture: t(row, 'prefecture'),
    social_challenges: challengesOf(row.id),
    logo_url: mediaUrl(row.logoPath),
    main_visual_url: mediaUrl(row.mainVisualPath),
    is_deductible: isDeductible(row.id),
    supporter_count: totalsOf(row.id).supporters,
  }));
}
