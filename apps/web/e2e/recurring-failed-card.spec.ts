// When a monthly card charge fails (ADR 034): the provider's daily runner (the sandbox's, run as of
// the charge day and the two retry days) fails the charge three times; the supporter gets
// the mail with the way to fix the card, My page says the support is suspended; saving a new card on
// /mypage/credit-card re-activates it. Run in Japanese and in English (the mails follow the language
// the gift was made in).
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { expect, test, type APIRequestContext } from './fixtures';
import {
  ASSOCIATE_UID,
  authenticate3ds,
  chooseAmount,
  goNext,
  openDonateForm,
  signedInSupporter,
  TEST_CARDS,
  fillCard,
  fillCardForm,
} from './donate-helpers';
import { logIn } from './sign-in-helpers';

const SANDBOX = `http://127.0.0.1:${Number(process.env.E2E_SANDBOX_PORT ?? 4110)}`;
const secret = { authorization: `Basic ${Buffer.from(`${SANDBOX_CREDENTIALS.card.secretKey}:`).toString('base64')}` };
const DAY_MS = 86_400_000;

/**
 * Runs the supporter's schedule as the provider's daily runner would on `date`, without moving the
 * sandbox clock the other tests share (a moved clock would make their bank deadlines look past).
 */
async function runScheduleOn(request: APIRequestContext, customerId: string, date: string) {
  const schedules = (await (await request.get(`${SANDBOX}/customers/${customerId}/schedules`, { headers: secret })).json()) as {
    data: { id: string; status: string }[];
  };
  const live = schedules.data.find((schedule) => schedule.status === 'active');
  if (!live) return;
  expect((await request.post(`${SANDBOX}/card/__run-schedules`, { data: { as_of: date, schedule: live.id } })).ok()).toBe(true);
}

const LOCALES = [
  {
    locale: 'ja',
    prefix: '',
    subjects: ['継続的なご寄付のお支払いができませんでした', '継続的なご寄付を一時停止しました'],
    suspended: '決済ができず停止中',
    active: '継続中',
  },
  {
    locale: 'en',
    prefix: '/en',
    subjects: ['Your recurring donation could not be charged', 'Your recurring donation is suspended'],
    suspended: 'Suspended: the charge failed',
    active: 'Active',
  },
] as const;

for (const { locale, prefix, subjects, suspended, active } of LOCALES)
  test(`a failing card suspends the monthly support with a mail, and a new card re-activates it (${locale})`, async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const { email } = await signedInSupporter(request, context, baseURL!, testInfo);
    await logIn(page, { email, password: 'kifu-pass-123' }, '/mypage/recurring-support', prefix);

    await openDonateForm(page, `${prefix}/associate/${ASSOCIATE_UID}/donate`);
    await chooseAmount(page, { method: 'creditCard', frequency: 'monthly', amount: '3000' });
    await goNext(page, 'payment');
    await fillCard(page, TEST_CARDS.success);
    await goNext(page, 'confirmation');
    await page.getByTestId('donate-submit').click();
    await authenticate3ds(page);
    await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });

    // Active once its schedule is made (a background job).
    let next = '';
    await expect(async () => {
      const list = (await (await page.request.get('/backend/user/my_page/recurring_donation/associate/')).json()) as {
        results: { state: string; next_charge_on: string | null }[];
      };
      expect(list.results[0]?.state).toBe('active');
      next = list.results[0]!.next_charge_on!;
    }).toPass({ timeout: 60_000 });

    // The card runs out of funds: the supporter's customer gets a failing default card at the provider.
    const me = (await (await page.request.get('/backend/user/me/')).json()) as { userCreditCard: { customer_code: string } };
    const token = await request.post(`${SANDBOX}/tokens`, {
      headers: { authorization: `Basic ${Buffer.from(`${SANDBOX_CREDENTIALS.card.publicKey}:`).toString('base64')}` },
      data: {
        card: {
          name: 'HANAKO YAMADA',
          number: TEST_CARDS.insufficientFunds,
          expiration_month: 12,
          expiration_year: new Date().getFullYear() + 5,
          security_code: '123',
        },
      },
    });
    const { id: tokenId } = (await token.json()) as { id: string };
    expect(
      (await request.patch(`${SANDBOX}/customers/${me.userCreditCard.customer_code}`, { headers: secret, data: { card: tokenId } })).ok(),
    ).toBe(true);

    // The charge day and the provider's two retries.
    for (const offset of [0, 1, 2])
      await runScheduleOn(
        request,
        me.userCreditCard.customer_code,
        new Date(Date.parse(`${next}T12:00:00+09:00`) + offset * DAY_MS).toISOString().slice(0, 10),
      );

    await expect
      .poll(
        async () => {
          const { messages } = (await (await request.get(`${SANDBOX}/mailbox/api/messages?to=${encodeURIComponent(email)}`)).json()) as {
            messages: { subject: string }[];
          };
          return messages.map((message) => message.subject);
        },
        { timeout: 60_000 },
      )
      .toEqual(expect.arrayContaining([...subjects]));

    await page.goto(`${prefix}/mypage/recurring-support`);
    const item = page.getByTestId('recurring-item');
    await expect(async () => {
      await page.reload();
      await expect(item.getByTestId('recurring-state')).toHaveText(suspended, { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });

    // A new card on /mypage/credit-card: the support goes on.
    await page.goto(`${prefix}/mypage/credit-card`);
    await page.getByTestId('saved-card-replace').click();
    await fillCardForm(page);
    await page.getByTestId('card-form-save').click();
    await expect(page.getByTestId('saved-card-notice')).toBeVisible();

    // The due month is charged again by a job after the card is saved: the page shows it once done.
    await page.goto(`${prefix}/mypage/recurring-support`);
    await expect(async () => {
      await page.reload();
      await expect(item.getByTestId('recurring-state')).toHaveText(active, { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
  });
