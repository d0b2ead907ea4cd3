// A single gift by bank transfer issues a virtual account, which Done shows with its expiry
// (spec §2 "Completion screen", §4 "bank transfer (single only)").
import { expect, test } from './fixtures';
import { ASSOCIATE_UID, chooseAmount, fillSupporter, goNext, openDonateForm, snapshot, uniqueEmail } from './donate-helpers';

test('a bank transfer shows the account to transfer to', async ({ page }, testInfo) => {
  await openDonateForm(page, `/associate/${ASSOCIATE_UID}/donate`);
  await chooseAmount(page, { method: 'bankTransfer', amount: '５０００' });
  await expect(page.getByText('100円以上、9,999,999円以下')).toBeVisible();
  await goNext(page, 'payment');
  // No card for a bank transfer.
  await expect(page.getByTestId('card-block')).toHaveCount(0);
  await fillSupporter(page, { email: uniqueEmail(testInfo, 'bank') });
  await goNext(page, 'confirmation');
  await expect(page.getByTestId('confirm-method')).toHaveText('銀行振込');
  await page.getByTestId('donate-submit').click();

  await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('done-title')).toHaveText('お振込先のご案内');
  const account = page.getByTestId('bank-account');
  await expect(account.getByTestId('bank-name')).not.toBeEmpty();
  await expect(account.getByTestId('bank-branch')).not.toBeEmpty();
  await expect(account.getByTestId('bank-account-type')).toHaveText('普通');
  await expect(account.getByTestId('bank-account-number')).toHaveText(/^\d{7}$/);
  await expect(account.getByTestId('bank-account-holder')).not.toBeEmpty();
  await expect(account.getByTestId('bank-amount')).toHaveText('5,000円');
  await expect(account.getByTestId('bank-expiry')).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日/);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: '完了しました。' })).toBeVisible();
  await snapshot(page, testInfo, 'bank-account');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a bank transfer in English, step by step', async ({ page }, testInfo) => {
    await openDonateForm(page, `/en/associate/${ASSOCIATE_UID}/donate`);
    await chooseAmount(page, { method: 'bankTransfer', preset: '¥10,000' });
    await page.locator('#donate-include-fee').check();
    await expect(page.getByTestId('donate-total')).toContainText('¥10,583');
    await snapshot(page, testInfo, 'phone-1-amount');
    await goNext(page, 'payment');
    await fillSupporter(page, { email: uniqueEmail(testInfo, 'bank-phone') });
    await snapshot(page, testInfo, 'phone-2-info');
    await goNext(page, 'confirmation');
    await expect(page.getByTestId('confirm-total')).toContainText('¥10,583');
    await snapshot(page, testInfo, 'phone-3-confirm');
    await page.getByTestId('donate-submit').click();
    await expect(page.getByTestId('done-title')).toHaveText('Please complete your bank transfer', { timeout: 30_000 });
    await expect(page.getByTestId('bank-account-type')).toHaveText('Ordinary');
    await expect(page.getByTestId('bank-amount')).toHaveText('¥10,583');
    await snapshot(page, testInfo, 'phone-4-done');
  });
});
