// POST /donation/ end to end against the sandbox, as the browser drives it (spec §4 donation flow,
// card path for a guest): tokenise at the vault, make the guest customer, donate, go through the
// 3-D Secure page, come back and poll the status. Every failing test card ends FAILED (or 422 at
// once) with a detail the web's catalogue maps to that card's own message (spec §8).
import { matchDonationError, platformFee, type DonationErrorKey } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { issueAccessToken } from '../src/accounts/access-tokens';
import { campaignRewards, campaigns, users } from '../src/db/schema/index';
import { THANKS_MAIL_TEMPLATE } from '../src/donations/enqueue-thanks-mail';
import {
  CLIENT_URI,
  donationRow,
  donorPayload,
  guestCardRequest,
  mailsTo,
  rewardRow,
  sandboxCharges,
  send,
  status,
  submit,
  type CardDonationReply,
} from './helpers/donation-requests';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { CALLS_HANG, uniqueEmail } from './helpers/start-sandbox';

const h = sandboxTestApp({
  env: { BOT_CHECK_ENABLED: 'false' },
  afterEachTest: (sandbox) => sandbox.setFaults({ errorRate: 0, timeoutRate: 0 }),
});

const donate = async (overrides: Parameters<typeof guestCardRequest>[2] = {}) => {
  const request = await guestCardRequest(h.t, h.sandbox, overrides);
  return { request, response: (await submit(h.t, '/donation/', request)) as CardDonationReply };
};

/** A reward of its own on a published, open campaign, so tests can watch its count. */
async function freshReward(stock: number | null, appliedCount = 0) {
  const [campaign] = await h.t.database.db
    .select({ id: campaigns.id, associateId: campaigns.associateId })
    .from(campaigns)
    .where(eq(campaigns.status, 'published'))
    .limit(1);
  const [reward] = await h.t.database.db
    .insert(campaignRewards)
    .values({
      campaignId: campaign!.id,
      title: 'お礼状',
      amount: 1_000,
      stock,
      appliedCount,
      imagePath: '/x.svg',
      shippingMonth: '2030-01',
    })
    .returning();
  return { campaignId: campaign!.id, associateId: campaign!.associateId, rewardId: reward!.id };
}

async function signedInUserWithCard(number = '4242424242424242') {
  const email = uniqueEmail('member');
  const [user] = await h.t.database.db.insert(users).values({ username: email, email, passwordHash: 'unused' }).returning();
  const { token } = await issueAccessToken(h.t.database.db, user!.id);
  const headers = { authorization: `Bearer ${token}` };
  const card = await send<{ customer_code: string }>(h.t, {
    method: 'POST',
    url: '/payment/credit',
    payload: { token: await h.sandbox.tokenize(number) },
    headers,
  });
  expect(card.status).toBe(200);
  return { userId: user!.id, email, headers, customerId: card.body.customer_code };
}

describe('a guest gives 3,000 yen once by card with 3-D Secure', () => {
  it('records the donation, sends the supporter to 3-D Secure, and is paid when they come back', async () => {
    const { request, response } = await donate();
    expect(response.status).toBe(200);
    const { donation, authorize_uri, status_token } = response.body;
    expect(donation).toEqual({ id: expect.any(Number), is_anonymous: false, donation_message: null });
    expect(authorize_uri).toMatch(new RegExp(`^${h.sandbox.url}/card/3ds/chrg_`));
    expect(status_token).toEqual(expect.any(String));

    const stored = await donationRow(h.t, donation.id);
    expect(stored).toMatchObject({
      status: 'authorizing',
      amount: 3_000,
      paymentProvider: 'omise',
      paymentId: expect.stringMatching(/^chrg_/),
      type: 1,
      paymentMethod: 1,
      isDeductible: true,
      isUser: false,
      userId: null,
    });
    const [charge] = (await sandboxCharges(h.sandbox)).filter((candidate) => candidate.id === stored.paymentId);
    expect(charge).toMatchObject({ customer: request.customer_id, metadata: { donation_id: donation.id } });

    // Still pending before the supporter authenticates.
    expect((await status(h.t, donation.id, status_token)).body).toMatchObject({ result: 'PENDING', detail: null });

    // The bank sends the browser back to the form, with the donation id and its token to resume it
    // even where client storage is gone (decision 009).
    const returnedTo = await h.sandbox.authorize(authorize_uri, 'authenticate');
    expect(returnedTo).toBe(`${CLIENT_URI}?donation_id=${donation.id}&donation_token=${status_token}`);
    expect(new URL(returnedTo).searchParams.get('donation_token')).toBe(status_token);

    // No webhook reaches this API (it does not listen): the status poll alone settles the charge.
    expect(await status(h.t, donation.id, status_token)).toMatchObject({
      status: 200,
      body: { id: donation.id, result: 'PAID', detail: null, payment_method: 'creditCard', frequency: 'single', amount: 3_000 },
    });
    const commission = platformFee(3_000, { campaign: false });
    expect(await donationRow(h.t, donation.id)).toMatchObject({
      status: 'paid',
      paidAt: expect.any(Date),
      commission,
      transferAmount: 3_000 - commission,
    });

    // The associate's thank-you mail, in Japanese, queued once however often the status is read.
    await status(h.t, donation.id, status_token);
    await h.t.app.cardPayments.refresh(stored.paymentId!);
    const mails = await mailsTo(h.t, request.donor.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      template: THANKS_MAIL_TEMPLATE,
      locale: 'ja',
      status: 'pending',
      subject: 'ご寄付ありがとうございました',
    });
    expect(mails[0]!.textBody).toMatch(/^山田 花子様\n\n.*こども食堂ネットワークみらい/s);
  });

  it('writes the thank-you mail in English for an English form', async () => {
    const { request, response } = await donate({ lang: 'en' });
    await h.sandbox.authorize(response.body.authorize_uri, 'authenticate');
    expect((await status(h.t, response.body.donation.id, response.body.status_token)).body.result).toBe('PAID');
    const [mail] = await mailsTo(h.t, request.donor.email);
    expect(mail).toMatchObject({ locale: 'en', subject: 'Thank you for your donation' });
    expect(mail!.textBody).toMatch(/^Dear 花子 山田,/);
  });
});

