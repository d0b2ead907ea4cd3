// Portfolio gifts in the browser (spec §2 /portfolio/{id}/donate, ADR 010): the header shows the
// composition and the split of the chosen amount, the supporter is charged once for the total and
// the API settles every part with it; bank transfer issues one account for the total.
import { expect, test, type APIRequestContext } from './fixtures';
import {
  authenticate3ds,
  captureApiPost,
  chooseAmount,
  donationStatus,
  fillSupporter,
  goNext,
  openDonateForm,
  sandboxCardGet,
  snapshot,
  TEST_CARDS,
  uniqueEmail,
  watchCspViolations,
} from './donate-helpers';

interface Portfolio {
  id: number;
  name: string;
  compositions: { associate: { id: number; name: string }; share_bp: number }[];
}

/** The demo "Planet" portfolio: 40 / 35 / 25 % across three associates, none needing phonetic names. */
async function planetPortfolio(request: APIRequestContext, lang: 'ja' | 'en'): Promise<Portfolio> {
  const list = (await (await request.get(`/backend/portfolio/?lang=en&page_size=50`)).json()) as {
    results: { id: number; name: string }[];
  };
  const found = list.results.find((portfolio) => portfolio.name === 'Planet Portfolio');
  expect(found, 'the demo data has the Planet portfolio').toBeTruthy();
  return (await (await request.get(`/backend/portfolio/${found!.id}/?lang=${lang}`)).json()) as Portfolio;
}

test('a guest gives 5,000 yen once by card with 3-D Secure to a portfolio, split across its associates', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const violations = watchCspViolations(page, baseURL);
  const portfolio = await planetPortfolio(request, 'ja');
  const created = await captureApiPost<{ donation: { id: number }; status_token: string }>(page, '/donation/');
  await openDonateForm(page, `/portfolio/${portfolio.id}/donate`);
  await expect(page).toHaveTitle(`支援フォーム | ${portfolio.name}`);
  const header = page.getByTestId('portfolio-header');
  await expect(header.getByRole('heading', { level: 1 })).toHaveText(`${portfolio.name}を支援する`);
  for (const part of portfolio.compositions)
    await expect(header.getByTestId(`portfolio-part-${part.associate.id}`)).toContainText(part.associate.name);
  // No wallet pay, reward, membership, survey or message for a portfolio.
  await expect(page.locator('#donate-method-walletPay')).toHaveCount(0);
  await expect(page.getByTestId('survey')).toHaveCount(0);
  await expect(page.locator('#donate-message')).toHaveCount(0);
  await expect(page.getByTestId('membership-link')).toHaveCount(0);

  await chooseAmount(page, { method: 'creditCard', frequency: 'single', amount: '5000' });
  // 40 / 35 / 25 % of 5,000 yen, as the API records it.
  const amounts = header.getByTestId('portfolio-part-amount');
  await expect(amounts).toHaveText(['2,000円', '1,750円', '1,250円']);
  await snapshot(page, testInfo, '1-amount');
  await goNext(page, 'payment');
  await fillSupporter(page, { email: uniqueEmail(testInfo, 'portfolio-card'), card: TEST_CARDS.success });
  await snapshot(page, testInfo, '2-info');
  await goNext(page, 'confirmation');
  await expect(page.getByTestId('confirm-total')).toContainText('5,000円');
  await snapshot(page, testInfo, '3-confirm');
  await page.getByTestId('donate-submit').click();
  const { sent, body } = await created.posted;
  expect(sent).toMatchObject({ type: 3, portfolio_id: portfolio.id, amount: 5_000, campaign_id: null, reward_id: null });

  await authenticate3ds(page);
  await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`/portfolio/${portfolio.id}/donate/contribution$`));
  await expect(page.getByTestId('done-lead')).toContainText(portfolio.name);
  // No message to one associate from a portfolio gift.
  await expect(page.getByTestId('done-message')).toHaveCount(0);
  await snapshot(page, testInfo, '4-done');

  // Charged once for the total; the lead's status answers the portfolio's total, paid.
  const charges = await sandboxCardGet<{ data: { amount: number; status: string; metadata: { donation_id?: number } }[] }>(
    request,
    '/charges?limit=100&order=reverse_chronological',
  );
  expect(charges.data.filter((charge) => charge.metadata.donation_id === body.donation.id)).toEqual([
    expect.objectContaining({ amount: 5_000, status: 'successful' }),
  ]);
  expect(await donationStatus(request, body.donation.id, body.status_token)).toMatchObject({ result: 'PAID', amount: 5_000 });
  expect(violations).toEqual([]);
});

test('a bank transfer to a portfolio in English shows the account for the total', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const portfolio = await planetPortfolio(request, 'en');
  await openDonateForm(page, `/en/portfolio/${portfolio.id}/donate`);
  await expect(page).toHaveTitle(`Support Form | ${portfolio.name}`);
  await chooseAmount(page, { method: 'bankTransfer', amount: '3000' });
  await expect(page.getByTestId('portfolio-part-amount')).toHaveText(['¥1,200', '¥1,050', '¥750']);
  await snapshot(page, testInfo, '1-amount');
  await goNext(page, 'payment');
  await expect(page.getByTestId('card-block')).toHaveCount(0);
  await fillSupporter(page, { email: uniqueEmail(testInfo, 'portfolio-bank') });
  await snapshot(page, testInfo, '2-info');
  await goNext(page, 'confirmation');
  await snapshot(page, testInfo, '3-confirm');
  await page.getByTestId('donate-submit').click();
  await expect(page.getByTestId('done-title')).toHaveText('Please complete your bank transfer', { timeout: 30_000 });
  await expect(page.getByTestId('bank-account-number')).toHaveText(/^\d{7}$/);
  await expect(page.getByTestId('bank-amount')).toHaveText('¥3,000');
  await snapshot(page, testInfo, '4-done');
});

test('an unknown portfolio is the 404 page', async ({ page }) => {
  const response = await page.goto('/portfolio/999999/donate');
  expect(response?.status()).toBe(404);
  expect((await page.goto('/portfolio/1/donate/membership'))?.status()).toBe(404);
});
