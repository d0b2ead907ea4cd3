// Customers and their saved cards (https://docs.opn.ooo/customers-api, …/cards-api). A card is
// saved by handing a token to POST /customers or PATCH /customers/:id; the newest becomes default.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CardDeps, StoredCustomer, StoredToken } from './card-store';
import { cardObject, customerObject } from './card-objects';
import { consumeToken } from './create-token';
import { CardApiError, notFound } from './errors';
import { newId, omiseTime } from './ids';
import { listObject, parseListQuery } from './list';
import { integerParam, metadataParam, nestFormFields, parseParams } from './request-body';

type IdParams = { Params: { id: string } };
type CardParams = { Params: { id: string; cardId: string } };

const customerParams = z.object({
  email: z.string().optional(),
  description: z.string().optional(),
  metadata: metadataParam.optional(),
  card: z.string().optional(),
  default_card: z.string().optional(),
});

const cardChanges = z.object({
  name: z.string().min(1).optional(),
  expiration_month: integerParam.optional(),
  expiration_year: integerParam.optional(),
  city: z.string().optional(),
  postal_code: z.string().optional(),
});

function attachCard(customer: StoredCustomer, token: StoredToken): void {
  token.card.customer = customer.id;
  customer.cards.push(token.card);
  customer.default_card = token.card.id;
}

/** Checks the token before anything changes, so a used token leaves the customer untouched. */
function usableToken(deps: CardDeps, tokenId: string | undefined): string | undefined {
  if (tokenId === undefined) return undefined;
  const token = deps.store.tokens.get(tokenId);
  if (!token) throw notFound('token', tokenId);
  if (token.used) throw new CardApiError('used_token', 'token was already used');
  return tokenId;
}

export async function customersRoutes(app: FastifyInstance, { deps }: { deps: CardDeps }) {
  const { context, store } = deps;
  const now = () => context.clock.now();
  const present = (customer: StoredCustomer) => customerObject(customer, now());
  const findCustomer = (id: string) => {
    const customer = store.customers.get(id);
    if (!customer) throw notFound('customer', id);
    return customer;
  };

  app.post('/customers', async (request) => {
    const params = parseParams(customerParams, nestFormFields(request.body));
    const tokenId = usableToken(deps, params.card);
    const customer: StoredCustomer = {
      id: newId('cust'),
      created_at: omiseTime(now()),
      email: params.email ?? null,
      description: params.description ?? null,
      metadata: params.metadata ?? {},
      cards: [],
      default_card: null,
    };
    if (tokenId) attachCard(customer, consumeToken(deps, tokenId));
    store.customers.set(customer.id, customer);
    context.activity.record(
      'card',
      'customer created',
      `${customer.id}${customer.cards[0] ? ` with ${customer.cards[0].brand} •••• ${customer.cards[0].last_digits}` : ''}`,
    );
    return present(customer);
  });

  app.get('/customers', async (request) =>
    listObject(store.customers.values(), parseListQuery(request.query, now()), '/customers', present),
  );

  app.get<IdParams>('/customers/:id', async (request) => present(findCustomer(request.params.id)));

  app.patch<IdParams>('/customers/:id', async (request) => {
    const customer = findCustomer(request.params.id);
    const params = parseParams(customerParams, nestFormFields(request.body));
    const tokenId = usableToken(deps, params.card);
    if (params.default_card !== undefined && !customer.cards.some((card) => card.id === params.default_card))
      throw notFound('card', params.default_card);
    if (params.email !== undefined) customer.email = params.email;
    if (params.description !== undefined) customer.description = params.description;
    if (params.metadata !== undefined) customer.metadata = params.metadata;
    if (params.default_card !== undefined) customer.default_card = params.default_card;
    if (tokenId) {
      const token = consumeToken(deps, tokenId);
      attachCard(customer, token);
      context.activity.record('card', 'card attached', `${customer.id} ${token.card.brand} •••• ${token.card.last_digits}`);
    }
    return present(customer);
  });

  app.delete<IdParams>('/customers/:id', async (request) => {
    const customer = findCustomer(request.params.id);
    store.customers.delete(customer.id);
    context.activity.record('card', 'customer deleted', customer.id);
    return { object: 'customer', id: customer.id, livemode: false, deleted: true };
  });

  app.get<IdParams>('/customers/:id/cards', async (request) => {
    const customer = findCustomer(request.params.id);
    return listObject(customer.cards, parseListQuery(request.query, now()), `/customers/${customer.id}/cards`, cardObject);
  });

  const findCard = (customerId: string, cardId: string) => {
    const customer = findCustomer(customerId);
    const card = customer.cards.find((candidate) => candidate.id === cardId);
    if (!card) throw notFound('card', cardId);
    return { customer, card };
  };

  app.get<CardParams>('/customers/:id/cards/:cardId', async (request) =>
    cardObject(findCard(request.params.id, request.params.cardId).card),
  );

  app.patch<CardParams>('/customers/:id/cards/:cardId', async (request) => {
    const { card } = findCard(request.params.id, request.params.cardId);
    const changes = parseParams(cardChanges, nestFormFields(request.body));
    if (changes.expiration_month !== undefined && (changes.expiration_month < 1 || changes.expiration_month > 12)) {
      throw new CardApiError('invalid_card', 'expiration month is not between 1 and 12');
    }
    if (changes.name !== undefined) card.name = changes.name;
    if (changes.expiration_month !== undefined) card.expiration_month = changes.expiration_month;
    if (changes.expiration_year !== undefined) card.expiration_year = changes.expiration_year;
    if (changes.city !== undefined) card.city = changes.city;
    if (changes.postal_code !== undefined) card.postal_code = changes.postal_code;
    return cardObject(card);
  });

  app.delete<CardParams>('/customers/:id/cards/:cardId', async (request) => {
    const { customer, card } = findCard(request.params.id, request.params.cardId);
    customer.cards = customer.cards.filter((candidate) => candidate !== card);
    // Like Omise, the most recently added remaining card becomes the default.
    if (customer.default_card === card.id) customer.default_card = customer.cards.at(-1)?.id ?? null;
    context.activity.record('card', 'card deleted', `${customer.id} •••• ${card.last_digits}`);
    return { object: 'card', id: card.id, livemode: false, deleted: true };
  });
}
