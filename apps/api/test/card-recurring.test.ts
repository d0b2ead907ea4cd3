// The signed-in supporter's saved card in the donation flow (spec §4 step 4, §7 "Fetch active
// recurring donations for the card", "Update credit card", "Fetch current user"): the active
// recurring support on the saved card is listed for its owner only; a new card moves it (the
// customer's default card changes) or, declined, is saved on a customer of its own while the
// support keeps charging the previous card. Another user's card and support are never visible
// or movable. Against the sandbox card gateway.
import type { api } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { issueAccessToken } from '../src/accounts/access-tokens';
import { recurringDonations, users } from '../src/db/schema/index';
import { CLIENT_URI, donorPayload, send, status, submit, type Reply } from './helpers/donation-requests';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { FUTURE_YEAR, uniqueEmail } from './helpers/start-sandbox';

const h = sandboxTestApp({ env: { BOT_CHECK_ENABLED: 'false' } });

const ACTIVE_PATH = '/donation/recurring/my_donation/count-card-active/';
const MASTERCARD = '5555555555554444';

async function signedInUser() {
  const email = uniqueEmail('member');
  const [user] = await h.t.database.db.insert(users).values({ username: email, email, passwordHash: 'unused' }).returning();
  const { token } = await issueAccessToken(h.t.database.db, user!.id);
  return { id: user!.id, email, headers: { authorization: `Bearer ${token}` } };
}
type User = Awaited<ReturnType<typeof signedInUser>>;

async function saveCard(user: User, number: string, body: Record<string, unknown> = {}) {
  const response = await send<{ customer_code: string; last_digits: string }>(h.t, {
    method: 'POST',
    url: '/payment/credit',
    headers: user.headers,
    payload: { token: await h.sandbox.tokenize(number, { expiration_month: 7 }), ...body },
  });
  expect(response.status).toBe(200);
  return response.body;
}

const activeOf = (user: User | undefined, lang = 'ja') =>
  send<api.CardRecurringDonationsResponse>(h.t, { method: 'GET', url: `${ACTIVE_PATH}?lang=${lang}`, headers: user?.headers ?? {} });

/** A monthly gift of the user on the saved card, paid and active (its schedule made). */
async function activeMonthly(user: User, customerId: string, associateId = 1) {
  const request = {
    donor: donorPayload({ email: user.email, last_name: '佐藤', first_name: '健太' }),
    amount: 1_000,
    associate_id: associateId,
    customer_id: customerId,
    client_uri: CLIENT_URI,
  };
  const response = (await submit(h.t, '/donation/recurring/', request, { headers: user.headers })) as Reply<api.RecurringDonationResponse>;
  expect(response.status).toBe(200);
  await h.sandbox.authorize(response.body.authorize_uri, 'authenticate');
  expect(
    (await status(h.t, response.body.recurring_donation.donations[0]!.id, response.body.status_token ?? undefined)).body,
  ).toMatchObject({ result: 'PAID' });
  await h.t.app.jobs.worker.drain();
  const [row] = await h.t.database.db
    .select()
    .from(recurringDonations)
    .where(eq(recurringDonations.id, response.body.recurring_donation.id));
  expect(row).toMatchObject({ status: 'active', customerId });
  return row!;
}