describe('failing cards', () => {
  const declined: [string, string, DonationErrorKey][] = [
    ['insufficient funds', '4111111111140011', 'creditLimitExceeded'],
    ['stolen or lost', '4111111111130012', 'stolenOrLostCard'],
    ['failed processing', '4111111111120013', 'paymentRejected'],
    ['payment rejected', '5555551111180014', 'paymentRejected'],
    ['fraud check', '3530111111140016', 'fraudCheck'],
    ['invalid account number', '4111111111180017', 'invalidAccountNumber'],
    ['invalid security code', '4111111111160001', 'invalidSecurityCode'],
    ['3-D Secure validation fails', '4111111111140003', 'paymentRejected'],
    ['card not valid', '4000000000000002', 'cardNotValid'],
    ['expired card', '4000000000000069', 'expiredCard'],
  ];

  it.each(declined)('%s: FAILED after 3-D Secure, with a detail the catalogue maps to its message', async (_name, card, key) => {
    const { response } = await donate({ card });
    expect(response.status).toBe(200);
    await h.sandbox.authorize(response.body.authorize_uri, 'authenticate');
    const polled = await status(h.t, response.body.donation.id, response.body.status_token);
    expect(polled.body.result).toBe('FAILED');
    expect(matchDonationError(polled.body.detail!)).toBe(key);
    expect(await donationRow(h.t, response.body.donation.id)).toMatchObject({ status: 'failed', paidAt: null });
  });

  it('a charge that times out at the issuer fails with the timeout message', async () => {
    const { response } = await donate({ amount: 4_040 });
    await h.sandbox.authorize(response.body.authorize_uri, 'authenticate');
    const polled = await status(h.t, response.body.donation.id, response.body.status_token);
    expect(polled.body).toMatchObject({ result: 'FAILED', detail: 'timeout' });
    expect(matchDonationError(polled.body.detail!)).toBe('timedOut');
  });

  it('a card the issuer cannot enrol in 3-D Secure is refused at once: 422 with its failure, donation failed', async () => {
    const { request, response } = await donate({ card: '4111111111150002' });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'unprocessable', detail: expect.stringMatching(/^payment_rejected: /) });
    expect(matchDonationError((response.body as unknown as { detail: string }).detail)).toBe('paymentRejected');
    const [charge] = (await sandboxCharges(h.sandbox)).filter((candidate) => candidate.customer === request.customer_id);
    const donationId = Number(charge!.metadata.donation_id);
    expect(await donationRow(h.t, donationId)).toMatchObject({ status: 'failed', reasonOfPaymentFailed: 'payment_rejected' });
    expect(await mailsTo(h.t, request.donor.email)).toEqual([]);
  });

  it('a failed 3-D Secure fails the donation and gives its reward back', async () => {
    const { campaignId, associateId, rewardId } = await freshReward(3);
    const { response } = await donate({ associate_id: associateId, campaign_id: campaignId, reward_id: rewardId });
    expect(response.status).toBe(200);
    expect(await rewardRow(h.t, rewardId)).toMatchObject({ appliedCount: 1 });

    await h.sandbox.authorize(response.body.authorize_uri, 'fail');
    const polled = await status(h.t, response.body.donation.id, response.body.status_token);
    expect(polled.body.result).toBe('FAILED');
    expect(matchDonationError(polled.body.detail!)).toBe('paymentRejected');
    expect(await rewardRow(h.t, rewardId)).toMatchObject({ appliedCount: 0 });
    // Settling again (a late webhook) gives nothing back twice.
    await h.t.app.cardPayments.refresh((await donationRow(h.t, response.body.donation.id)).paymentId!);
    expect(await rewardRow(h.t, rewardId)).toMatchObject({ appliedCount: 0 });
  });

  it('keeps the reward taken when the gift is paid', async () => {
    const { campaignId, associateId, rewardId } = await freshReward(null, 7);
    const { response } = await donate({ associate_id: associateId, campaign_id: campaignId, reward_id: rewardId });
    await h.sandbox.authorize(response.body.authorize_uri, 'authenticate');
    expect((await status(h.t, response.body.donation.id, response.body.status_token)).body.result).toBe('PAID');
    expect(await rewardRow(h.t, rewardId)).toMatchObject({ appliedCount: 8, stock: null });
    // A campaign gift carries the campaign commission rate.
    const commission = platformFee(3_000, { campaign: true });
    expect(await donationRow(h.t, response.body.donation.id)).toMatchObject({
      type: 2,
      campaignId,
      rewardId,
      commission,
      transferAmount: 3_000 - commission,
    });
  });
});

