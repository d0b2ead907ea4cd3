// The Omise card gateway adapter against the sandbox over HTTP, through the official SDK and the
// port shim: customers and cards, charges with 3-D Secure, every failure test card, refunds,
// schedules, and each way a provider call can fail (refusal, 5xx, timeout, no connection).
import { createServer } from 'node:net';
import { matchDonationError, type DonationErrorKey } from '@kifu/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { cardFailureDetail } from '../src/payments/card/card-failure-detail';
import type { CardGateway } from '../src/providers/card/card-gateway';
import { createOmiseCardGateway, type OmiseGatewayConfig } from '../src/providers/card/omise-card-gateway';
import { ProviderError } from '../src/providers/provider-error';
import { CALLS_HANG, IMPATIENT_TIMEOUT_MS, startSandbox, uniqueEmail, type TestSandbox } from './helpers/start-sandbox';

let sandbox: TestSandbox;
let config: OmiseGatewayConfig;
let gateway: CardGateway;
const RETURN_URI = 'http://localhost:3000/donate/return';

beforeAll(async () => {
  sandbox = await startSandbox();
  config = loadConfig({ SANDBOX_URL: sandbox.url });
  gateway = createOmiseCardGateway(config);
});
afterEach(() => sandbox.setFaults({ errorRate: 0, timeoutRate: 0, dropWebhookRate: 0 }));
afterAll(() => sandbox.close());

async function customerWith(number: string) {
  return gateway.createCustomer({ email: uniqueEmail(), token: await sandbox.tokenize(number) });
}

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('customers and cards', () => {
  it('creates a customer from a token and reads back its default card', async () => {
    const email = uniqueEmail();
    const card = await gateway.createCustomer({ email, token: await sandbox.tokenize('4242424242424242'), description: 'test' });
    expect(card).toMatchObject({
      customerId: expect.stringMatching(/^cust_test_/),
      cardId: expect.stringMatching(/^card_test_/),
      brand: 'Visa',
      lastDigits: '4242',
      name: 'TARO YAMADA',
      expirationMonth: 12,
    });
    expect(await gateway.retrieveCustomer(card.customerId)).toEqual({ id: card.customerId, email, defaultCard: card });
  });

  it('attaches a new card as the default card', async () => {
    const first = await customerWith('4242424242424242');
    const second = await gateway.attachCard(first.customerId, await sandbox.tokenize('5555555555554444', { name: 'HANAKO SATO' }));
    expect(second).toMatchObject({ customerId: first.customerId, brand: 'MasterCard', lastDigits: '4444', name: 'HANAKO SATO' });
    expect(second.cardId).not.toBe(first.cardId);
    expect((await gateway.retrieveCustomer(first.customerId)).defaultCard).toEqual(second);
  });

  it('refuses a used token and an unknown customer as rejected requests', async () => {
    const token = await sandbox.tokenize('4242424242424242');
    const { customerId } = await gateway.createCustomer({ email: uniqueEmail(), token });
    const used = await providerError(gateway.attachCard(customerId, token));
    expect(used).toMatchObject({
      provider: 'card',
      code: 'used_token',
      message: 'token was already used',
      httpStatus: 400,
      retryable: false,
      rejectedRequest: true,
    });

    const missing = await providerError(gateway.retrieveCustomer('cust_test_doesnotexist'));
    expect(missing).toMatchObject({ code: 'not_found', httpStatus: 404, retryable: false });
  });
});

