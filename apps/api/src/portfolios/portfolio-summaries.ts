// The portfolio card (api.portfolioSummary): its associates and their social challenges come
// from the current revision, loaded for a whole page at once.
import type { api, Locale } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { portfolios } from '../db/schema/index';
import { socialChallengesOf } from '../associates/associate-summaries';
import { localizer } from '../lib/localize';
import type { MediaUrl } from '../media/media-url';
import { currentCompositions } from './current-compositions';

export type PortfolioRow = typeof portfolios.$inferSelect;

export const isPublicPortfolio = eq(portfolios.isPublished, true);

export async function toPortfolioSummaries(db: Database, rows: readonly PortfolioRow[], lang: Locale, mediaUrl: MediaUrl) {
  const compositions = await currentCompositions(
    db,
    rows.map((row) => row.id),
  );
  const challengesOf = await socialChallengesOf(db, [...new Set(compositions.map((composition) => composition.associateId))], lang);
  const t = localizer(lang);
  return rows.map((row) => {
    const own = compositions.filter((composition) => composition.portfolioId === row.id);
    const challenges = new Map(
      own.flatMap((composition) => challengesOf(composition.associateId)).map((challenge) => [challenge.id, challenge]),
    );
    const summary: api.PortfolioSummary = {
      id: row.id,
      name: t(row, 'name'),
      description: t(row, 'description'),
      main_visual_url: mediaUrl(row.mainVisualPath),
      associate_count: own.length,
      social_challenges: [...challenges.values()].sort((a, b) => a.id - b.id),
    };
    return { summary, compositions: own };
  });
}
