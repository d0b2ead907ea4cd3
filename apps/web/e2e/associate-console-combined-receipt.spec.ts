// A combined yearly receipt (合算, ADR 033) corrected from the console (ADR 066), end to end: a new
// supporter gives twice by card with a receipt to the demo associate, asks for the year's combined
// receipt on the tax summary and downloads it; hanako, its owner, finds that receipt in the console
// by its number and corrects the address with the keyboard only — the old number voided, a new one
// current, the old one's staff copy refused. The supporter is mailed both numbers with a link to the
// year's tax summary, and the combined receipt offered there from then on is the new number, at the
// corrected address, for both gifts' total; the old number is drawn no more. PDFs are read back
// with pdftotext. ja; axe-clean.
import { japanDateOf } from '@kifu/domain/calendar';
import { execFileSync } from 'node:child_process';
import { seriousViolations } from './axe-helpers';
import { ASSOCIATE_UID, authenticate3ds, chooseAmount, giveThroughForm, goNext, openDonateForm } from './donate-helpers';
import { expect, test, type Page, type TestInfo } from './fixtures';
import { mailsTo } from './sandbox-helpers';
import { demoAccount, logIn } from './sign-in-helpers';

const OWNED = ASSOCIATE_UID;
const FORM = `/associate/${OWNED}/donate`;
/** Gifts count in the year they were received, in Japan: the combined receipt is of this year. */
const year = japanDateOf(new Date()).year;
const RECEIPT_NUMBER = /K\d+-\d{4}-\d{5}/;
/** The receipt-reissued mail's subject (apps/api/src/mail/mail-templates.ts, ja). */
const REISSUED_SUBJECT = '寄附金受領証明書を再発行しました';

/** A second card gift with the card the first one saved; same associate and e-mail within 10 minutes, so yes to the duplicate question. */
async function giveAgainWithSavedCard(page: Page, amount: string): Promise<void> {
  await openDonateForm(page, FORM);
  await chooseAmount(page, { method: 'creditCard', amount });
  await page.locator('#donate-receipt').check();
  await goNext(page, 'payment');
  await expect(page.locator('#donate-card-saved')).toBeChecked();
  await goNext(page, 'confirmation');
  await page.getByTestId('donate-submit').click();
  const duplicate = page.getByTestId('confirm-dialog-duplicate');
  await expect(duplicate).toBeVisible();
  await duplicate.getByRole('button', { name: '支援する' }).click();
  await authenticate3ds(page);
  await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
}

/**
 * The combined receipt the supporter's tax summary of the year offers for the associate, downloaded
 * and read as text, with the spaces and line breaks of the layout taken out (an address may wrap).
 */
async function downloadCombinedReceipt(page: Page, testInfo: TestInfo, name: string): Promise<{ text: string; compact: string }> {
  const link = page.getByTestId('tax-combined-receipt');
  await expect(link).toHaveCount(1);
  const download = page.waitForEvent('download');
  await link.click();
  const path = testInfo.outputPath(`${name}.pdf`);
  await (await download).saveAs(path);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
  return { text, compact: text.replace(/\s+/g, '') };
}

