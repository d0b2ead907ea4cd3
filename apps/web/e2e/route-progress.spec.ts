// The route-change progress bar (spec §2 "Global overlays": speed 300 ms, trickle 100 ms) starts
// on a link click, completes when the new page renders, then fades out.
import { expect, test } from './fixtures';

test('runs during a client-side navigation and hides afterwards', async ({ page }) => {
  await page.goto('/asset');
  const bar = page.getByTestId('route-progress');
  await expect(bar).toHaveAttribute('data-active', 'false');
  await page.evaluate(() => {
    const element = document.querySelector('[data-testid=route-progress]')!;
    const states: string[] = [];
    (window as unknown as { progressStates: string[] }).progressStates = states;
    new MutationObserver(() => states.push(element.getAttribute('data-active') ?? '')).observe(element, {
      attributes: true,
      subtree: true,
      childList: true,
    });
  });

  await page.getByTestId('site-header').getByRole('link', { name: '団体をさがす' }).click();
  await expect(page).toHaveURL(/\/associate$/);
  await expect(bar).toHaveAttribute('data-active', 'false');
  await expect(page.getByTestId('route-progress-spinner')).toHaveCount(0);
  const states = await page.evaluate(() => (window as unknown as { progressStates: string[] }).progressStates);
  expect(states).toContain('true');
  expect(states.at(-1)).toBe('false');
});
