// The content pages (spec §2, ADR 019): terms with their two hash anchors, the
// privacy policy's table of contents, help with ?from=site, and brand assets that really download.
import { expect, test, type Locator, type Page } from './fixtures';

/** The heading sits just below the fixed top bar: the hash landed on it. */
async function expectAtTop(page: Page, heading: Locator) {
  await expect(heading).toBeInViewport();
  await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThan(40);
  await expect.poll(async () => (await heading.boundingBox())?.y ?? 1000).toBeLessThan(160);
}

test.describe('terms of service', () => {
  test('#associate-section and #supporter-section land on their headings', async ({ page }) => {
    await page.goto('/terms-of-service#associate-section');
    const associates = page.getByRole('heading', { level: 2, name: '団体向け利用規約' });
    await expect(associates).toHaveAttribute('id', 'associate-section');
    await expectAtTop(page, associates);

    await page.goto('/en/terms-of-service#supporter-section');
    await expectAtTop(page, page.getByRole('heading', { level: 2, name: 'Terms of service for supporters' }));
  });

  test('the footer links and the table of contents reach each part', async ({ page }) => {
    await page.goto('/help');
    await page.locator('[data-testid="footer-link-termsForAssociates"]:visible').click();
    await expect(page).toHaveURL(/\/terms-of-service#associate-section$/);
    await expectAtTop(page, page.locator('#associate-section'));

    const contents = page.getByTestId('table-of-contents');
    await page.evaluate(() => window.scrollTo(0, 0));
    await contents.getByRole('link', { name: '第3条（手数料）' }).click();
    await expect(page).toHaveURL(/#associate-article-3$/);
    await expectAtTop(page, page.getByRole('heading', { level: 3, name: '第3条（手数料）' }));
  });
});

test('the privacy policy says the card gateway keeps card data, reachable from its contents', async ({ page }) => {
  await page.goto('/en/privacy-policy');
  await expect(page).toHaveTitle('Privacy policy | Kifu');
  const contents = page.getByTestId('table-of-contents');
  for (const name of [
    '1. Information we collect',
    '3. Card data',
    '4. Sharing with associates',
    '8. How long we keep it',
    '9. Your rights',
    '11. Contact',
  ]) {
    await expect(contents.getByRole('link', { name })).toBeVisible();
  }
  await contents.getByRole('link', { name: '3. Card data' }).click();
  await expectAtTop(page, page.getByRole('heading', { level: 2, name: '3. Card data' }));
  await expect(page.locator('section[aria-labelledby="card-data"]')).toContainText('The card gateway keeps your card data.');
});

test.describe('help', () => {
  test('from the site it offers the way back; otherwise not', async ({ page }) => {
    await page.goto('/asset');
    await page.locator('[data-testid="footer-link-help"]:visible').click();
    await expect(page).toHaveURL(/\/help\?from=site$/);
    await page.getByTestId('help-back-to-site').click();
    await expect(page).toHaveURL(/:\d+\/$/);

    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'ヘルプ' })).toBeVisible();
    await expect(page.getByTestId('help-back-to-site')).toHaveCount(0);
    await page.goto('/en/help?from=site');
    await expect(page.getByTestId('help-back-to-site')).toHaveText(/Back to the site/);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('answers open from their question', async ({ page }) => {
      await page.goto('/help#recurring');
      const answer = page.getByText('ログインしてマイページの「継続的な支援」から');
      await expect(answer).toBeHidden();
      await page.getByText('継続寄付の金額やカードを変更したい、停止したい。').click();
      await expect(answer).toBeVisible();
    });
  });
});

test.describe('brand assets', () => {
  test('every logo file answers 200 with its content type', async ({ page, request }) => {
    await page.goto('/asset');
    const links = page.locator('a[download]');
    await expect(links).toHaveCount(6);
    for (const href of await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''))) {
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()['content-type'], href).toBe(href.endsWith('.svg') ? 'image/svg+xml' : 'image/png');
      const body = await response.body();
      if (href.endsWith('.png')) expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
      else expect(body.toString('utf8')).toMatch(/^<svg /);
    }
    // The previews show the real files.
    for (const image of await page.locator('[data-testid^="brand-logo-"] img').all()) {
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
  });

  test('a download saves the file under its own name', async ({ page }) => {
    await page.goto('/en/asset');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('brand-logo-mark').getByRole('link', { name: /PNG/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('kifu-mark.png');
  });
});
