// The top page opens its popup banner (a modal dialog) after load. Specs that test something else
// on the top page close it beforehand the way a returning visitor has: its id among the closed
// banner ids in localStorage (ADR 018).
import type { APIRequestContext, Page } from '@playwright/test';

export async function closePopupBannersBeforehand(page: Page, request: APIRequestContext): Promise<void> {
  const body = (await (await request.get('/kifuConfig/top/popupBanner')).json()) as { content?: { results?: { id: number }[] } };
  const ids = (body.content?.results ?? []).map((banner) => banner.id);
  await page.addInitScript((closed) => window.localStorage.setItem('kifu.closedPopupBannerIds', JSON.stringify(closed)), ids);
}
