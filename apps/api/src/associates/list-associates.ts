// GET /associate/ (spec §7): published associates filtered by text, social challenge slug and
// organisation type, in id order, one page at a time.
import type { api } from '@kifu/domain';
import { and, asc, count, eq, exists, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { associates, associateSocialChallenges, socialChallenges } from '../db/schema/index';
import { containsPattern } from '../lib/like-pattern';
import { pageOf, pageWindow } from '../lib/paginate';
import type { MediaUrl } from '../media/media-url';
import { isPublicAssociate, toAssociateSummaries } from './associate-summaries';

export type ListAssociatesQuery = z.infer<typeof api.associateListQuery>;

/**
 * Words of the text search, split on white space (JavaScript's \s includes the full-width space
 * a Japanese keyboard types), so "こども 食堂" finds associates matching both words.
 */
function searchWords(q: string | undefined): string[] {
  return (q ?? '').split(/\s+/).filter((word) => word !== '');
}

/** Each word must appear in the name or the catch copy, Japanese or English. */
function textFilter(q: string | undefined) {
  const words = searchWords(q).map(containsPattern);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((pattern) =>
      or(
        ilike(associates.name, pattern),
        ilike(associates.nameEn, pattern),
        ilike(associates.catchCopy, pattern),
        ilike(associates.catchCopyEn, pattern),
      ),
    ),
  );
}

function filtersOf(db: Database, query: ListAssociatesQuery) {
  return and(
    isPublicAssociate,
    textFilter(query.q),
    query.organisation_type === undefined ? undefined : eq(associates.organisationType, query.organisation_type),
    query.social_challenge === undefined
      ? undefined
      : exists(
          db
            .select({ one: associateSocialChallenges.associateId })
            .from(associateSocialChallenges)
            .innerJoin(socialChallenges, eq(socialChallenges.id, associateSocialChallenges.socialChallengeId))
            .where(and(eq(associateSocialChallenges.associateId, associates.id), eq(socialChallenges.slug, query.social_challenge))),
        ),
  );
}

export async function listAssociates(db: Database, query: ListAssociatesQuery, mediaUrl: MediaUrl): Promise<api.AssociateList> {
  const where = filtersOf(db, query);
  const { limit, offset } = pageWindow(query);
  const [[total], rows] = await Promise.all([
    db.select({ value: count() }).from(associates).where(where),
    db.select().from(associates).where(where).orderBy(asc(associates.id)).limit(limit).offset(offset),
  ]);
  return pageOf(query, total?.value ?? 0, await toAssociateSummaries(db, rows, query.lang, mediaUrl));
}
