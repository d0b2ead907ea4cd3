// GET /campaign/ (spec §7): released campaigns of public associates, filtered by type, phase
// (`status`: published = still taking gifts, closed = closed or past its end, ADR 017) and associate
// uid, newest first.
import type { api } from '@kifu/domain';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { associates, campaigns } from '../db/schema/index';
import { pageOf, pageWindow } from '../lib/paginate';
import type { MediaUrl } from '../media/media-url';
import { isInPhase, isPublicCampaign, toCampaignSummaries } from './campaign-summaries';

export type ListCampaignsQuery = z.infer<typeof api.campaignListQuery>;

export async function listCampaigns(db: Database, query: ListCampaignsQuery, mediaUrl: MediaUrl): Promise<api.CampaignList> {
  const where = and(
    isPublicCampaign(db),
    query.associate === undefined
      ? undefined
      : inArray(campaigns.associateId, db.select({ id: associates.id }).from(associates).where(eq(associates.uid, query.associate))),
    query.type === undefined ? undefined : eq(campaigns.type, query.type),
    query.status === undefined ? undefined : isInPhase(query.status, new Date()),
  );
  const { limit, offset } = pageWindow(query);
  const [[total], rows] = await Promise.all([
    db.select({ value: count() }).from(campaigns).where(where),
    db.select().from(campaigns).where(where).orderBy(desc(campaigns.startAt), desc(campaigns.id)).limit(limit).offset(offset),
  ]);
  return pageOf(query, total?.value ?? 0, await toCampaignSummaries(db, rows, query.lang, mediaUrl));
}
