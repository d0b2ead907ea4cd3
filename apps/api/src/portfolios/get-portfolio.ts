// GET /portfolio/{id}/ (spec §7): a published portfolio with its current revision: each
// associate's card and share in basis points (the shares sum to 10000).
import type { api, Locale } from '@kifu/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associates, portfolios } from '../db/schema/index';
import { toAssociateSummaries } from '../associates/associate-summaries';
import { localizer } from '../lib/localize';
import type { MediaUrl } from '../media/media-url';
import { isPublicPortfolio, toPortfolioSummaries } from './portfolio-summaries';

export async function getPortfolio(db: Database, id: number, lang: Locale, mediaUrl: MediaUrl): Promise<api.PortfolioDetail | null> {
  const [row] = await db
    .select()
    .from(portfolios)
    .where(and(eq(portfolios.id, id), isPublicPortfolio));
  if (!row) return null;
  const [loaded] = await toPortfolioSummaries(db, [row], lang, mediaUrl);
  const { summary, compositions } = loaded!;
  const members =
    compositions.length === 0
      ? []
      : await db
          .select()
          .from(associates)
          .where(
            inArray(
              associates.id,
              compositions.map((composition) => composition.associateId),
            ),
          );
  const cards = new Map((await toAssociateSummaries(db, members, lang, mediaUrl)).map((card) => [card.id, card]));
  return {
    ...summary,
    body: localizer(lang)(row, 'body'),
    revision: compositions[0]?.revision ?? 0,
    compositions: compositions.map((composition) => ({ associate: cards.get(composition.associateId)!, share_bp: composition.shareBp })),
  };
}
