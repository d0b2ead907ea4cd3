// Joining Kifu (ADR 078) as people do it, by keyboard, in ja and en: a new user applies for their
// organisation — the postal code fills the address, a corporate number with a wrong check digit is
// refused at its field (the summary at the top links there), fixed — and sends it; sho, one of
// Kifu's staff, finds it from /staff and approves it; the applicant's console opens and the public
// page is live. Then the new organisation's first month: a guest gives ¥3,000 by card, sho runs the
// payouts as of that month's payout date (ADR 079: the demo's way to let a month pass), and the
// applicant's statement shows the month closed with the net the money model gives (ADR 073) and
// its payout made. axe-clean at each step.
import { formatYenAmount, payoutDateOf, platformFee, statementMonthAt } from '@kifu/domain';
import { seriousViolations } from './axe-helpers';
import { giveThroughForm, TEST_CARDS, uniqueEmail } from './donate-helpers';
import { expect, test, type Page } from './fixtures';
import { demoAccount, logIn, signUpOverApi } from './sign-in-helpers';

const PASSWORD = 'kifu-pass-123';
const API_URL = `http://127.0.0.1:${process.env.E2E_API_PORT ?? '4100'}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function typeInto(page: Page, id: string, text: string) {
  await page.locator(`#${id}`).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

async function press(page: Page, testId: string, key = 'Enter') {
  await page.getByTestId(testId).focus();
  await page.keyboard.press(key);
}

