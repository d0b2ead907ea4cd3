// The wallet pay donation calls of spec §7 end to end against the sandbox, as the form drives them
// (spec §4 "Wallet payment": signed button → provider page → our review page → update → the
// buyer approves → our result page → complete): a single gift paid with its thank-you mail, a
// declined buyer (failed, reward released, walletRejected), a monthly gift left active with its
// charge permission, a replayed completion, annual refused, and the form state kept across the
// redirect.
import { randomUUID } from 'node:crypto';
import { matchDonationError, platformFee, type api } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignRewards, campaigns, recurringDonations } from '../src/db/schema/index';
import { donationRow, mailsTo, rewardRow, send, submit } from './helpers/donation-requests';
import { uniqueEmail } from './helpers/start-sandbox';
import { approvedDonation, COMPLETE, reviewedCheckout, saveFormState, UPDATE, walletRequest } from './helpers/wallet-donation';
import { startWalletSandbox, TEST_WEB_ORIGIN } from './helpers/start-wallet-sandbox';
import { sandboxTestApp } from './helpers/sandbox-test-app';

const h = sandboxTestApp({ startSandbox: startWalletSandbox, env: { WEB_ORIGIN: TEST_WEB_ORIGIN, BOT_CHECK_ENABLED: 'false' } });

async function freshReward(stock: number) {
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
      appliedCount: 0,
      imagePath: '/x.svg',
      shippingMonth: '2030-01',
    })
    .returning();
  return { campaignId: campaign!.id, associateId: campaign!.associateId, rewardId: reward!.id };
}

describe('a single wallet pay gift', () => {
  it('is recorded authorizing on update, and paid with its thank-you mail on completion', async () => {
    const { key, sessionId, request, updated, approved } = await approvedDonation(h.t, h.sandbox, 'hanako', 'single');
    expect(updated).toEqual({
      id: expect.any(Number),
      wallet_pay: { redirect_url: expect.stringContaining(h.sandbox.walletUrl) },
      recurring_donation_id: null,
      status_token: expect.any(String),
    });
    // The provider sends the buyer to our result page, with the form's key to restore it.
    expect(approved.location).toBe(
      `${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-result?donate_session_key=${key}&amazonCheckoutSessionId=${sessionId}`,
    );
    expect(await donationRow(h.t, updated.id)).toMatchObject({
      status: 'authorizing',
      paymentMethod: 4,
      paymentProvider: 'wallet',
      paymentId: sessionId,
      amount: 3_000,
    });

    const completed = await submit<api.WalletPayCompleteResponse>(h.t, COMPLETE.single, { checkout_session_id: sessionId });
    expect(completed).toMatchObject({ status: 200, body: { id: updated.id, result: 'PAID', amount: 3_000, recurring_donation_id: null } });
    const commission = platformFee(3_000, { campaign: false });
    expect(await donationRow(h.t, updated.id)).toMatchObject({
      status: 'paid',
      paidAt: expect.any(Date),
      commission,
      transferAmount: 3_000 - commission,
    });
    const mails = await mailsTo(h.t, request.donor.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ locale: 'ja', subject: 'ご寄付ありがとうございました' });

    // The form saved under the key is the one the update call carried.
    const restored = await send(h.t, { method: 'GET', url: `/donation/wallet-pay-form-state/${key}/` });
    expect(restored).toMatchObject({ status: 200, body: { state: '{"step":"confirmation"}' } });
  });

  it('charges the fee-included total when the supporter chose it', async () => {
    const { sessionId, updated } = await approvedDonation(h.t, h.sandbox, 'taro', 'single', {
      amount: 10_000,
      is_commission_contains: true,
    });
    const charged = (await donationRow(h.t, updated.id)).amount;
    expect(charged).toBeGreaterThan(10_000);
    expect((await submit(h.t, COMPLETE.single, { checkout_session_id: sessionId })).body).toMatchObject({
      result: 'PAID',
      amount: charged,
    });
    expect((await donationRow(h.t, updated.id)).transferAmount).toBeGreaterThanOrEqual(10_000);
  });

  it('replays a repeated completion: the same PAID answer, one charge, one mail', async () => {
    const { sessionId, request, updated } = await approvedDonation(h.t, h.sandbox, 'taro', 'single');
    const key = randomUUID();
    const first = await submit(h.t, COMPLETE.single, { checkout_session_id: sessionId }, { key });
    const replayed = await submit(h.t, COMPLETE.single, { checkout_session_id: sessionId }, { key });
    const again = await submit(h.t, COMPLETE.single, { checkout_session_id: sessionId });
    expect(first.status).toBe(200);
    expect(replayed).toMatchObject({ status: 200, body: first.body, headers: { 'idempotent-replayed': 'true' } });
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(await mailsTo(h.t, request.donor.email)).toHaveLength(1);
    expect((await donationRow(h.t, updated.id)).status).toBe('paid');
    // The session belongs to its donation: starting another donation with it is refused.
    const reused = await submit(h.t, UPDATE.single, walletRequest(sessionId, randomUUID()));
    expect(reused.status).toBe(422);
  });

  it('fails a declined buyer, gives the reward back, and answers a detail the web maps to walletRejected', async () => {
    const reward = await freshReward(5);
    const { sessionId, updated } = await approvedDonation(h.t, h.sandbox, 'declined', 'single', {
      associate_id: reward.associateId,
      campaign_id: reward.campaignId,
      reward_id: reward.rewardId,
    });
    expect((await rewardRow(h.t, reward.rewardId)).appliedCount).toBe(1);

    const completed = await submit<api.ErrorBody>(h.t, COMPLETE.single, { checkout_session_id: sessionId });
    expect(completed.status).toBe(422);
    expect(matchDonationError(completed.body.detail)).toBe('walletRejected');
    expect(await donationRow(h.t, updated.id)).toMatchObject({ status: 'failed', reasonOfPaymentFailed: 'Declined', paidAt: null });
    expect((await rewardRow(h.t, reward.rewardId)).appliedCount).toBe(0);

    const again = await submit<api.ErrorBody>(h.t, COMPLETE.single, { checkout_session_id: sessionId });
    expect(again.status).toBe(422);
    expect(matchDonationError(again.body.detail)).toBe('walletRejected');
  });

  it('answers 404 for a checkout session no donation was started with, or on the wrong variant', async () => {
    expect((await submit(h.t, COMPLETE.single, { checkout_session_id: 'no-such-session' })).status).toBe(404);
    const { sessionId } = await approvedDonation(h.t, h.sandbox, 'hanako', 'single');
    expect((await submit(h.t, COMPLETE.monthly, { checkout_session_id: sessionId })).status).toBe(404);
  });
});

