// Contract of the card vault (POST /tokens), its keys and its CORS, through the official omise SDK
// where it can express the call and raw HTTP where it cannot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Omise, { Scheme } from 'omise';
import { AUTHENTICATION_FAILURE } from '../src/card/errors';
import { FUTURE_YEAR, startCardSandbox, type CardSandbox } from './card-harness';

let sandbox: CardSandbox;
beforeAll(async () => {
  sandbox = await startCardSandbox();
});
afterAll(() => sandbox.close());

const card = (number: string, overrides: Record<string, unknown> = {}) => ({
  card: { name: 'TARO YAMADA', number, expiration_month: 12, expiration_year: FUTURE_YEAR, security_code: '123', ...overrides },
});

describe('POST /tokens', () => {
  it.each([
    ['4242424242424242', 'Visa'],
    ['5555555555554444', 'MasterCard'],
    ['3530111333300000', 'JCB'],
    ['378282246310005', 'American Express'],
  ])('tokenises %s as %s, keeping only the last digits', async (number, brand) => {
    const token = await sandbox.tokenize(number);
    expect(token).toMatchObject({
      object: 'token',
      id: expect.stringMatching(/^tokn_/),
      livemode: false,
      used: false,
      location: `/tokens/${token.id}`,
      card: {
        object: 'card',
        id: expect.stringMatching(/^card_/),
        brand,
        last_digits: number.slice(-4),
        name: 'TARO YAMADA',
        expiration_month: 12,
        expiration_year: FUTURE_YEAR,
        security_code_check: true,
      },
    });
    expect(token.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(JSON.stringify(token)).not.toContain(number);
    expect(JSON.stringify(token)).not.toContain('"123"');
  });

  it('gives the same card the same fingerprint, and a different card another', async () => {
    const first = await sandbox.tokenize('4242424242424242');
    const second = await sandbox.tokenize('4242 4242 4242 4242');
    const other = await sandbox.tokenize('4111111111111111');
    expect(second.card.fingerprint).toBe(first.card.fingerprint);
    expect(other.card.fingerprint).not.toBe(first.card.fingerprint);
  });

  it('retrieves a token with the public key', async () => {
    const token = await sandbox.tokenize('4242424242424242');
    expect(await sandbox.omise.tokens.retrieve(token.id)).toMatchObject({ id: token.id, used: false });
    await expect(sandbox.omise.tokens.retrieve('tokn_test_missing')).rejects.toMatchObject({ object: 'error', code: 'not_found' });
  });

  it('refuses a number that fails the Luhn check with invalid_card 422', async () => {
    const answer = await sandbox.api('/tokens', { key: 'public', json: card('4242424242424241') });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      object: 'error',
      location: 'https://www.omise.co/api-errors#invalid-card',
      code: 'invalid_card',
      message: 'number is invalid',
    });
    await expect(sandbox.omise.tokens.create(card('4242424242424241'))).rejects.toMatchObject({
      code: 'invalid_card',
      message: 'number is invalid',
    });
  });

  it('refuses an expiry in the past (the expired card at tokenisation)', async () => {
    const lastYear = new Date().getUTCFullYear() - 1;
    const answer = await sandbox.api('/tokens', { key: 'public', json: card('4242424242424242', { expiration_year: lastYear }) });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'invalid_card', message: 'expiration date cannot be in the past' });
  });

  it.each([
    [{ expiration_month: 13 }, 'expiration month is not between 1 and 12'],
    [{ expiration_year: 27 }, 'expiration year is invalid'],
    [{ name: '' }, "name can't be blank"],
    [{ number: '' }, "number can't be blank"],
    [{ number: '6011111111111117' }, 'brand not supported (unknown)'],
    [{ security_code: '12a' }, 'security code is invalid'],
  ])('refuses %j: %s', async (overrides, message) => {
    const answer = await sandbox.api('/tokens', { key: 'public', json: card('4242424242424242', overrides) });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ object: 'error', code: 'invalid_card', message });
  });

  it('answers 400 bad_request without a card, and for a body that is not JSON', async () => {
    expect((await sandbox.api('/tokens', { key: 'public', json: {} })).body).toMatchObject({
      code: 'bad_request',
      message: 'card is required',
    });
    const broken = await sandbox.api('/tokens', {
      key: 'public',
      headers: { 'content-type': 'application/json' },
      form: '{"card": 4242424242424242',
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ object: 'error', code: 'bad_request' });
    expect(JSON.stringify(broken.body)).not.toContain('4242424242424242');
  });

  it('accepts a form-encoded body with bracketed keys, as in Omise’s curl examples', async () => {
    const form = new URLSearchParams({
      'card[name]': 'HANAKO SATO',
      'card[number]': '5454545454545454',
      'card[expiration_month]': '1',
      'card[expiration_year]': String(FUTURE_YEAR),
      'card[security_code]': '999',
      'card[postal_code]': '1000001',
    }).toString();
    const answer = await sandbox.api('/tokens', { key: 'public', form });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      object: 'token',
      card: { brand: 'MasterCard', last_digits: '5454', name: 'HANAKO SATO', expiration_month: 1, postal_code: '1000001' },
    });
  });

  it('ignores form keys that would reach Object.prototype', async () => {
    const form = `card[name]=A&card[number]=4242424242424242&card[expiration_month]=1&card[expiration_year]=${FUTURE_YEAR}&card[__proto__][polluted]=yes&constructor[prototype][polluted]=yes`;
    expect((await sandbox.api('/tokens', { key: 'public', form })).status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never records a full card number or security code in the activity log', async () => {
    await sandbox.tokenize('4111111111111111', { security_code: '4321' });
    const activity = JSON.stringify(await sandbox.control('/__control/activity', 'GET'));
    expect(activity).toContain('•••• 1111');
    expect(activity).not.toContain('4111111111111111');
    expect(activity).not.toContain('4321');
  });
});

