// View history (spec §2 "Client storage", §9): the last 5 visited paths in localStorage, newest
// first, recorded on the first load and on every client-side navigation; a page visited again moves
// to the front instead of appearing twice.
import { expect, test, type Page } from './fixtures';
import { closePopupBannersBeforehand } from './popup-banner-helpers';

const history = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('view-history') ?? '[]') as string[]);

async function follow(page: Page, testId: string, path: RegExp) {
  await page.locator(`[data-testid="${testId}"]:visible`).first().click();
  await expect(page).toHaveURL(path);
}

test('keeps the last 5 paths, newest first, through client navigation', async ({ page, request }) => {
  // The top page's popup banner (a modal) would stand in front of the footer links.
  await closePopupBannersBeforehand(page, request);
  await page.goto('/');
  await expect.poll(() => history(page)).toEqual(['/']);

  await follow(page, 'footer-link-privacyPolicy', /\/privacy-policy$/);
  await follow(page, 'footer-link-scta', /\/scta$/);
  await follow(page, 'footer-link-brandAssets', /\/asset$/);
  await follow(page, 'footer-link-help', /\/help\?from=site$/);
  await expect.poll(() => history(page)).toEqual(['/help', '/asset', '/scta', '/privacy-policy', '/']);

  // A sixth page pushes the oldest out; the query of /help?from=site was not kept.
  await follow(page, 'footer-link-termsForAssociates', /\/terms-of-service#associate-section$/);
  await expect.poll(() => history(page)).toEqual(['/terms-of-service', '/help', '/asset', '/scta', '/privacy-policy']);

  // Visiting a page again moves it to the front.
  await follow(page, 'footer-link-scta', /\/scta$/);
  await expect.poll(() => history(page)).toEqual(['/scta', '/terms-of-service', '/help', '/asset', '/privacy-policy']);

  // It is kept across reloads and records English paths as the address bar shows them.
  await page.goto('/en/help');
  await expect.poll(() => history(page)).toEqual(['/en/help', '/scta', '/terms-of-service', '/help', '/asset']);
});
