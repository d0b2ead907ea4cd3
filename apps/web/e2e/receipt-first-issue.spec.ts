// A guest's first receipt (ADR 057): given by card with a receipt, signed out, the guest opens the
// link in the thank-you mail and downloads the receipt — the copy they keep is not marked 再発行
// (reissue), read back from the PDF with pdftotext. Opening the link again is a true reissue, and
// that copy says so. In ja and en.
import { execFileSync } from 'node:child_process';
import { expect, test, type Page, type TestInfo } from './fixtures';
import {
  ASSOCIATE_UID,
  authenticate3ds,
  chooseAmount,
  fillSupporter,
  goNext,
  openDonateForm,
  TEST_CARDS,
  uniqueEmail,
} from './donate-helpers';

const SANDBOX = `http://127.0.0.1:${Number(process.env.E2E_SANDBOX_PORT ?? 4110)}`;

/** The receipt link of the newest mail to `email`, once it has arrived. */
async function mailedReceiptLink(page: Page, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const reply = await page.request.get(`${SANDBOX}/mailbox/api/messages?to=${encodeURIComponent(email)}`);
        const { messages } = (await reply.json()) as { messages: { text: string }[] };
        link = messages.map((message) => /https?:\/\/\S+receipt-pdf\S+/.exec(message.text)?.[0]).find(Boolean) ?? '';
        return link;
      },
      { timeout: 60_000 },
    )
    .toContain('receipt-pdf');
  return link;
}

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
    await openDonateForm(page, `${prefix}/associate/${ASSOCIATE_UID}/donate`);
    await chooseAmount(page, { method: 'creditCard', amount: '6000' });
    await page.locator('#donate-receipt').check();
    await goNext(page, 'payment');
    await fillSupporter(page, { email, card: TEST_CARDS.success });
    await goNext(page, 'confirmation');
    await page.getByTestId('donate-submit').click();
    await authenticate3ds(page);
    await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });

    const link = await mailedReceiptLink(page, email);
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
