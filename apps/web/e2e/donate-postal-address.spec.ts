// A new donor's address as a person types it (ADR 058), in ja and en: the postal code 1520001,
// the lookup's 東京都 / 目黒区中央町, then the block number 1-2-3 in 町名・番地 — the gift goes
// through with no suspicious-address dialog, and the receipt the thank-you mail links to carries
// the town and the block number together; and still no dialog when the lookup, having filled the
// form, no longer answers when the gift is sent.
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from './fixtures';
import { ASSOCIATE_UID, authenticate3ds, chooseAmount, fillCard, goNext, openDonateForm, uniqueEmail } from './donate-helpers';

const SANDBOX = `http://127.0.0.1:${Number(process.env.E2E_SANDBOX_PORT ?? 4110)}`;

/** The receipt link of the thank-you mail sent to `email`, once it has arrived. */
async function receiptLinkMailedTo(page: Page, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const { messages } = (await (await page.request.get(`${SANDBOX}/mailbox/api/messages?to=${encodeURIComponent(email)}`)).json()) as {
          messages: { text: string }[];
        };
        link = /https?:\/\/\S+receipt-pdf\S+/.exec(messages.map((message) => message.text).join('\n'))?.[0] ?? '';
        return link;
      },
      { timeout: 60_000 },
    )
    .toContain('/mypage/support-history/');
  return link;
}

const LOCALES = [
  { locale: 'ja', prefix: '', preset: '3,000円' },
  { locale: 'en', prefix: '/en', preset: '¥3,000' },
] as const;

/**
 * A card gift with a receipt as a new donor types it: the postal code key by key, the lookup's
 * prefecture and city waited for, then 1-2-3 in 町名・番地. Submits, and expects the bank's 3-D
 * Secure page rather than the suspicious-address dialog, then the Done screen.
 */
async function giveWithBlockNumber(page: Page, { prefix, preset }: (typeof LOCALES)[number], email: string) {
  await openDonateForm(page, `${prefix}/associate/${ASSOCIATE_UID}/donate`);
  await chooseAmount(page, { method: 'creditCard', preset });
  await page.locator('#donate-receipt').check();
  await goNext(page, 'payment');

  await page.locator('#donate-email').fill(email);
  await page.locator('#donate-last-name').fill('山田');
  await page.locator('#donate-first-name').fill('花子');
  await page.locator('#donate-birth-year').fill('1990');
  await page.locator('#donate-birth-month').selectOption('4');
  await page.locator('#donate-birth-date').selectOption('1');
  await page.locator('#donate-postal-code').pressSequentially('1520001');
  await expect(page.locator('#donate-state')).toHaveValue('東京都');
  await expect(page.locator('#donate-city')).toHaveValue(/目黒区/);
  await page.locator('#donate-street').click();
  await page.locator('#donate-street').pressSequentially('1-2-3');
  await page.locator('#donate-phone').fill('09012345678');
  await fillCard(page);
  await goNext(page, 'confirmation');

  await page.getByTestId('donate-submit').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.or(page.getByRole('button', { name: 'Authenticate' }))).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toHaveCount(0);
  await authenticate3ds(page);
  await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
}

for (const place of LOCALES) {
  test(`${place.locale}: postal code looked up, 1-2-3 typed as the block number: no address dialog, the receipt has town and block`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const email = uniqueEmail(testInfo, `postal-${place.locale}`);
    await giveWithBlockNumber(page, place, email);

    // The address stored with the gift, as its receipt prints it: prefecture, city, town, block.
    await page.goto(await receiptLinkMailedTo(page, email));
    const download = page.waitForEvent('download');
    await page.getByTestId('receipt-download').click();
    const path = testInfo.outputPath('receipt.pdf');
    await (await download).saveAs(path);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
    expect(text).toMatch(/東京都目黒区中央町\s*1-2-3/);
  });

  test(`${place.locale}: the town the form was filled with counts even when the lookup no longer answers at submit`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    // The first lookup fills the form; every later one fails, as on a busy server or a lost connection.
    let lookups = 0;
    await page.route(
      (url) => url.pathname === '/api/postal',
      (route) => (++lookups === 1 ? route.continue() : route.abort('connectionreset')),
    );
    await giveWithBlockNumber(page, place, uniqueEmail(testInfo, `postal-later-${place.locale}`));
    expect(lookups).toBe(1);
  });
}
