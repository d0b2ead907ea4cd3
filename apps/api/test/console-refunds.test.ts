// Refunds from an associate's console (ADR 064), against the sandbox's card gateway and bank: who
// may refund; a partial card refund that lowers what the gift counts for, voids its receipt and
// issues one for what it kept, mails the supporter and is audited; the rest refunded, the gift
// `refunded`, its reward's unit back; a double click, two requests at once, a lost answer, an
// outage and a crash between the provider's refund and ours each end with one refund at the
// provider; a refusal by the provider fails the refund with its code; a bank-transfer gift goes
// back through the bank.
import { formatYenAmount, type api } from '@kifu/domain';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  associates,
  auditEvents,
  campaignRewards,
  donations,
  giftRefunds,
  portfolioCompositions,
  portfolioRevisions,
  receipts,
} from '../src/db/schema/index';
import { completeRefund, REFUND_METADATA_KEY, retryPendingRefunds } from '../src/console/refund-gift';
import { refundDeps } from '../src/console/refund-jobs';
import { issueGiftReceipt } from '../src/receipts/issue-receipt';
import { demoSignIn } from './helpers/demo-sign-in';
import {
  clientAddress,
  donationRow,
  donorPayload,
  guestCardRequest,
  mailsTo,
  rewardRow,
  status,
  submit,
  type CardDonationReply,
} from './helpers/donation-requests';
import { reconcileBankTransfers } from '../src/payments/bank-transfer/bank-transfer-jobs';
import { makeBankTransferDonation } from './helpers/make-bank-transfer-donation';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { startBankSandbox } from './helpers/start-bank-sandbox';
import { uniqueEmail } from './helpers/start-sandbox';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';

const h = sandboxTestApp({
  startSandbox: startBankSandbox,
  env: { BOT_CHECK_ENABLED: 'false', PROVIDER_TIMEOUT_MS: '3000' },
  afterEachTest: (sandbox) => sandbox.setFaults({ errorRate: 0, timeoutRate: 0 }),
});
const db = () => h.t.database.db;
const OWNED = 'kodomo-shokudo-mirai';
const OTHER = 'manabi-no-tane';

async function token(user: 'hanako' | 'takumi') {
  return (await demoSignIn(h.t, user)).token;
}

/** A guest's card gift of `amount` to the demo associate, paid after 3-D Secure. */
async function paidCardGift(amount: number, extra: Record<string, unknown> = {}) {
  const request = await guestCardRequest(h.t, h.sandbox, { amount, need_receipt: true, ...extra });
  const response = (await submit(h.t, '/donation/', request)) as CardDonationReply;
  expect(response.status).toBe(200);
  await h.sandbox.authorize(response.body.authorize_uri!, 'authenticate');
  const { donation, status_token } = response.body;
  expect((await status(h.t, donation.id, status_token)).body).toMatchObject({ result: 'PAID' });
  return { id: donation.id, email: request.donor.email };
}

async function refund(donationId: number, body: Partial<api.RefundRequestBody>, bearer: string | undefined, uid = OWNED) {
  const response = await h.t.app.inject({
    method: 'POST',
    url: `/associate/${uid}/console/gifts/${donationId}/refunds/`,
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    payload: { amount: 1_000, reason: '金額の誤り', request_key: randomUUID(), ...body },
    remoteAddress: clientAddress(),
  });
  return { status: response.statusCode, body: response.json() as api.GiftRefund & api.ErrorBody };
}

/** The gateway's refunds of a charge (GET /charges/:id/refunds with the secret key). */
async function gatewayRefunds(chargeId: string) {
  const response = await fetch(`${h.sandbox.url}/charges/${chargeId}/refunds`, {
    headers: { authorization: `Basic ${Buffer.from(`${SANDBOX_CREDENTIALS.card.secretKey}:`).toString('base64')}` },
  });
  return ((await response.json()) as { data: { id: string; amount: number; metadata: Record<string, unknown> }[] }).data;
}

async function giftReceipts(donationId: number) {
  return db().select().from(receipts).where(eq(receipts.donationId, donationId)).orderBy(receipts.id);
}

