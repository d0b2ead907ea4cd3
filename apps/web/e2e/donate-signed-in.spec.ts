// Signed-in supporters in the donation flow (spec §4 Authentication, donation flow step 4, "Card
// path": a logged-in user's card is registered on the user; §6 the saved card is reused and the
// profile is prefilled), and the form restored after 3-D Secure when client storage is gone (§2).
// The session is the httpOnly user_token cookie, set here as the sign-in would set it; the page's
// calls carry it through the /backend proxy.
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import {
  ASSOCIATE_UID,
  authenticate3ds,
  chooseAmount,
  fillSupporter,
  goNext,
  openDonateForm,
  signedInSupporter,
  snapshot,
  TEST_CARDS,
  uniqueEmail,
  fillCard,
} from './donate-helpers';

const MASTERCARD = '5555555555554444';
const FORM = `/associate/${ASSOCIATE_UID}/donate`;

/** Give now, answering yes to the duplicate question (same associate and email within 10 minutes). */
async function submitGift(page: Page, options: { duplicate: boolean }) {
  await page.getByTestId('donate-submit').click();
  if (options.duplicate) {
    const dialog = page.getByTestId('confirm-dialog-duplicate');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '支援する' }).click();
  }
}

async function activeOnCard(request: APIRequestContext, accessToken: string) {
  const response = await request.get('/backend/donation/recurring/my_donation/count-card-active/', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    count: number;
    card: { last_digits: string } | null;
    recurring_donations: { associate_name: string; recurring_donation_name: string }[];
  };
}

test.describe('signed-in supporter', () => {
  test('gives with the saved card: prefilled profile, no card input, no tokenisation (ja)', async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { email } = await signedInSupporter(request, context, baseURL!, testInfo);

    // First gift: no saved card yet, so a card is entered, and registered on the user.
    await openDonateForm(page, FORM);
    await expect(page.getByTestId('donate-form')).toHaveAttribute('data-signed-in', 'true');
    await chooseAmount(page, { method: 'creditCard', preset: '3,000円' });
    await goNext(page, 'payment');
    await expect(page.getByTestId('signed-in-note')).toContainText(email);
    await expect(page.locator('#donate-email')).toHaveValue(email);
    await expect(page.locator('#donate-last-name')).toHaveValue('山田');
    await expect(page.locator('#donate-street')).toHaveValue('千代田1-1');
    await expect(page.locator('#donate-card-saved')).toHaveCount(0);
    await fillCard(page, TEST_CARDS.success);
    await snapshot(page, testInfo, '1-info-first-card');
    await goNext(page, 'confirmation');
    await expect(page.getByTestId('signup-section')).toHaveCount(0);
    await submitGift(page, { duplicate: false });
    await authenticate3ds(page);
    await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
    await snapshot(page, testInfo, '2-done-first');

    // Second gift: the saved card is offered (brand, •••• last 4, expiry) and chosen.
    await openDonateForm(page, FORM);
    await chooseAmount(page, { method: 'creditCard', preset: '3,000円' });
    await goNext(page, 'payment');
    await expect(page.locator('#donate-card-saved')).toBeChecked();
    await expect(page.getByTestId('saved-card')).toContainText('•••• 4242');
    await expect(page.getByTestId('saved-card')).toContainText(/有効期限 12\/20\d\d/);
    await expect(page.locator('#donate-card-number')).toHaveCount(0);
    await snapshot(page, testInfo, '3-info-saved-card');
    await goNext(page, 'confirmation');
    await expect(page.getByText('末尾 4242')).toBeVisible();
    await snapshot(page, testInfo, '4-confirm-saved-card');

    const calls: string[] = [];
    page.on('request', (call) => {
      if (call.method() === 'POST') calls.push(new URL(call.url()).pathname);
    });
    await submitGift(page, { duplicate: true });
    await authenticate3ds(page);
    await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
    await snapshot(page, testInfo, '5-done-saved-card');
    // No vault token and no card registration: the user's customer paid.
    expect(calls.filter((path) => path.endsWith('/tokens') || path.startsWith('/backend/payment/'))).toEqual([]);
    expect(calls).toContain('/backend/donation/');
  });

  test('with a monthly support, a new card asks to move it; yes moves it to the new card', async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const { accessToken } = await signedInSupporter(request, context, baseURL!, testInfo);

    // A monthly support on the first card.
    await openDonateForm(page, FORM);
    await chooseAmount(page, { method: 'creditCard', frequency: 'monthly', amount: '1000' });
    await goNext(page, 'payment');
    await fillCard(page, TEST_CARDS.success);
    await goNext(page, 'confirmation');
    await submitGift(page, { duplicate: false });
    await authenticate3ds(page);
    await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await activeOnCard(request, accessToken)).count, { timeout: 30_000 }).toBe(1);
    expect((await activeOnCard(request, accessToken)).card?.last_digits).toBe('4242');

    // A single gift with a new card: the switch dialog lists the support.
    await openDonateForm(page, FORM);
    await chooseAmount(page, { method: 'creditCard', frequency: 'single', preset: '3,000円' });
    await goNext(page, 'payment');
    await page.locator('#donate-card-new').check();
    await fillCard(page, MASTERCARD);
    await snapshot(page, testInfo, '1-info-new-card');
    await goNext(page, 'confirmation');
    await submitGift(page, { duplicate: true });
    const dialog = page.getByTestId('confirm-dialog-recurringCardSwitch');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('recurring-switch-list').locator('li')).toHaveCount(1);
    await expect(dialog.getByTestId('recurring-switch-list')).toContainText('山田 花子');
    await snapshot(page, testInfo, '2-switch-dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '切り替える' }).click();
    await authenticate3ds(page);
    await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
    await snapshot(page, testInfo, '3-done');

    // The support now charges the new card.
    const active = await activeOnCard(request, accessToken);
    expect(active).toMatchObject({ count: 1, card: { last_digits: '4444' } });
    const me = await request.get('/backend/user/me/', { headers: { authorization: `Bearer ${accessToken}` } });
    expect((await me.json()).userCreditCard).toMatchObject({ last_digits: '4444', expiration_month: 12 });
  });
});

