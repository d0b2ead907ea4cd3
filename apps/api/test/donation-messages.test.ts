// The completion screen's message (spec §2 "a message to the campaign (default text, a hide-name
// option, send or update)"; §7 /donation/donation-message/ and /donation/donation-message/{id}/):
// written by the donation's user or a guest with its status token, only for a paid gift or an
// issued bank transfer, one per donation, 1–1000 characters, and the campaign page shows it (of
// paid gifts only) without the name when hidden.
import { DONATION_MESSAGE_MAX_LENGTH, FIELD_ERRORS, type api } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../src/accounts/access-tokens';
import { campaigns, donationMessages, portfolios, providerEvents, users } from '../src/db/schema/index';
import { donationRow, donorPayload, guestCardRequest, send, submit, type CardDonationReply, type Reply } from './helpers/donation-requests';
import { eventually } from './helpers/eventually';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { startBankSandbox } from './helpers/start-bank-sandbox';
import { uniqueEmail } from './helpers/start-sandbox';

const h = sandboxTestApp({
  startSandbox: startBankSandbox,
  env: { BOT_CHECK_ENABLED: 'false' },
  receiveWebhooks: (sandbox, apiUrl) => sandbox.receiveBankWebhooksAt(`${apiUrl}/webhooks/bank/`),
});
let campaignId: number;
beforeAll(async () => {
  const [campaign] = await h.t.database.db
    .insert(campaigns)
    .values({
      associateId: 1,
      type: 6,
      status: 'published',
      title: 'メッセージテスト',
      mainVisualPath: '/x.svg',
      goalAmount: 10_000,
      startAt: new Date(Date.now() - 86_400_000),
    })
    .returning();
  campaignId = campaign!.id;
});

type BankReply = Reply<api.BankTransferDonationResponse>;
type MessageReply = Reply<api.DonationMessageView & api.ErrorBody>;

const bankGift = async (body: Record<string, unknown> = {}) =>
  (await submit(h.t, '/donation/deposit/', {
    donor: donorPayload(),
    amount: 3_000,
    associate_id: 1,
    campaign_id: campaignId,
    ...body,
  })) as BankReply;

const tokenQuery = (token: string | undefined) => (token === undefined ? '' : `?donation_token=${encodeURIComponent(token)}`);
const post = (body: Record<string, unknown>, token: string | undefined, headers: Record<string, string> = {}) =>
  send(h.t, { method: 'POST', url: `/donation/donation-message/${tokenQuery(token)}`, payload: body, headers }) as Promise<MessageReply>;
const read = (id: number, token: string | undefined, headers: Record<string, string> = {}) =>
  send(h.t, { method: 'GET', url: `/donation/donation-message/${id}/${tokenQuery(token)}`, headers }) as Promise<MessageReply>;
const patch = (id: number, body: Record<string, unknown>, token: string | undefined) =>
  send(h.t, { method: 'PATCH', url: `/donation/donation-message/${id}/${tokenQuery(token)}`, payload: body }) as Promise<MessageReply>;

async function pay(accountId: string) {
  const event = await h.sandbox.deposit(accountId, { kind: 'exact' });
  await eventually(async () => (await h.t.database.db.select().from(providerEvents).where(eq(providerEvents.eventId, event.id)))[0]);
  await h.t.app.jobs.worker.drain();
}

async function campaignMessages() {
  const { body } = await h.t.get<api.CampaignDetail>(`/campaign/${campaignId}/`);
  return body.messages;
}

describe('a message sent with the gift', () => {
  it('is recorded with the gift, answered as donation_message, and shows on the campaign page once paid', async () => {
    const gift = await bankGift({ message: '応援しています！' });
    expect(gift.status).toBe(200);
    const messageId = gift.body.donation.donation_message!.id;
    expect(messageId).toEqual(expect.any(Number));
    const own = await read(messageId, gift.body.status_token);
    expect(own.body).toMatchObject({
      id: messageId,
      donation_id: gift.body.donation.id,
      message: '応援しています！',
      is_name_public: true,
      published_from: '山田 花子',
      campaign_id: campaignId,
    });
    // Not on the public page while the transfer is awaited.
    expect((await campaignMessages()).some((message) => message.id === messageId)).toBe(false);

    const { paymentId } = await donationRow(h.t, gift.body.donation.id);
    await pay(paymentId!);
    expect((await campaignMessages()).find((message) => message.id === messageId)).toMatchObject({
      message: '応援しています！',
      name: '山田 花子',
    });
  });

  it('has no message when none was written', async () => {
    const gift = await bankGift();
    expect(gift.body.donation.donation_message).toBeNull();
  });
});

