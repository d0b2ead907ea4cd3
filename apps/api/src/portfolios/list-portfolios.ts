// GET /portfolio/ (spec §7): published portfolios in id order, one page at a time.
import type { api } from '@kifu/domain';
import { asc, count } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { portfolios } from '../db/schema/index';
import { pageOf, pageWindow } from '../lib/paginate';
import type { MediaUrl } from '../media/media-url';
import { isPublicPortfolio, toPortfolioSummaries } from './portfolio-summaries';

export type ListPortfoliosQuery = z.infer<typeof api.portfolioListQuery>;

export async function listPortfolios(db: Database, query: ListPortfoliosQuery, mediaUrl: MediaUrl): Promise<api.PortfolioList> {
  const { limit, offset } = pageWindow(query);
  const [[total], rows] = await Promise.all([
    db.select({ value: count() }).from(portfolios).where(isPublicPortfolio),
    db.select().from(portfolios).where(isPublicPortfolio).orderBy(asc(portfolios.id)).limit(limit).offset(offset),
  ]);
  const summaries = await toPortfolioSummaries(db, rows, query.lang, mediaUrl);
  return pageOf(
    query,
    total?.value ?? 0,
    summaries.map(({ summary }) => summary),
  );
}