test('hanako corrects the address on a supporter’s combined yearly receipt; the supporter is mailed and the new receipt holds it (ja)', async ({
  page,
  browser,
  baseURL,
  request,
  newSupporter,
}, testInfo) => {
  test.setTimeout(300_000);

  // The supporter, signed in as a person does (my page keeps its session record in the browser):
  // two card gifts with a receipt, then the year's combined receipt from the tax summary.
  await logIn(page, newSupporter, `/mypage/tax-summary/${year}`);
  await giveThroughForm(page, FORM, { method: 'creditCard', amount: '4000', receipt: true });
  await giveAgainWithSavedCard(page, '7000');
  await page.goto(`/mypage/tax-summary/${year}`);
  await expect(page.getByTestId('tax-combined-receipt')).toContainText('こども食堂ネットワークみらいの合算領収書（PDF）');
  await expect(page.getByTestId('tax-documents')).toContainText('11,000円');
  const before = await downloadCombinedReceipt(page, testInfo, 'combined-before');
  const oldNumber = RECEIPT_NUMBER.exec(before.text)![0];
  expect(before.compact).toContain('寄附金受領証明書（合算）');
  expect(before.compact).toContain('¥4,000');
  expect(before.compact).toContain('¥7,000');
  expect(before.compact).toContain('¥11,000');
  expect(before.compact).toContain('〒100-0001東京都千代田区千代田1-1');

  // hanako, in her own browser, finds that receipt by its number in the console.
  const hanako = await browser.newContext({ baseURL, locale: 'ja-JP' });
  try {
    const staff = await hanako.newPage();
    await logIn(staff, demoAccount('hanako'), `/dashboard/${OWNED}`);
    await staff.getByTestId('console-nav').getByRole('link', { name: '領収書', exact: true }).click();
    await expect(staff.getByRole('heading', { level: 1, name: '領収書' })).toBeVisible();
    await staff.getByLabel('領収書番号または氏名').focus();
    await staff.keyboard.type(oldNumber);
    await staff.keyboard.press('Enter');
    await expect(staff).toHaveURL(new RegExp(`q=${oldNumber}`));
    const row = staff.getByTestId('receipt-row');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-state', 'current');
    await expect(row).toContainText('合算');
    await expect(row).toContainText('11,000円');
    await expect(row.getByTestId('receipt-address')).toContainText('千代田1-1');
    // The staff copy of the receipt as it stands, to ask for again once it is voided.
    const oldCopy = (await row.getByTestId('receipt-pdf').getAttribute('href'))!;
    expect((await staff.request.get(oldCopy)).status()).toBe(200);
    expect(await seriousViolations(staff)).toEqual([]);

    // The correction with the keyboard alone: from the row's PDF link on to its reissue button,
    // which opens the form on its heading, over the name and address as printed now.
    await row.getByTestId('receipt-pdf').focus();
    await staff.keyboard.press('Tab');
    await expect(row.getByTestId('receipt-reissue')).toBeFocused();
    await staff.keyboard.press('Enter');
    await expect(row.getByTestId('receipt-reissue')).toHaveAttribute('aria-expanded', 'true');
    await expect(staff.getByRole('heading', { name: `領収書 ${oldNumber} の訂正` })).toBeFocused();
    await expect(staff.getByTestId('reissue-current')).toContainText('〒100-0001 東京都千代田区千代田1-1');
    expect(await seriousViolations(staff)).toEqual([]);
    const typeInto = async (field: string, text: string) => {
      await staff.keyboard.press('Tab');
      await expect(staff.getByTestId(`reissue-${field}`)).toBeFocused();
      if (text) await staff.keyboard.type(text);
    };
    await typeInto('last_name', '山田');
    await typeInto('first_name', '花子');
    await typeInto('postalCode', '1520001');
    // The postal lookup fills the prefecture and the city; the keyboard passes over them.
    await expect(staff.getByTestId('reissue-state')).toHaveValue('東京都');
    await expect(staff.getByTestId('reissue-city')).toHaveValue(/目黒区/);
    await typeInto('state', '');
    await typeInto('city', '');
    await typeInto('street', '9-8-7');
    await typeInto('building', 'みらい荘201');
    await typeInto('reason', '転居のご連絡により住所を訂正');
    await staff.keyboard.press('Tab');
    await expect(staff.getByTestId('reissue-submit')).toBeFocused();
    await staff.keyboard.press('Enter');

    const notice = staff.getByTestId('reissue-notice');
    await expect(notice).toContainText(`領収書 ${oldNumber} を取り消し、新しい番号`);
    await expect(notice).toBeFocused();
    const newNumber = /新しい番号 (\S+) で/.exec((await notice.textContent()) ?? '')![1]!;
    expect(newNumber).toMatch(RECEIPT_NUMBER);
    expect(newNumber).not.toBe(oldNumber);

    // The old number voided, with nothing left to download or correct; its staff copy is refused.
    await staff.goto(`/dashboard/${OWNED}/receipts?q=${encodeURIComponent(oldNumber)}`);
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-state', 'voided');
    await expect(row.getByTestId('receipt-state')).toContainText(/取り消し.*に取り消し/);
    await expect(row.getByTestId('receipt-pdf')).toHaveCount(0);
    await expect(row.getByTestId('receipt-reissue')).toHaveCount(0);
    expect((await staff.request.get(oldCopy)).status()).toBe(409);
    // The new number current: combined still, the same total, the corrected address.
    await staff.goto(`/dashboard/${OWNED}/receipts?q=${encodeURIComponent(newNumber)}`);
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-state', 'current');
    await expect(row).toContainText('合算');
    await expect(row).toContainText('11,000円');
    await expect(row).toContainText('山田 花子');
    await expect(row.getByTestId('receipt-address')).toContainText(/〒152-0001 東京都目黒区.*9-8-7 みらい荘201/);
    expect(await seriousViolations(staff)).toEqual([]);

    // The supporter's mail names both numbers and where to download the new one.
    let mail = '';
    await expect
      .poll(
        async () => {
          mail = (await mailsTo(request, newSupporter.email)).find((one) => one.subject === REISSUED_SUBJECT)?.text ?? '';
          return mail;
        },
        { timeout: 60_000 },
      )
      .toContain(newNumber);
    expect(mail).toContain(`寄附金受領証明書（${oldNumber}）`);
    expect(mail).toContain('以前の証明書は無効です。');
    const link = /https?:\/\/\S+/.exec(mail)![0];
    expect(new URL(link).pathname).toBe(`/mypage/tax-summary/${year}`);

    // Following it, the combined receipt on offer is the new number at the corrected address,
    // for both gifts; the old number is drawn no more.
    await page.goto(link);
    const after = await downloadCombinedReceipt(page, testInfo, 'combined-after');
    expect(after.compact).toContain('寄附金受領証明書（合算）');
    expect(after.text).toContain(newNumber);
    expect(after.text).not.toContain(oldNumber);
    expect(after.compact).toContain('〒152-0001東京都目黒区');
    expect(after.compact).toContain('9-8-7みらい荘201');
    expect(after.compact).not.toContain('千代田1-1');
    expect(after.compact).toContain('¥4,000');
    expect(after.compact).toContain('¥7,000');
    expect(after.compact).toContain('¥11,000');
    // A new document the supporter is handed for the first time is not a copy (ADR 057).
    expect(after.compact).not.toContain('再発行');
  } finally {
    await hanako.close();
  }
});
