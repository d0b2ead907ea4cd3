// Recurring support for a supporter without an account (ADR 034, spec §6): a guest gives monthly,
// asks for the link on /auth/application/edit-recurring-donations, reads it in the (sandbox)
// mailbox, and through it pauses and then stops the donation — no password anywhere. A used link
// does not open the page again. Run in Japanese and in English (the mail follows the page's language).
import { expect, test } from './fixtures';
import { ASSOCIATE_UID, fillCardForm, giveThroughForm, snapshot, TEST_CARDS, uniqueEmail } from './donate-helpers';
import { linkInMails } from './sandbox-helpers';

const PAGE = '/auth/application/edit-recurring-donations';

const LOCALES = [
  { locale: 'ja', prefix: '', amount: '2,000円', paused: '休止中', stopped: '停止', subject: '継続的なご寄付の変更・停止のご案内' },
  { locale: 'en', prefix: '/en', amount: '¥2,000', paused: 'Paused', stopped: 'Stopped', subject: 'Manage your recurring donation' },
] as const;

for (const { locale, prefix, amount, paused, stopped, subject } of LOCALES)
  test(`a guest manages their monthly support through the mailed link (${locale})`, async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    const email = uniqueEmail(testInfo, `guest-recurring-${locale}`);
    await giveThroughForm(page, `${prefix}/associate/${ASSOCIATE_UID}/donate`, {
      method: 'creditCard',
      frequency: 'monthly',
      amount: '2000',
      guest: { email, card: TEST_CARDS.success },
    });

    // An address with no donations gets the same answer.
    await page.goto(`${prefix}${PAGE}`);
    await page.getByTestId('guest-link-email').fill(uniqueEmail(testInfo, 'nobody'));
    await page.getByTestId('guest-link-submit').click();
    await expect(page.getByTestId('guest-link-sent')).toBeVisible();

    let link = '';
    await expect(async () => {
      // The first payment's activation runs in the background: ask until the link comes.
      await page.goto(`${prefix}${PAGE}`);
      await page.getByTestId('guest-link-email').fill(email);
      await page.getByTestId('guest-link-submit').click();
      await expect(page.getByTestId('guest-link-sent')).toBeVisible();
      link = await linkInMails(page.request, email, /https?:\/\/\S+edit-recurring-donations\?code=\S+/, subject);
      expect(link).not.toBe('');
    }).toPass({ timeout: 60_000 });

    await page.goto(link);
    await expect(page.getByTestId('guest-recurring-open')).toBeVisible();
    // The code is taken out of the address once used.
    await expect(page).toHaveURL(new RegExp(`${prefix}${PAGE}$`));
    const item = page.getByTestId('recurring-item');
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('recurring-amount')).toContainText(amount);
    await snapshot(page, testInfo, `1-guest-list-${locale}`);

    await item.getByTestId('recurring-pause').click();
    await item.getByTestId('recurring-pause-months').selectOption('1');
    await item.getByTestId('recurring-pause-confirm').click();
    await expect(item.getByTestId('recurring-state')).toContainText(paused);

    // A new card for it, on /credit (reachable with the link's session only).
    await page.getByTestId('guest-change-card').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/credit$`));
    await expect(page.getByTestId('guest-card-movable')).toBeVisible();
    await page.getByTestId('card-form').getByTestId('card-form-email').fill(email);
    await fillCardForm(page, '5555555555554444');
    await page.getByTestId('card-form-save').click();
    await expect(page.getByTestId('guest-card-moved')).toBeVisible();
    await page.getByTestId('guest-card-back').click();
    await expect(page.getByTestId('guest-recurring-open')).toBeVisible();

    await item.getByTestId('recurring-stop').click();
    await expect(item.getByTestId('recurring-stop-panel')).toBeVisible();
    await item.getByTestId('recurring-stop-confirm').click();
    await expect(item.getByTestId('recurring-state')).toContainText(stopped);
    await snapshot(page, testInfo, `2-guest-stopped-${locale}`);

    // The link worked once.
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByTestId('guest-link-invalid')).toBeVisible();
  });
