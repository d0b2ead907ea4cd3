// A guest's first receipt (ADR 057): given by card with a receipt, signed out, the guest opens the
// link in the thank-you mail and downloads the receipt — the copy they keep is not marked 再発行
// (reissue), read back from the PDF with pdftotext. Opening the link again is a true reissue, and
// that copy says so. In ja and en.
import { execFileSync } from 'node:child_process';
import { expect, test, type Page, type TestInfo } from './fixtures';
import { ASSOCIATE_UID, giveThroughForm, TEST_CARDS, uniqueEmail } from './donate-helpers';
import { mailedReceiptLink } from './sandbox-helpers';

/** Opens the link, downloads the receipt the page offers and reads it. */
async function downloadedReceipt(page: Page, link: string, testInfo: TestInfo, name: string): Promise<string> {
  await page.goto(link);
  const download = page.waitForEvent('download');
  await page.getByTestId('receipt-download').click();
  const path = testInfo.outputPath(`${name}.pdf`);
  await (await download).saveAs(path);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
}

for (const { locale, prefix, title } of [
  { locale: 'ja', prefix: '', title: '寄附金受領証明書' },
  { locale: 'en', prefix: '/en', title: 'Certificate of Donation Received' },
] as const) {
  test(`${locale}: a guest's first receipt from the thank-you mail is not marked 再発行; the next copy is`, async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    const email = uniqueEmail(testInfo, `first-receipt-${locale}`);
    await giveThroughForm(page, `${prefix}/associate/${ASSOCIATE_UID}/donate`, {
      method: 'creditCard',
      amount: '6000',
      receipt: true,
      guest: { email, card: TEST_CARDS.success },
    });

    const link = await mailedReceiptLink(page.request, email);
    expect(new URL(link).pathname).toMatch(new RegExp(`^${prefix}/mypage/support-history/\\d+/receipt-pdf$`));
    const first = await downloadedReceipt(page, link, testInfo, 'first');
    expect(first).toContain(title);
    expect(first).toContain('¥6,000');
    expect(first).not.toContain('再発行');

    const number = /K\d+-\d{4}-\d{5}/.exec(first)![0];
    const again = await downloadedReceipt(page, link, testInfo, 'again');
    expect(again).toContain(number);
    expect(again).toContain('再発行');
  });
}