for (const lang of ['ja', 'en'] as const) {
  test(`a new user applies, sho approves, the applicant's console opens, and its first month is stated and paid (${lang})`, async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(360_000);
    const prefix = lang === 'en' ? '/en' : '';
    const t = (ja: string, en: string) => (lang === 'ja' ? ja : en);
    const email = uniqueEmail(testInfo, `apply-${lang}`);
    const uid = `e2e-join-${lang}-${Date.now().toString(36)}`;
    expect((await signUpOverApi(request, `${API_URL}/auth/register`, { email, password: PASSWORD, locale: lang })).status()).toBe(201);

    await logIn(page, { email, password: PASSWORD }, '/associate/apply', prefix);
    await expect(
      page.getByRole('heading', { level: 1, name: t('Kifuに参加する（団体の申請）', 'Join Kifu (apply for your organisation)') }),
    ).toBeVisible();
    await expect(page.getByTestId('apply-form')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await typeInto(page, 'apply-name', `E2Eこども支援ネット ${lang}`);
    await typeInto(page, 'apply-name_kana', 'いーつーいーこどもしえんねっと');
    await page.locator('#apply-organisation_type').focus();
    await page.locator('#apply-organisation_type').selectOption('4');
    // A mistyped last digit: the check digit no longer matches.
    await typeInto(page, 'apply-corporate_number', '7000012050003');
    await typeInto(page, 'apply-address-postalCode', '1520001');
    await press(page, 'apply-postal-lookup');
    await expect(page.locator('#apply-address-state')).toHaveValue('東京都');
    await expect(page.locator('#apply-address-city')).toHaveValue(/目黒区/);
    await typeInto(page, 'apply-address-street', '1-2-3');
    await typeInto(page, 'apply-representative', '山田 太郎');
    await typeInto(page, 'apply-representative_kana', 'やまだ\u3000たろう');
    await typeInto(page, 'apply-requested_uid', uid);
    await typeInto(page, 'apply-bank_account-bank_code', '0005');
    await typeInto(page, 'apply-bank_account-bank_name', 'サンドボックス銀行');
    await typeInto(page, 'apply-bank_account-branch_code', '200');
    await typeInto(page, 'apply-bank_account-branch_name', '渋谷支店');
    await typeInto(page, 'apply-bank_account-account_number', '1234567');
    await typeInto(page, 'apply-bank_account-account_holder', 'とくひ）いーつーいー');
    // A file is chosen in the system's own dialog, which no page can drive; the rest is keys.
    await page.locator('#apply-document_ids').setInputFiles({ name: 'articles.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByTestId('apply-documents')).toContainText('articles.pdf');
    await press(page, 'apply-challenge-children', 'Space');
    await expect(page.getByTestId('apply-challenge-children')).toBeChecked();

    await press(page, 'apply-submit');
    const summary = page.getByTestId('apply-error-summary');
    await expect(summary).toHaveCount(1);
    const wrong = summary.getByRole('link', {
      name: t('法人番号（13桁）が正しくありません', 'Corporate number (13 digits) is not a valid corporate number'),
    });
    await expect(wrong).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await wrong.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#apply-corporate_number')).toBeFocused();
    await expect(page.locator('#apply-corporate_number')).toHaveAttribute('aria-invalid', 'true');
    await typeInto(page, 'apply-corporate_number', '7000012050002');
    await press(page, 'apply-submit');

    const status = page.getByTestId('apply-status');
    await expect(status).toHaveAttribute('data-status', 'submitted', { timeout: 30_000 });
    await expect(status.getByRole('heading')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);

    // Sho, one of Kifu's staff, finds it from the hub.
    const staffContext = await browser.newContext({ locale: lang === 'ja' ? 'ja-JP' : 'en-GB' });
    const staff = await staffContext.newPage();
    await logIn(staff, demoAccount('sho'), '/staff', prefix);
    await expect(staff.getByTestId('staff-home')).toBeVisible();
    expect(await seriousViolations(staff)).toEqual([]);
    await press(staff, 'staff-home-applications');
    await expect(staff).toHaveURL(new RegExp(`${prefix}/staff/applications$`));
    await expect(staff.getByTestId(`staff-application-${uid}`)).toBeVisible();
    expect(await seriousViolations(staff)).toEqual([]);
    await press(staff, `staff-application-${uid}`);
    await expect(staff.getByTestId('staff-application')).toHaveAttribute('data-status', 'submitted');
    expect(await seriousViolations(staff)).toEqual([]);
    await press(staff, 'staff-application-approve');
    await expect(staff.getByTestId('staff-application')).toHaveAttribute('data-status', 'approved', { timeout: 30_000 });
    await expect(staff.getByTestId('staff-application-notice')).not.toBeEmpty();

    // The applicant sees it approved and opens their console.
    await page.reload();
    await expect(status).toHaveAttribute('data-status', 'approved');
    expect(await seriousViolations(page)).toEqual([]);
    await press(page, 'apply-open-console');
    await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/${uid}$`));
    await expect(page.getByTestId('console-role')).toContainText(t('オーナー', 'Owner'));
    const publicPage = await page.request.get(`${prefix}/associate/${uid}`);
    expect(publicPage.status()).toBe(200);

    // A guest gives ¥3,000 by card; once the gateway's webhook has settled it, the console lists it paid.
    const giver = await browser.newContext({ locale: 'ja-JP' });
    await giveThroughForm(await giver.newPage(), `${prefix}/associate/${uid}/donate`, {
      method: 'creditCard',
      amount: '3000',
      guest: { email: uniqueEmail(testInfo, `apply-gift-${lang}`), card: TEST_CARDS.success },
    });
    await giver.close();
    await expect(async () => {
      await page.goto(`${prefix}/dashboard/${uid}/gifts?status=paid`);
      await expect(page.getByTestId('gift-row')).toHaveCount(1, { timeout: 5_000 });
    }).toPass({ timeout: 60_000 });

    // Sho lets the month pass: a run as of its payout date closes it and pays what it owes.
    const month = statementMonthAt(new Date());
    await staff.goto(`${prefix}/staff/payouts`);
    await expect(staff.getByTestId('payout-as-of-field')).toBeVisible();
    expect(await seriousViolations(staff)).toEqual([]);
    // A date field's segments follow the browser's locale; its value is what the page reads.
    await staff.locator('#payout-as-of').fill(payoutDateOf(month));
    await press(staff, 'payout-run-start');
    await expect(staff.getByTestId('payout-runs-announcement')).not.toBeEmpty();
    await staffContext.close();

    // The applicant's statement for the month: ¥3,000 less its fee with tax (spec §9), paid out.
    const net = formatYenAmount(3_000 - platformFee(3_000, { campaign: false }), lang);
    const row = page.locator(`[data-testid="statement-row"][data-month="${month}"]`);
    await expect(async () => {
      await page.goto(`${prefix}/dashboard/${uid}/statements`);
      await expect(row.getByTestId('payout-state')).toHaveAttribute('data-status', 'succeeded', { timeout: 5_000 });
    }).toPass({ timeout: 90_000 });
    await expect(row.locator('td').nth(3)).toHaveText(net);
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole('link').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/${uid}/statements/${month}$`));
    await expect(page.getByTestId('statement-sums').getByTestId('sum-Payable')).toHaveText(net);
    await expect(page.getByTestId('statement-line')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
