// After the gift (ADR 033): a signed-in supporter gives by card and by bank transfer, pays the
// transfer at the sandbox bank, finds both in the support history with the day each was received,
// downloads the card gift's receipt (a real PDF, read back with pdftotext), the year's ZIP of
// receipts, and opens the year's tax summary with its deductible total.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { unzipSync } from 'fflate';
import { ASSOCIATE_UID, giveThroughForm, snapshot, TEST_CARDS, uniqueEmail } from './donate-helpers';
import { mailedReceiptLink, SANDBOX_URL } from './sandbox-helpers';
import { demoAccount, logIn } from './sign-in-helpers';

const japanToday = () => new Intl.DateTimeFormat('ja-JP', { dateStyle: 'long', timeZone: 'Asia/Tokyo' }).format(new Date());
const japanYear = () => Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Tokyo' }).format(new Date()));

function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
}

test('a supporter finds their card and bank transfer gifts in the history, with receipts, the year ZIP and the tax summary', async ({
  page,
  context,
  newSupporter,
}, testInfo) => {
  test.setTimeout(300_000);
  await logIn(page, newSupporter, '/mypage/support-history');
  await expect(page.getByTestId('history-empty')).toBeVisible();

  // 12,000 yen by card to a certified NPO, with a receipt.
  await giveThroughForm(page, `/associate/${ASSOCIATE_UID}/donate`, { method: 'creditCard', amount: '12000', receipt: true });

  // 8,000 yen by bank transfer to another certified NPO, with a receipt.
  await giveThroughForm(page, '/associate/world-water-project/donate', { method: 'bankTransfer', amount: '8000', receipt: true });
  await expect(page.getByTestId('done-title')).toHaveText('お振込先のご案内');
  const accountNumber = (await page.getByTestId('bank-account-number').textContent())!.trim();

  // The history: the transfer is awaited, with its account; the card gift is received today.
  await page.goto('/mypage/support-history');
  const gifts = page.getByTestId('history-gift');
  await expect(gifts).toHaveCount(2);
  const transfer = gifts.nth(0);
  await expect(transfer.getByTestId('history-gift-status')).toHaveText('お振込み待ち');
  await expect(transfer.getByTestId('history-transfer-account')).toContainText(accountNumber);
  await expect(transfer.getByTestId('receipt-link')).toHaveCount(0);
  const card = gifts.nth(1);
  await expect(card.getByTestId('history-gift-status')).toHaveText('完了');
  await expect(card).toContainText(`${japanToday()} 受領`);
  await expect(card.getByTestId('history-gift-amount')).toHaveText('12,000円');
  await snapshot(page, testInfo, '1-history-awaiting-transfer');

  // The supporter transfers the money at the (sandbox) bank.
  const bank = await context.newPage();
  await bank.goto(`${SANDBOX_URL}/bank/deposit`);
  await bank.getByRole('link', { name: accountNumber }).click();
  await bank.getByRole('button', { name: 'Deposit exact' }).click();
  await expect(bank.getByRole('status')).toContainText('Deposited');
  await bank.close();

  // Received today too, now with a receipt.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('history-gift').nth(0).getByTestId('history-gift-status')).toHaveText('完了', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('history-gift').nth(0)).toContainText(`${japanToday()} 受領`);
  await expect(page.getByTestId('receipt-link')).toHaveCount(2);

  // The card gift's receipt: a PDF that says what the law asks.
  await page.getByTestId('history-gift').nth(1).getByTestId('receipt-link').click();
  await expect(page).toHaveURL(/\/mypage\/support-history\/\d+\/receipt-pdf$/);
  const receiptDownload = page.waitForEvent('download');
  await page.getByTestId('receipt-download').click();
  const receipt = await receiptDownload;
  expect(receipt.suggestedFilename()).toMatch(/^receipt-K1-\d{4}-\d{5}\.pdf$/);
  const receiptPath = testInfo.outputPath('receipt.pdf');
  await receipt.saveAs(receiptPath);
  const text = pdfText(receiptPath);
  for (const item of [
    '寄附金受領証明書',
    '認定NPO法人 こども食堂ネットワークみらい',
    '¥12,000',
    '山田 花子 様',
    '31生都管第1234号',
    japanToday(),
  ]) {
    expect(text).toContain(item);
  }

  // The year's ZIP: both receipts.
  await page.goto('/mypage/support-history');
  const year = japanYear();
  await page
    .getByTestId('history-years')
    .getByRole('button', { name: `${year}年` })
    .click();
  await expect(page).toHaveURL(new RegExp(`year=${year}`));
  await page.getByTestId('history-zip-year').click();
  await expect(page).toHaveURL(/\/receipt-zip\/download\?id=\d+/);
  await expect(page.getByTestId('receipt-zip-ready')).toContainText('2件', { timeout: 60_000 });
  await snapshot(page, testInfo, '2-zip-ready');
  const zipDownload = page.waitForEvent('download');
  await page.getByTestId('receipt-zip-download').click();
  const zipPath = testInfo.outputPath('receipts.zip');
  await (await zipDownload).saveAs(zipPath);
  const files = unzipSync(new Uint8Array(readFileSync(zipPath)));
  expect(Object.keys(files)).toHaveLength(2);
  for (const [name, bytes] of Object.entries(files)) {
    const path = testInfo.outputPath(name);
    writeFileSync(path, bytes);
    expect(pdfText(path)).toContain('寄附金受領証明書');
  }

  // The tax summary of the year: both gifts count, 20,000 yen that qualify for relief.
  await page.goto('/mypage/support-history');
  await page
    .getByTestId('history-years')
    .getByRole('button', { name: `${year}年` })
    .click();
  await page.getByTestId('history-tax-summary').click();
  await expect(page).toHaveURL(new RegExp(`/mypage/tax-summary/${year}$`));
  await expect(page.getByTestId('tax-gift')).toHaveCount(2);
  await expect(page.getByTestId('tax-eligible-total')).toContainText('20,000円');
  await snapshot(page, testInfo, '3-tax-summary');
});

