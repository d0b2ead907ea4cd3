// The top bar hides while scrolling down and comes back on scrolling up (spec §2, constants §9).
import { expect, test } from './fixtures';

test('hides on scroll down and shows on scroll up', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  const header = page.getByTestId('site-header');
  await expect(header).toHaveAttribute('data-hidden', 'false');
  // The page must be long enough to scroll past the threshold.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(720 + 900);

  // A scroll made before the bar's script runs (the page still hydrating, on a busy machine) is the
  // position it starts from, not a move: scroll from the top again until the script has seen one.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(250);
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect(header).toHaveAttribute('data-hidden', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(header).not.toBeInViewport();

  // A small move (< 100 px) changes nothing.
  await page.evaluate(() => window.scrollTo(0, 850));
  await page.waitForTimeout(400);
  await expect(header).toHaveAttribute('data-hidden', 'true');

  await page.evaluate(() => window.scrollTo(0, 600));
  await expect(header).toHaveAttribute('data-hidden', 'false');
  await expect(header).toBeInViewport();

  await page.evaluate(() => window.scrollTo(0, 1200));
  await expect(header).toHaveAttribute('data-hidden', 'true');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-hidden', 'false');
});
