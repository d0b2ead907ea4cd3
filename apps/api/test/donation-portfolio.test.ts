// Portfolio gifts (spec §2 "/portfolio/{id}/donate — one gift split across the portfolio's
// associates by its composition"; donation type 3) on the card, monthly card and bank-transfer
// calls, end to end against the sandbox: the supporter is charged once for the total, one
// portfolio row and one donation per associate of the current revision are recorded, and every
// state change settles them all together.
import { api, DONATION_ERRORS, matchDonationError, platformFee, splitByShares } from '@kifu/domain';
import { asc, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  associates,
  donations,
  portfolioCompositions,
  portfolioDonations,
  portfolioRevisions,
  portfolios,
  providerEvents,
  recurringDonations,
} from '../src/db/schema/index';
import { checkDonationRequest } from '../src/donations/check-donation-request';
import { checkWithPortfolio } from '../src/donations/portfolio-gift';
import { recordDonation } from '../src/donations/record-donation';
import { releaseAbandonedDonations } from '../src/payments/release-abandoned-donations';
import {
  donorPayload,
  guestCardRequest,
  mailsTo,
  sandboxCharges,
  send,
  status,
  submit,
  type CardDonationReply,
  type Reply,
} from './helpers/donation-requests';
import { eventually } from './helpers/eventually';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { startBankSandbox } from './helpers/start-bank-sandbox';

const h = sandboxTestApp({
  startSandbox: startBankSandbox,
  env: { BOT_CHECK_ENABLED: 'false' },
  receiveWebhooks: (sandbox, apiUrl) => sandbox.receiveBankWebhooksAt(`${apiUrl}/webhooks/bank/`),
});
let childrenFuture: number;
let planet: number;
beforeAll(async () => {
  const byName = async (name: string) =>
    (await h.t.database.db.select({ id: portfolios.id }).from(portfolios).where(eq(portfolios.nameEn, name)))[0]!.id;
  childrenFuture = await byName("Children's Future Portfolio");
  planet = await byName('Planet Portfolio');
});

/** Associate 29 is in the children's portfolio: its kana rule applies to the whole gift. */
const kanaDonor = () => donorPayload({ last_name_kana: 'ヤマダ', first_name_kana: 'ハナコ' });

async function currentShares(portfolioId: number) {
  const [current] = await h.t.database.db
    .select()
    .from(portfolioRevisions)
    .where(eq(portfolioRevisions.portfolioId, portfolioId))
    .orderBy(desc(portfolioRevisions.revision))
    .limit(1);
  const shares = await h.t.database.db.select().from(portfolioCompositions).where(eq(portfolioCompositions.revisionId, current!.id));
  return { revisionId: current!.id, shares: shares.sort((a, b) => b.shareBp - a.shareBp || a.associateId - b.associateId) };
}

async function partsOf(leadId: number) {
  const [lead] = await h.t.database.db.select().from(donations).where(eq(donations.id, leadId));
  const parts = await h.t.database.db
    .select()
    .from(donations)
    .where(eq(donations.portfolioDonationId, lead!.portfolioDonationId!))
    .orderBy(asc(donations.id));
  const [row] = await h.t.database.db.select().from(portfolioDonations).where(eq(portfolioDonations.id, lead!.portfolioDonationId!));
  return { lead: lead!, parts, row: row! };
}

const cardGift = async (overrides: Parameters<typeof guestCardRequest>[2] = {}) => {
  const request = await guestCardRequest(h.t, h.sandbox, {
    donor: kanaDonor(),
    associate_id: 1,
    portfolio_id: childrenFuture,
    ...overrides,
  });
  return { request, response: (await submit(h.t, '/donation/', request)) as CardDonationReply };
};