describe('a monthly wallet pay gift', () => {
  it('pays the first month and leaves the recurring donation active with its charge permission', async () => {
    const { sessionId, updated } = await approvedDonation(h.t, h.sandbox, 'hanako', 'monthly', { amount: 5_000 });
    expect(updated.recurring_donation_id).toEqual(expect.any(Number));
    const completed = await submit<api.WalletPayCompleteResponse>(h.t, COMPLETE.monthly, { checkout_session_id: sessionId });
    expect(completed).toMatchObject({
      status: 200,
      body: { id: updated.id, result: 'PAID', amount: 5_000, recurring_donation_id: updated.recurring_donation_id },
    });
    const [recurring] = await h.t.database.db
      .select()
      .from(recurringDonations)
      .where(eq(recurringDonations.id, updated.recurring_donation_id!));
    expect(recurring).toMatchObject({
      status: 'active',
      period: 'monthly',
      paymentMethod: 4,
      paymentProvider: 'wallet',
      amount: 5_000,
      walletPayChargePermissionId: expect.any(String),
    });
    expect(await h.t.app.walletPay.gateway.getChargePermission(recurring!.walletPayChargePermissionId!)).toMatchObject({
      type: 'Recurring',
      state: 'Chargeable',
    });
    // The card activation job has nothing to do for a wallet gift.
    await h.t.app.jobs.worker.drain();
    expect(
      (await h.t.database.db.select().from(recurringDonations).where(eq(recurringDonations.id, updated.recurring_donation_id!)))[0]!.status,
    ).toBe('active');
  });

  it('refuses a one-time checkout for a monthly gift', async () => {
    const key = await saveFormState(h.t, '{}');
    const sessionId = await reviewedCheckout(h.t, h.sandbox, 'hanako', 'single', 3_000, key);
    const response = await submit<api.ErrorBody>(h.t, UPDATE.monthly, walletRequest(sessionId, key));
    expect(response.status).toBe(400);
  });
});

describe('refusals', () => {
  it('has no annual wallet pay: the button and the calls refuse it', async () => {
    const button = await send(h.t, {
      method: 'POST',
      url: '/wallet-pay/generate-button-signature/',
      payload: { amount: 3000, frequency: 'annual' },
    });
    expect(button.status).toBe(400);
    expect((await submit(h.t, '/donation/recurring/annual/wallet-pay/update-checkout-session/', walletRequest('x', 'k'))).status).toBe(404);
  });

  it('enforces the wallet limits and the names before touching the provider', async () => {
    const key = await saveFormState(h.t, '{}');
    const sessionId = await reviewedCheckout(h.t, h.sandbox, 'hanako', 'single', 3_000, key);
    const over = await submit<api.ErrorBody>(h.t, UPDATE.single, walletRequest(sessionId, key, { amount: 6_000_001 }));
    expect(over).toMatchObject({ status: 400, body: { fields: { amount: ['max'] } } });
    const nameless = await submit<api.ErrorBody>(
      h.t,
      UPDATE.single,
      walletRequest(sessionId, key, { donor: { last_name: '', first_name: '花子', email: uniqueEmail('w') } }),
    );
    expect(nameless).toMatchObject({ status: 400, body: { fields: { 'donor.last_name': ['required'] } } });
    // Nothing was recorded: the session can still start the donation.
    expect((await submit(h.t, UPDATE.single, walletRequest(sessionId, key))).status).toBe(200);
  });
});

describe('wallet pay form state', () => {
  it('keeps the form under a random key and gives it back; unknown keys are 404', async () => {
    const key = await saveFormState(h.t, '{"amount":3000}');
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await saveFormState(h.t, '{"amount":3000}')).not.toBe(key);
    expect(await send(h.t, { method: 'GET', url: `/donation/wallet-pay-form-state/${key}/` })).toMatchObject({
      status: 200,
      body: { state: '{"amount":3000}' },
    });
    expect((await send(h.t, { method: 'GET', url: '/donation/wallet-pay-form-state/unknown-key/' })).status).toBe(404);
    expect((await send(h.t, { method: 'GET', url: '/donation/wallet-pay-form-state/bad%20key/' })).status).toBe(400);
  });
});