describe('GET /donation/recurring/my_donation/count-card-active/', () => {
  it('answers 401 without a valid token', async () => {
    expect((await activeOf(undefined)).status).toBe(401);
    expect((await send(h.t, { method: 'GET', url: ACTIVE_PATH, headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it('answers an empty list for a user without a saved card', async () => {
    const user = await signedInUser();
    expect(await activeOf(user)).toMatchObject({
      status: 200,
      body: { count: 0, card: null, recurring_donations: [] },
      headers: { 'cache-control': 'private, no-store' },
    });
  });

  it("lists the owner's active support on the saved card with associate and supporter names, never another user's", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const ownerCard = await saveCard(owner, '4242424242424242');
    const otherCard = await saveCard(other, MASTERCARD);
    const support = await activeMonthly(owner, ownerCard.customer_code);
    await activeMonthly(other, otherCard.customer_code, 2);

    const listed = await activeOf(owner);
    expect(listed.body).toEqual({
      count: 1,
      card: { brand: 'Visa', last_digits: '4242' },
      recurring_donations: [
        { id: support.id, associate_name: expect.any(String), portfolio_name: '', recurring_donation_name: '佐藤 健太' },
      ],
    });
    expect(listed.body.recurring_donations[0]!.associate_name).not.toBe('');
    const english = await activeOf(owner, 'en');
    expect(english.body.recurring_donations.map((item) => item.id)).toEqual([support.id]);

    // The other user sees only their own.
    const theirs = await activeOf(other);
    expect(theirs.body).toMatchObject({ count: 1, card: { last_digits: '4444' } });
    expect(theirs.body.recurring_donations.map((item) => item.id)).not.toContain(support.id);

    // A stopped support is not active any more.
    await h.t.database.db.update(recurringDonations).set({ status: 'stopped' }).where(eq(recurringDonations.id, support.id));
    expect((await activeOf(owner)).body).toMatchObject({ count: 0, recurring_donations: [] });
  });
});

describe('POST /payment/credit with a saved card and recurring support on it', () => {
  it('moves the support to the new card (move_recurring true, the default): same customer, new default card', async () => {
    const user = await signedInUser();
    const first = await saveCard(user, '4242424242424242');
    const support = await activeMonthly(user, first.customer_code);

    const moved = await saveCard(user, MASTERCARD, { move_recurring: true });
    expect(moved).toMatchObject({ customer_code: first.customer_code, last_digits: '4444' });
    // The schedule charges the customer's default card, which is now the new one.
    const customer = await h.t.app.cardPayments.gateway.retrieveCustomer(first.customer_code);
    expect(customer.defaultCard).toMatchObject({ lastDigits: '4444', brand: 'MasterCard' });
    expect((await activeOf(user)).body).toMatchObject({
      count: 1,
      card: { last_digits: '4444' },
      recurring_donations: [{ id: support.id }],
    });
  });

  it('keeps the support on the previous card when declined (move_recurring false): the new card gets its own customer', async () => {
    const user = await signedInUser();
    const first = await saveCard(user, '4242424242424242');
    const support = await activeMonthly(user, first.customer_code);

    const kept = await saveCard(user, MASTERCARD, { move_recurring: false });
    expect(kept.customer_code).not.toBe(first.customer_code);
    expect(kept.last_digits).toBe('4444');
    // The previous customer, which the support's schedule charges, still pays with the previous card.
    expect((await h.t.app.cardPayments.gateway.retrieveCustomer(first.customer_code)).defaultCard).toMatchObject({ lastDigits: '4242' });
    const [row] = await h.t.database.db.select().from(recurringDonations).where(eq(recurringDonations.id, support.id));
    expect(row).toMatchObject({ status: 'active', customerId: first.customer_code });
    // The saved card is the new one, which no support uses yet.
    expect((await activeOf(user)).body).toMatchObject({ count: 0, card: { last_digits: '4444' }, recurring_donations: [] });
  });

  it("never touches another user's customer or support", async () => {
    const owner = await signedInUser();
    const intruder = await signedInUser();
    const ownerCard = await saveCard(owner, '4242424242424242');
    await activeMonthly(owner, ownerCard.customer_code);

    const intruderCard = await saveCard(intruder, MASTERCARD, { move_recurring: true });
    expect(intruderCard.customer_code).not.toBe(ownerCard.customer_code);
    expect((await h.t.app.cardPayments.gateway.retrieveCustomer(ownerCard.customer_code)).defaultCard).toMatchObject({
      lastDigits: '4242',
    });
    expect((await activeOf(owner)).body).toMatchObject({ count: 1, card: { last_digits: '4242' } });
  });

  it('answers 400 for a move_recurring that is not a boolean', async () => {
    const user = await signedInUser();
    const response = await send(h.t, {
      method: 'POST',
      url: '/payment/credit',
      headers: user.headers,
      payload: { token: 'tokn_test_abc', move_recurring: 'yes' },
    });
    expect(response).toMatchObject({ status: 400, body: { code: 'validation_failed', fields: { move_recurring: expect.any(Array) } } });
  });
});

describe('GET /user/me/ saved card', () => {
  it('shows brand, last digits and the expiry the provider knows, never the number', async () => {
    const user = await signedInUser();
    const saved = await saveCard(user, '4242424242424242');
    const me = await send<{ userCreditCard: Record<string, unknown> }>(h.t, { method: 'GET', url: '/user/me/', headers: user.headers });
    expect(me.body.userCreditCard).toEqual({
      customer_code: saved.customer_code,
      brand: 'Visa',
      last_digits: '4242',
      name: 'TARO YAMADA',
      expiration_month: 7,
      expiration_year: FUTURE_YEAR,
    });
    expect(JSON.stringify(me.body)).not.toContain('4242424242424242');
  });

  it('shows the card without an expiry while the provider fails', async () => {
    const user = await signedInUser();
    await saveCard(user, '4242424242424242');
    await h.sandbox.setFaults({ errorRate: 1 });
    try {
      const me = await send<{ userCreditCard: Record<string, unknown> }>(h.t, { method: 'GET', url: '/user/me/', headers: user.headers });
      expect(me.status).toBe(200);
      expect(me.body.userCreditCard).toMatchObject({ last_digits: '4242', expiration_month: null, expiration_year: null });
    } finally {
      await h.sandbox.setFaults({ errorRate: 0 });
    }
  });
});