describe('sending or updating it from the completion screen', () => {
  it('a guest with the status token sends it for an issued transfer; sending again updates the same message; hiding the name hides it on the page', async () => {
    const gift = await bankGift();
    const token = gift.body.status_token;
    const first = await post({ donation_id: gift.body.donation.id, message: 'はじめまして' }, token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: 'はじめまして', is_name_public: true, published_from: '山田 花子' });
    const again = await post({ donation_id: gift.body.donation.id, message: '改めて応援します', published_from: 'はなちゃん' }, token);
    expect(again.body).toMatchObject({ id: first.body.id, message: '改めて応援します', published_from: 'はなちゃん' });
    expect(
      await h.t.database.db.select().from(donationMessages).where(eq(donationMessages.donationId, gift.body.donation.id)),
    ).toHaveLength(1);

    const hidden = await patch(first.body.id, { is_name_public: false }, token);
    expect(hidden.body).toMatchObject({ is_name_public: false, message: '改めて応援します', published_from: 'はなちゃん' });
    await pay((await donationRow(h.t, gift.body.donation.id)).paymentId!);
    const shown = (await campaignMessages()).find((message) => message.id === first.body.id);
    expect(shown).toMatchObject({ message: '改めて応援します', name: null });
    expect(JSON.stringify(await campaignMessages())).not.toContain('はなちゃん');
  });

  it('refuses a card gift that is not paid yet, then takes it once paid', async () => {
    const request = await guestCardRequest(h.t, h.sandbox);
    const gift = (await submit(h.t, '/donation/', request)) as CardDonationReply;
    const early = await post({ donation_id: gift.body.donation.id, message: 'ありがとう' }, gift.body.status_token);
    expect(early.status).toBe(422);
    expect(
      await h.t.database.db.select().from(donationMessages).where(eq(donationMessages.donationId, gift.body.donation.id)),
    ).toHaveLength(0);
    await h.sandbox.authorize(gift.body.authorize_uri, 'authenticate');
    await h.t.app.cardPayments.refresh((await donationRow(h.t, gift.body.donation.id)).paymentId!);
    expect((await post({ donation_id: gift.body.donation.id, message: 'ありがとう' }, gift.body.status_token)).status).toBe(200);
  });

  it('is the donation owner’s only: a wrong token, no token or another account gets 404 as for nothing', async () => {
    const gift = await bankGift({ message: '秘密' });
    const messageId = gift.body.donation.donation_message!.id;
    expect((await post({ donation_id: gift.body.donation.id, message: '乗っ取り' }, 'wrong-token')).status).toBe(404);
    expect((await post({ donation_id: gift.body.donation.id, message: '乗っ取り' }, undefined)).status).toBe(404);
    expect((await read(messageId, undefined)).status).toBe(404);
    expect((await read(999_999, gift.body.status_token)).status).toBe(404);
    expect((await patch(messageId, { message: '乗っ取り' }, 'wrong-token')).status).toBe(404);
    const email = uniqueEmail('other');
    const [other] = await h.t.database.db.insert(users).values({ username: email, email, passwordHash: 'unused' }).returning();
    const { token } = await issueAccessToken(h.t.database.db, other!.id);
    expect((await read(messageId, undefined, { authorization: `Bearer ${token}` })).status).toBe(404);
    expect((await read(messageId, gift.body.status_token)).body.message).toBe('秘密');
  });

  it('a signed-in donor writes without a token', async () => {
    const email = uniqueEmail('member');
    const [user] = await h.t.database.db.insert(users).values({ username: email, email, passwordHash: 'unused' }).returning();
    const { token } = await issueAccessToken(h.t.database.db, user!.id);
    const headers = { authorization: `Bearer ${token}` };
    const gift = (await submit(
      h.t,
      '/donation/deposit/',
      { donor: donorPayload({ email }), amount: 3_000, associate_id: 1 },
      { headers },
    )) as BankReply;
    expect(gift.status).toBe(200);
    const sent = await post({ donation_id: gift.body.donation.id, message: '会員より' }, undefined, headers);
    expect(sent.status).toBe(200);
    expect((await read(sent.body.id, undefined, headers)).body.message).toBe('会員より');
  });

  it(`takes 1 to ${DONATION_MESSAGE_MAX_LENGTH} characters, refusing others with the catalogue's rule keys and changing nothing`, async () => {
    const gift = await bankGift();
    const token = gift.body.status_token;
    const empty = await post({ donation_id: gift.body.donation.id, message: '   ' }, token);
    expect(empty).toMatchObject({ status: 400, body: { code: 'validation_failed', fields: { message: ['required'] } } });
    const long = await post({ donation_id: gift.body.donation.id, message: 'あ'.repeat(DONATION_MESSAGE_MAX_LENGTH + 1) }, token);
    expect(long).toMatchObject({ status: 400, body: { fields: { message: ['maxLength'] } } });
    expect(FIELD_ERRORS.maxLength.ja).toContain('{max}');
    expect(
      await h.t.database.db.select().from(donationMessages).where(eq(donationMessages.donationId, gift.body.donation.id)),
    ).toHaveLength(0);
    const longest = await post({ donation_id: gift.body.donation.id, message: 'あ'.repeat(DONATION_MESSAGE_MAX_LENGTH) }, token);
    expect(longest.status).toBe(200);
    expect((await patch(longest.body.id, { message: '' }, token)).status).toBe(400);
  });

  it('never shows the name of an anonymous gift, and refuses a portfolio gift', async () => {
    const anonymous = await bankGift({ is_anonymous: true, message: '匿名です' });
    const messageId = anonymous.body.donation.donation_message!.id;
    expect((await read(messageId, anonymous.body.status_token)).body.is_name_public).toBe(false);
    expect((await patch(messageId, { is_name_public: true }, anonymous.body.status_token)).body.is_name_public).toBe(false);

    const [planet] = await h.t.database.db.select({ id: portfolios.id }).from(portfolios).where(eq(portfolios.nameEn, 'Planet Portfolio'));
    const portfolioGift = (await submit(h.t, '/donation/deposit/', {
      donor: donorPayload(),
      amount: 3_000,
      associate_id: 1,
      portfolio_id: planet!.id,
      message: 'みんなへ',
    })) as BankReply;
    expect(portfolioGift.status).toBe(200);
    expect(portfolioGift.body.donation.donation_message).toBeNull();
    expect((await post({ donation_id: portfolioGift.body.donation.id, message: 'みんなへ' }, portfolioGift.body.status_token)).status).toBe(
      422,
    );
  });
});
