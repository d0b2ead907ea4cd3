// A portfolio's current mix is its highest revision (spec §3 "revision"); older revisions stay
// for the portfolio donations made with them.
import { desc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { portfolioRevisions } from '../db/schema/index';

/** Subquery of the current revision of every portfolio: (id, portfolio_id, revision). */
export function currentRevisions(db: Database) {
  return db
    .selectDistinctOn([portfolioRevisions.portfolioId], {
      id: portfolioRevisions.id,
      portfolioId: portfolioRevisions.portfolioId,
      revision: portfolioRevisions.revision,
    })
    .from(portfolioRevisions)
    .orderBy(portfolioRevisions.portfolioId, desc(portfolioRevisions.revision))
    .as('current_revisions');
}