describe('who may refund a gift', () => {
  it('owners (and staff) may; a viewer is refused, a stranger and another associate do not find the gift', async () => {
    const gift = await paidCardGift(2_000);
    expect((await refund(gift.id, {}, undefined)).status).toBe(401);
    const plain = await h.t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email: uniqueEmail('refund-plain'), password: 'kifu-pass-123' },
      remoteAddress: clientAddress(),
    });
    expect((await refund(gift.id, {}, plain.json().accessToken)).status).toBe(404);
    expect((await refund(gift.id, {}, await token('takumi'))).status).toBe(403);
    // hanako is staff of another associate: the gift is not that associate's.
    expect((await refund(gift.id, {}, await token('hanako'), OTHER)).status).toBe(404);
    expect(await db().$count(giftRefunds, eq(giftRefunds.donationId, gift.id))).toBe(0);
    expect((await donationRow(h.t, gift.id)).refundedAmount).toBe(0);
  });

  it('refuses bad input with a clear reason and changes nothing', async () => {
    const gift = await paidCardGift(2_000);
    const owner = await token('hanako');
    for (const body of [
      { amount: 0 },
      { amount: 1.5 },
      { reason: '' },
      { reason: 'a'.repeat(501) },
      { reason: 'a\u0000b' },
      { request_key: 'short' },
    ]) {
      expect((await refund(gift.id, body, owner)).status).toBe(400);
    }
    expect(await refund(gift.id, { amount: 2_001 }, owner)).toMatchObject({
      status: 422,
      body: { detail: expect.stringMatching(/^over_refundable/) },
    });
    expect(await db().$count(giftRefunds, eq(giftRefunds.donationId, gift.id))).toBe(0);
  });
});

