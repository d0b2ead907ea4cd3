// A submission that met a provider outage can be retried with the same Idempotency-Key (ADR 022):
// the web retries a 502/503 automatically with the key it sent, and replaying the stored outage
// made that retry fail forever. Only final answers are stored; an outage answer releases the key
// because it comes before any money could move (lib/idempotency.ts). The retry charges once, even
// when the outage hit the charge call after the donation was recorded. A bot-check service that is
// down answers 503 "try again later", not a failed bot check.
import { randomUUID } from 'node:crypto';
import { DONATION_ERRORS, matchDonationError, type api } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../src/accounts/access-tokens';
import { donations, donors, idempotencyKeys, users } from '../src/db/schema/index';
import { IDEMPOTENT_REPLAYED_HEADER } from '../src/lib/idempotency';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { guestCardRequest, sandboxCharges, send, status, submit, type Reply } from './helpers/donation-requests';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { startBankSandbox } from './helpers/start-bank-sandbox';
import { uniqueEmail } from './helpers/start-sandbox';

const h = sandboxTestApp({
  startSandbox: startBankSandbox,
  env: { BOT_CHECK_ENABLED: 'false' },
  afterEachTest: (sandbox) => sandbox.setFaults({ errorRate: 0 }),
});
let botChecked: TestApp;
beforeAll(async () => {
  botChecked = await buildTestApp({ SANDBOX_URL: h.sandbox.url, BOT_CHECK_ENABLED: 'true' });
});
afterAll(() => botChecked?.close());

const providerDown = () => h.sandbox.setFaults({ errorRate: 1 });
const providerBack = () => h.sandbox.setFaults({ errorRate: 0 });
const chargesOf = async (customerId: string) => (await sandboxCharges(h.sandbox)).filter((charge) => charge.customer === customerId);
const donationsOf = (app: TestApp, email: string) =>
  app.database.db
    .select({ id: donations.id, status: donations.status })
    .from(donations)
    .innerJoin(donors, eq(donors.id, donations.donorId))
    .where(eq(donors.email, email))
    .orderBy(donations.id);

/** A signed-in member with a saved card: whose card is charged is known without asking the provider. */
async function memberWithCard() {
  const email = uniqueEmail('member');
  const [user] = await h.t.database.db.insert(users).values({ username: email, email, passwordHash: 'unused' }).returning();
  const { token } = await issueAccessToken(h.t.database.db, user!.id);
  const headers = { authorization: `Bearer ${token}` };
  const card = await send<{ customer_code: string }>(h.t, {
    method: 'POST',
    url: '/payment/credit',
    payload: { token: await h.sandbox.tokenize('4242424242424242') },
    headers,
  });
  expect(card.status).toBe(200);
  return { headers, customerId: card.body.customer_code };
}

describe('a card submission retried with the same key after the gateway was down', () => {
  it('when the charge call failed after the donation was recorded: the retry charges once and is paid', async () => {
    const member = await memberWithCard();
    const request = await guestCardRequest(h.t, h.sandbox, { customer_id: member.customerId });
    const key = randomUUID();

    await providerDown();
    const outage = await submit(h.t, '/donation/', request, { key, headers: member.headers });
    expect(outage).toMatchObject({ status: 502, body: { code: 'bad_gateway' } });
    expect(await donationsOf(h.t, request.donor.email)).toEqual([{ id: expect.any(Number), status: 'failed' }]);

    await providerBack();
    const retry = (await submit(h.t, '/donation/', request, { key, headers: member.headers })) as Reply<api.CardDonationResponse>;
    expect(retry.status).toBe(200);
    expect(retry.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    await h.sandbox.authorize(retry.body.authorize_uri, 'authenticate');
    expect((await status(h.t, retry.body.donation.id, retry.body.status_token)).body).toMatchObject({ result: 'PAID' });

    // A third send of the same key replays the paid answer and charges nothing more.
    const replay = await submit(h.t, '/donation/', request, { key, headers: member.headers });
    expect(replay).toMatchObject({ status: 200, body: retry.body, headers: { [IDEMPOTENT_REPLAYED_HEADER]: 'true' } });
    const charges = await chargesOf(member.customerId);
    expect(charges.map((charge) => charge.status)).toEqual(['successful']);
    expect(await donationsOf(h.t, request.donor.email)).toEqual([
      { id: expect.any(Number), status: 'failed' },
      { id: retry.body.donation.id, status: 'paid' },
    ]);
  });

  it("a guest's retry carries the same customer handle and goes through: one charge", async () => {
    const request = await guestCardRequest(h.t, h.sandbox);
    const key = randomUUID();
    await providerDown();
    expect((await submit(h.t, '/donation/', request, { key })).status).toBe(502);
    await providerBack();
    const retry = await submit(h.t, '/donation/', request, { key });
    expect(retry.status).toBe(200);
    expect(await chargesOf(request.customer_id)).toHaveLength(1);
    expect((await donationsOf(h.t, request.donor.email)).map((donation) => donation.status)).toEqual(['failed', 'authorizing']);
  });
});

describe('a bank-transfer submission retried with the same key after the bank was down', () => {
  it('gets its virtual account; the donation the outage failed stays failed', async () => {
    const { customer_id: _customer, client_uri: _client, ...request } = await guestCardRequest(h.t, h.sandbox);
    const key = randomUUID();
    await providerDown();
    const outage = await submit(h.t, '/donation/deposit/', request, { key });
    expect(outage).toMatchObject({ status: 502, body: { detail: DONATION_ERRORS.bankAccountIssue.en } });

    await providerBack();
    const retry = (await submit(h.t, '/donation/deposit/', request, { key })) as Reply<api.BankTransferDonationResponse>;
    expect(retry.status).toBe(200);
    expect(retry.body.virtual_account.account_number).toMatch(/^\d{7}$/);
    expect(await donationsOf(h.t, request.donor.email)).toEqual([
      { id: expect.any(Number), status: 'failed' },
      { id: retry.body.donation.id, status: 'awaiting_transfer' },
    ]);
  });
});

describe('the bot-check service down', () => {
  it('answers 503 with its own "try again later" message, keeps nothing, and the retry goes through', async () => {
    const request = await guestCardRequest(botChecked, h.sandbox);
    const key = randomUUID();
    const token = await h.sandbox.mintBotCheckToken();
    await providerDown();
    const outage = await submit(botChecked, '/donation/', { ...request, recaptcha_token: token }, { key });
    expect(outage).toMatchObject({ status: 503, body: { code: 'service_unavailable' } });
    expect(matchDonationError((outage.body as { detail: string }).detail)).toBe('botCheckUnavailable');
    expect(await botChecked.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);

    await providerBack();
    expect(
      (await submit(botChecked, '/donation/', { ...request, recaptcha_token: await h.sandbox.mintBotCheckToken() }, { key })).status,
    ).toBe(200);
    expect(await chargesOf(request.customer_id)).toHaveLength(1);
  });
});