describe('charges', () => {
  it('waits for 3-D Secure, then the retrieved charge is successful', async () => {
    const { customerId } = await customerWith('4242424242424242');
    const pending = await gateway.createCharge({
      amount: 3_000,
      customerId,
      returnUri: RETURN_URI,
      description: 'Kifu donation',
      metadata: { donation_id: 42 },
    });
    expect(pending).toMatchObject({
      status: 'pending',
      amount: 3_000,
      customerId,
      paidAt: null,
      failureCode: null,
      metadata: { donation_id: 42 },
    });
    expect(pending.authorizeUri).toMatch(new RegExp(`^${sandbox.url}/`));

    expect(await sandbox.authorize(pending.authorizeUri!, 'authenticate')).toBe(RETURN_URI);
    const paid = await gateway.retrieveCharge(pending.id);
    expect(paid).toMatchObject({ id: pending.id, status: 'successful', authorizeUri: pending.authorizeUri, failureCode: null });
    expect(paid.paidAt).toBeInstanceOf(Date);
  });

  it('fails the charge when the supporter fails 3-D Secure', async () => {
    const { customerId } = await customerWith('4242424242424242');
    const pending = await gateway.createCharge({ amount: 1_000, customerId, returnUri: RETURN_URI });
    await sandbox.authorize(pending.authorizeUri!, 'fail');
    expect(await gateway.retrieveCharge(pending.id)).toMatchObject({ status: 'failed', failureCode: 'payment_rejected', paidAt: null });
  });

  // providers.md's test cards (Visa column) and the sandbox's extra triggers, with the message the
  // web shows for the detail built from each failure (spec §8 "Donation").
  const failures: [number: string, code: string, message: DonationErrorKey][] = [
    ['4111111111140011', 'insufficient_fund', 'creditLimitExceeded'],
    ['4111111111130012', 'stolen_or_lost_card', 'stolenOrLostCard'],
    ['4111111111120013', 'failed_processing', 'paymentRejected'],
    ['4111111111110014', 'payment_rejected', 'paymentRejected'],
    ['4111111111190016', 'failed_fraud_check', 'fraudCheck'],
    ['4111111111180017', 'invalid_account_number', 'invalidAccountNumber'],
    ['4111111111160001', 'invalid_security_code', 'invalidSecurityCode'],
    ['4111111111150002', 'payment_rejected', 'paymentRejected'],
    ['4000000000000002', 'invalid_card', 'cardNotValid'],
    ['4000000000000069', 'expired_card', 'expiredCard'],
  ];
  it.each(failures)('card %s fails with %s', async (number, code, message) => {
    const { customerId } = await customerWith(number);
    const charge = await gateway.createCharge({ amount: 1_000, customerId });
    expect(charge).toMatchObject({
      status: 'failed',
      failureCode: code,
      failureMessage: expect.any(String),
      authorizeUri: null,
      paidAt: null,
    });
    expect(await gateway.retrieveCharge(charge.id)).toEqual(charge);
    expect(matchDonationError(cardFailureDetail(charge))).toBe(message);
  });

  it('rejects a 3-D Secure validation test card even after Authenticate', async () => {
    const { customerId } = await customerWith('4111111111140003');
    const pending = await gateway.createCharge({ amount: 1_000, customerId, returnUri: RETURN_URI });
    await sandbox.authorize(pending.authorizeUri!, 'authenticate');
    expect(await gateway.retrieveCharge(pending.id)).toMatchObject({ status: 'failed', failureCode: 'payment_rejected' });
  });

  it('fails with timeout at the timeout amount, which the web words as a timeout', async () => {
    const { customerId } = await customerWith('4242424242424242');
    const charge = await gateway.createCharge({ amount: 4_040, customerId });
    expect(charge).toMatchObject({ status: 'failed', failureCode: 'timeout' });
    expect(matchDonationError(cardFailureDetail(charge))).toBe('timedOut');
  });

  it('expires a charge left at 3-D Secure for a day', async () => {
    const { customerId } = await customerWith('4242424242424242');
    const pending = await gateway.createCharge({ amount: 1_000, customerId, returnUri: RETURN_URI });
    // The sandbox clock only moves forward; a day ahead changes nothing for the other tests here.
    await sandbox.advanceClock(25 * 3_600_000);
    expect(await gateway.retrieveCharge(pending.id)).toMatchObject({ status: 'expired', paidAt: null });
  });

  it('refunds part of a paid charge', async () => {
    const { customerId } = await customerWith('4242424242424242');
    const charge = await gateway.createCharge({ amount: 5_000, customerId });
    expect(charge.status).toBe('successful');
    expect(await gateway.refund(charge.id, 1_200)).toMatchObject({
      id: expect.stringMatching(/^rfnd_test_/),
      chargeId: charge.id,
      amount: 1_200,
    });
    const tooMuch = await providerError(gateway.refund(charge.id, 5_000));
    expect(tooMuch).toMatchObject({ code: 'failed_refund', rejectedRequest: true });
  });

  it('rejects an amount the gateway does not take', async () => {
    const { customerId } = await customerWith('4242424242424242');
    expect(await providerError(gateway.createCharge({ amount: 10, customerId }))).toMatchObject({
      code: 'invalid_amount',
      retryable: false,
    });
  });
});

