// What a new donor tripped on (ADR 024), in ja and en: the postal lookup's town and a
// block-number street raise no address dialog; an amount over the card limit gets spec §8's limit
// message and no payable total; the Done screen quotes a campaign's title and says the amount and
// the method; the toast region is labelled in the page's language.
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { authenticate3ds, chooseAmount, fillSupporter, goNext, openDonateForm, TEST_CARDS, uniqueEmail } from './donate-helpers';

type Campaign = { id: number; title: string; associate: { uid: string } };

/** The demo campaign whose Japanese title is a clause ('…を新しくしたい'). */
async function shelterCampaign(request: APIRequestContext, lang: 'ja' | 'en'): Promise<Campaign> {
  const list = (await (await request.get('/backend/campaign/?lang=en&page_size=100')).json()) as { results: Campaign[] };
  const found = list.results.find((campaign) => campaign.title === 'New heating and cooling for our dog shelter');
  expect(found, 'the demo data has the dog shelter campaign').toBeTruthy();
  return (await (await request.get(`/backend/campaign/${found!.id}/?lang=${lang}`)).json()) as Campaign;
}

/** Submits, and expects the bank's 3-D Secure page rather than the suspicious-address dialog. */
async function submitWithoutAddressDialog(page: Page) {
  await page.getByTestId('donate-submit').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.or(page.getByRole('button', { name: 'Authenticate' }))).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toHaveCount(0);
  await authenticate3ds(page);
}

for (const { locale, prefix, preset, lead, amount, method, toastLabel } of [
  {
    locale: 'ja',
    prefix: '',
    preset: '3,000円',
    lead: (title: string) => `「${title}」へのご支援を受け付けました。`,
    amount: '3,000円',
    method: 'クレジットカード',
    toastLabel: /^通知/,
  },
  {
    locale: 'en',
    prefix: '/en',
    preset: '¥3,000',
    lead: (title: string) => `We have received your support for “${title}”.`,
    amount: '¥3,000',
    method: 'Credit card',
    toastLabel: /^Notifications/,
  },
] as const) {
  test(`${locale}: a campaign gift by card with the block number after the looked-up town; Done says what was given`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const campaign = await shelterCampaign(request, locale);
    await openDonateForm(page, `${prefix}/associate/${campaign.associate.uid}/donate?campaign=${campaign.id}`);
    // The toast region (sonner's), as screen readers name it.
    await expect(page.locator('section[aria-relevant="additions text"]')).toHaveAttribute('aria-label', toastLabel);
    await chooseAmount(page, { method: 'creditCard', preset });
    await goNext(page, 'payment');
    // 1000001 looks up to 東京都 千代田区千代田: the city holds the town, the street is the block number.
    await fillSupporter(page, { email: uniqueEmail(testInfo, `new-donor-${locale}`), street: '1-1', card: TEST_CARDS.success });
    await expect(page.locator('#donate-city')).toHaveValue('千代田区千代田');
    await goNext(page, 'confirmation');
    await submitWithoutAddressDialog(page);

    await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('done-lead')).toHaveText(lead(campaign.title));
    await expect(page.getByTestId('done-amount')).toHaveText(amount);
    await expect(page.getByTestId('done-method')).toHaveText(method);
  });
}

test('an amount over the card limit gets the limit message with the method and shows no total to pay', async ({ page }) => {
  for (const { prefix, message } of [
    { prefix: '', message: '支援金額が上限を超えています。クレジットカードをお選びの場合、上限は6,000,000円です。' },
    { prefix: '/en', message: 'Support amount exceeded. If you choose Credit card, the upper limitation is ¥6,000,000.' },
  ]) {
    await openDonateForm(page, `${prefix}/associate/kodomo-shokudo-mirai/donate`);
    await chooseAmount(page, { method: 'creditCard', amount: '6000001' });
    await page.getByTestId('donate-next').click();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page.getByTestId('donate-total')).not.toContainText('6,000,001');
    await expect(page.getByTestId('donate-total')).toContainText('—');
    // Back in range, the total is shown again.
    await page.locator('#donate-amount').fill('6000000');
    await expect(page.getByTestId('donate-total')).toContainText('6,000,000');
  }
});