test('a session the API no longer knows is dropped and the page goes on as a guest', async ({ page, context, baseURL }, testInfo) => {
  await context.addCookies([
    { name: 'user_token', value: 'revoked-or-expired-token-0123456789', url: baseURL!, httpOnly: true, sameSite: 'Lax' },
  ]);
  await openDonateForm(page, FORM);
  await expect(page.getByTestId('donate-form')).toHaveAttribute('data-signed-in', 'false');
  await expect.poll(async () => (await context.cookies(baseURL)).some((cookie) => cookie.name === 'user_token')).toBe(false);
  await chooseAmount(page, { method: 'creditCard', preset: '3,000円' });
  await goNext(page, 'payment');
  await expect(page.locator('#donate-email')).toHaveValue('');
  await expect(page.locator('#donate-card-number')).toBeVisible();
  await snapshot(page, testInfo, 'guest-after-dropped-session');
});

test.describe('3-D Secure return without client storage', () => {
  test('a guest whose storage is gone comes back to a restored form and Done', async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(180_000);
    const email = uniqueEmail(testInfo, 'restore');
    const response = await openDonateForm(page, FORM);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await chooseAmount(page, { method: 'creditCard', preset: '3,000円' });
    await goNext(page, 'payment');
    await fillSupporter(page, { email, card: TEST_CARDS.success });
    await goNext(page, 'confirmation');
    await page.getByTestId('donate-submit').click();
    await expect(page).toHaveURL(/\/card\/3ds\//, { timeout: 20_000 });
    const authorizeUri = page.url();

    // The bank's page is finished in a new browser context: no localStorage, sessionStorage or cookies of ours.
    const fresh = await browser.newContext({ baseURL, locale: 'ja-JP' });
    try {
      const other = await fresh.newPage();
      await other.goto(authorizeUri);
      await snapshot(other, testInfo, '1-3ds-in-new-context');
      await authenticate3ds(other);
      await expect(other.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
      // The token was read and taken out of the address bar.
      expect(other.url()).not.toContain('donation_token');
      await expect(other.getByTestId('done-email-note')).toContainText(email);
      await expect(other.locator('[data-sonner-toast]').filter({ hasText: '入力内容を復元できませんでした' })).toHaveCount(0);
      await snapshot(other, testInfo, '2-done-restored');
    } finally {
      await fresh.close();
    }
  });
});
