// The parts of a campaign (spec §3 "Campaign aggregate") as the wire shows them, shared by the
// campaign page (get-campaign.ts) and the read calls of each part (spec §7), and the paging those
// calls share.
import type { api } from '@kifu/domain';
import type * as t from '../db/schema/index';
import type { Localize } from '../lib/localize';
import { pageOf, pageWindow, type PageQuery } from '../lib/paginate';
import type { MediaUrl } from '../media/media-url';

export function toReward(row: typeof t.campaignRewards.$inferSelect, tr: Localize, mediaUrl: MediaUrl): api.CampaignReward {
  return {
    id: row.id,
    title: tr(row, 'title'),
    description: tr(row, 'description'),
    amount: row.amount,
    stock: row.stock,
    applied_count: row.appliedCount,
    shipping_month: row.shippingMonth,
    image_url: mediaUrl(row.imagePath),
    sold_out: row.stock !== null && row.appliedCount >= row.stock,
  };
}

export function toUsage(row: typeof t.campaignUsages.$inferSelect, tr: Localize, mediaUrl: MediaUrl): api.CampaignUsage {
  return {
    id: row.id,
    title: tr(row, 'title'),
    description: tr(row, 'description'),
    amount: row.amount,
    image_url: mediaUrl(row.imagePath),
  };
}

/** Only for a published report (publishedAt set); drafts are filtered out before. */
export function toReportSummary(row: typeof t.campaignReports.$inferSelect, tr: Localize, mediaUrl: MediaUrl): api.CampaignReportSummary {
  return {
    id: row.id,
    title: tr(row, 'title'),
    published_at: row.publishedAt!.toISOString(),
    main_visual_url: mediaUrl(row.mainVisualPath),
  };
}

export function toStretchTarget(row: typeof t.campaignStretchGoals.$inferSelect, tr: Localize): api.CampaignStretchTarget {
  return { target_amount: row.targetAmount, description: tr(row, 'description') };
}

export function toCustomAuthor(
  row: typeof t.campaignCustomAuthors.$inferSelect,
  tr: Localize,
  mediaUrl: MediaUrl,
): api.CampaignCustomAuthor {
  return { name: tr(row, 'name'), description: tr(row, 'description'), image_url: mediaUrl(row.imagePath) };
}

/** One page of a campaign's items: `total` counts them all, `rows` reads the window of the page. */
export async function pageOfItems<Row, Item>(
  query: PageQuery,
  total: () => Promise<{ value: number }[]>,
  rows: (window: { limit: number; offset: number }) => Promise<Row[]>,
  toItem: (row: Row) => Item,
): Promise<{ count: number; page: number; page_size: number; results: Item[] }> {
  const [[counted], page] = await Promise.all([total(), rows(pageWindow(query))]);
  return pageOf(query, counted?.value ?? 0, page.map(toItem));
}
