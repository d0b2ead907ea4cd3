// The language switch keeps the current path (spec §2 "A language switch (ja, en)").
import { expect, test } from '@playwright/test';

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