describe('schedules', () => {
  const nextYear = `${new Date().getUTCFullYear() + 1}-12-31`;

  it('creates monthly and annual schedules, reads one back and deletes it', async () => {
    const { customerId } = await customerWith('4242424242424242');
    const monthly = await gateway.createSchedule({
      customerId,
      amount: 2_000,
      frequency: 'monthly',
      dayOfMonth: 1,
      endOn: nextYear,
      metadata: { recurring_id: 7 },
    });
    expect(monthly).toMatchObject({
      id: expect.stringMatching(/^schd_test_/),
      status: 'active',
      every: 1,
      period: 'month',
      daysOfMonth: [1],
      endOn: nextYear,
      customerId,
      amount: 2_000,
      metadata: { recurring_id: 7 },
    });
    expect(monthly.nextOccurrencesOn.length).toBeGreaterThan(0);

    const annual = await gateway.createSchedule({ customerId, amount: 12_000, frequency: 'annual', dayOfMonth: 1, endOn: nextYear });
    expect(annual).toMatchObject({ every: 12, period: 'month', daysOfMonth: [1] });

    expect(await gateway.retrieveSchedule(monthly.id)).toEqual(monthly);
    expect(await gateway.deleteSchedule(monthly.id)).toMatchObject({ id: monthly.id, status: 'deleted' });
  });
});

describe('provider failures', () => {
  it('maps a 500 to a retryable internal_error', async () => {
    await sandbox.setFaults({ errorRate: 1 });
    const error = await providerError(gateway.retrieveCustomer('cust_test_any'));
    expect(error).toMatchObject({ provider: 'card', code: 'internal_error', httpStatus: 500, retryable: true, rejectedRequest: false });
  });

  it('times out a request the provider never answers', async () => {
    await sandbox.setFaults(CALLS_HANG);
    const impatient = createOmiseCardGateway({ ...config, PROVIDER_TIMEOUT_MS: IMPATIENT_TIMEOUT_MS });
    const error = await providerError(impatient.retrieveCharge('chrg_test_any'));
    expect(error).toMatchObject({ code: 'timeout', retryable: true, timedOut: true, httpStatus: undefined });
    expect(error.message).toMatch(/timed out/);
  });

  it('reports our own refused credentials as a provider failure, not a card problem', async () => {
    const misconfigured = createOmiseCardGateway({ ...config, CARD_SECRET_KEY: 'skey_test_wrong' });
    const error = await providerError(misconfigured.retrieveCustomer('cust_test_any'));
    expect(error).toMatchObject({ code: 'authentication_failure', httpStatus: 401, retryable: false, rejectedRequest: false });
  });

  it('maps a refused connection to a retryable network_error', async () => {
    const server = createServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as { port: number };
    await new Promise((done) => server.close(done));
    // Another host name than the sandbox's, so the port shim routes the two independently.
    const unreachable = createOmiseCardGateway({ ...config, CARD_API_URL: `http://localhost:${port}` });
    const error = await providerError(unreachable.retrieveCharge('chrg_test_any'));
    expect(error).toMatchObject({ code: 'network_error', retryable: true });
    expect(error.message).toMatch(/ECONNREFUSED/);
  });
});
