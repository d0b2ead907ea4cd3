// The analytics event of spec §4 flow step 7 (decision 013): after a card gift settles on its
// return from 3-D Secure, the page's window.dataLayer (the tag-manager convention) holds one
// donation_submit event naming the gift, and nothing personal.
import { expect, test, type Page } from './fixtures';
import {
  ASSOCIATE_UID,
  authenticate3ds,
  chooseAmount,
  fillSupporter,
  goNext,
  openDonateForm,
  snapshot,
  TEST_CARDS,
  uniqueEmail,
} from './donate-helpers';

const FORM = `/associate/${ASSOCIATE_UID}/donate`;

/** The donation events on the page's dataLayer (a tag manager may push its own entries too). */
function donationEvents(page: Page) {
  return page.evaluate(
    () => (window as { dataLayer?: { event?: string }[] }).dataLayer?.filter((entry) => entry.event === 'donation_submit') ?? [],
  );
}

test('a card gift leaves one completed donation_submit event on window.dataLayer, without personal data', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const associate = (await (await request.get(`/backend/associate/${ASSOCIATE_UID}/?lang=ja`)).json()) as { id: number };
  const email = uniqueEmail(testInfo, 'analytics');
  await openDonateForm(page, FORM);
  await chooseAmount(page, { method: 'creditCard', preset: '3,000円' });
  await goNext(page, 'payment');
  await fillSupporter(page, { email, card: TEST_CARDS.success });
  await goNext(page, 'confirmation');
  // Nothing is sent before an attempt ends.
  expect(await donationEvents(page)).toEqual([]);
  await page.getByTestId('donate-submit').click();
  await authenticate3ds(page);
  await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
  await snapshot(page, testInfo, 'done');

  const events = await donationEvents(page);
  expect(events).toEqual([
    {
      event: 'donation_submit',
      status: 'completed',
      payment_method: 'creditCard',
      frequency: 'single',
      amount: 3000,
      currency: 'JPY',
      associate_id: associate.id,
      campaign_id: null,
      portfolio_id: null,
    },
  ]);
  const text = JSON.stringify(events);
  for (const personal of [email, '山田', '花子', '千代田', '4242', '0901234']) expect(text).not.toContain(personal);
});

test('a cancelled attempt is tracked as cancelled (en)', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await openDonateForm(page, `/en${FORM}`);
  await chooseAmount(page, { method: 'bankTransfer', preset: '¥3,000' });
  await goNext(page, 'payment');
  // A street without a block number is "suspicious" (spec §5): declining the dialog cancels.
  await fillSupporter(page, { email: uniqueEmail(testInfo, 'analytics-cancel'), street: '千代田' });
  await goNext(page, 'confirmation');
  await page.getByTestId('donate-submit').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Cancelled.' })).toBeVisible();
  const events = await donationEvents(page);
  expect(events).toMatchObject([
    { status: 'cancelled', payment_method: 'bankTransfer', frequency: 'single', amount: 3000, currency: 'JPY' },
  ]);
});
