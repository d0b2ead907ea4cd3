// The two remaining single-gift options of spec §2 "Donation form pieces": anonymous support (spec
// §5: no receipt, nothing personal passed to the associate) and 'Including fee and tax' (the
// supporter pays the fee-included total, architecture.md §3, and that is what the card is charged).
import { expect, test } from './fixtures';
import {
  ASSOCIATE_UID,
  authenticate3ds,
  chooseAmount,
  donationStatus,
  fillSupporter,
  goNext,
  captureApiPost,
  openDonateForm,
  sandboxCardGet,
  snapshot,
  TEST_CARDS,
  uniqueEmail,
} from './donate-helpers';

test('an anonymous gift has no receipt and is recorded as anonymous', async ({ page, request }, testInfo) => {
  const created = await captureApiPost<{ donation: { id: number; is_anonymous: boolean }; status_token: string }>(
    page,
    '/donation/deposit/',
  );
  await openDonateForm(page, `/associate/${ASSOCIATE_UID}/donate`);
  const receipt = page.locator('#donate-receipt');
  await expect(receipt).toBeChecked();
  await expect(receipt).toBeEnabled();
  await page.locator('#donate-anonymous').check();
  // Spec §5: anonymous support gets no receipt, and the option cannot be turned back on.
  await expect(receipt).not.toBeChecked();
  await expect(receipt).toBeDisabled();
  await chooseAmount(page, { method: 'bankTransfer', preset: '3,000円' });
  await snapshot(page, testInfo, '1-amount-anonymous');
  await goNext(page, 'payment');
  await fillSupporter(page, { email: uniqueEmail(testInfo, 'anonymous') });
  await goNext(page, 'confirmation');
  await expect(page.getByTestId('confirm-anonymous')).toHaveText('はい');
  await expect(page.getByTestId('confirm-receipt')).toHaveText('いいえ');
  await snapshot(page, testInfo, '2-confirm-anonymous');

  await page.getByTestId('donate-submit').click();
  const { sent, body } = await created.posted;
  expect(sent).toMatchObject({ is_anonymous: true, need_receipt: false });
  expect(body.donation.is_anonymous).toBe(true);
  await expect(page.getByTestId('done-title')).toHaveText('お振込先のご案内', { timeout: 30_000 });
  await snapshot(page, testInfo, '3-done-anonymous');
  // The stored gift, read back by its donor through the API.
  expect(await donationStatus(request, body.donation.id, body.status_token)).toMatchObject({
    is_anonymous: true,
    amount: 3_000,
    frequency: 'single',
  });

  // Back on the form for another gift, unticking anonymous gives the receipt option back.
  await page.getByRole('button', { name: '支援フォームに戻る' }).click();
  await expect(page).toHaveURL(new RegExp(`/associate/${ASSOCIATE_UID}/donate$`));
  await page.locator('#donate-anonymous').uncheck();
  await expect(receipt).toBeEnabled();
});

test('a card gift including fee and tax charges the fee-included total shown on Confirm', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const created = await captureApiPost<{ donation: { id: number }; status_token: string }>(page, '/donation/');
  await openDonateForm(page, `/associate/${ASSOCIATE_UID}/donate`);
  await chooseAmount(page, { method: 'creditCard', preset: '10,000円' });
  await page.locator('#donate-include-fee').check();
  await expect(page.getByText('決済手数料（税込5.5%）', { exact: false })).toBeVisible();
  // ceil(10,000 / (1 − 0.05 × 1.1)) = 10,583 (architecture.md §3).
  await expect(page.getByTestId('donate-total')).toContainText('10,583円');
  await snapshot(page, testInfo, '1-amount-fee');
  await goNext(page, 'payment');
  await fillSupporter(page, { email: uniqueEmail(testInfo, 'fee'), card: TEST_CARDS.success });
  await goNext(page, 'confirmation');
  await expect(page.getByTestId('confirm-total')).toHaveText('10,583円（うち手数料と税 583円）');
  await snapshot(page, testInfo, '2-confirm-fee');

  await page.getByTestId('donate-submit').click();
  const { sent, body } = await created.posted;
  expect(sent).toMatchObject({ amount: 10_000, is_commission_contains: true });
  await authenticate3ds(page);
  await expect(page.getByTestId('done-title')).toHaveText('ご支援ありがとうございます', { timeout: 30_000 });
  await snapshot(page, testInfo, '3-done-fee');

  // What the card was charged at the gateway, and what the API recorded, is the total shown.
  const charges = await sandboxCardGet<{ data: { amount: number; status: string; metadata: { donation_id?: number } }[] }>(
    request,
    '/charges?limit=100&order=reverse_chronological',
  );
  expect(charges.data.find((charge) => charge.metadata.donation_id === body.donation.id)).toMatchObject({
    amount: 10_583,
    status: 'successful',
  });
  expect(await donationStatus(request, body.donation.id, body.status_token)).toMatchObject({ result: 'PAID', amount: 10_583 });
});
