// GET /config/popup-banners/: the banners to show now — switched on, started, not yet ended
// (window [starts_at, ends_at), no end when ends_at is null) — in display order, localised.
import type { api, Locale } from '@kifu/domain';
import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema/index';
import { localizer } from '../lib/localize';
import type { MediaUrl } from '../media/media-url';

export async function listPopupBanners(db: Database, lang: Locale, mediaUrl: MediaUrl, now = new Date()): Promise<api.PopupBannerList> {
  const rows = await db
    .select()
    .from(t.popupBanners)
    .where(
      and(
        eq(t.popupBanners.isActive, true),
        lte(t.popupBanners.startsAt, now),
        or(isNull(t.popupBanners.endsAt), gt(t.popupBanners.endsAt, now)),
      ),
    )
    .orderBy(asc(t.popupBanners.sortOrder), asc(t.popupBanners.id));
  const tr = localizer(lang);
  return {
    count: rows.length,
    results: rows.map((row) => ({
      id: row.id,
      title: tr(row, 'title'),
      image_url: mediaUrl(row.imagePath),
      link_url: row.linkUrl,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt?.toISOString() ?? null,
    })),
  };
}
