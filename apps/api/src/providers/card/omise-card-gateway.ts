// The card gateway over the official omise SDK. Each call is raced against PROVIDER_TIMEOUT_MS
// (the SDK has no timeout) and every rejection becomes a ProviderError. Only token, customer,
// charge and schedule ids pass through here, never card numbers, and nothing is logged.
import type { Charges, Schedules } from 'omise';
import type { Config } from '../../config/env';
import { withProviderTimeout } from '../provider-error';
import type { CardGateway, CreateChargeInput, CreateCustomerInput, CreateScheduleInput, CreatedWindow, SavedCard } from './card-gateway';
import { createOmiseClient, type OmiseClient, type OmiseClientConfig } from './omise-client';
import { CARD_PROVIDER, toCardProviderError } from './omise-error';
import { chargeOf, customerOf, defaultCardOf, newestCardOf, refundOf, scheduleOf } from './omise-objects';

const CURRENCY = 'jpy';
const EVERY_MONTHS = { monthly: 1, annual: 12 } as const;
/** Omise's largest page (https://docs.opn.ooo/pagination). */
const PAGE_SIZE = 100;

interface ListPage<T> {
  data: T[];
  total: number;
}
type ListQuery = { limit: number; offset: number; order: 'chronological'; from?: string; to?: string };

export type OmiseGatewayConfig = OmiseClientConfig & Pick<Config, 'PROVIDER_TIMEOUT_MS'>;

export function createOmiseCardGateway(config: OmiseGatewayConfig, client: OmiseClient = createOmiseClient(config)): CardGateway {
  const call = async <T>(operation: () => Promise<T>): Promise<T> => {
    try {
      return await withProviderTimeout(CARD_PROVIDER, config.PROVIDER_TIMEOUT_MS, operation());
    } catch (reason) {
      throw toCardProviderError(reason);
    }
  };

  /** Every item of an Omise list, page by page, oldest first. */
  const everyPage = async <T>(
    fetchPage: (query: ListQuery) => Promise<ListPage<T>>,
    window: Partial<Record<'from' | 'to', string>> = {},
  ): Promise<T[]> => {
    const items: T[] = [];
    for (;;) {
      const page = await call(() => fetchPage({ limit: PAGE_SIZE, offset: items.length, order: 'chronological', ...window }));
      items.push(...page.data);
      if (page.data.length === 0 || items.length >= page.total) return items;
    }
  };
  // The SDK's types leave out the query of its schedule lists (its code passes it on) and
  // charges.schedules() altogether (GET /charges/schedules, https://docs.opn.ooo/schedules-api).
  type ListCall = (id: string | null, query: ListQuery) => Promise<unknown>;
  const list =
    <T>(operation: (query: ListQuery) => Promise<unknown>) =>
    (query: ListQuery) =>
      operation(query) as Promise<ListPage<T>>;
  const customerSchedules = client.customers.schedules as unknown as ListCall;
  const accountSchedules = (client.charges as unknown as { schedules: ListCall }).schedules;

  return {
    async createCustomer({ email, token, description }: CreateCustomerInput) {
      const customer = await call(() => client.customers.create({ email, description, card: token }));
      return defaultCardOf(customer) ?? newestCardOf(customer);
    },

    async attachCard(customerId, token) {
      const customer = await call(() => client.customers.update(customerId, { card: token }));
      const card: SavedCard = newestCardOf(customer);
      // Omise makes a newly attached card the default; say so explicitly if an account does not,
      // because charges and schedules use the default card.
      if (customer.default_card !== card.cardId)
        await call(() => client.customers.update(customerId, { default_card: card.cardId } as never));
      return card;
    },

    async retrieveCustomer(customerId) {
      return customerOf(await call(() => client.customers.retrieve(customerId)));
    },

    async createCharge({ amount, customerId, returnUri, description, metadata }: CreateChargeInput) {
      const charge = await call(() =>
        client.charges.create({ amount, currency: CURRENCY, customer: customerId, return_uri: returnUri, description, metadata }),
      );
      return chargeOf(charge);
    },

    async retrieveCharge(chargeId) {
      return chargeOf(await call(() => client.charges.retrieve(chargeId)));
    },

    async listCharges({ from, to }: CreatedWindow) {
      const charges = await everyPage(
        list<Charges.ICharge>((query) => client.charges.list(query)),
        { from: from.toISOString(), to: to.toISOString() },
      );
      return charges.map(chargeOf);
    },

    async refund(chargeId, amount, metadata) {
      return refundOf(await call(() => client.charges.createRefund(chargeId, { amount, metadata })));
    },

    async listRefunds(chargeId) {
      // The SDK's listRefunds takes no query; the first page (Omise's default 20) holds every
      // refund a gift can have, since the console makes them one at a time.
      const page = await call(() => client.charges.listRefunds(chargeId));
      return page.data.map(refundOf);
    },

    async createSchedule(input: CreateScheduleInput) {
      // The SDK's types still name start_date/end_date; the pinned version (2019-05-29) takes
      // start_on/end_on (https://docs.opn.ooo/schedules-api).
      const request = {
        every: EVERY_MONTHS[input.frequency],
        period: 'month',
        on: { days_of_month: [input.dayOfMonth] },
        start_on: input.startOn,
        end_on: input.endOn,
        charge: { customer: input.customerId, amount: input.amount, description: input.description, metadata: input.metadata },
      };
      return scheduleOf(await call(() => client.schedules.create(request as unknown as Schedules.ICreateSchedule)));
    },

    async retrieveSchedule(scheduleId) {
      return scheduleOf(await call(() => client.schedules.retrieve(scheduleId)));
    },

    async deleteSchedule(scheduleId) {
      // DELETE /schedules/:id answers the schedule itself, now with status deleted.
      const deleted = await call(() => client.schedules.destroy(scheduleId));
      return scheduleOf(deleted as unknown as Schedules.ISchedule);
    },

    async listCustomerSchedules(customerId) {
      const schedules = await everyPage(list<Schedules.ISchedule>((query) => customerSchedules(customerId, query)));
      return schedules.map(scheduleOf);
    },

    async listSchedules() {
      const schedules = await everyPage(list<Schedules.ISchedule>((query) => accountSchedules(null, query)));
      return schedules.map(scheduleOf);
    },
  };
}
