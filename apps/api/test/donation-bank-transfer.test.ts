// POST /donation/deposit/ end to end (spec §4 "Bank transfer (single only)", §3 "Virtual bank
// account", §9): the supporter gets an ordinary virtual account in their language, the sandbox
// bank's signed deposit webhook pays the donation (thank-you mail queued once), a late transfer
// expires it and gives its reward back, and a bank that cannot issue an account fails it.
import { DONATION_ERRORS, platformFee, type api } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignRewards, campaigns, providerEvents } from '../src/db/schema/index';
import { donationRow, donorPayload, mailsTo, rewardRow, status, submit, type Reply } from './helpers/donation-requests';
import { eventually } from './helpers/eventually';
import { startBankSandbox } from './helpers/start-bank-sandbox';
import { sandboxTestApp } from './helpers/sandbox-test-app';

const h = sandboxTestApp({
  startSandbox: startBankSandbox,
  env: { BOT_CHECK_ENABLED: 'false' },
  afterEachTest: (sandbox) => sandbox.setFaults({ errorRate: 0, timeoutRate: 0 }),
  receiveWebhooks: (sandbox, apiUrl) => sandbox.receiveBankWebhooksAt(`${apiUrl}/webhooks/bank/`),
});

type BankReply = Reply<api.BankTransferDonationResponse>;
const deposit = async (body: Record<string, unknown>) =>
  (await submit(h.t, '/donation/deposit/', { donor: donorPayload(), amount: 3_000, associate_id: 1, ...body })) as BankReply;

/** Deposits, waits for the signed webhook to land in the inbox, and runs the jobs it queued. */
async function transfer(accountId: string, kind: 'exact' | 'late') {
  const event = await h.sandbox.deposit(accountId, { kind });
  await eventually(async () => (await h.t.database.db.select().from(providerEvents).where(eq(providerEvents.eventId, event.id)))[0]);
  await h.t.app.jobs.worker.drain();
}

async function rewardOnOpenCampaign(stock: number) {
  const [campaign] = await h.t.database.db
    .insert(campaigns)
    .values({
      associateId: 1,
      type: 6,
      status: 'published',
      title: '振込テスト',
      mainVisualPath: '/x.svg',
      goalAmount: 10_000,
      startAt: new Date(),
    })
    .returning();
  const [reward] = await h.t.database.db
    .insert(campaignRewards)
    .values({ campaignId: campaign!.id, title: 'リターン', amount: 1_000, stock, imagePath: '/x.svg' })
    .returning();
  return { campaignId: campaign!.id, rewardId: reward!.id };
}

describe('issuing the account', () => {
  it('shows an ordinary virtual account for the amount, with its expiry, in Japanese', async () => {
    const response = await deposit({ amount: 12_000 });
    expect(response.status).toBe(200);
    const { donation, virtual_account, status_token } = response.body;
    expect(donation).toEqual({ id: expect.any(Number), is_anonymous: false, donation_message: null });
    expect(virtual_account).toMatchObject({
      bank_name: 'サンドボックス銀行',
      account_type: 'ordinary',
      amount: 12_000,
      account_number: expect.stringMatching(/^\d{7}$/),
    });
    expect(virtual_account.account_holder).not.toBe('');
    // 23:59:59 in Japan, BANK_TRANSFER_EXPIRY_DAYS on.
    const expiry = new Date(virtual_account.expiration_date);
    expect(new Date(expiry.getTime() + 9 * 3_600_000).toISOString().slice(11, 19)).toBe('23:59:59');
    expect(expiry.getTime() - Date.now()).toBeGreaterThan(6 * 86_400_000);
    expect(await donationRow(h.t, donation.id)).toMatchObject({
      status: 'awaiting_transfer',
      paymentMethod: 7,
      paymentProvider: 'bank',
      amount: 12_000,
    });
    expect((await status(h.t, donation.id, status_token)).body).toMatchObject({
      result: 'PENDING',
      payment_method: 'bankTransfer',
      frequency: 'single',
    });
  });

  it('names the bank in English for an English form', async () => {
    const response = await deposit({ lang: 'en' });
    expect(response.body.virtual_account).toMatchObject({ bank_name: 'Sandbox Bank', account_type: 'ordinary' });
  });
});

describe('settlement', () => {
  it('is paid when the transfer arrives, with commission, transfer amount and one thank-you mail', async () => {
    const donor = donorPayload();
    const response = await deposit({ donor, amount: 10_000 });
    const { paymentId } = await donationRow(h.t, response.body.donation.id);
    await transfer(paymentId!, 'exact');

    const commission = platformFee(10_000, { campaign: false });
    expect(await donationRow(h.t, response.body.donation.id)).toMatchObject({
      status: 'paid',
      commission,
      transferAmount: 10_000 - commission,
      paidAt: expect.any(Date),
    });
    expect((await status(h.t, response.body.donation.id, response.body.status_token)).body).toMatchObject({
      result: 'PAID',
      payment_method: 'bankTransfer',
    });
    // The transfer instructions went out when the account was issued; the thank-you now, once.
    const mails = await mailsTo(h.t, donor.email);
    expect(mails.map((mail) => mail.template)).toEqual(['bank-transfer-instructions', 'donation-thanks']);
    expect(mails[1]).toMatchObject({ subject: 'ご寄付ありがとうございました', locale: 'ja' });
  });

  it('expires on a late transfer and gives the reward back', async () => {
    const { campaignId, rewardId } = await rewardOnOpenCampaign(1);
    const response = await deposit({ campaign_id: campaignId, reward_id: rewardId });
    expect(await rewardRow(h.t, rewardId)).toMatchObject({ appliedCount: 1 });
    const { paymentId } = await donationRow(h.t, response.body.donation.id);
    await transfer(paymentId!, 'late');

    expect(await donationRow(h.t, response.body.donation.id)).toMatchObject({ status: 'expired', reasonOfPaymentFailed: 'transfer_late' });
    expect(await rewardRow(h.t, rewardId)).toMatchObject({ appliedCount: 0 });
    expect((await status(h.t, response.body.donation.id, response.body.status_token)).body).toMatchObject({
      result: 'FAILED',
      detail: 'transfer_late',
    });
  });
});

describe('when the bank cannot issue an account', () => {
  it('answers 502 with the bank-account message, fails the donation and gives the reward back', async () => {
    const { campaignId, rewardId } = await rewardOnOpenCampaign(1);
    const donor = donorPayload();
    await h.sandbox.setFaults({ errorRate: 1 });
    const response = await deposit({ donor, campaign_id: campaignId, reward_id: rewardId });
    expect(response).toMatchObject({ status: 502, body: { code: 'bad_gateway', detail: DONATION_ERRORS.bankAccountIssue.en } });
    expect(await rewardRow(h.t, rewardId)).toMatchObject({ appliedCount: 0 });
    await h.sandbox.setFaults({ errorRate: 0 });
    // The reward is free again for the next supporter.
    expect((await deposit({ campaign_id: campaignId, reward_id: rewardId })).status).toBe(200);
  });
});