describe('refunding a card gift', () => {
  it('refunds part, then the rest: totals, fee, receipt, reward, mail and audit follow', async () => {
    const [reward] = await db().select().from(campaignRewards).limit(1);
    const gift = await paidCardGift(5_000);
    if (reward) await db().update(donations).set({ rewardId: reward.id }).where(eq(donations.id, gift.id));
    const appliedBefore = reward ? (await rewardRow(h.t, reward.id)).appliedCount : 0;
    const first = await issueGiftReceipt(db(), gift.id, { handOut: true });
    const owner = await token('hanako');

    const partial = await refund(gift.id, { amount: 1_500 }, owner);
    expect(partial).toMatchObject({ status: 200, body: { amount: 1_500, status: 'completed', requested_by: 'hanako@kifu.example' } });
    const row = await donationRow(h.t, gift.id);
    expect(row).toMatchObject({ status: 'paid', refundedAmount: 1_500 });
    expect(row.transferAmount! + row.commission).toBe(3_500);
    const charge = row.paymentId!;
    expect((await gatewayRefunds(charge)).map((made) => made.amount)).toEqual([1_500]);
    // The receipt given out is void; a new one with a new number says what the gift kept.
    const afterPartial = await giftReceipts(gift.id);
    expect(afterPartial).toHaveLength(2);
    expect(afterPartial[0]).toMatchObject({ id: first.receipt.id, supersededAt: expect.any(Date) });
    expect(afterPartial[1]).toMatchObject({ amount: 3_500, supersededAt: null });
    expect(afterPartial[1]!.number).not.toBe(first.receipt.number);
    const mails = (await mailsTo(h.t, gift.email)).filter((mail) => mail.template === 'gift-refunded');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(formatYenAmount(1_500, 'ja'));
    expect(mails[0]!.textBody).toContain(afterPartial[1]!.number);

    // The gift's page: what is left to refund, the refund and its place in the timeline.
    const page = await h.t.app.inject({
      method: 'GET',
      url: `/associate/${OWNED}/console/gifts/${gift.id}/`,
      headers: { authorization: `Bearer ${owner}` },
      remoteAddress: clientAddress(),
    });
    expect(page.json()).toMatchObject({
      refunded_amount: 1_500,
      refundable_amount: 3_500,
      refunds: [{ amount: 1_500, status: 'completed' }],
    });
    // The refund and the receipt reissued with it share a moment (one transaction); a second can pass between
    // their clocks, so their order is not asserted, only that both are there.
    const timeline = (page.json() as api.ConsoleGiftDetail).timeline;
    expect(timeline.filter((entry) => entry.event === 'refunded')).toMatchObject([{ detail: '1500' }]);
    expect(timeline.filter((entry) => entry.event === 'receipt_issued').map((entry) => entry.detail)).toEqual([
      first.receipt.number,
      afterPartial[1]!.number,
    ]);

    const rest = await refund(gift.id, { amount: 3_500, reason: '寄付者からの取り消し依頼' }, owner);
    expect(rest.body.status).toBe('completed');
    expect(await donationRow(h.t, gift.id)).toMatchObject({ status: 'refunded', refundedAmount: 5_000, commission: 0, transferAmount: 0 });
    expect(
      await db()
        .select()
        .from(receipts)
        .where(and(eq(receipts.donationId, gift.id), isNull(receipts.supersededAt))),
    ).toEqual([]);
    if (reward) expect((await rewardRow(h.t, reward.id)).appliedCount).toBe(appliedBefore - 1);
    const lastMail = (await mailsTo(h.t, gift.email)).filter((mail) => mail.template === 'gift-refunded').at(-1)!;
    expect(lastMail.textBody).toContain('確定申告には使用しないでください');

    // Nothing is left: a further refund is refused.
    expect(await refund(gift.id, { amount: 1 }, owner)).toMatchObject({
      status: 409,
      body: { detail: expect.stringMatching(/^not_refundable/) },
    });
    const [associate] = await db().select({ id: associates.id }).from(associates).where(eq(associates.uid, OWNED));
    const audited = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.associateId, associate!.id), eq(auditEvents.subject, `donation:${gift.id}`)));
    expect(audited.map((event) => [event.action, event.actorLabel, event.detail?.amount])).toEqual([
      ['refund', 'hanako@kifu.example', 1_500],
      ['refund', 'hanako@kifu.example', 3_500],
    ]);
  });

  it('a double click and two requests at once make one refund at the gateway', async () => {
    const gift = await paidCardGift(3_000);
    const owner = await token('hanako');
    const key = randomUUID();
    const [a, b] = await Promise.all([refund(gift.id, { request_key: key }, owner), refund(gift.id, { request_key: key }, owner)]);
    const again = await refund(gift.id, { request_key: key }, owner);
    expect([a.body.id, b.body.id, again.body.id]).toEqual([a.body.id, a.body.id, a.body.id]);
    expect((await gatewayRefunds((await donationRow(h.t, gift.id)).paymentId!)).map((made) => made.amount)).toEqual([1_000]);
    expect((await donationRow(h.t, gift.id)).refundedAmount).toBe(1_000);

    // Two different presses at once: one goes ahead, the other is told a refund is under way or
    // (if the first finished already) goes ahead after it; never more than the gift holds.
    const [c, d] = await Promise.all([refund(gift.id, { amount: 2_000 }, owner), refund(gift.id, { amount: 2_000 }, owner)]);
    expect([c.status, d.status].sort()).toEqual([200, c.status === 200 && d.status === 200 ? 200 : 409].sort());
    expect((await donationRow(h.t, gift.id)).refundedAmount).toBe(3_000);
    expect((await gatewayRefunds((await donationRow(h.t, gift.id)).paymentId!)).reduce((sum, made) => sum + made.amount, 0)).toBe(3_000);
  });

  it('an outage leaves the refund pending; the job sends it once the gateway is back', async () => {
    const gift = await paidCardGift(3_000);
    const owner = await token('hanako');
    await h.sandbox.setFaults({ errorRate: 1, timeoutRate: 0 });
    const pending = await refund(gift.id, { amount: 3_000 }, owner);
    expect(pending.body).toMatchObject({ status: 'pending', error: expect.any(String) });
    // Another press meanwhile is told to wait for this one.
    expect(await refund(gift.id, { amount: 1 }, owner)).toMatchObject({
      status: 409,
      body: { detail: expect.stringMatching(/^refund_under_way/) },
    });
    await h.sandbox.setFaults({ errorRate: 0, timeoutRate: 0 });
    const later = new Date(Date.now() + 5 * 60_000);
    expect(await retryPendingRefunds(refundDeps(h.t.app), later)).toMatchObject({ completed: 1 });
    expect(await retryPendingRefunds(refundDeps(h.t.app), later)).toMatchObject({ completed: 0 });
    expect(await donationRow(h.t, gift.id)).toMatchObject({ status: 'refunded', refundedAmount: 3_000 });
    expect((await gatewayRefunds((await donationRow(h.t, gift.id)).paymentId!)).map((made) => made.amount)).toEqual([3_000]);
    expect((await mailsTo(h.t, gift.email)).filter((mail) => mail.template === 'gift-refunded')).toHaveLength(1);
  });

  it('a crash after the gateway refunded and before Kifu recorded it ends with one refund', async () => {
    const gift = await paidCardGift(4_000);
    const charge = (await donationRow(h.t, gift.id)).paymentId!;
    // What a process killed mid-way leaves: our row pending, the gateway's refund made.
    const [row] = await db()
      .insert(giftRefunds)
      .values({
        donationId: gift.id,
        amount: 4_000,
        reason: '重複',
        requestKey: randomUUID(),
        requestedByLabel: 'hanako@kifu.example',
        provider: 'card',
      })
      .returning();
    await h.t.app.cardPayments.gateway.refund(charge, 4_000, { [REFUND_METADATA_KEY]: row!.id });
    expect(await retryPendingRefunds(refundDeps(h.t.app), new Date(Date.now() + 5 * 60_000))).toMatchObject({ completed: 1 });
    expect((await gatewayRefunds(charge)).map((made) => made.amount)).toEqual([4_000]);
    expect(await donationRow(h.t, gift.id)).toMatchObject({ status: 'refunded', refundedAmount: 4_000 });
    // Completing it a second time (the job and a request racing) changes nothing more.
    await completeRefund(refundDeps(h.t.app), row!.id, 'rfnd_again');
    expect((await donationRow(h.t, gift.id)).refundedAmount).toBe(4_000);
  });

  it('a refusal by the gateway fails the refund with its code and leaves the gift as it was', async () => {
    const gift = await paidCardGift(2_000);
    const charge = (await donationRow(h.t, gift.id)).paymentId!;
    // Refunded at the gateway's own dashboard, outside Kifu: nothing is left there to give back.
    await h.t.app.cardPayments.gateway.refund(charge, 2_000);
    const refused = await refund(gift.id, { amount: 2_000 }, await token('hanako'));
    expect(refused.body).toMatchObject({ status: 'failed', error: 'failed_refund' });
    expect(await donationRow(h.t, gift.id)).toMatchObject({ status: 'paid', refundedAmount: 0 });
  });
});

