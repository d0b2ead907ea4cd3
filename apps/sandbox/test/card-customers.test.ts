// Contract of customers and saved cards, and of charging a customer, through the omise SDK.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCardSandbox, type CardSandbox } from './card-harness';
import { withoutListTimes } from './list-times';

let sandbox: CardSandbox;
beforeAll(async () => {
  sandbox = await startCardSandbox();
});
afterAll(() => sandbox.close());

describe('customers', () => {
  it('creates a customer with a card, which becomes the default card', async () => {
    const token = await sandbox.tokenize('4242424242424242');
    const customer = await sandbox.omise.customers.create({
      email: 'taro@example.com',
      description: 'guest donor',
      card: token.id,
      metadata: { user: 'u1' },
    });
    expect(customer).toMatchObject({
      object: 'customer',
      id: expect.stringMatching(/^cust_/),
      livemode: false,
      location: `/customers/${customer.id}`,
      email: 'taro@example.com',
      description: 'guest donor',
      metadata: { user: 'u1' },
      default_card: token.card.id,
      cards: {
        object: 'list',
        total: 1,
        data: [{ id: token.card.id, brand: 'Visa', last_digits: '4242', location: `/customers/${customer.id}/cards/${token.card.id}` }],
      },
    });
    expect(withoutListTimes(await sandbox.omise.customers.retrieve(customer.id))).toEqual(withoutListTimes(customer));
  });

  it('attaches a new card with PATCH and makes it the default; charges use the default card', async () => {
    const customer = await sandbox.omise.customers.create({
      email: 'a@example.com',
      card: (await sandbox.tokenize('4242424242424242')).id,
    });
    const second = await sandbox.tokenize('3530111333300000');
    const updated = await sandbox.omise.customers.update(customer.id, { card: second.id });
    expect(updated.default_card).toBe(second.card.id);
    expect(updated.cards.data.map((card) => card.last_digits)).toEqual(['4242', '0000']);

    const charge = await sandbox.omise.charges.create({ amount: 1_500, currency: 'jpy', customer: customer.id });
    expect(charge).toMatchObject({ status: 'successful', customer: customer.id, card: { id: second.card.id, brand: 'JCB' } });

    const first = updated.cards.data[0]!;
    const named = await sandbox.omise.charges.create({ amount: 1_500, currency: 'jpy', customer: customer.id, card: first.id });
    expect(named.card.id).toBe(first.id);
  });

  it('lists, reads, updates and deletes cards', async () => {
    const customer = await sandbox.omise.customers.create({
      email: 'b@example.com',
      card: (await sandbox.tokenize('4242424242424242')).id,
    });
    const latest = await sandbox.tokenize('5555555555554444');
    await sandbox.omise.customers.update(customer.id, { card: latest.id });
    const cards = await sandbox.omise.customers.listCards(customer.id);
    expect(cards).toMatchObject({ object: 'list', total: 2, location: `/customers/${customer.id}/cards` });

    expect(
      await sandbox.omise.customers.updateCard(customer.id, latest.card.id, { name: 'HANAKO SATO', expiration_month: 6 }),
    ).toMatchObject({ name: 'HANAKO SATO', expiration_month: 6 });
    expect(await sandbox.omise.customers.retrieveCard(customer.id, latest.card.id)).toMatchObject({ name: 'HANAKO SATO' });

    expect(await sandbox.omise.customers.destroyCard(customer.id, latest.card.id)).toEqual({
      object: 'card',
      id: latest.card.id,
      livemode: false,
      deleted: true,
    });
    const after = await sandbox.omise.customers.retrieve(customer.id);
    expect(after.default_card).toBe(cards.data[0]!.id);
    expect(after.cards.total).toBe(1);
    await expect(sandbox.omise.customers.retrieveCard(customer.id, latest.card.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses to charge a customer without a card, a card of someone else, or a token with a customer', async () => {
    const empty = await sandbox.omise.customers.create({ email: 'c@example.com' });
    await expect(sandbox.omise.charges.create({ amount: 1_000, currency: 'jpy', customer: empty.id })).rejects.toMatchObject({
      code: 'missing_card',
    });
    await expect(
      sandbox.omise.charges.create({ amount: 1_000, currency: 'jpy', customer: empty.id, card: 'card_test_other' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    const token = await sandbox.tokenize('4242424242424242');
    await expect(
      sandbox.omise.charges.create({ amount: 1_000, currency: 'jpy', customer: empty.id, card: token.id }),
    ).rejects.toMatchObject({ code: 'bad_request' });
    await expect(sandbox.omise.charges.create({ amount: 1_000, currency: 'jpy', customer: 'cust_test_missing' })).rejects.toMatchObject({
      code: 'not_found',
      message: 'customer cust_test_missing was not found',
    });
  });

  it('updates the email and lists customers', async () => {
    const customer = await sandbox.omise.customers.create({ email: 'd@example.com' });
    expect(await sandbox.omise.customers.update(customer.id, { email: 'e@example.com' })).toMatchObject({ email: 'e@example.com' });
    const list = await sandbox.omise.customers.list({ limit: 100 });
    expect(list.data.some((item) => item.id === customer.id)).toBe(true);
  });

  it('deletes a customer; it is then not found', async () => {
    const customer = await sandbox.omise.customers.create({ email: 'f@example.com' });
    expect(await sandbox.omise.customers.destroy(customer.id)).toEqual({
      object: 'customer',
      id: customer.id,
      livemode: false,
      deleted: true,
    });
    await expect(sandbox.omise.customers.retrieve(customer.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('leaves the customer unchanged when the new card token was already used', async () => {
    const customer = await sandbox.omise.customers.create({
      email: 'g@example.com',
      card: (await sandbox.tokenize('4242424242424242')).id,
    });
    const used = await sandbox.tokenize('5555555555554444');
    await sandbox.omise.charges.create({ amount: 1_000, currency: 'jpy', card: used.id });
    await expect(sandbox.omise.customers.update(customer.id, { email: 'changed@example.com', card: used.id })).rejects.toMatchObject({
      code: 'used_token',
    });
    expect(await sandbox.omise.customers.retrieve(customer.id)).toMatchObject({ email: 'g@example.com', cards: { total: 1 } });
  });
});
