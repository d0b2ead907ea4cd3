import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '@/lib/api-client';
import { createSavedCardApi, movableCount } from './saved-card-api';

function fake(answer: { status?: number; body?: unknown } = {}) {
  const fetchImpl = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status ?? 200 }),
  );
  const api = createSavedCardApi(createApiClient('/backend', fetchImpl as unknown as typeof fetch));
  const call = (index = 0) => {
    const [url, init] = fetchImpl.mock.calls[index]!;
    return { url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined, init };
  };
  return { api, call };
}

describe('the saved-card calls', () => {
  it('reads the saved card from /user/me/, uncached, with the session cookie', async () => {
    const card = {
      customer_code: 'cust_1',
      brand: 'Visa',
      last_digits: '4242',
      name: 'HANAKO',
      expiration_month: 12,
      expiration_year: 2030,
    };
    const { api, call } = fake({ body: { id: 1, userCreditCard: card } });
    await expect(api.savedCard('en')).resolves.toEqual(card);
    expect(call()).toMatchObject({ url: '/backend/user/me/?lang=en', method: 'GET' });
    expect(call().init).toMatchObject({ credentials: 'same-origin', cache: 'no-store' });
    const none = fake({ body: { id: 1, userCreditCard: null } });
    await expect(none.api.savedCard('ja')).resolves.toBeNull();
  });

  it('asks what the card pays for, saves a token moving the recurring support, and removes the card', async () => {
    const recurring = fake({ body: { count: 0, card: null, recurring_donations: [] } });
    await recurring.api.cardRecurring('ja');
    expect(recurring.call().url).toBe('/backend/donation/recurring/my_donation/count-card-active/?lang=ja');

    const saved = fake({ body: { user: 1, id: 2, customer_code: 'cust_1', brand: 'Visa', last_digits: '4242', name: 'H' } });
    await expect(saved.api.saveCard('tokn_test_1')).resolves.toMatchObject({ last_digits: '4242' });
    expect(saved.call()).toMatchObject({
      url: '/backend/payment/credit',
      method: 'POST',
      body: { token: 'tokn_test_1', move_recurring: true },
    });

    const removed = fake({ status: 204 });
    await expect(removed.api.removeCard()).resolves.toBeUndefined();
    expect(removed.call()).toMatchObject({ url: '/backend/user/me/credit-card/', method: 'DELETE', body: undefined });

    const refused = fake({ status: 409, body: { code: 'conflict', detail: 'in use' } });
    await expect(refused.api.removeCard()).rejects.toMatchObject({ status: 409, detail: 'in use' });
  });

  it("makes the guest's card customer and moves their donations to it", async () => {
    const customer = fake({ body: { customer_id: 'cust_g', customer_handle: 'handle' } });
    await expect(customer.api.guestCustomer({ token: 'tokn_test_2', email: 'guest@example.com' })).resolves.toEqual({
      customer_id: 'cust_g',
      customer_handle: 'handle',
    });
    expect(customer.call()).toMatchObject({
      url: '/backend/payment/non-member-credit',
      method: 'POST',
      body: { token: 'tokn_test_2', email: 'guest@example.com' },
    });

    const moved = fake({ body: { count: 2 } });
    await expect(moved.api.moveGuestRecurring({ customer_id: 'cust_g', customer_handle: 'handle' })).resolves.toEqual({ count: 2 });
    expect(moved.call()).toMatchObject({
      url: '/backend/auth/application/recurring-donations/card/',
      body: { customer_id: 'cust_g', customer_handle: 'handle' },
    });

    const list = fake({ body: { results: [] } });
    await expect(list.api.guestRecurring('en')).resolves.toEqual([]);
    expect(list.call().url).toBe('/backend/auth/application/recurring-donations/?lang=en');
    const noSession = fake({ status: 401, body: { code: 'unauthorized', detail: 'no session' } });
    const error = await noSession.api.guestRecurring('ja').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
  });
});

describe('movableCount', () => {
  it('counts the card donations that still charge', () => {
    expect(
      movableCount([
        { payment_method: 'creditCard', state: 'active' },
        { payment_method: 'creditCard', state: 'paused' },
        { payment_method: 'creditCard', state: 'retrying' },
        { payment_method: 'creditCard', state: 'suspended' },
        { payment_method: 'creditCard', state: 'stopped' },
        { payment_method: 'creditCard', state: 'pending' },
        { payment_method: 'walletPay', state: 'active' },
      ]),
    ).toBe(4);
    expect(movableCount([])).toBe(0);
  });
});