describe('refunding a bank-transfer gift', () => {
  it('sends the money back through the bank, once', async () => {
    const { donationId, accountId } = await makeBankTransferDonation(db(), h.t.app.bankGateway, { amount: 8_000 });
    const [associate] = await db().select({ id: associates.id }).from(associates).where(eq(associates.uid, OWNED));
    await db().update(donations).set({ associateId: associate!.id }).where(eq(donations.id, donationId));
    await h.sandbox.deposit(accountId, { kind: 'exact' });
    // No webhook reaches this API: the reconciliation pull settles the transfer.
    await reconcileBankTransfers({ db: db(), bank: h.t.app.bankGateway, log: h.t.app.log });
    await h.t.app.jobs.worker.drain();
    expect((await donationRow(h.t, donationId)).status).toBe('paid');
    const key = randomUUID();
    const done = await refund(donationId, { amount: 8_000, request_key: key }, await token('hanako'));
    expect(done.body).toMatchObject({ status: 'completed' });
    await refund(donationId, { amount: 8_000, request_key: key }, await token('hanako'));
    expect(await donationRow(h.t, donationId)).toMatchObject({ status: 'refunded', refundedAmount: 8_000 });
    const raw = await fetch(`${h.sandbox.url}/bank/v1/virtual-accounts/${accountId}`, {
      headers: { authorization: `Bearer ${h.t.config.BANK_API_KEY}` },
    });
    expect(((await raw.json()) as { refunded_amount: number }).refunded_amount).toBe(8_000);
  });
});

describe('refunding a part of a portfolio gift', () => {
  it("gives back one associate's part against the portfolio's one charge, leaving the other parts as they were", async () => {
    const [associate] = await db().select({ id: associates.id }).from(associates).where(eq(associates.uid, OWNED));
    // A published portfolio that holds the demo associate.
    const [holding] = await db()
      .select({ portfolioId: portfolioRevisions.portfolioId })
      .from(portfolioCompositions)
      .innerJoin(portfolioRevisions, eq(portfolioRevisions.id, portfolioCompositions.revisionId))
      .where(eq(portfolioCompositions.associateId, associate!.id))
      .limit(1);
    expect(holding).toBeDefined();
    const request = await guestCardRequest(h.t, h.sandbox, {
      amount: 10_000,
      associate_id: associate!.id,
      portfolio_id: holding!.portfolioId,
      donor: { ...donorPayload(), last_name_kana: 'ヤマダ', first_name_kana: 'ハナコ' },
    });
    const response = (await submit(h.t, '/donation/', request)) as CardDonationReply;
    expect(response.status).toBe(200);
    await h.sandbox.authorize(response.body.authorize_uri!, 'authenticate');
    expect((await status(h.t, response.body.donation.id, response.body.status_token)).body).toMatchObject({ result: 'PAID' });
    const [lead] = await db().select().from(donations).where(eq(donations.id, response.body.donation.id));
    const parts = await db().select().from(donations).where(eq(donations.portfolioDonationId, lead!.portfolioDonationId!));
    const ours = parts.find((part) => part.associateId === associate!.id)!;
    const charge = lead!.paymentId!;

    const done = await refund(ours.id, { amount: ours.amount }, await token('hanako'));
    expect(done.body).toMatchObject({ status: 'completed', amount: ours.amount });
    expect((await gatewayRefunds(charge)).map((made) => made.amount)).toEqual([ours.amount]);
    const after = await db().select().from(donations).where(eq(donations.portfolioDonationId, lead!.portfolioDonationId!));
    for (const part of after) {
      expect(part).toMatchObject(
        part.id === ours.id ? { status: 'refunded', refundedAmount: ours.amount } : { status: 'paid', refundedAmount: 0 },
      );
    }
  });
});
