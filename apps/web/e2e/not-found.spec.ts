// Unknown URLs answer 404 with the catalogue message of spec §8 and a 'go to site top' link.
import { NOTICES, PAGE_ERRORS } from '@kifu/domain/errors';
import { expect, test } from './fixtures';

for (const { locale, prefix } of [
  { locale: 'ja', prefix: '' },
  { locale: 'en', prefix: '/en' },
] as const) {
  test(`shows the ${locale} not-found message`, async ({ page }) => {
    const response = await page.goto(`${prefix}/this/page/does-not-exist`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page).toHaveTitle(locale === 'ja' ? 'ページが見つかりません | 寄付のKifu' : 'Page not found | Kifu');
    const panel = page.getByTestId('not-found');
    await expect(panel).toContainText(PAGE_ERRORS.notFound[locale]);
    // The site chrome stays, and the panel leads back to the top of the same language.
    await expect(page.getByTestId('site-header')).toBeVisible();
    await panel.getByRole('link', { name: NOTICES.goToTop[locale] }).click();
    await expect(page).toHaveURL(new RegExp(`:\\d+${prefix}/?$`));
  });
}

test('mypage routes show the login-required notice', async ({ page }) => {
  await page.goto('/mypage/account');
  await expect(page.getByTestId('login-required')).toContainText(NOTICES.loginRequired.ja);
  await page.goto('/en/mypage/support-history');
  await expect(page.getByTestId('login-required')).toContainText(NOTICES.loginRequired.en);
  await expect(page.getByTestId('login-required').getByRole('link', { name: NOTICES.goToTop.en })).toHaveAttribute('href', '/en');
});
