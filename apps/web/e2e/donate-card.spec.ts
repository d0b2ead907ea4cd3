// A guest gives by card with 3-D Secure (spec §4 "Donation flow", "Card path for a guest"): the
// card is tokenised at the vault, the bank's page authenticates, the form comes back, restores
// itself and waits for the payment before Done. Screenshots of each step are test artifacts.
import { expect, test } from './fixtures';
import {
  ASSOCIATE_UID,
  authenticate3ds,
  chooseAmount,
  fillSupporter,
  goNext,
  openDonateForm,
  snapshot,
  TEST_CARDS,
  uniqueEmail,
  watchCspViolations,
} from './donate-helpers';

test.describe('donate by card', () => {
  test('a guest gives 3,000 yen once by card with 3-D Secure (ja)', async ({ page, baseURL }, testInfo) => {
    const email = uniqueEmail(testInfo, 'card-ja');
    const violations = watchCspViolations(page, baseURL);
    const response = await openDonateForm(page, `/associate/${ASSOCIATE_UID}/donate`);
    // The card form's page gets the strict policy (architecture.md §1), and works under it.
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'sha256-[^']+' http:\/\/127\.0\.0\.1:\d+/);
    await expect(page).toHaveTitle(/^支援フォーム \| .+/);
    await expect(page.getByTestId('step-indicator').locator('[aria-current="step"]')).toContainText('金額');

    await chooseAmount(page, { method: 'creditCard', preset: '3,000円' });
    await expect(page.locator('#donate-amount')).toHaveValue('3000');
    await expect(page.getByTestId('donate-total')).toContainText('3,000円');
    await snapshot(page, testInfo, '1-amount');
    await goNext(page, 'payment');

    await expect(page.getByTestId('card-brand-caution')).toHaveText('JCB・American Expressのカードは現在一時的にご利用いただけません。');
    await fillSupporter(page, { email, card: TEST_CARDS.success });
    await snapshot(page, testInfo, '2-info');
    await goNext(page, 'confirmation');

    await expect(page.getByTestId('confirm-total')).toContainText('3,000円');
    await expect(page.getByTestId('confirm-email')).toHaveText(email);
    await snapshot(page, testInfo, '3-confirm');
    // The browser's back button walks the steps, and forward again keeps what was typed.
    await page.goBack();
    await expect(page).toHaveURL(/\/donate\/payment$/);
    await expect(page.locator('#donate-card-number')).toHaveValue(TEST_CARDS.success);
    await page.goForward();
    await expect(page).toHaveURL(/\/donate\/confirmation$/);

    await page.getByTestId('donate-submit').click();
    await authenticate3ds(page);
    await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/donate\/contribution$/);
    await expect(page.getByTestId('done-title')).toHaveText('ご支援ありがとうございます');
    await expect(page.getByTestId('done-email-note')).toContainText(email);
    await expect(page.getByTestId('share-prompt')).toBeVisible();
    await snapshot(page, testInfo, '4-done');
    expect(violations).toEqual([]);
  });

  test('a guest gives once by card in English', async ({ page }, testInfo) => {
    await openDonateForm(page, `/en/associate/${ASSOCIATE_UID}/donate`);
    await expect(page).toHaveTitle(/^Support Form \| .+/);
    await chooseAmount(page, { method: 'creditCard', preset: '¥3,000' });
    await expect(page.getByText('at least ¥100, up to ¥6,000,000')).toBeVisible();
    await goNext(page, 'payment');
    await expect(page.getByTestId('card-brand-caution')).toHaveText('JCB and American Express cards are temporarily unavailable.');
    await fillSupporter(page, { email: uniqueEmail(testInfo, 'card-en'), card: TEST_CARDS.success });
    await goNext(page, 'confirmation');
    await snapshot(page, testInfo, 'confirm-en');
    await page.getByTestId('donate-submit').click();
    await authenticate3ds(page);
    await expect(page.getByTestId('done-title')).toHaveText('Thank you for your support', { timeout: 30_000 });
    await expect(page).toHaveURL(/\/en\/associate\/.+\/donate\/contribution$/);
    await snapshot(page, testInfo, 'done-en');
  });

  test('a failing card shows the insufficient-funds message and keeps the form filled', async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, 'card-fail');
    await openDonateForm(page, `/associate/${ASSOCIATE_UID}/donate`);
    await chooseAmount(page, { method: 'creditCard', preset: '3,000円' });
    await goNext(page, 'payment');
    await fillSupporter(page, { email, card: TEST_CARDS.insufficientFunds });
    await goNext(page, 'confirmation');
    await page.getByTestId('donate-submit').click();
    await authenticate3ds(page);

    const message = 'クレジットカードの利用限度額を超えています。';
    await expect(page.getByTestId('donate-failure')).toContainText(message, { timeout: 30_000 });
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: message })).toBeVisible();
    // Back on the card step with everything but the card (never stored) still there.
    await expect(page).toHaveURL(/\/donate\/payment$/);
    await expect(page.locator('#donate-email')).toHaveValue(email);
    await expect(page.locator('#donate-last-name')).toHaveValue('山田');
    await expect(page.locator('#donate-street')).toHaveValue('千代田1-1');
    await expect(page.locator('#donate-card-number')).toHaveValue('');
    await snapshot(page, testInfo, 'failed-card');
    await page.getByTestId('donate-back').click();
    await expect(page.locator('#donate-amount')).toHaveValue('3000');
  });

  test('a guest starts a monthly gift by card', async ({ page }, testInfo) => {
    await openDonateForm(page, `/associate/${ASSOCIATE_UID}/donate`);
    await chooseAmount(page, { frequency: 'monthly', preset: '1,000円/月' });
    // Bank transfer is single only (spec §4).
    await expect(page.locator('#donate-method-bankTransfer')).toBeDisabled();
    await goNext(page, 'payment');
    await fillSupporter(page, { email: uniqueEmail(testInfo, 'monthly'), card: TEST_CARDS.success });
    await goNext(page, 'confirmation');
    await page.getByTestId('donate-submit').click();
    await authenticate3ds(page);
    await expect(page.getByTestId('done-title')).toHaveText('ご支援ありがとうございます', { timeout: 30_000 });
    await expect(page.getByTestId('done-lead')).toContainText('毎月のご支援を開始しました');
    await expect(page.getByTestId('done-amount')).toHaveText('1,000円/月');
    await expect(page.getByTestId('done-method')).toHaveText('クレジットカード');
  });
});
