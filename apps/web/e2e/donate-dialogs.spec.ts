// The global confirmation dialogs in the donation flow (spec §2, §4 steps 2 and 3): they resolve to
// yes or no only; Escape does not close them; declining cancels with 'Cancelled.'.
import { expect, test } from './fixtures';
import { ASSOCIATE_UID, chooseAmount, fillSupporter, goNext, openDonateForm, snapshot, uniqueEmail } from './donate-helpers';

test('a street without digits asks to confirm the address, and Cancel shows Cancelled.', async ({ page }, testInfo) => {
  await openDonateForm(page, `/en/associate/${ASSOCIATE_UID}/donate`);
  await chooseAmount(page, { method: 'bankTransfer', preset: '¥3,000' });
  await goNext(page, 'payment');
  await fillSupporter(page, { email: uniqueEmail(testInfo, 'address'), street: '千代田' });
  await goNext(page, 'confirmation');
  await page.getByTestId('donate-submit').click();

  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('data-testid', 'confirm-dialog-address');
  await expect(dialog).toContainText('The street address may be missing its number.');
  await snapshot(page, testInfo, 'address-dialog');
  // Only its buttons end it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Cancelled.' })).toBeVisible();
  await expect(page).toHaveURL(/\/donate\/confirmation$/);
});

test('a second gift within 10 minutes asks about a duplicate', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'duplicate');
  const give = async () => {
    await openDonateForm(page, `/associate/${ASSOCIATE_UID}/donate`);
    await chooseAmount(page, { method: 'bankTransfer', preset: '3,000円' });
    await goNext(page, 'payment');
    await fillSupporter(page, { email });
    await goNext(page, 'confirmation');
    await page.getByTestId('donate-submit').click();
  };

  await give();
  await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await give();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toHaveAttribute('data-testid', 'confirm-dialog-duplicate');
  await snapshot(page, testInfo, 'duplicate-dialog');
  await dialog.getByRole('button', { name: 'キャンセル' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'キャンセルしました。' })).toBeVisible();
  await expect(page.getByTestId('donate-done')).toHaveCount(0);

  // Confirming gives again.
  await page.getByTestId('donate-submit').click();
  await page.getByRole('alertdialog').getByRole('button', { name: '支援する' }).click();
  await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
});
