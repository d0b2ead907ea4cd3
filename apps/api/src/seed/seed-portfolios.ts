// Portfolios with their revisions and compositions; shares are checked here because a sum
// cannot be a column constraint.
import type { Database } from '../db/client';
import * as t from '../db/schema/index';
import { demoImagePath } from '../media/demo-image';
import { PORTFOLIOS } from './data/portfolios';

export const FULL_SHARE_BP = 10_000;

export async function seedPortfolios(db: Database) {
  const portfolios = [];
  const revisions = [];
  const compositions = [];
  for (const seed of PORTFOLIOS) {
    const [portfolio] = await db
      .insert(t.portfolios)
      .values({
        associateId: seed.curatorAssociateId,
        name: seed.name[0],
        nameEn: seed.name[1],
        description: seed.description[0],
        descriptionEn: seed.description[1],
        body: seed.body[0],
        bodyEn: seed.body[1],
        mainVisualPath: demoImagePath('visual', `portfolio-${seed.key}`),
      })
      .returning();
    portfolios.push(portfolio!);
    for (const [index, revision] of seed.revisions.entries()) {
      const total = revision.shares.reduce((sum, [, share]) => sum + share, 0);
      if (total !== FULL_SHARE_BP) throw new Error(`portfolio ${seed.key} revision ${index + 1}: shares sum to ${total}`);
      const [row] = await db
        .insert(t.portfolioRevisions)
        .values({ portfolioId: portfolio!.id, revision: index + 1, note: revision.note })
        .returning();
      revisions.push(row!);
      compositions.push(
        ...(await db
          .insert(t.portfolioCompositions)
          .values(revision.shares.map(([associateId, shareBp]) => ({ revisionId: row!.id, associateId, shareBp })))
          .returning()),
      );
    }
  }
  return { portfolios, portfolioRevisions: revisions, portfolioCompositions: compositions };
}
