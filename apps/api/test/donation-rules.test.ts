// The domain rules the donation calls enforce before anything is charged (spec §5 readiness,
// amount limits, profile; §9 limits and non-deductible ids; §8 catalogue details): field errors
// keyed by the request's own fields, amount details with the upper/lower-limit phrases, campaign
// and reward refusals the catalogue maps, reward stock under concurrency, and what is recorded for
// fee-included, anonymous and non-deductible gifts.
import { api, feeIncludedTotal, matchAmountLimitError, matchDonationError, type DonationErrorKey } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  campaignRewards,
  campaigns,
  donations,
  donors,
  membershipPlans,
  surveyAnswers,
  surveyChoices,
  surveyQuestions,
} from '../src/db/schema/index';
import { recordDonation } from '../src/donations/record-donation';
import { checkDonationRequest } from '../src/donations/check-donation-request';
import { releaseAbandonedDonations } from '../src/payments/release-abandoned-donations';
import {
  donationRow,
  donorPayload,
  guestCardRequest,
  rewardRow,
  sandboxCharges,
  status,
  submit,
  type CardDonationReply,
} from './helpers/donation-requests';
import { sandboxTestApp } from './helpers/sandbox-test-app';

const h = sandboxTestApp({ env: { BOT_CHECK_ENABLED: 'false' } });

const db = () => h.t.database.db;
type ErrorReply = { status: number; body: { code: string; detail: string; fields?: Record<string, string[]> } };
const card = async (overrides: Parameters<typeof guestCardRequest>[2] = {}) =>
  (await submit(h.t, '/donation/', await guestCardRequest(h.t, h.sandbox, overrides))) as CardDonationReply;
const refused = async (url: string, body: unknown) => (await submit(h.t, url, body)) as unknown as ErrorReply;
const bankRequest = (overrides: Record<string, unknown> = {}) => ({ donor: donorPayload(), amount: 3_000, associate_id: 1, ...overrides });

async function newCampaign(values: Partial<typeof campaigns.$inferInsert> = {}) {
  const [campaign] = await db()
    .insert(campaigns)
    .values({
      associateId: 1,
      type: 6,
      status: 'published',
      title: 'テスト',
      mainVisualPath: '/x.svg',
      goalAmount: 100_000,
      startAt: new Date(Date.now() - 86_400_000),
      ...values,
    })
    .returning();
  return campaign!;
}

async function newReward(campaignId: number, stock: number | null, appliedCount = 0) {
  const [reward] = await db()
    .insert(campaignRewards)
    .values({ campaignId, title: 'リターン', amount: 1_000, stock, appliedCount, imagePath: '/x.svg' })
    .returning();
  return reward!;
}

