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

function filtersOf(db: Database, query: ListAssociatesQuery) {
  const pattern = query.q?.trim() ? containsPattern(query.q.trim()) : undefined;
  return and(
    isPublicAssociate,
    pattern
      ? or(ilike(associates.name, pattern), ilike(associates.nameEn, pattern), ilike(associates.catchCopy, pattern), ilike(associates.catchCopyEn, pattern))
      : undefined,
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
