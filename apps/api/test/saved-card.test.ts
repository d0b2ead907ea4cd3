// Removing the saved card of /mypage/credit-card (ADR 034): DELETE /user/me/credit-card/ takes the
// signed-in user's own card row away (the provider's customer stays), unless recurring support of
// theirs that is active or suspended charges that card's customer (409, the account catalogue's
// message). Anonymous callers get 401; another user's card is never touched. Against the sandbox
// card gateway.
import { ACCOUNT_ERRORS, type api } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { issueAccessToken } from '../src/accounts/access-tokens';
import { recurringDonations, userCreditCards, users } from '../src/db/schema/index';
import { CLIENT_URI, donorPayload, send, status, submit, type Reply } from './helpers/donation-requests';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { uniqueEmail } from './helpers/start-sandbox';

const h = sandboxTestApp({ env: { BOT_CHECK_ENABLED: 'false' } });

const CARD_PATH = '/user/me/credit-card/';
const VISA = '4242424242424242';
const MASTERCARD = '5555555555554444';

async function signedInUser() {
  const email = uniqueEmail('saved-card');
  const [user] = await h.t.database.db.insert(users).values({ username: email, email, passwordHash: 'unused' }).returning();
  const { token } = await issueAccessToken(h.t.database.db, user!.id);
  return { id: user!.id, email, headers: { authorization: `Bearer ${token}` } };
}
type User = Awaited<ReturnType<typeof signedInUser>>;

async function saveCard(user: User, number: string) {
  const response = await send<{ customer_code: string; last_digits: string }>(h.t, {
    method: 'POST',
    url: '/payment/credit',
    headers: user.headers,
    payload: { token: await h.sandbox.tokenize(number), move_recurring: true },
  });
  expect(response.status).toBe(200);
  return response.body;
}

const removeCard = (user?: User) => send(h.t, { method: 'DELETE', url: CARD_PATH, headers: user?.headers ?? {} });

async function savedCardOf(user: User) {
  const me = await send<{ userCreditCard: { last_digits: string } | null }>(h.t, {
    method: 'GET',
    url: '/user/me/',
    headers: user.headers,
  });
  expect(me.status).toBe(200);
  return me.body.userCreditCard;
}

/** A monthly gift of the user on the saved card, paid and active (its schedule made). */
async function activeMonthly(user: User, customerId: string) {
  const request = {
    donor: donorPayload({ email: user.email }),
    amount: 1_000,
    associate_id: 1,
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

const setStatus = (id: number, value: 'active' | 'suspended' | 'stopped') =>
  h.t.database.db.update(recurringDonations).set({ status: value }).where(eq(recurringDonations.id, id));

describe('DELETE /user/me/credit-card/', () => {
  it('removes the card of an owner without recurring support: 204, and /user/me/ shows no card', async () => {
    const owner = await signedInUser();
    const saved = await saveCard(owner, VISA);
    expect(await savedCardOf(owner)).toMatchObject({ last_digits: '4242' });

    const removed = await removeCard(owner);
    expect(removed.status).toBe(204);
    expect(removed.headers['cache-control']).toBe('private, no-store');
    expect(await savedCardOf(owner)).toBeNull();
    // The provider's customer stays.
    expect((await h.t.app.cardPayments.gateway.retrieveCustomer(saved.customer_code)).defaultCard).toMatchObject({ lastDigits: '4242' });
    // Nothing left to remove is done too; a card can be saved again.
    expect((await removeCard(owner)).status).toBe(204);
    await saveCard(owner, MASTERCARD);
    expect(await savedCardOf(owner)).toMatchObject({ last_digits: '4444' });
  });

  it('refuses with 409 while active or suspended recurring support charges the card, which stays', async () => {
    const owner = await signedInUser();
    const saved = await saveCard(owner, VISA);
    const support = await activeMonthly(owner, saved.customer_code);

    expect(await removeCard(owner)).toMatchObject({ status: 409, body: { code: 'conflict', detail: ACCOUNT_ERRORS.cardInUse.en } });
    expect(await savedCardOf(owner)).toMatchObject({ last_digits: '4242' });

    // Suspended after failed charges: it waits for a new card, so the card is still needed.
    await setStatus(support.id, 'suspended');
    expect((await removeCard(owner)).status).toBe(409);
    expect(await savedCardOf(owner)).toMatchObject({ last_digits: '4242' });

    // Once stopped, nothing charges the card any more.
    await setStatus(support.id, 'stopped');
    expect((await removeCard(owner)).status).toBe(204);
    expect(await savedCardOf(owner)).toBeNull();
  });

  it('answers 401 without a valid token', async () => {
    expect((await removeCard()).status).toBe(401);
    expect((await send(h.t, { method: 'DELETE', url: CARD_PATH, headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it("removes only the caller's own card, whatever another user's support", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    await saveCard(owner, VISA);
    const otherCard = await saveCard(other, MASTERCARD);

    // The owner's removal leaves the other user's card as it was.
    expect((await removeCard(owner)).status).toBe(204);
    expect(await savedCardOf(owner)).toBeNull();
    expect(await savedCardOf(other)).toMatchObject({ last_digits: '4444' });
    const [row] = await h.t.database.db.select().from(userCreditCards).where(eq(userCreditCards.userId, other.id));
    expect(row).toMatchObject({ customerCode: otherCard.customer_code, lastDigits: '4444' });

    // The other user's support on their card blocks their removal, and never the owner's.
    await activeMonthly(other, otherCard.customer_code);
    await saveCard(owner, VISA);
    expect((await removeCard(other)).status).toBe(409);
    expect((await removeCard(owner)).status).toBe(204);
    expect(await savedCardOf(other)).toMatchObject({ last_digits: '4444' });
  });
});
