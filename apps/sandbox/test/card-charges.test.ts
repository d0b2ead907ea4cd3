// Contract of charges without 3-D Secure: every test card of providers.md's table, the sandbox's
// extra triggers, amounts, capture/reverse, refunds and lists — through the official omise SDK.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURE_MESSAGES, TEST_CARDS, TIMEOUT_AMOUNT, type ChargeFailureCode } from '../src/card/test-cards';
import { DAY_MS, startCardSandbox, type CardSandbox } from './card-harness';
import { withoutListTimes } from './list-times';

let sandbox: CardSandbox;
beforeAll(async () => {
  sandbox = await startCardSandbox();
});
afterAll(() => sandbox.close());

const BRANDS = { visa: 'Visa', mastercard: 'MasterCard', jcb: 'JCB' } as const;

function cardsOf(outcome: string) {
  const row = TEST_CARDS.find((candidate) => candidate.outcome === outcome)!;
  return (['visa', 'mastercard', 'jcb'] as const).flatMap((brand) => row[brand].map((number) => [number, BRANDS[brand]] as const));
}

async function charge(number: string, amount = 1_000, extra: Record<string, unknown> = {}) {
  const token = await sandbox.tokenize(number);
  return sandbox.omise.charges.create({
    amount,
    currency: 'jpy',
    card: token.id,
    description: 'test gift',
    metadata: { donation_id: 'd1' },
    ...extra,
  });
}

describe('test cards', () => {
  it('keeps providers.md’s table exactly', () => {
    expect(TEST_CARDS.map((row) => [row.outcome, row.visa, row.mastercard, row.jcb])).toEqual([
      [
        'success',
        ['4242424242424242', '4111111111111111'],
        ['5555555555554444', '5454545454545454'],
        ['3530111333300000', '3566111111111113'],
      ],
      ['insufficient_fund', ['4111111111140011'], ['5555551111110011'], ['3530111111190011']],
      ['stolen_or_lost_card', ['4111111111130012'], ['5555551111100012'], ['3530111111180012']],
      ['failed_processing', ['4111111111120013'], ['5555551111190013'], ['3530111111170013']],
      ['payment_rejected', ['4111111111110014'], ['5555551111180014'], ['3530111111160014']],
      ['failed_fraud_check', ['4111111111190016'], ['5555551111160016'], ['3530111111140016']],
      ['invalid_account_number', ['4111111111180017'], ['5555551111150017'], ['3530111111130017']],
      ['invalid_security_code', ['4111111111160001'], ['5555551111130001'], ['3530111111110001']],
      ['3DS enrolment fails → payment_rejected', ['4111111111150002'], ['5555551111120002'], ['3530111111100002']],
      ['3DS validation fails → payment_rejected', ['4111111111140003'], ['5555551111110003'], ['3530111111190003']],
    ]);
  });

  it.each(cardsOf('success'))('%s (%s) is charged at once', async (number, brand) => {
    const created = await charge(number);
    expect(created).toMatchObject({
      object: 'charge',
      id: expect.stringMatching(/^chrg_/),
      livemode: false,
      location: `/charges/${created.id}`,
      amount: 1_000,
      currency: 'jpy',
      status: 'successful',
      authorized: true,
      paid: true,
      capturable: false,
      authorize_uri: null,
      return_uri: null,
      failure_code: null,
      failure_message: null,
      customer: null,
      card: { object: 'card', brand, last_digits: number.slice(-4) },
      metadata: { donation_id: 'd1' },
      description: 'test gift',
      refunded_amount: 0,
      refunds: { object: 'list', data: [], total: 0 },
      transaction: expect.stringMatching(/^trxn_/),
    });
    expect(created.paid_at).toMatch(/Z$/);
    expect(withoutListTimes(await sandbox.omise.charges.retrieve(created.id))).toEqual(withoutListTimes(created));
  });

  const declines: [string, string, ChargeFailureCode][] = (
    [
      'insufficient_fund',
      'stolen_or_lost_card',
      'failed_processing',
      'payment_rejected',
      'failed_fraud_check',
      'invalid_account_number',
      'invalid_security_code',
    ] as const
  ).flatMap((code) => cardsOf(code).map(([number, brand]) => [number, brand, code] as [string, string, ChargeFailureCode]));

  it.each(declines)('%s (%s) fails with %s', async (number, _brand, code) => {
    const created = await charge(number);
    expect(created).toMatchObject({
      status: 'failed',
      authorized: false,
      paid: false,
      failure_code: code,
      failure_message: FAILURE_MESSAGES[code],
      paid_at: null,
      transaction: null,
    });
  });

  it('words the failures as Omise does', () => {
    expect(FAILURE_MESSAGES.insufficient_fund).toBe('insufficient funds in the account or the card has reached the credit limit');
    expect(FAILURE_MESSAGES.stolen_or_lost_card).toBe('card was stolen or lost');
  });

  it.each([...cardsOf('3DS enrolment fails → payment_rejected'), ...cardsOf('3DS validation fails → payment_rejected')])(
    '3-D Secure test card %s (%s) is rejected when charged without 3-D Secure',
    async (number) => {
      expect(await charge(number)).toMatchObject({ status: 'failed', failure_code: 'payment_rejected' });
    },
  );
});