describe('single use', () => {
  it('answers used_token the second time a token is used, in a charge or for a customer', async () => {
    const token = await sandbox.tokenize('4242424242424242');
    await sandbox.omise.charges.create({ amount: 1000, currency: 'jpy', card: token.id });
    await expect(sandbox.omise.charges.create({ amount: 1000, currency: 'jpy', card: token.id })).rejects.toMatchObject({
      object: 'error',
      code: 'used_token',
      location: 'https://www.omise.co/api-errors#used-token',
    });
    await expect(sandbox.omise.customers.create({ email: 'a@example.com', card: token.id })).rejects.toMatchObject({ code: 'used_token' });
    expect((await sandbox.omise.tokens.retrieve(token.id)).used).toBe(true);
    const raw = await sandbox.api('/charges', { json: { amount: 1000, currency: 'jpy', card: token.id } });
    expect(raw.status).toBe(400);
  });

  it('leaves a token unused when the charge is refused before it is spent', async () => {
    const token = await sandbox.tokenize('4242424242424242');
    await expect(sandbox.omise.charges.create({ amount: 50, currency: 'jpy', card: token.id })).rejects.toMatchObject({
      code: 'invalid_amount',
    });
    expect((await sandbox.omise.charges.create({ amount: 500, currency: 'jpy', card: token.id })).status).toBe('successful');
  });
});

describe('authentication', () => {
  const failure = { status: 401, body: AUTHENTICATION_FAILURE() };

  it('answers 401 authentication_failure without a key, with a wrong key, or with the other key', async () => {
    expect(AUTHENTICATION_FAILURE()).toEqual({
      object: 'error',
      location: 'https://www.omise.co/api-errors#authentication-failure',
      code: 'authentication_failure',
      message: 'authentication failed',
    });
    expect(await sandbox.api('/charges', { key: 'none' })).toMatchObject(failure);
    expect(await sandbox.api('/charges', { key: { raw: 'skey_test_wrong' } })).toMatchObject(failure);
    expect(await sandbox.api('/charges', { key: 'public' })).toMatchObject(failure);
    expect(await sandbox.api('/tokens', { key: 'secret', json: card('4242424242424242') })).toMatchObject(failure);
    expect(await sandbox.api('/customers', { headers: { authorization: 'Bearer skey' }, key: 'none' })).toMatchObject(failure);
  });

  it('rejects the SDK’s promise with the error object when its key is wrong', async () => {
    const wrong = Omise({
      publicKey: 'pkey_test_wrong',
      secretKey: 'skey_test_wrong',
      host: '127.0.0.1',
      vaultHost: '127.0.0.1',
      scheme: Scheme.Http,
    });
    await expect(wrong.charges.list()).rejects.toMatchObject({ object: 'error', code: 'authentication_failure' });
    await expect(wrong.tokens.create(card('4242424242424242'))).rejects.toMatchObject({ code: 'authentication_failure' });
  });
});

describe('CORS on the vault', () => {
  it('answers the browser’s preflight for POST /tokens without a key', async () => {
    const response = await fetch(`${sandbox.base}/tokens`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
  });

  it('lets the browser read every answer of /tokens, errors included', async () => {
    const created = await sandbox.api('/tokens', {
      key: 'public',
      json: card('4242424242424242'),
      headers: { origin: 'http://localhost:3000' },
    });
    expect(created.headers.get('access-control-allow-origin')).toBe('*');
    const refused = await sandbox.api('/tokens', { key: 'none', json: card('4242424242424242') });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    const invalid = await sandbox.api('/tokens', { key: 'public', json: card('1234') });
    expect(invalid.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('does not open the secret-key API to browsers', async () => {
    expect((await sandbox.api('/charges')).headers.get('access-control-allow-origin')).toBeNull();
  });
});
