// The mobile menu (spec §2) opens as a dialog, closes with Escape (focus back on its button),
// and closes when one of its links navigates.
import { expect, test } from './fixtures';
import { closePopupBannersBeforehand } from './popup-banner-helpers';

test('opens, closes, navigates on small screens', async ({ page, request }) => {
  await closePopupBannersBeforehand(page, request);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const trigger = page.getByTestId('mobile-menu-trigger');
  const menu = page.getByRole('dialog', { name: 'メニュー' });

  await trigger.click();
  await expect(menu).toBeVisible();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByTestId('associate-promo')).toContainText('無料');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');

  await trigger.click();
  await menu.getByRole('link', { name: 'キャンペーンをさがす' }).click();
  await expect(page).toHaveURL(/\/campaign$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('キャンペーンをさがす');
});
