// Colour mode (spec §2 "Client storage", §9): light / dark / system from the top bar, kept in
// localStorage and a one-year cookie, and on <html> before the body paints (no flash) while the
// server's HTML stays the same for everyone, so pages can be cached (ADR 020).
import { expect, test, type Page } from './fixtures';

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

/** Records the mode on <html> at the moment <body> appears: what the first paint uses. */
async function recordModeAtFirstPaint(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      (window as unknown as { modeAtBody: string | null }).modeAtBody = document.documentElement.getAttribute('data-colour-mode');
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}
const modeAtFirstPaint = (page: Page) => page.evaluate(() => (window as unknown as { modeAtBody: string | null }).modeAtBody);

test('dark mode is stored, survives a reload and is on the page before its body paints', async ({ page, context }) => {
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

  // No flash: the stored mode is on <html> when the body first appears.
  await recordModeAtFirstPaint(page);
  await page.reload();
  expect(await modeAtFirstPaint(page)).toBe('dark');
  await expect(html).toHaveAttribute('data-colour-mode', 'dark');
  await expect(page.getByTestId('site-header').getByTestId('colour-mode-dark')).toHaveAttribute('aria-pressed', 'true');
});

test('the cookie alone sets the mode before the first paint, on any page including the donate form under its strict CSP', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'colour-mode', value: 'dark', url: baseURL! }]);
  await recordModeAtFirstPaint(page);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ['/', '/en/privacy-policy', '/associate/kodomo-shokudo-mirai/donate']) {
    await page.goto(path);
    expect(await modeAtFirstPaint(page), path).toBe('dark');
  }
  expect(violations).toEqual([]);
});

test('the HTML is the same whatever the visitor chose, so a cache can serve it to everyone', async ({ request }) => {
  const [light, dark] = await Promise.all(
    ['light', 'dark'].map(async (mode) => (await request.get('/privacy-policy', { headers: { cookie: `colour-mode=${mode}` } })).text()),
  );
  expect(light).toMatch(/<html[^>]*data-colour-mode="system"/);
  expect(dark).toMatch(/<html[^>]*data-colour-mode="system"/);
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
