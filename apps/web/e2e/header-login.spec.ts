// The header's login link on the pages a new visitor starts from reaches the login form (spec §2
// "Top navigation bar": it opens the login modal in place), and the page settles: no progress bar
// left running for a navigation that never comes (ADR 056).
import { expect, test } from './fixtures';
import { closePopupBannersBeforehand } from './popup-banner-helpers';

for (const { locale, prefix, title } of [
  { locale: 'ja', prefix: '', title: 'ログイン' },
  { locale: 'en', prefix: '/en', title: 'Log in' },
] as const) {
  for (const path of ['', '/campaign', '/associate']) {
    test(`the header's login link on ${`${prefix}${path}` || '/'} reaches the login form (${locale})`, async ({ page, request }) => {
      await closePopupBannersBeforehand(page, request);
      await page.goto(`${prefix}${path}`);
      await page.getByTestId('login-button').click();
      const modal = page.getByTestId('auth-modal');
      await expect(modal.getByRole('heading', { name: title })).toBeVisible();
      await expect(modal.getByTestId('login-email')).toBeVisible();
      await expect(modal.getByTestId('login-password')).toBeVisible();
      await expect(page.getByTestId('route-progress')).toHaveAttribute('data-active', 'false');
      await expect(page).toHaveURL(new RegExp(`${prefix}${path}$`));
    });
  }
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const { locale, prefix, login } of [
    { locale: 'ja', prefix: '', login: 'ログイン' },
    { locale: 'en', prefix: '/en', login: 'Log in' },
  ] as const) {
    test(`the menu's login link reaches the login page (${locale})`, async ({ page, request }) => {
      await closePopupBannersBeforehand(page, request);
      await page.goto(`${prefix}/campaign`);
      await page.getByTestId('mobile-menu-trigger').click();
      await page.getByTestId('mobile-menu').getByRole('link', { name: login, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/login$`));
      await expect(page.getByTestId('login-email')).toBeVisible();
      await expect(page.getByTestId('route-progress')).toHaveAttribute('data-active', 'false');
    });
  }
});
