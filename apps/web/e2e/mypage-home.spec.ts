// The home of my page, /mypage (ADR 057). Signed out, it sends the visitor to log in and back. A
// new supporter gives 3,000 yen a month with a receipt to a certified NPO and 8,000 yen by bank
// transfer; then the card's next charge fails. /mypage shows what needs attention — the failing
// card with the way to change it, the transfer awaited with its deadline — this year's deductible
// total, and a link to each section of my page; it passes axe. The user menu leads to it. In ja and en.
import { seriousViolations } from './axe-helpers';
import { expect, test } from './fixtures';
import { ASSOCIATE_UID, giveThroughForm } from './donate-helpers';
import { makeSavedCardFail, nextChargeOfActiveSupport, runScheduleOn } from './failing-card-helpers';
import { logIn } from './sign-in-helpers';

const LOCALES = [
  { locale: 'ja', prefix: '', deductible: '3,000円', menu: 'マイページ', deadline: 'お振込み期限：' },
  { locale: 'en', prefix: '/en', deductible: '¥3,000', menu: 'My page', deadline: 'Transfer by: ' },
] as const;

for (const { locale, prefix, deductible, menu, deadline } of LOCALES) {
  test(`${locale}: /mypage sends a signed-out visitor to log in and back`, async ({ page }) => {
    await page.goto(`${prefix}/mypage`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/login\\?`));
    expect(new URL(page.url()).searchParams.get('next')).toBe(`${prefix}/mypage`);
  });

  test(`${locale}: /mypage shows the failing card, the awaited transfer, this year's deductible total and every section`, async ({
    page,
    newSupporter,
  }) => {
    test.setTimeout(300_000);
    await logIn(page, newSupporter, '/mypage', prefix);
    await expect(page.getByTestId('home-nothing-needed')).toBeVisible();
    await expect(page.getByTestId('home-deductible')).toHaveText(locale === 'ja' ? '0円' : '¥0');

    await giveThroughForm(page, `${prefix}/associate/${ASSOCIATE_UID}/donate`, {
      method: 'creditCard',
      frequency: 'monthly',
      amount: '3000',
      receipt: true,
    });
    // To another certified NPO: the form of the first keeps its monthly choice, and a transfer is given once.
    await giveThroughForm(page, `${prefix}/associate/world-water-project/donate`, {
      method: 'bankTransfer',
      amount: '8000',
      receipt: true,
    });
    await expect(page.getByTestId('bank-account-number')).toBeVisible();
    // The saved card runs out of funds, and the provider's daily runner charges the monthly schedule
    // on its next day (as of that day: the shared sandbox clock stays).
    const next = await nextChargeOfActiveSupport(page);
    const customer = await makeSavedCardFail(page);
    expect(await runScheduleOn(page.request, customer, next)).toBe(true);

    // From the user menu.
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: menu, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/mypage$`));
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('home-failing-recurring')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByTestId('home-awaiting-transfer')).toContainText(locale === 'ja' ? '8,000円' : '¥8,000');
    await expect(page.getByTestId('home-transfer-deadline')).toContainText(deadline);
    await expect(page.getByTestId('home-deductible')).toHaveText(deductible);
    for (const [key, path] of [
      ['supportHistory', '/mypage/support-history'],
      ['recurringSupport', '/mypage/recurring-support'],
      ['receipts', `/mypage/tax-summary/`],
      ['creditCard', '/mypage/credit-card'],
      ['campaigns', '/mypage/campaigns'],
      ['account', '/mypage/account'],
    ])
      await expect(page.getByTestId(`home-link-${key}`)).toHaveAttribute('href', new RegExp(`^${prefix}${path}`));

    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('home-change-card').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/mypage/credit-card$`));
  });
}
