// Wallet pay from the Amount step through the sandbox provider's pages and back (spec §2 return
// paths, §4 donation flow for wallet pay): the provider's button, sign-in as a test buyer, our
// review page with the buyer's name and email, the provider's approval page, and Done; a declined
// buyer and a cancel bring the form back restored.
import { expect, test, type Page, type TestInfo } from './fixtures';
import { ASSOCIATE_UID, chooseAmount, giveOnWalletReview, openDonateForm, snapshot, watchCspViolations } from './donate-helpers';

/** Test buyers of apps/sandbox/src/wallet/test-buyers.ts. */
type Buyer = 'hanako' | 'taro' | 'declined';

const LONG = { timeout: 30_000 };

async function leaveForProvider(page: Page, testInfo: TestInfo, prefix: string) {
  const button = page.getByTestId('wallet-pay-button').locator('button[data-kifu-wallet-pay]');
  await expect(button).toBeVisible(LONG);
  await snapshot(page, testInfo, `${prefix}-1-amount`);
  await button.click();
  await expect(page).toHaveURL(/\/wallet\/checkout/, LONG);
}

async function signInAs(page: Page, testInfo: TestInfo, prefix: string, buyer: Buyer) {
  await snapshot(page, testInfo, `${prefix}-2-provider-sign-in`);
  await page.locator(`button[data-buyer="${buyer}"]`).click();
  await expect(page).toHaveURL(/\/redirect\/wallet-pay\/checkout-review\?/, LONG);
  await expect(page.getByTestId('wallet-review')).toBeVisible(LONG);
}

async function approveAtProvider(page: Page, testInfo: TestInfo, prefix: string) {
  await giveOnWalletReview(page);
  await snapshot(page, testInfo, `${prefix}-4-provider-approve`);
  await page.locator('button[data-action="pay"]').click();
}

test('a guest gives once by wallet pay', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const violations = watchCspViolations(page, baseURL);
  await openDonateForm(page, `/associate/${ASSOCIATE_UID}/donate`);
  await chooseAmount(page, { method: 'walletPay', amount: '４０００' });
  await expect(page.getByText('100円以上、6,000,000円以下')).toBeVisible();
  // No "next" for wallet pay: the provider has the buyer's details.
  await expect(page.getByTestId('donate-next')).toHaveCount(0);
  await page.locator('#donate-message').fill('応援しています');
  await leaveForProvider(page, testInfo, 'single');
  await signInAs(page, testInfo, 'single', 'hanako');

  // The review: the buyer's account, the names taken from it, the gift as chosen.
  await expect(page).toHaveTitle(/ウォレットペイでの支援内容の確認/);
  await expect(page.getByTestId('wallet-buyer-email')).toHaveText('hanako.yamada@example.jp');
  await expect(page.locator('#wallet-lastName')).toHaveValue('山田');
  await expect(page.locator('#wallet-firstName')).toHaveValue('花子');
  await expect(page.getByTestId('confirm-total')).toHaveText('4,000円');
  await expect(page.getByTestId('confirm-method')).toHaveText('ウォレットペイ');
  await page.locator('#wallet-lastNameKana').fill('ヤマダ');
  await page.locator('#wallet-firstNameKana').fill('ハナコ');
  await snapshot(page, testInfo, 'single-3-review');
  await approveAtProvider(page, testInfo, 'single');

  await expect(page).toHaveURL(/\/associate\/[^/]+\/donate\/contribution/, LONG);
  await expect(page.getByTestId('done-title')).toHaveText('ご支援ありがとうございます');
  await expect(page.getByTestId('done-email-note')).toContainText('hanako.yamada@example.jp');
  await snapshot(page, testInfo, 'single-5-done');
  // Done cleared the wallet data and the amount from client storage (spec §4 entry status).
  const entries = await page.evaluate(
    () => Object.values(JSON.parse(localStorage.getItem('kifu-donation-form') ?? '{}').state.entries) as Record<string, unknown>[],
  );
  expect(entries).toHaveLength(1);
  const entry = entries[0]!;
  expect(entry.status).toBe('done');
  expect(entry.walletPay).toBeUndefined();
  expect(entry.amount).toBeUndefined();
  expect(violations).toEqual([]);
});

