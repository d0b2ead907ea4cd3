// Closed popup banner ids kept in the browser (spec §2 "Client storage": "closed popup banner ids"),
// so a banner the visitor closed never shows again there. Storage key and format: ADR 018.
import type { PopupBanner } from '@kifu/domain/api/site-config';

export const CLOSED_BANNERS_KEY = 'kifu.closedPopupBannerIds';
/** Newest kept; banners end, so old ids only take room. */
const MAX_REMEMBERED = 50;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function readClosedBannerIds(storage: KeyValueStorage): number[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(CLOSED_BANNERS_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function rememberClosedBanner(storage: KeyValueStorage, id: number): void {
  const ids = [...readClosedBannerIds(storage).filter((each) => each !== id), id].slice(-MAX_REMEMBERED);
  try {
    storage.setItem(CLOSED_BANNERS_KEY, JSON.stringify(ids));
  } catch {
    // Storage full or blocked (private mode): the banner just shows again next time.
  }
}

/** The first banner, in the order the configuration gives, that this browser has not closed. */
export function firstOpenBanner(banners: readonly PopupBanner[], closedIds: readonly number[]): PopupBanner | undefined {
  return banners.find((banner) => !closedIds.includes(banner.id));
}