test('a guest opens the receipt from the link in the thank-you mail, in English with the Japanese', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail(testInfo, 'receipt-guest');
  await giveThroughForm(page, `/en/associate/${ASSOCIATE_UID}/donate`, {
    method: 'creditCard',
    amount: '10000',
    receipt: true,
    guest: { email, card: TEST_CARDS.success },
  });

  const link = await mailedReceiptLink(page.request, email);
  expect(link).toContain('/en/mypage/support-history/');

  // Signed out: the link alone opens it.
  await page.goto(link);
  const download = page.waitForEvent('download');
  await page.getByTestId('receipt-download').click();
  const path = testInfo.outputPath('guest-receipt.pdf');
  await (await download).saveAs(path);
  const text = pdfText(path);
  for (const item of ['寄附金受領証明書', 'Certificate of Donation Received', '¥10,000', '山田 花子 様']) expect(text).toContain(item);
});

test('the history and the receipt page ask an anonymous visitor to log in', async ({ page }) => {
  await page.goto('/mypage/support-history');
  await expect(page.getByTestId('login-required')).toBeVisible();
  await page.goto('/mypage/support-history/1/receipt-pdf');
  await expect(page.getByTestId('login-required')).toBeVisible();
});

test('a receipt link that was changed says it is not valid', async ({ page }) => {
  await page.goto('/mypage/support-history/1/receipt-pdf?expires=4102444800&signature=forged');
  await expect(page.getByTestId('receipt-error')).toContainText('この領収書のリンクは無効か、有効期限が切れています。');
});

test('"what your gift did": a report linked from a gift opens the organisation\'s activity report', async ({ page }) => {
  await logIn(page, demoAccount('hanako'), '/mypage/support-history');
  const reports = page.getByTestId('history-gift-reports').first();
  const link = reports.getByRole('link').first();
  await expect(link).toBeVisible();
  const title = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(/\/(associate\/[\w-]+\/activity-report|campaign\/\d+\/report)\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});