describe('sandbox triggers', () => {
  it('4000000000000002 fails with invalid_card "card is not valid"', async () => {
    expect(await charge('4000000000000002')).toMatchObject({
      status: 'failed',
      failure_code: 'invalid_card',
      failure_message: 'card is not valid',
    });
  });

  it('4000000000000069 fails with expired_card "card has expired"', async () => {
    expect(await charge('4000000000000069')).toMatchObject({
      status: 'failed',
      failure_code: 'expired_card',
      failure_message: 'card has expired',
    });
  });

  it(`¥${TIMEOUT_AMOUNT} fails with timeout with any card, saved cards included`, async () => {
    expect(TIMEOUT_AMOUNT).toBe(4_040);
    expect(await charge('4242424242424242', TIMEOUT_AMOUNT)).toMatchObject({
      status: 'failed',
      failure_code: 'timeout',
      failure_message: 'the transaction timed out',
    });
    const customer = await sandbox.omise.customers.create({
      email: 'a@example.com',
      card: (await sandbox.tokenize('5555555555554444')).id,
    });
    expect(await sandbox.omise.charges.create({ amount: TIMEOUT_AMOUNT, currency: 'jpy', customer: customer.id })).toMatchObject({
      status: 'failed',
      failure_code: 'timeout',
    });
  });

  it('a saved card whose expiry passes on the sandbox clock fails with expired_card', async () => {
    const now = new Date(Date.now() + 9 * 3_600_000);
    const token = await sandbox.tokenize('4242424242424242', {
      expiration_month: now.getUTCMonth() + 1,
      expiration_year: now.getUTCFullYear(),
    });
    const customer = await sandbox.omise.customers.create({ email: 'a@example.com', card: token.id });
    expect((await sandbox.omise.charges.create({ amount: 1_000, currency: 'jpy', customer: customer.id })).status).toBe('successful');
    await sandbox.advanceClock(40 * DAY_MS);
    try {
      expect(await sandbox.omise.charges.create({ amount: 1_000, currency: 'jpy', customer: customer.id })).toMatchObject({
        status: 'failed',
        failure_code: 'expired_card',
      });
    } finally {
      await sandbox.reset();
    }
  });
});

