// The top page renders in both languages with live demo data from the API (spec §1, §2 "/").
import { expect, test } from './fixtures';

type List<T> = { count: number; results: T[] };

test.describe('top page', () => {
  test('renders in Japanese with demo campaigns and associates', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('想いを、寄付で届けよう。');
    await expect(page).toHaveTitle(/ \| 寄付のKifu$/);

    // The browser-side path to the API (/backend, same origin) serves the same demo data.
    const associateSection = page.getByTestId('home-associates');
    const campaignSection = page.getByTestId('home-campaigns');
    let first = true;
    await expect(async () => {
      // Other tests publish campaigns meanwhile: one published between the page and the read is
      // on the page once it is loaded again.
      if (!first) await page.reload();
      first = false;
      const associates = (await (await page.request.get('/backend/associate/?lang=ja&page_size=6')).json()) as List<{ name: string }>;
      const campaigns = (await (await page.request.get('/backend/campaign/?lang=ja&page_size=6&status=published')).json()) as List<{
        title: string;
      }>;
      expect(associates.results.length).toBeGreaterThan(0);
      expect(campaigns.results.length).toBeGreaterThan(0);
      await expect(associateSection.getByTestId('associate-card').first()).toBeVisible();
      await expect(associateSection.getByText(associates.results[0]!.name, { exact: true }).first()).toBeVisible({ timeout: 5_000 });
      await expect(campaignSection.getByTestId('campaign-card').first()).toBeVisible();
      // Two campaigns may share a title.
      await expect(campaignSection.getByText(campaigns.results[0]!.title, { exact: true }).first()).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    // Amounts use the thousands separator of spec §9.
    await expect(campaignSection.getByTestId('campaign-raised').first()).toHaveText(/^[\d,]+円$/);
  });

  test('renders in English under /en', async ({ page }) => {
    await page.goto('/en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Turn your care into giving.');
    await expect(page).toHaveTitle(/ \| Kifu$/);
    await expect(page.getByTestId('home-associates').getByTestId('associate-card').first()).toBeVisible();
    await expect(page.getByTestId('home-campaigns').getByTestId('campaign-card').first()).toBeVisible();
    await expect(page.getByTestId('home-campaigns').getByTestId('campaign-raised').first()).toHaveText(/^¥[\d,]+$/);
  });

  test('lists associates and campaigns on their pages', async ({ page }) => {
    await page.goto('/associate');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('団体をさがす');
    await expect(page.getByTestId('associate-card').first()).toBeVisible();
    await expect(page).toHaveTitle('団体をさがす | 寄付のKifu');

    await page.goto('/en/campaign');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find campaigns');
    await expect(page.getByTestId('campaign-card').first()).toBeVisible();
    await expect(page.getByTestId('campaign-card').first().getByRole('progressbar')).toBeVisible();
  });
});