describe('a single card gift to a portfolio', () => {
  it('charges the total once and records one donation per associate of the current revision, split exactly', async () => {
    const { request, response } = await cardGift({ amount: 10_001 });
    expect(response.status).toBe(200);
    const { donation, authorize_uri, status_token } = response.body;
    const { lead, parts, row } = await partsOf(donation.id);
    const { revisionId, shares } = await currentShares(childrenFuture);

    expect(row).toMatchObject({
      portfolioId: childrenFuture,
      revisionId,
      amount: 10_001,
      status: 'authorizing',
      paymentMethod: 1,
      donorId: lead.donorId,
    });
    expect(parts.map((part) => [part.associateId, part.amount])).toEqual(
      splitByShares(
        10_001,
        shares.map((share) => ({ key: share.associateId, shareBp: share.shareBp })),
      ).map((part) => [part.key, part.amount]),
    );
    expect(parts.reduce((sum, part) => sum + part.amount, 0)).toBe(10_001);
    expect(
      parts.every((part) => part.type === 3 && part.campaignId === null && part.rewardId === null && part.status === 'authorizing'),
    ).toBe(true);
    // The lead is the largest share and alone carries the charge.
    expect(lead.id).toBe(parts[0]!.id);
    expect(lead.paymentId).toMatch(/^chrg_/);
    expect(parts.slice(1).every((part) => part.paymentId === null)).toBe(true);

    const charges = (await sandboxCharges(h.sandbox)).filter((charge) => charge.customer === request.customer_id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ id: lead.paymentId, metadata: { donation_id: lead.id, portfolio_id: childrenFuture } });

    expect((await status(h.t, donation.id, status_token)).body).toMatchObject({ result: 'PENDING', amount: 10_001 });
    await h.sandbox.authorize(authorize_uri, 'authenticate');
    expect((await status(h.t, donation.id, status_token)).body).toMatchObject({
      id: donation.id,
      result: 'PAID',
      amount: 10_001,
      frequency: 'single',
    });

    const paid = await partsOf(donation.id);
    expect(paid.row).toMatchObject({ status: 'paid', paymentProvider: 'omise', paymentId: lead.paymentId, paidAt: expect.any(Date) });
    for (const part of paid.parts) {
      expect(part).toMatchObject({ status: 'paid', paidAt: paid.lead.paidAt, commission: platformFee(part.amount, { campaign: false }) });
      expect(part.transferAmount).toBe(part.amount - part.commission);
    }
    // One thank-you mail for the whole gift, naming the portfolio and the total.
    const mails = await mailsTo(h.t, request.donor.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('こどもの未来ポートフォリオ');
    expect(mails[0]!.textBody).toContain('10,001円');
  });

  it("a guest who asked for receipts finds each organisation's receipt link, after its name, in the one thank-you mail", async () => {
    const { request, response } = await cardGift({ amount: 6_000, need_receipt: true });
    expect(response.status).toBe(200);
    await h.sandbox.authorize(response.body.authorize_uri, 'authenticate');
    expect((await status(h.t, response.body.donation.id, response.body.status_token)).body).toMatchObject({ result: 'PAID' });
    const { parts } = await partsOf(response.body.donation.id);
    expect(parts.length).toBeGreaterThan(1);
    const mails = await mailsTo(h.t, request.donor.email);
    expect(mails).toHaveLength(1);
    const linked = [...mails[0]!.textBody.matchAll(/\/mypage\/support-history\/(\d+)\/receipt-pdf/g)].map((match) => Number(match[1]));
    expect(linked).toEqual(parts.map((part) => part.id));
    const named = await h.t.database.db.select({ id: associates.id, name: associates.name }).from(associates);
    for (const part of parts) expect(mails[0]!.textBody).toContain(`${named.find((row) => row.id === part.associateId)!.name}: `);
  });

  it('records deductibility per associate and keeps the form state readable by the lead id', async () => {
    const { response } = await cardGift({ form_state: 'saved-form' });
    const { parts } = await partsOf(response.body.donation.id);
    expect(parts.every((part) => part.isDeductible)).toBe(true);
    const read = await send<{ form_state: string }>(h.t, {
      method: 'GET',
      url: `/donation/${response.body.donation.id}/form-state/?donation_token=${encodeURIComponent(response.body.status_token!)}`,
    });
    expect(read).toMatchObject({ status: 200, body: { form_state: 'saved-form' } });
  });

  it('fails every part and the portfolio row together when 3-D Secure fails', async () => {
    const { response } = await cardGift();
    await h.sandbox.authorize(response.body.authorize_uri, 'fail');
    const polled = await status(h.t, response.body.donation.id, response.body.status_token);
    expect(polled.body.result).toBe('FAILED');
    expect(matchDonationError(polled.body.detail!)).toBe('paymentRejected');
    const { parts, row } = await partsOf(response.body.donation.id);
    expect(row.status).toBe('failed');
    expect(
      parts.every(
        (part) => part.status === 'failed' && part.reasonOfPaymentFailed === parts[0]!.reasonOfPaymentFailed && part.commission === 0,
      ),
    ).toBe(true);
  });

  it('fails the whole gift when the charge could not even be created', async () => {
    const request = await guestCardRequest(h.t, h.sandbox, { donor: kanaDonor(), associate_id: 1, portfolio_id: childrenFuture });
    h.sandbox.setFaults({ errorRate: 1 });
    const response = await submit(h.t, '/donation/', request).finally(() => h.sandbox.setFaults({ errorRate: 0 }));
    expect(response.status).toBe(502);
    const [last] = await h.t.database.db.select().from(portfolioDonations).orderBy(desc(portfolioDonations.id)).limit(1);
    expect(last!.status).toBe('failed');
    const parts = await h.t.database.db.select().from(donations).where(eq(donations.portfolioDonationId, last!.id));
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((part) => part.status === 'failed')).toBe(true);
  });

  it('refuses a gift whose total is above the card limit, and a portfolio that is unknown or unpublished, changing nothing', async () => {
    const before = (await h.t.database.db.select().from(portfolioDonations)).length;
    const tooMuch = await cardGift({ amount: 6_000_001 });
    expect(tooMuch.response.status).toBe(400);
    expect((tooMuch.response.body as unknown as api.ErrorBody).fields).toEqual({ amount: ['max'] });
    // Including fee and tax: the chosen amount fits, the total does not.
    const overTotal = await cardGift({ amount: 5_900_000, is_commission_contains: true });
    expect(overTotal.response.status).toBe(400);

    const unknown = await cardGift({ portfolio_id: 999_999 });
    expect(unknown.response.status).toBe(404);
    expect(matchDonationError((unknown.response.body as unknown as api.ErrorBody).detail)).toBe('portfolioNotFound');
    const [hidden] = await h.t.database.db
      .insert(portfolios)
      .values({ name: '非公開', mainVisualPath: '/x.svg', isPublished: false })
      .returning();
    const unpublished = await cardGift({ portfolio_id: hidden!.id });
    expect(unpublished.response.status).toBe(404);
    expect((unpublished.response.body as unknown as api.ErrorBody).detail).toBe(DONATION_ERRORS.portfolioNotFound.en);
    expect((await h.t.database.db.select().from(portfolioDonations)).length).toBe(before);
  });

  it('applies the strictest profile rule of the mix and refuses campaigns and rewards', async () => {
    const noKana = await cardGift({ donor: donorPayload() });
    expect(noKana.response.status).toBe(400);
    expect(Object.keys((noKana.response.body as unknown as api.ErrorBody).fields ?? {})).toContain('donor.last_name_kana');
    // The planet portfolio has no associate that needs kana.
    expect((await cardGift({ donor: donorPayload(), portfolio_id: planet })).response.status).toBe(200);
    const withCampaign = await cardGift({ campaign_id: 1 });
    expect(withCampaign.response.status).toBe(400);
    expect((withCampaign.response.body as unknown as api.ErrorBody).fields).toEqual({ campaign_id: ['value'] });
    const typeOnly = await submit(h.t, '/donation/', await guestCardRequest(h.t, h.sandbox, { type: 3 }));
    expect(typeOnly.status).toBe(400);
  });
});