describe('amounts and parameters', () => {
  it.each([
    [99, 'amount must be greater than or equal to 100'],
    [6_000_001, 'amount must be less than or equal to 6000000'],
    [100.5, 'amount must be an integer'],
    [-100, 'amount must be greater than or equal to 100'],
  ])('refuses %s yen with 400 invalid_amount', async (amount, message) => {
    const token = await sandbox.tokenize('4242424242424242');
    const answer = await sandbox.api('/charges', { json: { amount, currency: 'jpy', card: token.id } });
    expect(answer).toMatchObject({
      status: 400,
      body: { object: 'error', code: 'invalid_amount', message, location: 'https://www.omise.co/api-errors#invalid-amount' },
    });
  });

  it('accepts the limits themselves', async () => {
    expect((await charge('4242424242424242', 100)).status).toBe('successful');
    expect((await charge('4242424242424242', 6_000_000)).status).toBe('successful');
  });

  it('refuses a missing amount, another currency, and a charge with no card', async () => {
    const token = await sandbox.tokenize('4242424242424242');
    expect((await sandbox.api('/charges', { json: { currency: 'jpy', card: token.id } })).body).toMatchObject({
      code: 'invalid_amount',
      message: 'amount is required',
    });
    expect((await sandbox.api('/charges', { json: { amount: 1000, currency: 'thb', card: token.id } })).body).toMatchObject({
      code: 'bad_request',
      message: 'currency is currently not supported',
    });
    expect((await sandbox.api('/charges', { json: { amount: 1000, card: token.id } })).body).toMatchObject({
      code: 'bad_request',
      message: 'currency is required',
    });
    expect(await sandbox.api('/charges', { json: { amount: 1000, currency: 'jpy' } })).toMatchObject({
      status: 400,
      body: { code: 'missing_card' },
    });
    expect(await sandbox.api('/charges', { json: { amount: 1000, currency: 'jpy', card: 'tokn_test_nothing' } })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
  });

  it('takes a form-encoded charge too', async () => {
    const token = await sandbox.tokenize('4242424242424242');
    const answer = await sandbox.api('/charges', {
      form: `amount=2500&currency=JPY&card=${token.id}&metadata[donation_id]=d9&capture=true`,
    });
    expect(answer.body).toMatchObject({ object: 'charge', amount: 2500, status: 'successful', metadata: { donation_id: 'd9' } });
  });

  it('answers 404 not_found for an unknown charge, with Omise’s wording', async () => {
    const answer = await sandbox.api('/charges/chrg_test_unknown');
    expect(answer).toMatchObject({
      status: 404,
      body: {
        object: 'error',
        code: 'not_found',
        message: 'charge chrg_test_unknown was not found',
        location: 'https://www.omise.co/api-errors#not-found',
      },
    });
    await expect(sandbox.omise.charges.retrieve('chrg_test_unknown')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('updates the description and metadata', async () => {
    const created = await charge('4242424242424242');
    expect(
      await sandbox.omise.charges.update(created.id, { amount: 0, currency: 'jpy', description: 'renamed', metadata: { a: 1 } }),
    ).toMatchObject({ description: 'renamed', metadata: { a: 1 }, amount: 1_000 });
  });
});

describe('authorise now, capture later', () => {
  it('holds an authorisation with capture:false until captured', async () => {
    const held = await charge('4242424242424242', 3_000, { capture: false });
    expect(held).toMatchObject({ status: 'pending', authorized: true, paid: false, capturable: true, reversible: true });
    const captured = await sandbox.omise.charges.capture(held.id);
    expect(captured).toMatchObject({ status: 'successful', paid: true, captured_amount: 3_000 });
    await expect(sandbox.omise.charges.capture(held.id)).rejects.toMatchObject({ code: 'failed_capture' });
  });

  it('reverses an authorisation (the SDK sends an empty JSON body)', async () => {
    const held = await charge('4242424242424242', 3_000, { capture: false });
    expect(await sandbox.omise.charges.reverse(held.id)).toMatchObject({ status: 'reversed', reversed: true, paid: false });
    await expect(sandbox.omise.charges.reverse(held.id)).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('lets an uncaptured authorisation expire after 30 days', async () => {
    const held = await charge('4242424242424242', 3_000, { capture: false });
    await sandbox.advanceClock(31 * DAY_MS);
    try {
      expect(await sandbox.omise.charges.retrieve(held.id)).toMatchObject({ status: 'expired', expired: true });
      await expect(sandbox.omise.charges.capture(held.id)).rejects.toMatchObject({ code: 'expired_charge' });
    } finally {
      await sandbox.reset();
    }
  });
});

describe('refunds', () => {
  it('refunds part, then the rest, and refuses more than was paid', async () => {
    const paid = await charge('4242424242424242', 5_000);
    const first = await sandbox.omise.charges.createRefund(paid.id, { amount: 2_000 });
    expect(first).toMatchObject({ object: 'refund', id: expect.stringMatching(/^rfnd_/), amount: 2_000, currency: 'jpy', charge: paid.id });
    expect(await sandbox.omise.charges.retrieve(paid.id)).toMatchObject({
      status: 'successful',
      refunded_amount: 2_000,
      refundable: true,
      refunds: { total: 1 },
    });

    const over = await sandbox.api(`/charges/${paid.id}/refunds`, { json: { amount: 3_001 } });
    expect(over).toMatchObject({ status: 400, body: { object: 'error', code: 'failed_refund' } });

    await sandbox.omise.charges.createRefund(paid.id, { amount: 3_000 });
    expect(await sandbox.omise.charges.retrieve(paid.id)).toMatchObject({ refunded_amount: 5_000, refundable: false });
    await expect(sandbox.omise.charges.createRefund(paid.id, { amount: 1 })).rejects.toMatchObject({ code: 'failed_refund' });

    const refunds = await sandbox.omise.charges.listRefunds(paid.id);
    expect(refunds).toMatchObject({ object: 'list', total: 2 });
    expect(refunds.data.map((refund) => refund.amount)).toEqual([2_000, 3_000]);
    expect(await sandbox.omise.charges.retrieveRefund(paid.id, first.id)).toMatchObject({ id: first.id });
  });

  it('refunds the whole charge at once, and never a failed one', async () => {
    const paid = await charge('4242424242424242', 1_200);
    await sandbox.omise.charges.createRefund(paid.id, { amount: 1_200 });
    expect((await sandbox.omise.charges.retrieve(paid.id)).refunded_amount).toBe(1_200);
    const failed = await charge('4111111111140011');
    await expect(sandbox.omise.charges.createRefund(failed.id, { amount: 100 })).rejects.toMatchObject({ code: 'failed_refund' });
    expect((await sandbox.api(`/charges/${paid.id}/refunds`, { json: { amount: 0 } })).body).toMatchObject({ code: 'invalid_amount' });
  });
});

describe('lists', () => {
  it('pages charges like Omise: limit, offset, order, total', async () => {
    await sandbox.reset();
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) ids.push((await charge('4242424242424242', 1_000 + index)).id);
    const page = await sandbox.omise.charges.list({ limit: 2, offset: 1 });
    expect(page).toMatchObject({ object: 'list', limit: 2, offset: 1, total: 3, order: 'chronological', location: '/charges' });
    expect(page.data.map((item) => item.id)).toEqual(ids.slice(1));
    const reversed = await sandbox.omise.charges.list({ order: 'reverse_chronological' });
    expect(reversed.data.map((item) => item.id)).toEqual([...ids].reverse());
    expect((await sandbox.api('/charges?limit=0')).body).toMatchObject({ code: 'bad_request' });
  });
});
