import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { portfolioCompositions } from '../db/schema/index';
import { currentRevisions } from './current-revisions';

/** The compositions of the current revision of each portfolio, largest share first. */
export async function currentCompositions(db: Database, portfolioIds: readonly number[]) {
  if (portfolioIds.length === 0) return [];
  const current = currentRevisions(db);
  return db
    .select({
      portfolioId: current.portfolioId,
      revisionId: current.id,
      revision: current.revision,
      associateId: portfolioCompositions.associateId,
      shareBp: portfolioCompositions.shareBp,
    })
    .from(current)
    .innerJoin(portfolioCompositions, eq(portfolioCompositions.revisionId, current.id))
    .where(inArray(current.portfolioId, [...portfolioIds]))
    .orderBy(desc(portfolioCompositions.shareBp), asc(portfolioCompositions.associateId));
}