describe('amount limits (spec §9)', () => {
  it('card: above 6,000,000 is a 400 on amount with the upper-limit phrase', async () => {
    const response = (await card({ amount: 6_000_001 })) as unknown as ErrorReply;
    expect(response).toMatchObject({ status: 400, body: { code: 'validation_failed', fields: { amount: ['max'] } } });
    expect(response.body.detail).toContain('上限');
    expect(matchAmountLimitError(response.body.detail)).toBe('above_max');
    expect((await card({ amount: 6_000_000 })).status).toBe(200);
  });

  it('card: a fee-included total above the limit is refused too', async () => {
    const response = (await card({ amount: 5_800_000, is_commission_contains: true })) as unknown as ErrorReply;
    expect(response).toMatchObject({ status: 400, body: { fields: { amount: ['max'] } } });
    expect(matchAmountLimitError(response.body.detail)).toBe('above_max');
  });

  it('bank transfer: 10,000,000 is above its 9,999,999; nothing is issued', async () => {
    const response = await refused('/donation/deposit/', bankRequest({ amount: 10_000_000 }));
    expect(response).toMatchObject({ status: 400, body: { fields: { amount: ['max'] } } });
    expect(matchAmountLimitError(response.body.detail)).toBe('above_max');
  });

  it('nothing below 1 yen, with the lower-limit phrase', async () => {
    const response = (await card({ amount: 0 })) as unknown as ErrorReply;
    expect(response).toMatchObject({ status: 400, body: { fields: { amount: ['min'] } } });
    expect(matchAmountLimitError(response.body.detail)).toBe('below_min');
  });

  it('annual membership: a plan below 300 yen is refused with the lower-limit phrase', async () => {
    const [plan] = await db().insert(membershipPlans).values({ associateId: 1, name: '学生会員', unitAmount: 299, onMonth: 4 }).returning();
    const request = { ...(await guestCardRequest(h.t, h.sandbox, { amount: 299 })), membership_plan_id: plan!.id };
    const response = await refused('/donation/recurring/annual/', request);
    expect(response).toMatchObject({ status: 400, body: { fields: { amount: ['min'] } } });
    expect(response.body.detail).toContain('下限');
    expect(matchAmountLimitError(response.body.detail)).toBe('below_min');
  });

  it('annual membership: the amount is the plan price, and the plan must be the associate’s', async () => {
    const [plan] = await db().select().from(membershipPlans).where(eq(membershipPlans.associateId, 1)).limit(1);
    const request = { ...(await guestCardRequest(h.t, h.sandbox, { amount: plan!.unitAmount + 10 })), membership_plan_id: plan!.id };
    expect(await refused('/donation/recurring/annual/', request)).toMatchObject({ status: 400, body: { fields: { amount: ['value'] } } });
    const elsewhere = { ...request, amount: plan!.unitAmount, associate_id: 2 };
    expect(await refused('/donation/recurring/annual/', elsewhere)).toMatchObject({
      status: 400,
      body: { fields: { membership_plan_id: ['value'] } },
    });
  });

  it('bank transfer is single only: no recurring call accepts it', async () => {
    const request = { ...(await guestCardRequest(h.t, h.sandbox)), payment_method: 'bankTransfer' };
    expect(await refused('/donation/recurring/', request)).toMatchObject({
      status: 400,
      body: { fields: { payment_method: expect.any(Array) } },
    });
    expect(await refused('/donation/deposit/', bankRequest({ payment_method: 'creditCard' }))).toMatchObject({
      status: 400,
      body: { fields: { payment_method: expect.any(Array) } },
    });
  });
});

describe('the donor profile (spec §5)', () => {
  it('needs the phonetic names for associate 29 once a name is typed', async () => {
    const response = await refused('/donation/deposit/', bankRequest({ associate_id: 29 }));
    expect(response).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', fields: { 'donor.last_name_kana': ['required'], 'donor.first_name_kana': ['required'] } },
    });
    const withKana = bankRequest({ associate_id: 29, donor: donorPayload({ last_name_kana: 'ヤマダ', first_name_kana: 'はなこ' }) });
    expect((await submit(h.t, '/donation/deposit/', withKana)).status).toBe(200);
  });

  it('reports every missing or malformed field at once, under the request’s names', async () => {
    const donor = donorPayload({ phone: '', zip_code: '12', birthday: '', email: 'not-an-email' });
    const response = await refused('/donation/deposit/', bankRequest({ donor }));
    expect(response).toMatchObject({ status: 400 });
    expect(response.body.fields).toEqual({
      'donor.phone': ['required'],
      'donor.zip_code': ['pattern.postalCode'],
      'donor.birthday': expect.any(Array),
      'donor.email': ['pattern'],
    });
  });

  it('stores the donor normalised as the schemas output it', async () => {
    const donor = donorPayload({ phone: '０３－１２３４－５６７８', zip_code: '100-0001', last_name_kana: 'やまだ' });
    const response = await submit<{ donation: { id: number } }>(h.t, '/donation/deposit/', bankRequest({ donor }));
    const { donorId } = await donationRow(h.t, response.body.donation.id);
    const [stored] = await db().select().from(donors).where(eq(donors.id, donorId!));
    expect(stored).toMatchObject({
      phone: '0312345678',
      zipCode: '1000001',
      lastNameKana: 'ヤマダ',
      birthday: '1990-04-01',
      email: donor.email,
    });
  });

  it('refuses an associate that does not exist or is not published', async () => {
    expect(await refused('/donation/deposit/', bankRequest({ associate_id: 19 }))).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    expect(await refused('/donation/deposit/', bankRequest({ associate_id: 999_999 }))).toMatchObject({ status: 404 });
  });
});

