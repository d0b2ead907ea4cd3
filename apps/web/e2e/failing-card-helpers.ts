// A signed-in supporter's monthly card support whose next charge fails (ADR 034): wait for its
// schedule, give the saved card insufficient funds at the provider, and run the provider's daily
// runner as of a chosen day — without moving the sandbox clock the other tests share (a moved clock
// would make their bank deadlines look past).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { TEST_CARDS } from './donate-helpers';
import { cardGatewayAuth, SANDBOX_URL } from './sandbox-helpers';

/**
 * The day (YYYY-MM-DD) of the next charge of the supporter's first recurring support, once it is
 * active: a background job makes its schedule after the first payment.
 */
export async function nextChargeOfActiveSupport(page: Page): Promise<string> {
  let next = '';
  await expect(async () => {
    const list = (await (await page.request.get('/backend/user/my_page/recurring_donation/associate/')).json()) as {
      results: { state: string; next_charge_on: string | null }[];
    };
    expect(list.results[0]?.state).toBe('active');
    next = list.results[0]!.next_charge_on!;
  }).toPass({ timeout: 60_000 });
  return next;
}

/** The saved card runs out of funds: the supporter's customer at the provider gets a failing default card. Answers the customer's id. */
export async function makeSavedCardFail(page: Page): Promise<string> {
  const me = (await (await page.request.get('/backend/user/me/')).json()) as { userCreditCard: { customer_code: string } };
  const customer = me.userCreditCard.customer_code;
  const token = await page.request.post(`${SANDBOX_URL}/tokens`, {
    headers: cardGatewayAuth('publicKey'),
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
  const patched = await page.request.patch(`${SANDBOX_URL}/customers/${customer}`, {
    headers: cardGatewayAuth('secretKey'),
    data: { card: tokenId },
  });
  expect(patched.ok()).toBe(true);
  return customer;
}

/**
 * Runs the customer's active schedule as the provider's daily runner would on `date` (YYYY-MM-DD).
 * Answers whether there was one to run (a suspended support has none).
 */
export async function runScheduleOn(request: APIRequestContext, customer: string, date: string): Promise<boolean> {
  const schedules = (await (
    await request.get(`${SANDBOX_URL}/customers/${customer}/schedules`, { headers: cardGatewayAuth('secretKey') })
  ).json()) as { data: { id: string; status: string }[] };
  const live = schedules.data.find((schedule) => schedule.status === 'active');
  if (!live) return false;
  expect((await request.post(`${SANDBOX_URL}/card/__run-schedules`, { data: { as_of: date, schedule: live.id } })).ok()).toBe(true);
  return true;
}
