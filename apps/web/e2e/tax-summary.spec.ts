// The yearly tax summary (ADR 033): the demo supporter Hanako's gifts of this year in
// Japan with their totals, the relief estimate computed in the browser from what she types, the
// tax pack handed to the ZIP page, and the login-required notice for a visitor who is signed out.
import type { TaxSummary } from '@kifu/domain/api/my-page';
import { japanDateOf } from '@kifu/domain/calendar';
import { NOTICES } from '@kifu/domain/errors';
import { formatYenAmount } from '@kifu/domain/money';
import { estimateTaxRelief } from '@kifu/domain/tax-deduction';
import { expect, test, type Page } from './fixtures';
import { demoAccount, logIn } from './sign-in-helpers';

/** Gifts count in the year they were received, in Japan. */
const year = japanDateOf(new Date()).year;
const path = `/mypage/tax-summary/${year}`;

const logInAsHanako = (page: Page) => logIn(page, demoAccount('hanako'), path);

test("Hanako's summary of this year: gifts, totals and both estimates (ja)", async ({ page }) => {
  await logInAsHanako(page);
  await expect(page).toHaveTitle(new RegExp(`${year}年の寄付と税の控除`));
  await expect(page.getByTestId('tax-summary')).toBeVisible();
  await expect(page.getByTestId('tax-not-a-receipt')).toBeVisible();

  // The demo data gives her gifts to certified organisations in every year.
  await expect(page.getByTestId('tax-gift').first()).toBeVisible();
  expect(await page.getByTestId('tax-gift').count()).toBeGreaterThan(0);
  await expect(page.getByTestId('tax-eligible-total')).toHaveText(/^[1-9][\d,]*円$/);
  await expect(page.getByTestId('tax-total')).toHaveText(/^[1-9][\d,]*円$/);

  // The estimate: what she types stays in the browser; the figures follow as she types.
  const sent: string[] = [];
  page.on('request', (request) => {
    const carried = `${decodeURIComponent(request.url())} ${request.postData() ?? ''}`;
    if (/5,?000,?000|150,?000|１５０/.test(carried)) sent.push(request.url());
  });
  await page.getByTestId('tax-income').fill('5,000,000');
  await page.getByTestId('tax-income-tax').fill('１５０，０００');
  await expect(page.getByTestId('field-error')).toHaveCount(0);

  const summary = (await (await page.request.get(`/backend/user/my_page/tax-summary/${year}/?lang=ja`)).json()) as TaxSummary;
  const expected = estimateTaxRelief({
    gifts: {
      taxCredit: summary.by_eligibility.tax_credit,
      incomeDeduction: summary.by_eligibility.income_deduction,
      notEligible: summary.by_eligibility.not_eligible,
    },
    totalIncome: 5_000_000,
    incomeTax: 150_000,
  });
  await expect(page.getByTestId('tax-estimate-deduction')).toHaveText(/^[\d,]+円$/);
  await expect(page.getByTestId('tax-estimate-credit')).toHaveText(/^[\d,]+円$/);
  await expect(page.getByTestId('tax-estimate-deduction')).toHaveText(formatYenAmount(expected.deductionOnly.deduction, 'ja'));
  await expect(page.getByTestId('tax-estimate-credit')).toHaveText(formatYenAmount(expected.withCredit.taxCredit, 'ja'));
  expect(sent).toEqual([]);

  // Something that is not an amount is said so, and the estimate leaves it out.
  await page.getByTestId('tax-income').fill('5百万');
  await expect(page.getByTestId('tax-income')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('field-error')).toHaveCount(1);

  // The tax pack: asked for, then the ZIP page waits for it.
  await page.getByTestId('tax-pack').click();
  await expect(page).toHaveURL(/\/receipt-zip\/download\?id=\d+$/);
});

test('the summary in English, and the years either side', async ({ page }) => {
  await logInAsHanako(page);
  await page.goto(`/en${path}`);
  await expect(page.getByTestId('tax-eligible-total')).toHaveText(/^¥[1-9][\d,]*$/);
  await page.getByTestId('tax-year-previous').click();
  await expect(page).toHaveURL(new RegExp(`/en/mypage/tax-summary/${year - 1}$`));
  await expect(page.getByTestId('tax-summary')).toBeVisible();
  await page.getByTestId('tax-year-next').click();
  await expect(page).toHaveURL(new RegExp(`/en${path}$`));
  await expect(page.getByTestId('tax-gift').first()).toBeVisible();
});

test('a visitor who is signed out sees the login-required notice', async ({ page }) => {
  await page.goto(path);
  await expect(page.getByTestId('login-required')).toContainText(NOTICES.loginRequired.ja);
  await expect(page.getByTestId('tax-summary')).toHaveCount(0);
});

test('a year outside 2000–2100 does not exist', async ({ page }) => {
  expect((await page.goto('/mypage/tax-summary/1999'))?.status()).toBe(404);
  expect((await page.goto('/mypage/tax-summary/this-year'))?.status()).toBe(404);
});
