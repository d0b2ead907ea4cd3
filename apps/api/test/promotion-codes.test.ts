// Promotion codes (spec §8, ADR 036): a campaign's code, typed on the donation form,
// waives that much of the platform fee on the gift — the donor pays what they chose, the associate
// receives more. A code of another campaign, an inactive or expired one, or a code on a gift that
// is not for a campaign is refused with the spec's message on the field, and nothing is recorded.
import { CAMPAIGN_LIMITS, platformFee, type api } from '@kifu/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignDiscounts, donations, providerEvents } from '../src/db/schema/index';
import { CAMPAIGNS } from '../src/seed/data/campaigns';
import { donorPayload, submit, type Reply } from './helpers/donation-requests';
import { eventually } from './helpers/eventually';
import { virtualAccountRow } from './helpers/make-bank-transfer-donation';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { startBankSandbox } from './helpers/start-bank-sandbox';
import { uniqueEmail } from './helpers/start-sandbox';

const h = sandboxTestApp({
  startSandbox: startBankSandbox,
  env: { BOT_CHECK_ENABLED: 'false' },
  afterEachTest: (sandbox) => sandbox.reset(),
  receiveWebhooks: (sandbox, apiUrl) => sandbox.receiveBankWebhooksAt(`${apiUrl}/webhooks/bank/`),
});
const db = () => h.t.database.db;
const WINTER = CAMPAIGNS.findIndex((campaign) => campaign.key === 'winter-meals') + 1;
const OTHER =
  CAMPAIGNS.findIndex((campaign) => campaign.key !== 'winter-meals' && campaign.associateId === 1 && campaign.status === 'published') + 1;

const transfer = (overrides: Record<string, unknown>) =>
  submit(h.t, '/donation/deposit/', {
    donor: donorPayload({ email: uniqueEmail('promo') }),
    amount: 10_000,
    associate_id: 1,
    campaign_id: WINTER,
    lang: 'ja',
    ...overrides,
  }) as Promise<Reply<api.BankTransferDonationResponse & api.ErrorBody>>;

describe('a promotion code', () => {
  it('waives its amount of the fee on the paid gift; the donor still transfers the whole amount', async () => {
    // The seeded code is WINTER500; case does not matter.
    const started = await transfer({ promotion_code: ' winter500 ' });
    expect(started.status).toBe(200);
    expect(started.body.virtual_account.amount).toBe(10_000);
    const id = started.body.donation.id;
    const [recorded] = await db().select().from(donations).where(eq(donations.id, id));
    expect(recorded!.discountAmount).toBe(500);

    const event = await h.sandbox.deposit((await virtualAccountRow(db(), id)).providerAccountId, { kind: 'exact' });
    await eventually(
      async () =>
        (
          await db()
            .select()
            .from(providerEvents)
            .where(and(eq(providerEvents.provider, 'bank'), eq(providerEvents.eventId, event.id)))
        )[0],
    );
    await h.t.app.jobs.worker.drain();
    const fee = platformFee(10_000, { campaign: true });
    const [paid] = await db().select().from(donations).where(eq(donations.id, id));
    expect(paid).toMatchObject({ status: 'paid', commission: fee - 500, transferAmount: 10_000 - (fee - 500) });
  });

  it.each([
    ['a code of another campaign', { campaign_id: OTHER, promotion_code: 'WINTER500' }],
    ['an unknown code', { promotion_code: 'SPRING100' }],
    ['a code on a gift to no campaign', { campaign_id: null, promotion_code: 'WINTER500' }],
  ])('is refused: %s, with nothing recorded', async (_case, overrides) => {
    const before = (await db().select({ id: donations.id }).from(donations)).length;
    const refused = await transfer(overrides);
    expect(refused.status).toBe(400);
    expect(refused.body.fields?.promotion_code).toEqual(['promotionCode']);
    expect((await db().select({ id: donations.id }).from(donations)).length).toBe(before);
  });

  it('is refused once switched off or past its date', async () => {
    await db().update(campaignDiscounts).set({ isActive: false }).where(eq(campaignDiscounts.code, 'WINTER500'));
    expect((await transfer({ promotion_code: 'WINTER500' })).body.fields?.promotion_code).toEqual(['promotionCode']);
    await db()
      .update(campaignDiscounts)
      .set({ isActive: true, validUntil: new Date(Date.now() - 1000) })
      .where(eq(campaignDiscounts.code, 'WINTER500'));
    expect((await transfer({ promotion_code: 'WINTER500' })).body.fields?.promotion_code).toEqual(['promotionCode']);
    await db().update(campaignDiscounts).set({ validUntil: null }).where(eq(campaignDiscounts.code, 'WINTER500'));
    expect((await transfer({ promotion_code: 'WINTER500' })).status).toBe(200);
  });

  it('is bounded like any text', async () => {
    const long = await transfer({ promotion_code: 'A'.repeat(CAMPAIGN_LIMITS.promotionCodeMax + 1) });
    expect(long.status).toBe(400);
    expect(long.body.fields?.promotion_code).toEqual(['maxLength']);
  });
});