describe('a monthly card gift to a portfolio', () => {
  it('records one recurring donation with its portfolio, paid first payment split like a single gift', async () => {
    const request = await guestCardRequest(h.t, h.sandbox, { donor: kanaDonor(), associate_id: 1, portfolio_id: planet, amount: 3_000 });
    const response = (await submit(h.t, '/donation/recurring/', request)) as Reply<api.RecurringDonationResponse>;
    expect(response.status).toBe(200);
    const leadId = response.body.recurring_donation.donations[0]!.id;
    await h.sandbox.authorize(response.body.authorize_uri, 'authenticate');
    expect((await status(h.t, leadId, response.body.status_token)).body).toMatchObject({
      result: 'PAID',
      frequency: 'monthly',
      amount: 3_000,
    });
    const { parts, row } = await partsOf(leadId);
    expect(row).toMatchObject({ status: 'paid', isRecurring: true, recurringDonationId: response.body.recurring_donation.id });
    expect(parts.map((part) => part.amount)).toEqual([1_200, 1_050, 750]);
    expect(parts.every((part) => part.recurringDonationId === response.body.recurring_donation.id && part.status === 'paid')).toBe(true);
    const [recurring] = await h.t.database.db
      .select()
      .from(recurringDonations)
      .where(eq(recurringDonations.id, response.body.recurring_donation.id));
    expect(recurring).toMatchObject({ portfolioId: planet, associateId: null, amount: 3_000, type: 3 });
    await h.t.app.jobs.worker.drain();
    const [active] = await h.t.database.db
      .select()
      .from(recurringDonations)
      .where(eq(recurringDonations.id, response.body.recurring_donation.id));
    expect(active).toMatchObject({ status: 'active', recurringId: expect.stringMatching(/^schd_/) });
  });

  it('refuses a portfolio on the annual membership call', async () => {
    const request = await guestCardRequest(h.t, h.sandbox, { donor: kanaDonor(), portfolio_id: planet });
    const response = await submit(h.t, '/donation/recurring/annual/', { ...request, membership_plan_id: 1 });
    expect(response.status).toBe(400);
  });
});

