// Colour mode (spec §2 "Client storage", §9): light / dark / system from the top bar, kept in
// localStorage and a one-year cookie, and rendered by the server so the first paint is right.
import { expect, test, type Page } from '@playwright/test';

/** The page background's lightness (0 black … 255 white); the computed colour may be in lab(), so a canvas converts it. */
const pageLightness = (page: Page) =>
  page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return (r + g + b) / 3;
  });

test('dark mode is stored, survives a reload and is already in the server response', async ({ page, context }) => {
  await page.goto('/help');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-colour-mode', 'system');
  expect(await pageLightness(page)).toBeGreaterThan(200);

  const header = page.getByTestId('site-header');
  await header.getByTestId('colour-mode-dark').click();
  await expect(header.getByTestId('colour-mode-dark')).toHaveAttribute('aria-pressed', 'true');
  await expect(html).toHaveAttribute('data-colour-mode', 'dark');
  expect(await pageLightness(page)).toBeLessThan(60);

  expect(await page.evaluate(() => localStorage.getItem('colour-mode'))).toBe('dark');
  const cookie = (await context.cookies()).find((each) => each.name === 'colour-mode');
  expect(cookie?.value).toBe('dark');
  // Max-Age 31536000 s (spec §9): about a year from now.
  const yearFromNow = Date.now() / 1000 + 31_536_000;
  expect(Math.abs((cookie?.expires ?? 0) - yearFromNow)).toBeLessThan(120);

  await page.reload();
  await expect(html).toHaveAttribute('data-colour-mode', 'dark');
  await expect(page.getByTestId('site-header').getByTestId('colour-mode-dark')).toHaveAttribute('aria-pressed', 'true');

  // No flash: the HTML the server sends already carries the mode, before any script runs.
  const response = await page.request.get('/help');
  expect(await response.text()).toMatch(/<html[^>]*data-colour-mode="dark"/);
});

test('the server renders the mode of the cookie on any page, in both languages', async ({ request }) => {
  for (const path of ['/', '/en/privacy-policy']) {
    const response = await request.get(path, { headers: { cookie: 'colour-mode=light' } });
    expect(await response.text()).toMatch(/<html[^>]*data-colour-mode="light"/);
  }
  const unknown = await request.get('/terms-of-service', { headers: { cookie: 'colour-mode=neon' } });
  expect(await unknown.text()).toMatch(/<html[^>]*data-colour-mode="system"/);
});

test.describe('on a device set to dark', () => {
  test.use({ colorScheme: 'dark' });

  test('system follows the device and light overrides it', async ({ page }) => {
    await page.goto('/help');
    expect(await pageLightness(page)).toBeLessThan(60);

    await page.getByTestId('site-header').getByTestId('colour-mode-light').click();
    expect(await pageLightness(page)).toBeGreaterThan(200);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-colour-mode', 'light');
    expect(await pageLightness(page)).toBeGreaterThan(200);
  });
});

test('a mode kept only in localStorage is restored and written back to the cookie', async ({ page, context }) => {
  await page.goto('/help');
  await page.evaluate(() => localStorage.setItem('colour-mode', 'dark'));
  await context.clearCookies();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-colour-mode', 'dark');
  await expect.poll(async () => (await context.cookies()).find((each) => each.name === 'colour-mode')?.value).toBe('dark');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the switch sits in the mobile menu', async ({ page }) => {
    await page.goto('/help');
    await page.getByTestId('mobile-menu-trigger').click();
    await page.getByTestId('mobile-menu').getByTestId('colour-mode-dark').click();
    await expect(page.locator('html')).toHaveAttribute('data-colour-mode', 'dark');
    expect(await pageLightness(page)).toBeLessThan(60);
  });
});
