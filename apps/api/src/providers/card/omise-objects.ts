// Omise's JSON objects (https://docs.opn.ooo/charges-api, …/customers-api, …/schedules-api) in the
// gateway's provider-neutral types. An answer missing what Kifu relies on is an invalid_response,
// never a half-filled object.
import type { Cards, Charges, Customers, Schedules } from 'omise';
import { PROVIDER_INVALID_RESPONSE, ProviderError } from '../provider-error';
import type { CardCharge, CardChargeStatus, CardCustomer, CardRefund, CardSchedule, SavedCard } from './card-gateway';
import { CARD_PROVIDER } from './omise-error';

const CHARGE_STATUSES: readonly CardChargeStatus[] = ['pending', 'successful', 'failed', 'expired', 'reversed'];

function invalid(message: string): ProviderError {
  return new ProviderError(CARD_PROVIDER, PROVIDER_INVALID_RESPONSE, message, { retryable: true });
}

/** Expandable references arrive as an id or as the object itself. */
function idOf(reference: string | { id: string } | null | undefined): string | null {
  if (reference === null || reference === undefined) return null;
  return typeof reference === 'string' ? reference : reference.id;
}

export function savedCardOf(card: Cards.ICard, customerId: string): SavedCard {
  return {
    customerId,
    cardId: card.id,
    brand: card.brand,
    lastDigits: card.last_digits,
    name: card.name,
    expirationMonth: card.expiration_month,
    expirationYear: card.expiration_year,
  };
}

function cardsOf(customer: Customers.ICustomer): Cards.ICard[] {
  return customer.cards?.data ?? [];
}

export function defaultCardOf(customer: Customers.ICustomer): SavedCard | null {
  const card = cardsOf(customer).find((candidate) => candidate.id === customer.default_card);
  return card ? savedCardOf(card, customer.id) : null;
}

/** The card just attached: Omise lists a customer's cards oldest first. */
export function newestCardOf(customer: Customers.ICustomer): SavedCard {
  const card = cardsOf(customer).at(-1);
  if (!card) throw invalid(`customer ${customer.id} has no card after a card was attached`);
  return savedCardOf(card, customer.id);
}

export function customerOf(customer: Customers.ICustomer): CardCustomer {
  return { id: customer.id, email: customer.email ?? null, defaultCard: defaultCardOf(customer) };
}

export function chargeOf(charge: Charges.ICharge): CardCharge {
  const status = charge.status as CardChargeStatus;
  if (!CHARGE_STATUSES.includes(status)) throw invalid(`charge ${charge.id} has an unknown status`);
  return {
    id: charge.id,
    status,
    amount: charge.amount,
    authorizeUri: charge.authorize_uri || null,
    failureCode: charge.failure_code ?? null,
    failureMessage: charge.failure_message ?? null,
    paidAt: charge.paid_at ? new Date(charge.paid_at) : null,
    customerId: idOf(charge.customer),
    metadata: (charge.metadata as Record<string, unknown> | undefined) ?? {},
    scheduleId: idOf(charge.schedule as string | { id: string } | null | undefined),
    createdAt: charge.created_at ? new Date(charge.created_at) : null,
  };
}

export function refundOf(refund: Charges.IRefundResponse): CardRefund {
  return {
    id: refund.id,
    chargeId: refund.charge,
    amount: refund.amount,
    metadata: (refund.metadata as Record<string, unknown> | undefined) ?? {},
  };
}

/** Omise-Version 2017-11-02 renamed start_date/end_date/next_occurrence_dates; both are read. */
type OccurrenceObject = {
  id: string;
  scheduled_on: string;
  status: string;
  retry_on?: string | null;
  result?: string | { id: string } | null;
};
type ScheduleObject = Omit<Schedules.ISchedule, 'occurrences'> & {
  next_occurrence_dates?: string[];
  occurrences?: { data?: OccurrenceObject[] };
};

export function scheduleOf(schedule: ScheduleObject): CardSchedule {
  return {
    id: schedule.id,
    status: schedule.status,
    every: schedule.every,
    period: schedule.period,
    daysOfMonth: schedule.on?.days_of_month ?? [],
    startOn: schedule.start_on ?? schedule.start_date ?? null,
    endOn: schedule.end_on ?? schedule.end_date ?? null,
    nextOccurrencesOn: schedule.next_occurrences_on ?? schedule.next_occurrence_dates ?? [],
    customerId: idOf(schedule.charge?.customer),
    amount: schedule.charge?.amount ?? null,
    metadata: schedule.charge?.metadata ?? {},
    occurrences: (schedule.occurrences?.data ?? []).map((occurrence) => ({
      id: occurrence.id,
      scheduledOn: occurrence.scheduled_on,
      status: occurrence.status,
      retryOn: occurrence.retry_on ?? null,
      chargeId: idOf(occurrence.result),
    })),
  };
}