describe('a bank transfer to a portfolio', () => {
  it('issues one account for the total; the deposit pays every part', async () => {
    const email = kanaDonor().email;
    const response = (await submit(h.t, '/donation/deposit/', {
      donor: { ...kanaDonor(), email },
      amount: 5_000,
      associate_id: 1,
      portfolio_id: childrenFuture,
    })) as Reply<api.BankTransferDonationResponse>;
    expect(response.status).toBe(200);
    expect(response.body.virtual_account.amount).toBe(5_000);
    const leadId = response.body.donation.id;
    let { parts, row } = await partsOf(leadId);
    expect(row).toMatchObject({ status: 'awaiting_transfer', paymentProvider: 'bank', amount: 5_000 });
    expect(parts.every((part) => part.status === 'awaiting_transfer')).toBe(true);
    expect(parts.map((part) => part.amount)).toEqual([1_500, 1_500, 1_000, 1_000]);

    const event = await h.sandbox.deposit(row.paymentId!, { kind: 'exact' });
    await eventually(async () => (await h.t.database.db.select().from(providerEvents).where(eq(providerEvents.eventId, event.id)))[0]);
    await h.t.app.jobs.worker.drain();
    ({ parts, row } = await partsOf(leadId));
    expect(row.status).toBe('paid');
    expect(
      parts.every((part) => part.status === 'paid' && part.transferAmount === part.amount - platformFee(part.amount, { campaign: false })),
    ).toBe(true);
    expect((await status(h.t, leadId, response.body.status_token)).body).toMatchObject({
      result: 'PAID',
      payment_method: 'bankTransfer',
      amount: 5_000,
    });
    // One instructions mail for the one account, and one thank-you for the whole gift.
    expect((await mailsTo(h.t, email)).map((mail) => mail.template)).toEqual(['bank-transfer-instructions', 'donation-thanks']);
  });

  it('a portfolio gift whose payment never started (a crash after recording) is failed as one by the sweep', async () => {
    const request = api.bankTransferDonationRequest.parse({ donor: kanaDonor(), amount: 4_000, associate_id: 1, portfolio_id: planet });
    const { checked, portfolio } = await checkWithPortfolio(h.t.database.db, request, (checking) =>
      checkDonationRequest(checking, { method: 'bankTransfer', frequency: 'single' }),
    );
    const recorded = await recordDonation(h.t.database.db, {
      request,
      checked,
      portfolio,
      method: 'bankTransfer',
      status: 'pending',
      paymentProvider: null,
      userId: undefined,
    });
    const { lead } = await partsOf(recorded.donationId);
    await h.t.database.db
      .update(donations)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(donations.portfolioDonationId, lead.portfolioDonationId!));
    // Only the lead is picked (the others would otherwise each count), and all parts fail with it.
    expect(await releaseAbandonedDonations(h.t.database.db, 30)).toBe(1);
    const { parts, row } = await partsOf(recorded.donationId);
    expect(row).toMatchObject({ status: 'failed', reasonOfPaymentFailed: 'abandoned' });
    expect(parts.map((part) => part.status)).toEqual(['failed', 'failed', 'failed']);
  });
});

describe('duplicate check by portfolio', () => {
  it('answers for a portfolio when given portfolio_id instead of associate_id', async () => {
    const { request, response } = await cardGift({ portfolio_id: planet, donor: donorPayload() });
    expect(response.status).toBe(200);
    const check = (body: Record<string, unknown>) =>
      send<api.CheckDuplicationResponse>(h.t, { method: 'POST', url: '/donation/check-duplication/', payload: body });
    expect((await check({ portfolio_id: planet, email: request.donor.email.toUpperCase() })).body).toEqual({ possible_duplication: true });
    expect((await check({ portfolio_id: childrenFuture, email: request.donor.email })).body).toEqual({ possible_duplication: false });
    expect((await check({ email: request.donor.email })).status).toBe(400);
    expect((await check({ associate_id: 1, portfolio_id: planet, email: request.donor.email })).status).toBe(400);
  });
});
