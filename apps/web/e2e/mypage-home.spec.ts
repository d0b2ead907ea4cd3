// The home of my page, /mypage (ADR 057). Signed out, it sends the visitor to log in and back. A
// new supporter gives 3,000 yen a month with a receipt to a certified NPO and 8,000 yen by bank
// transfer; then the card's next charge fails. /mypage shows what needs attention — the failing
// card with the way to change it, the transfer awaited with its deadline — this year's deductible
// total, and a link to each section of my page; it passes axe. The user menu leads to it. In ja and en.
import AxeBuilder from '@axe-core/playwright';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { expect, test, type Page } from './fixtures';
import {
  ASSOCIATE_UID,
  authenticate3ds,
  chooseAmount,
  fillCard,
  goNext,
  openDonateForm,
  signedInSupporter,
  TEST_CARDS,
} from './donate-helpers';
import { logIn } from './sign-in-helpers';

const SANDBOX = `http://127.0.0.1:${Number(process.env.E2E_SANDBOX_PORT ?? 4110)}`;
const basic = (key: string) => ({ authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` });

/** Gives at an associate's donate form, with a receipt; a card gift goes through 3-D Secure. */
async function give(page: Page, path: string, choice: Parameters<typeof chooseAmount>[1]) {
  await openDonateForm(page, path);
  await chooseAmount(page, choice);
  await page.locator('#donate-receipt').check();
  await goNext(page, 'payment');
  if (choice.method === 'creditCard') await fillCard(page, TEST_CARDS.success);
  await goNext(page, 'confirmation');
  await page.getByTestId('donate-submit').click();
  if (choice.method === 'creditCard') await authenticate3ds(page);
}

/**
 * The supporter's saved card runs out of funds at the provider, and the provider's daily runner
 * charges the monthly schedule on its next day (as of that day: the shared sandbox clock stays).
 */
async function failNextCharge(page: Page) {
  let next = '';
  await expect(async () => {
    const list = (await (await page.request.get('/backend/user/my_page/recurring_donation/associate/')).json()) as {
      results: { state: string; next_charge_on: string | null }[];
    };
    expect(list.results[0]?.state).toBe('active');
    next = list.results[0]!.next_charge_on!;
  }).toPass({ timeout: 60_000 });
  const me = (await (await page.request.get('/backend/user/me/')).json()) as { userCreditCard: { customer_code: string } };
  const customer = me.userCreditCard.customer_code;
  const card = { name: 'HANAKO YAMADA', number: TEST_CARDS.insufficientFunds, expiration_month: 12, security_code: '123' };
  const tokenReply = await page.request.post(`${SANDBOX}/tokens`, {
    headers: basic(SANDBOX_CREDENTIALS.card.publicKey),
    data: { card: { ...card, expiration_year: new Date().getFullYear() + 5 } },
  });
  const secret = basic(SANDBOX_CREDENTIALS.card.secretKey);
  const patched = await page.request.patch(`${SANDBOX}/customers/${customer}`, {
    headers: secret,
    data: { card: (await tokenReply.json()).id },
  });
  expect(patched.ok()).toBe(true);
  const { data } = (await (await page.request.get(`${SANDBOX}/customers/${customer}/schedules`, { headers: secret })).json()) as {
    data: { id: string; status: string }[];
  };
  const schedule = data.find((candidate) => candidate.status === 'active')!.id;
  expect((await page.request.post(`${SANDBOX}/card/__run-schedules`, { data: { as_of: next, schedule } })).ok()).toBe(true);
}

const LOCALES = [
  { locale: 'ja', prefix: '', deductible: '3,000円', menu: 'マイページ', deadline: 'お振込み期限：' },
  { locale: 'en', prefix: '/en', deductible: '¥3,000', menu: 'My page', deadline: 'Transfer by: ' },
] as const;

for (const { locale, prefix, deductible, menu, deadline } of LOCALES) {
  test(`${locale}: /mypage sends a signed-out visitor to log in and back`, async ({ page }) => {
    await page.goto(`${prefix}/mypage`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/login\\?`));
    expect(new URL(page.url()).searchParams.get('next')).toBe(`${prefix}/mypage`);
  });

  test(`${locale}: /mypage shows the failing card, the awaited transfer, this year's deductible total and every section`, async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000);
    const { email } = await signedInSupporter(request, context, baseURL!, testInfo);
    await logIn(page, { email, password: 'kifu-pass-123' }, '/mypage', prefix);
    await expect(page.getByTestId('home-nothing-needed')).toBeVisible();
    await expect(page.getByTestId('home-deductible')).toHaveText(locale === 'ja' ? '0円' : '¥0');

    await give(page, `${prefix}/associate/${ASSOCIATE_UID}/donate`, { method: 'creditCard', frequency: 'monthly', amount: '3000' });
    await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
    // To another certified NPO: the form of the first keeps its monthly choice, and a transfer is given once.
    await give(page, `${prefix}/associate/world-water-project/donate`, { method: 'bankTransfer', amount: '8000' });
    await expect(page.getByTestId('bank-account-number')).toBeVisible({ timeout: 30_000 });
    await failNextCharge(page);

    // From the user menu.
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: menu, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/mypage$`));
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('home-failing-recurring')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByTestId('home-awaiting-transfer')).toContainText(locale === 'ja' ? '8,000円' : '¥8,000');
    await expect(page.getByTestId('home-transfer-deadline')).toContainText(deadline);
    await expect(page.getByTestId('home-deductible')).toHaveText(deductible);
    for (const [key, path] of [
      ['supportHistory', '/mypage/support-history'],
      ['recurringSupport', '/mypage/recurring-support'],
      ['receipts', `/mypage/tax-summary/`],
      ['creditCard', '/mypage/credit-card'],
      ['campaigns', '/mypage/campaigns'],
      ['account', '/mypage/account'],
    ])
      await expect(page.getByTestId(`home-link-${key}`)).toHaveAttribute('href', new RegExp(`^${prefix}${path}`));

    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );

    await page.getByTestId('home-change-card').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/mypage/credit-card$`));
  });
}