test('a declined buyer sees the wallet rejection on the form, kept as it was', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openDonateForm(page, `/associate/${ASSOCIATE_UID}/donate`);
  await chooseAmount(page, { method: 'walletPay', amount: '2500' });
  await page.locator('#donate-anonymous').check();
  await leaveForProvider(page, testInfo, 'declined');
  await signInAs(page, testInfo, 'declined', 'declined');
  await expect(page.locator('#wallet-lastName')).toHaveValue('佐藤');
  await snapshot(page, testInfo, 'declined-3-review');
  await approveAtProvider(page, testInfo, 'declined');

  await expect(page).toHaveURL(/\/associate\/[^/]+\/donate(\?|$)/, LONG);
  await expect(page.getByTestId('donate-failure')).toContainText('ウォレット決済サービスで決済が拒否されました。', LONG);
  await expect(page.locator('#donate-method-walletPay')).toBeChecked();
  await expect(page.locator('#donate-amount')).toHaveValue('2500');
  await expect(page.locator('#donate-anonymous')).toBeChecked();
  await snapshot(page, testInfo, 'declined-5-form');
});

test('cancel at the provider brings the form back restored', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openDonateForm(page, `/associate/${ASSOCIATE_UID}/donate`);
  await chooseAmount(page, { method: 'walletPay', amount: '1200' });
  await page.locator('#donate-message').fill('キャンセルのテスト');
  await leaveForProvider(page, testInfo, 'cancel');
  // A fresh browser storage: the form must come back from the server alone.
  await page.evaluate(() => localStorage.clear());
  await snapshot(page, testInfo, 'cancel-2-provider');
  await page.locator('button[data-action="cancel"]').click();

  await expect(page).toHaveURL(/\/associate\/[^/]+\/donate(\?|$)/, LONG);
  await expect(page.getByTestId('donate-form')).toHaveAttribute('data-phase', 'ready');
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'キャンセルしました。' })).toBeVisible();
  await expect(page.locator('#donate-method-walletPay')).toBeChecked();
  await expect(page.locator('#donate-amount')).toHaveValue('1200');
  await expect(page.locator('#donate-message')).toHaveValue('キャンセルのテスト');
  await expect(page.getByTestId('donate-failure')).toHaveCount(0);
  await snapshot(page, testInfo, 'cancel-3-form');
});

test('a monthly gift by wallet pay in English', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openDonateForm(page, `/en/associate/${ASSOCIATE_UID}/donate`);
  await chooseAmount(page, { frequency: 'monthly', method: 'walletPay', amount: '1500' });
  await expect(page.getByText('at least ¥100, up to ¥6,000,000')).toBeVisible();
  await leaveForProvider(page, testInfo, 'monthly-en');
  await signInAs(page, testInfo, 'monthly-en', 'taro');
  await expect(page).toHaveURL(/\/en\/redirect\/wallet-pay\/checkout-review/);
  await expect(page.locator('#wallet-lastName')).toHaveValue('Suzuki');
  await expect(page.locator('#wallet-firstName')).toHaveValue('Taro');
  await expect(page.getByTestId('confirm-total')).toHaveText('¥1,500');
  await snapshot(page, testInfo, 'monthly-en-3-review');
  await approveAtProvider(page, testInfo, 'monthly-en');
  await expect(page).toHaveURL(/\/en\/associate\/[^/]+\/donate\/contribution/, LONG);
  await expect(page.getByTestId('done-lead')).toContainText('monthly');
  // The Done screen says what was given and how (ADR 024).
  await expect(page.getByTestId('done-amount')).toHaveText('¥1,500/month');
  await expect(page.getByTestId('done-method')).toHaveText('Wallet Pay');
  await snapshot(page, testInfo, 'monthly-en-5-done');
});

test('a lapsed or unknown form key says the form could not be restored', async ({ page }) => {
  await page.goto('/redirect/wallet-pay/checkout-review?donate_session_key=unknownkey&amazonCheckoutSessionId=abc');
  await expect(page.getByTestId('wallet-restore-failed')).toContainText('入力内容を復元できませんでした');
});
