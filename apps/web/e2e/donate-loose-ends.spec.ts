// The donation flow's loose ends in the browser (ADR 008): a signed-in supporter whose saved card
// has expired enters a new one (told why) and the submission log names them; the wallet review
// page checks the phonetic names an associate requires (spec §5, associate 29) on the page, with
// the step indicator; the membership Confirm step has no Anonymous row.
import { expect, test, type APIRequestContext } from './fixtures';
import {
  ASSOCIATE_UID,
  authenticate3ds,
  chooseAmount,
  fillSupporter,
  giveOnWalletReview,
  giveThroughForm,
  goNext,
  openDonateForm,
  snapshot,
  TEST_CARDS,
  uniqueEmail,
} from './donate-helpers';
import { cardGatewayAuth, SANDBOX_URL } from './sandbox-helpers';

const FORM = `/associate/${ASSOCIATE_UID}/donate`;
const LONG = { timeout: 30_000 };

/** Sets a saved card's expiry at the sandbox card gateway (its own API, secret key). */
async function expireSavedCard(request: APIRequestContext, customerCode: string) {
  const headers = { ...cardGatewayAuth('secretKey'), 'omise-version': '2019-05-29' };
  const customer = (await (await request.get(`${SANDBOX_URL}/customers/${customerCode}`, { headers })).json()) as { default_card: string };
  const patched = await request.patch(`${SANDBOX_URL}/customers/${customerCode}/cards/${customer.default_card}`, {
    headers,
    form: { expiration_month: '1', expiration_year: '2020' },
  });
  expect(patched.status()).toBe(200);
}

test('an expired saved card is not offered: the supporter enters a new one, and the log names them', async ({
  page,
  request,
  newSupporter,
}, testInfo) => {
  test.setTimeout(180_000);
  const { email, accessToken } = newSupporter;
  const me = async () =>
    (await (await request.get('/backend/user/me/', { headers: { authorization: `Bearer ${accessToken}` } })).json()) as {
      id: number;
      userCreditCard: { customer_code: string } | null;
    };

  // A first gift saves the card on the user.
  await giveThroughForm(page, FORM, { method: 'creditCard', preset: '3,000円', guest: { email, card: TEST_CARDS.success } });
  const user = await me();
  await expireSavedCard(request, user.userCreditCard!.customer_code);

  // The next gift: the expired card is not offered, a note says why, a new card is entered.
  await openDonateForm(page, FORM);
  await chooseAmount(page, { method: 'creditCard', preset: '3,000円' });
  await goNext(page, 'payment');
  await expect(page.getByTestId('saved-card-expired')).toHaveText(
    '登録済みのカード（Visa •••• 4242、有効期限 01/2020）は有効期限が切れているため使えません。新しいカードを入力してください。',
  );
  await expect(page.locator('#donate-card-saved')).toHaveCount(0);
  await page.locator('#donate-card-number').fill('5555555555554444');
  await page.locator('#donate-card-holder').fill('HANAKO YAMADA');
  await page.locator('#donate-card-month').fill('12');
  await page.locator('#donate-card-year').fill(String((new Date().getFullYear() + 5) % 100).padStart(2, '0'));
  await page.locator('#donate-card-cvc').fill('123');
  await snapshot(page, testInfo, 'info-expired-card');
  await goNext(page, 'confirmation');
  await expect(page.getByText('末尾 4444')).toBeVisible();
  const log = page.waitForRequest(
    (call) => call.method() === 'POST' && new URL(call.url()).pathname === '/backend/donation/submission-log/',
    LONG,
  );
  await page.getByTestId('donate-submit').click();
  const duplicate = page.getByTestId('confirm-dialog-duplicate');
  await expect(duplicate).toBeVisible();
  await duplicate.getByRole('button', { name: '支援する' }).click();
  await authenticate3ds(page);
  await expect(page.getByTestId('donate-done')).toBeVisible(LONG);
  // Logged on return with the signed-in supporter's id.
  expect((await log).postDataJSON()).toMatchObject({ user_id: user.id, success: true, payment_method: 1 });
});

test('the wallet review page asks for the phonetic names associate 29 requires, field by field', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openDonateForm(page, '/associate/aozora-kids/donate');
  await chooseAmount(page, { method: 'walletPay', amount: '2000' });
  const button = page.getByTestId('wallet-pay-button').locator('button[data-kifu-wallet-pay]');
  await expect(button).toBeVisible(LONG);
  await button.click();
  await expect(page).toHaveURL(/\/wallet\/checkout/, LONG);
  await page.locator('button[data-buyer="hanako"]').click();
  await expect(page.getByTestId('wallet-review')).toBeVisible(LONG);
  await expect(page.getByTestId('step-indicator').locator('[aria-current="step"]')).toContainText('確認');
  await expect(page.locator('#wallet-lastNameKana')).toHaveAttribute('aria-required', 'true');

  // Give without the phonetic names: field errors, nothing sent, still on the review page.
  const posts: string[] = [];
  page.on('request', (call) => {
    if (call.method() === 'POST' && new URL(call.url()).pathname.includes('wallet')) posts.push(new URL(call.url()).pathname);
  });
  await page.getByTestId('donate-submit').click();
  await expect(page.locator('#wallet-lastNameKana-error')).toHaveText('セイは必須です。');
  await expect(page.locator('#wallet-firstNameKana-error')).toHaveText('メイは必須です。');
  await expect(page.locator('#wallet-lastNameKana')).toBeFocused();
  await expect(page.getByTestId('donate-failure')).toHaveCount(0);
  await snapshot(page, testInfo, 'review-kana-required');
  await page.locator('#wallet-lastNameKana').fill('山田');
  await expect(page.locator('#wallet-lastNameKana-error')).toHaveText('セイは全角カタカナで入力してください。');
  expect(posts).toEqual([]);

  // With them, the gift goes on to the provider's approval.
  await page.locator('#wallet-lastNameKana').fill('ヤマダ');
  await page.locator('#wallet-firstNameKana').fill('はなこ');
  await expect(page.getByTestId('field-error')).toHaveCount(0);
  await giveOnWalletReview(page);
});

test('the membership Confirm step has no Anonymous row', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const associate = (await (await request.get(`/backend/associate/${ASSOCIATE_UID}/?lang=ja`)).json()) as {
    membership_plans: { id: number }[];
  };
  await openDonateForm(page, `${FORM}/membership`);
  await chooseAmount(page, {});
  await page.locator(`#donate-plan-${associate.membership_plans[0]!.id}`).check();
  await goNext(page, 'membership/payment');
  await fillSupporter(page, { email: uniqueEmail(testInfo, 'member-confirm'), card: TEST_CARDS.success });
  await goNext(page, 'membership/confirmation');
  await expect(page.getByTestId('confirm-plan')).toBeVisible();
  await expect(page.getByTestId('confirm-receipt')).toBeVisible();
  await expect(page.getByTestId('confirm-anonymous')).toHaveCount(0);
  await snapshot(page, testInfo, 'membership-confirm');
});
