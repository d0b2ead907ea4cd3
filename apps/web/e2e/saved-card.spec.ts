// The saved card on /mypage/credit-card (ADR 034): a new supporter has no card, saves one (the
// card goes to the vault from the browser, under the card-form Content-Security-Policy), replaces
// it with another and removes it. In English: save one and remove it. A guest without the session
// of the mailed link is sent to ask for it on /credit.
import { expect, test, type Page } from './fixtures';
import { ASSOCIATE_UID, fillCardForm, giveThroughForm, snapshot, TEST_CARDS, watchCspViolations } from './donate-helpers';
import { logIn } from './sign-in-helpers';

const PAGE = '/mypage/credit-card';
const MASTERCARD = '5555555555554444';

/** Card numbers typed in groups of four, as people do. */
const grouped = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

const fillCard = (page: Page, number: string) => fillCardForm(page, grouped(number));

test('a supporter saves a card, replaces it and removes it (ja)', async ({ page, baseURL, newSupporter }, testInfo) => {
  test.setTimeout(120_000);
  const violations = watchCspViolations(page, baseURL);
  await logIn(page, newSupporter, PAGE);

  // The page tokenises cards: it has the card-form policy, which allows the vault.
  const policy = (await page.request.get(PAGE)).headers()['content-security-policy'] ?? '';
  expect(policy).toContain('nonce-');

  await expect(page.getByTestId('saved-card-none')).toContainText('登録済みのカードはありません。');
  await expect(page.getByTestId('saved-card-remove')).toHaveCount(0);
  await snapshot(page, testInfo, '1-no-card');

  // A card is checked before anything is sent.
  await page.getByTestId('saved-card-replace').click();
  await page.getByTestId('card-form-save').click();
  await expect(page.getByTestId('card-form').getByTestId('card-form-error').first()).toContainText('必須です');

  await fillCard(page, TEST_CARDS.success);
  await page.getByTestId('card-form-save').click();
  await expect(page.getByTestId('saved-card-notice')).toContainText('新しいカードを保存しました。');
  await expect(page.getByTestId('saved-card-number')).toContainText('•••• 4242');
  await expect(page.getByTestId('card-form')).toHaveCount(0);
  await expect(page.getByTestId('saved-card-recurring-none')).toBeVisible();
  await snapshot(page, testInfo, '2-saved');

  // What the API keeps: shown again after a reload.
  await page.reload();
  await expect(page.getByTestId('saved-card-number')).toContainText('•••• 4242');
  await expect(page.getByTestId('saved-card-expiry')).toContainText('12/');

  await page.getByTestId('saved-card-replace').click();
  await fillCard(page, MASTERCARD);
  await page.getByTestId('card-form-save').click();
  await expect(page.getByTestId('saved-card-notice')).toContainText('新しいカードを保存しました。');
  await expect(page.getByTestId('saved-card-number')).toContainText('•••• 4444');
  await page.reload();
  await expect(page.getByTestId('saved-card-number')).toContainText('•••• 4444');
  await snapshot(page, testInfo, '3-replaced');

  // Removing asks first; cancelling keeps the card.
  await page.getByTestId('saved-card-remove').click();
  await expect(page.getByTestId('saved-card-remove-panel')).toContainText('•••• 4444 を削除しますか？');
  await page.getByTestId('saved-card-remove-cancel').click();
  await expect(page.getByTestId('saved-card-number')).toContainText('•••• 4444');
  await page.getByTestId('saved-card-remove').click();
  await page.getByTestId('saved-card-remove-confirm').click();
  await expect(page.getByTestId('saved-card-notice')).toContainText('カードを削除しました。');
  await expect(page.getByTestId('saved-card-none')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('saved-card-none')).toBeVisible();
  await snapshot(page, testInfo, '4-removed');

  expect(violations).toEqual([]);
});

test('a supporter saves a card and removes it (en)', async ({ page, baseURL, newSupporter }, testInfo) => {
  test.setTimeout(90_000);
  const violations = watchCspViolations(page, baseURL);
  await logIn(page, newSupporter, PAGE, '/en');

  await expect(page.getByTestId('saved-card-none')).toContainText('You have no saved card.');
  await page.getByTestId('saved-card-replace').click();
  await fillCard(page, TEST_CARDS.success);
  await page.getByTestId('card-form-save').click();
  await expect(page.getByTestId('saved-card-notice')).toContainText('The new card was saved.');
  await expect(page.getByTestId('saved-card-number')).toContainText('•••• 4242');

  await page.getByTestId('saved-card-remove').click();
  await expect(page.getByTestId('saved-card-remove-panel')).toContainText('Remove');
  await page.getByTestId('saved-card-remove-confirm').click();
  await expect(page.getByTestId('saved-card-notice')).toContainText('The card was removed.');
  await expect(page.getByTestId('saved-card-none')).toBeVisible();
  await snapshot(page, testInfo, 'en-removed');

  expect(violations).toEqual([]);
});

test('a guest without the mailed link is told to open it first (/credit)', async ({ page }) => {
  await page.goto('/credit');
  await expect(page.getByTestId('guest-card-no-session')).toContainText('メールでお送りしたリンクを開いてから');
  await expect(page.getByTestId('card-form')).toHaveCount(0);
  await page.getByTestId('guest-card-get-link').click();
  await expect(page).toHaveURL(/\/auth\/application\/edit-recurring-donations$/);
});

test('replacing a card that carries monthly support asks whether the support moves; yes moves it', async ({ page, newSupporter }) => {
  test.setTimeout(180_000);
  await logIn(page, newSupporter, PAGE);
  await giveThroughForm(page, `/associate/${ASSOCIATE_UID}/donate`, { method: 'creditCard', frequency: 'monthly', amount: '1000' });

  await page.goto(PAGE);
  // The support is active once its schedule is made (a background job).
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('saved-card-recurring-count')).toContainText('1', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await page.getByTestId('saved-card-replace').click();
  await fillCard(page, MASTERCARD);
  await page.getByTestId('card-form-save').click();
  const dialog = page.getByTestId('confirm-dialog-recurringCardSwitch');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('recurring-switch-list').locator('li')).toHaveCount(1);
  await dialog.getByRole('button', { name: '切り替える' }).click();
  await expect(page.getByTestId('saved-card-notice')).toContainText('継続的なご支援のお支払いも新しいカードに変わりました。');
  await expect(page.getByTestId('saved-card-number')).toContainText('•••• 4444');
  const active = (await (await page.request.get('/backend/donation/recurring/my_donation/count-card-active/')).json()) as {
    count: number;
    card: { last_digits: string };
  };
  expect(active).toMatchObject({ count: 1, card: { last_digits: '4444' } });
});