describe('whose card is charged', () => {
  it('refuses a guest customer made for another email, or unknown to the gateway: 403, nothing recorded', async () => {
    const other = await guestCardRequest(h.t, h.sandbox);
    const mine = donorPayload();
    const before = (await sandboxCharges(h.sandbox)).length;
    const response = await submit(h.t, '/donation/', { ...other, donor: mine });
    expect(response).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const unknown = await submit(h.t, '/donation/', { ...other, donor: mine, customer_id: 'cust_test_nobody' });
    expect(unknown).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect((await sandboxCharges(h.sandbox)).length).toBe(before);
  });

  it("charges a signed-in supporter's saved card, links the gift to the account, and refuses any other customer", async () => {
    const member = await signedInUserWithCard();
    const request = await guestCardRequest(h.t, h.sandbox, { customer_id: member.customerId });
    const response = (await submit(h.t, '/donation/', request, { headers: member.headers })) as CardDonationReply;
    expect(response.status).toBe(200);
    expect(await donationRow(h.t, response.body.donation.id)).toMatchObject({ userId: member.userId, isUser: true });

    const guestCustomerOfSomeoneElse = await guestCardRequest(h.t, h.sandbox);
    expect((await submit(h.t, '/donation/', guestCustomerOfSomeoneElse, { headers: member.headers })).status).toBe(403);
  });
});

describe("a member's saved card is theirs alone (ADR 026)", () => {
  it("refuses a visitor who knows only the member's customer code and email: single and monthly, 403, nothing charged", async () => {
    const member = await signedInUserWithCard();
    const before = (await sandboxCharges(h.sandbox)).length;
    const asMember = {
      donor: donorPayload({ email: member.email }),
      amount: 3_000,
      associate_id: 1,
      customer_id: member.customerId,
      client_uri: CLIENT_URI,
    };
    expect(await submit(h.t, '/donation/', asMember)).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(await submit(h.t, '/donation/recurring/', asMember)).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    // A guest's own valid handle does not open another customer either.
    const { customer_handle } = await guestCardRequest(h.t, h.sandbox, { donor: donorPayload({ email: member.email }) });
    expect(await submit(h.t, '/donation/recurring/', { ...asMember, customer_handle })).toMatchObject({
      status: 403,
      body: { code: 'forbidden' },
    });
    expect((await sandboxCharges(h.sandbox)).length).toBe(before);
  });

  it("a guest's customer needs the handle it was made with, for the email it was made for", async () => {
    const request = await guestCardRequest(h.t, h.sandbox);
    const { customer_handle, ...withoutHandle } = request;
    expect(await submit(h.t, '/donation/', withoutHandle)).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(await submit(h.t, '/donation/', { ...request, customer_handle: `${customer_handle}x` })).toMatchObject({ status: 403 });
    expect(await submit(h.t, '/donation/', { ...request, donor: { ...request.donor, email: uniqueEmail('other') } })).toMatchObject({
      status: 403,
    });
    expect((await submit(h.t, '/donation/', request)).status).toBe(200);
  });
});

describe('when the gateway fails', () => {
  it('answers 502 and fails the donation, giving the reward back; "timed out" when it never answers', async () => {
    const member = await signedInUserWithCard();
    const { campaignId, associateId, rewardId } = await freshReward(1);
    const request = await guestCardRequest(h.t, h.sandbox, {
      customer_id: member.customerId,
      associate_id: associateId,
      campaign_id: campaignId,
      reward_id: rewardId,
    });

    await h.sandbox.setFaults({ errorRate: 1 });
    const failing = await submit(h.t, '/donation/', request, { headers: member.headers });
    expect(failing).toMatchObject({ status: 502, body: { code: 'bad_gateway', detail: expect.stringMatching(/^internal_error: /) } });
    expect(await rewardRow(h.t, rewardId)).toMatchObject({ appliedCount: 0 });

    // The API's own client timeout (10 s by default) runs out long before the sandbox's hang.
    await h.sandbox.setFaults(CALLS_HANG);
    const silent = await submit(h.t, '/donation/', request, { headers: member.headers });
    expect(silent).toMatchObject({ status: 502, body: { code: 'bad_gateway', detail: expect.stringMatching(/timed out/) } });
    expect(matchDonationError((silent.body as { detail: string }).detail)).toBe('timedOut');
    expect(await rewardRow(h.t, rewardId)).toMatchObject({ appliedCount: 0 });
  }, 60_000);
});
