// When a monthly card charge fails (ADR 034): the provider's daily runner (the sandbox's, run as of
// the charge day and the two retry days) fails the charge three times; the supporter gets
// the mail with the way to fix the card, My page says the support is suspended; saving a new card on
// /mypage/credit-card re-activates it. Run in Japanese and in English (the mails follow the language
// the gift was made in).
import { expect, test } from './fixtures';
import { ASSOCIATE_UID, fillCardForm, giveThroughForm } from './donate-helpers';
import { makeSavedCardFail, nextChargeOfActiveSupport, runScheduleOn } from './failing-card-helpers';
import { mailsTo } from './sandbox-helpers';
import { logIn } from './sign-in-helpers';

const DAY_MS = 86_400_000;

const LOCALES = [
  {
    locale: 'ja',
    prefix: '',
    subjects: ['継続的なご寄付のお支払いができませんでした', '継続的なご寄付を一時停止しました'],
    suspended: '決済ができず停止中',
    active: '継続中',
  },
  {
    locale: 'en',
    prefix: '/en',
    subjects: ['Your recurring donation could not be charged', 'Your recurring donation is suspended'],
    suspended: 'Suspended: the charge failed',
    active: 'Active',
  },
] as const;

for (const { locale, prefix, subjects, suspended, active } of LOCALES)
  test(`a failing card suspends the monthly support with a mail, and a new card re-activates it (${locale})`, async ({
    page,
    request,
    newSupporter,
  }) => {
    test.setTimeout(240_000);
    await logIn(page, newSupporter, '/mypage/recurring-support', prefix);
    await giveThroughForm(page, `${prefix}/associate/${ASSOCIATE_UID}/donate`, {
      method: 'creditCard',
      frequency: 'monthly',
      amount: '3000',
    });

    // Active once its schedule is made (a background job).
    const next = await nextChargeOfActiveSupport(page);
    // The card runs out of funds: the supporter's customer gets a failing default card.
    const customer = await makeSavedCardFail(page);

    // The charge day and the provider's two retries.
    for (const offset of [0, 1, 2])
      await runScheduleOn(request, customer, new Date(Date.parse(`${next}T12:00:00+09:00`) + offset * DAY_MS).toISOString().slice(0, 10));

    await expect
      .poll(async () => (await mailsTo(request, newSupporter.email)).map((mail) => mail.subject), { timeout: 60_000 })
      .toEqual(expect.arrayContaining([...subjects]));

    await page.goto(`${prefix}/mypage/recurring-support`);
    const item = page.getByTestId('recurring-item');
    await expect(async () => {
      await page.reload();
      await expect(item.getByTestId('recurring-state')).toHaveText(suspended, { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });

    // A new card on /mypage/credit-card: the support goes on.
    await page.goto(`${prefix}/mypage/credit-card`);
    await page.getByTestId('saved-card-replace').click();
    await fillCardForm(page);
    await page.getByTestId('card-form-save').click();
    // The success line, not the progress line the same region shows while the card is checked:
    // leaving the page before the answer would cancel the save.
    await expect(page.getByTestId('saved-card-notice')).toHaveAttribute('data-kind', 'success', { timeout: 20_000 });

    // The due month is charged again by a job after the card is saved: the page shows it once done.
    await page.goto(`${prefix}/mypage/recurring-support`);
    await expect(async () => {
      await page.reload();
      await expect(item.getByTestId('recurring-state')).toHaveText(active, { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
  });
