// GET /campaign/{id}/custom-author/ and /campaign/{id}/stretch-target/ (spec §7, read side): a
// public campaign's optional one-of parts. A campaign without one answers 404, as REST does for a
// missing resource; the campaign page reads both as null on GET /campaign/{id}/.
import type { api, Locale } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { campaignCustomAuthors, campaignStretchGoals } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { localizer } from '../lib/localize';
import type { MediaUrl } from '../media/media-url';
import { toCustomAuthor, toStretchTarget } from './campaign-items';
import { requirePublicCampaign } from './campaign-summaries';

export async function getCampaignCustomAuthor(
  db: Database,
  campaignId: number,
  lang: Locale,
  mediaUrl: MediaUrl,
): Promise<api.CampaignCustomAuthor> {
  await requirePublicCampaign(db, campaignId);
  const [row] = await db.select().from(campaignCustomAuthors).where(eq(campaignCustomAuthors.campaignId, campaignId));
  if (!row) throw new AppError('not_found', `campaign ${campaignId} has no custom author`);
  return toCustomAuthor(row, localizer(lang), mediaUrl);
}

export async function getCampaignStretchTarget(db: Database, campaignId: number, lang: Locale): Promise<api.CampaignStretchTarget> {
  await requirePublicCampaign(db, campaignId);
  const [row] = await db.select().from(campaignStretchGoals).where(eq(campaignStretchGoals.campaignId, campaignId));
  if (!row) throw new AppError('not_found', `campaign ${campaignId} has no stretch target`);
  return toStretchTarget(row, localizer(lang));
}