describe('campaigns and rewards (spec §8 catalogue)', () => {
  const expectCatalogue = (response: ErrorReply, status: number, key: DonationErrorKey) => {
    expect(response.status).toBe(status);
    expect(matchDonationError(response.body.detail)).toBe(key);
  };

  it('a closed or finished campaign takes no more gifts', async () => {
    const closed = await newCampaign({ status: 'closed' });
    expectCatalogue(await refused('/donation/deposit/', bankRequest({ campaign_id: closed.id })), 422, 'campaignClosed');
    const ended = await newCampaign({ endAt: new Date(Date.now() - 60_000) });
    expectCatalogue(await refused('/donation/deposit/', bankRequest({ campaign_id: ended.id })), 422, 'campaignClosed');
  });

  it('a draft, unknown or other associate’s campaign does not exist', async () => {
    const draft = await newCampaign({ status: 'draft' });
    expectCatalogue(await refused('/donation/deposit/', bankRequest({ campaign_id: draft.id })), 404, 'campaignNotFound');
    expectCatalogue(await refused('/donation/deposit/', bankRequest({ campaign_id: 999_999 })), 404, 'campaignNotFound');
    const elsewhere = await newCampaign({ associateId: 2 });
    expectCatalogue(await refused('/donation/deposit/', bankRequest({ campaign_id: elsewhere.id })), 404, 'campaignNotFound');
  });

  it('a reward must be one of the campaign’s, and the gift must reach its amount', async () => {
    const campaign = await newCampaign();
    const other = await newReward((await newCampaign()).id, 5);
    expect(await refused('/donation/deposit/', bankRequest({ campaign_id: campaign.id, reward_id: other.id }))).toMatchObject({
      status: 400,
      body: { fields: { reward_id: ['value'] } },
    });
    const reward = await newReward(campaign.id, 5);
    expect(await refused('/donation/deposit/', bankRequest({ campaign_id: campaign.id, reward_id: reward.id, amount: 999 }))).toMatchObject(
      { status: 400, body: { fields: { amount: ['min'] } } },
    );
    expect(await rewardRow(h.t, reward.id)).toMatchObject({ appliedCount: 0 });
  });

  it('a sold-out reward is refused with the out-of-stock message', async () => {
    const campaign = await newCampaign();
    const reward = await newReward(campaign.id, 2, 2);
    expectCatalogue(
      await refused('/donation/deposit/', bankRequest({ campaign_id: campaign.id, reward_id: reward.id })),
      422,
      'rewardOutOfStock',
    );
    expect(await rewardRow(h.t, reward.id)).toMatchObject({ appliedCount: 2 });
  });

  it('two supporters racing for the last unit: one gets it, the other is told it is sold out', async () => {
    const campaign = await newCampaign();
    const reward = await newReward(campaign.id, 3, 2);
    const [a, b] = await Promise.all([
      card({ campaign_id: campaign.id, reward_id: reward.id }),
      card({ campaign_id: campaign.id, reward_id: reward.id }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    const loser = (a.status === 422 ? a : b) as unknown as ErrorReply;
    expect(matchDonationError(loser.body.detail)).toBe('rewardOutOfStock');
    expect(await rewardRow(h.t, reward.id)).toMatchObject({ appliedCount: 3, stock: 3 });
  });
});

describe('what is recorded', () => {
  it('"Including fee and tax" charges the fee-included total so the associate receives the amount', async () => {
    const request = await guestCardRequest(h.t, h.sandbox, { amount: 3_000, is_commission_contains: true });
    const response = (await submit(h.t, '/donation/', request)) as CardDonationReply;
    const total = feeIncludedTotal(3_000, { campaign: false });
    expect(total).toBe(3_175);
    expect(await donationRow(h.t, response.body.donation.id)).toMatchObject({ amount: total, isCommissionContains: true });
    expect((await sandboxCharges(h.sandbox)).find((charge) => charge.customer === request.customer_id)).toMatchObject({ amount: total });

    await h.sandbox.authorize(response.body.authorize_uri, 'authenticate');
    expect((await status(h.t, response.body.donation.id, response.body.status_token)).body).toMatchObject({
      result: 'PAID',
      amount: total,
    });
    const paid = await donationRow(h.t, response.body.donation.id);
    expect(paid.transferAmount).toBeGreaterThanOrEqual(3_000);
    expect(paid.commission + paid.transferAmount!).toBe(total);
  });

  it('anonymous support: no receipt, flagged anonymous, the payer still on file', async () => {
    const response = (await card({
      is_anonymous: true,
      need_receipt: true,
      need_news_letter: true,
      message: '応援しています',
    })) as CardDonationReply;
    expect(response.body.donation.is_anonymous).toBe(true);
    expect(await donationRow(h.t, response.body.donation.id)).toMatchObject({
      isAnonymous: true,
      needReceipt: false,
      needNewsLetter: true,
      message: '応援しています',
      donorId: expect.any(Number),
    });
    // The donor reading their gift back sees it is anonymous.
    expect((await status(h.t, response.body.donation.id, response.body.status_token)).body).toMatchObject({
      is_anonymous: true,
      membership_plan_id: null,
    });
  });

  it('gifts to a non-deductible associate (spec §9) are recorded as such', async () => {
    const nonDeductible = await submit<{ donation: { id: number } }>(h.t, '/donation/deposit/', bankRequest({ associate_id: 2183 }));
    expect(await donationRow(h.t, nonDeductible.body.donation.id)).toMatchObject({ isDeductible: false, associateId: 2183 });
    const deductible = await submit<{ donation: { id: number } }>(h.t, '/donation/deposit/', bankRequest({ associate_id: 1 }));
    expect(await donationRow(h.t, deductible.body.donation.id)).toMatchObject({ isDeductible: true, needReceipt: false });
  });

  it('survey answers must be the associate’s own questions and choices', async () => {
    const rows = await db().select().from(surveyQuestions).where(eq(surveyQuestions.associateId, 1));
    const choices = await db().select().from(surveyChoices);
    const questions = rows.map((question) => ({ ...question, choices: choices.filter((choice) => choice.questionId === question.id) }));
    const single = questions.find((question) => !question.allowsMultiple)!;
    const multiple = questions.find((question) => question.allowsMultiple)!;
    const answers = [
      { question_id: single.id, choice_ids: [single.choices[0]!.id] },
      { question_id: multiple.id, choice_ids: multiple.choices.slice(0, 2).map((choice) => choice.id) },
    ];
    const response = await submit<{ donation: { id: number } }>(h.t, '/donation/deposit/', bankRequest({ survey_answers: answers }));
    expect(response.status).toBe(200);
    const stored = await db().select().from(surveyAnswers).where(eq(surveyAnswers.donationId, response.body.donation.id));
    expect(stored.map((answer) => answer.choiceId).sort()).toEqual(
      [single.choices[0]!.id, ...multiple.choices.slice(0, 2).map((choice) => choice.id)].sort(),
    );

    const twoForOne = [{ question_id: single.id, choice_ids: single.choices.slice(0, 2).map((choice) => choice.id) }];
    expect(await refused('/donation/deposit/', bankRequest({ survey_answers: twoForOne }))).toMatchObject({
      status: 400,
      body: { fields: { survey_answers: ['value'] } },
    });
    const otherAssociate = bankRequest({ associate_id: 2, survey_answers: answers });
    expect(await refused('/donation/deposit/', otherAssociate)).toMatchObject({
      status: 400,
      body: { fields: { survey_answers: ['value'] } },
    });
  });

  it('a portfolio gift names its portfolio (donation-portfolio.test.ts has the gifts themselves)', async () => {
    expect(await refused('/donation/deposit/', bankRequest({ type: 3 }))).toMatchObject({
      status: 400,
      body: { fields: { portfolio_id: ['required'] } },
    });
  });
});

describe('a donation whose payment never started (a crash between commit and provider call)', () => {
  it('is failed by the sweep once old enough, giving its reward back; live ones are left alone', async () => {
    const campaign = await newCampaign();
    const reward = await newReward(campaign.id, 2);
    const record = async (method: 'creditCard' | 'bankTransfer') => {
      const request = api.bankTransferDonationRequest.parse(bankRequest({ campaign_id: campaign.id, reward_id: reward.id }));
      const checked = checkDonationRequest(request, { method, frequency: 'single' });
      const card = method === 'creditCard';
      return recordDonation(db(), {
        request,
        checked,
        method,
        status: card ? 'authorizing' : 'pending',
        paymentProvider: card ? 'omise' : null,
        userId: undefined,
      });
    };
    const stale = [await record('creditCard'), await record('bankTransfer')];
    expect(await rewardRow(h.t, reward.id)).toMatchObject({ appliedCount: 2 });
    expect(await releaseAbandonedDonations(db(), 15)).toBe(0);

    for (const { donationId } of stale)
      await db()
        .update(donations)
        .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
        .where(eq(donations.id, donationId));
    expect(await releaseAbandonedDonations(db(), 15)).toBe(2);
    for (const { donationId } of stale)
      expect(await donationRow(h.t, donationId)).toMatchObject({ status: 'failed', reasonOfPaymentFailed: 'abandoned' });
    expect(await rewardRow(h.t, reward.id)).toMatchObject({ appliedCount: 0 });
    expect(await releaseAbandonedDonations(db(), 15)).toBe(0);
  });
});
