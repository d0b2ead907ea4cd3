// The language switch keeps the current path (spec §2 "A language switch (ja, en)"); the address
// alone says the language (ADR 039), so a page's answer is the same for every visitor.
import { expect, test } from './fixtures';

test('switches /associate to /en/associate and back', async ({ page }) => {
  await page.goto('/associate');
  const header = page.getByTestId('site-header');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('団体をさがす');

  await header.getByTestId('language-en').click();
  await expect(page).toHaveURL(/\/en\/associate$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find associates');

  await header.getByTestId('language-ja').click();
  await expect(page).toHaveURL(/:\d+\/associate$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('団体をさがす');
});

test('keeps the query string when switching', async ({ page }) => {
  await page.goto('/associate?page=2');
  await page.getByTestId('site-header').getByTestId('language-en').click();
  await expect(page).toHaveURL(/\/en\/associate\?page=2$/);
});

test('the address alone says the language: no cookie, and an English browser on a ja address reads Japanese', async ({ request }) => {
  for (const path of ['/', '/associate', '/en', '/en/associate']) {
    const answer = await request.get(path, { headers: { 'accept-language': 'en-US,en;q=0.9' }, maxRedirects: 0 });
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()['set-cookie'], path).toBeUndefined();
    expect(await answer.text(), path).toContain(path.startsWith('/en') ? '<html lang="en"' : '<html lang="ja"');
  }
});
