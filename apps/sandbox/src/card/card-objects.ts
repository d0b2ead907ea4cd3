// The stored records as Omise's JSON objects (https://docs.opn.ooo/charges-api, …/customers-api,
// …/tokens-api, …/schedules-api). Internal fields (a card's test behaviour, an occurrence's
// attempt count) never leave through here.
import type {
  StoredCard,
  StoredCharge,
  StoredCustomer,
  StoredEvent,
  StoredOccurrence,
  StoredRefund,
  StoredSchedule,
  StoredToken,
} from './card-store';
import { embeddedList } from './list';
import { inWords, japanDate, nextOccurrencesOn } from './schedule-dates';

export function cardObject(card: StoredCard) {
  return {
    object: 'card' as const,
    id: card.id,
    livemode: false,
    location: card.customer ? `/customers/${card.customer}/cards/${card.id}` : null,
    deleted: false,
    street1: null,
    street2: null,
    city: card.city,
    state: null,
    phone_number: null,
    postal_code: card.postal_code,
    country: card.country,
    financing: 'credit',
    bank: '',
    brand: card.brand,
    fingerprint: card.fingerprint,
    first_digits: null,
    last_digits: card.last_digits,
    name: card.name,
    expiration_month: card.expiration_month,
    expiration_year: card.expiration_year,
    security_code_check: card.security_code_check,
    tokenization_method: null,
    created_at: card.created_at,
  };
}

export function tokenObject(token: StoredToken) {
  return {
    object: 'token' as const,
    id: token.id,
    livemode: false,
    location: `/tokens/${token.id}`,
    used: token.used,
    charge_status: 'unknown',
    card: cardObject(token.card),
    created_at: token.created_at,
  };
}

export function customerObject(customer: StoredCustomer, now: Date) {
  return {
    object: 'customer' as const,
    id: customer.id,
    livemode: false,
    location: `/customers/${customer.id}`,
    deleted: false,
    default_card: customer.default_card,
    email: customer.email,
    description: customer.description,
    metadata: customer.metadata,
    linked_accounts: [],
    cards: embeddedList(customer.cards.map(cardObject), `/customers/${customer.id}/cards`, now),
    created_at: customer.created_at,
  };
}

export function refundObject(refund: StoredRefund) {
  return {
    object: 'refund' as const,
    id: refund.id,
    livemode: false,
    location: `/charges/${refund.charge}/refunds/${refund.id}`,
    amount: refund.amount,
    currency: 'jpy',
    charge: refund.charge,
    transaction: refund.transaction,
    status: 'closed',
    voided: false,
    metadata: refund.metadata,
    created_at: refund.created_at,
  };
}

export function refundedAmount(charge: StoredCharge): number {
  return charge.refunds.reduce((sum, refund) => sum + refund.amount, 0);
}

export function chargeObject(charge: StoredCharge, now: Date) {
  const refunded = refundedAmount(charge);
  const capturable = charge.status === 'pending' && charge.authorized && !charge.paid;
  return {
    object: 'charge' as const,
    id: charge.id,
    livemode: false,
    location: `/charges/${charge.id}`,
    amount: charge.amount,
    currency: 'jpy',
    description: charge.description,
    metadata: charge.metadata,
    status: charge.status,
    capture: charge.capture,
    authorized: charge.authorized,
    reversed: charge.reversed,
    paid: charge.paid,
    expired: charge.expired,
    voided: false,
    capturable,
    reversible: capturable,
    refundable: charge.paid && refunded < charge.captured_amount,
    partially_refundable: charge.paid && refunded < charge.captured_amount,
    disputable: charge.paid,
    authorize_uri: charge.authorize_uri,
    return_uri: charge.return_uri,
    authenticated_by: charge.authenticated_by,
    authorization_type: null,
    authorized_amount: charge.authorized ? charge.amount : 0,
    captured_amount: charge.captured_amount,
    funding_amount: charge.amount,
    funding_currency: 'jpy',
    failure_code: charge.failure_code,
    failure_message: charge.failure_message,
    card: cardObject(charge.card),
    customer: charge.customer,
    ip: charge.ip,
    dispute: null,
    link: null,
    source: null,
    schedule: charge.schedule,
    transaction: charge.transaction,
    refunded_amount: refunded,
    refunds: embeddedList(charge.refunds.map(refundObject), `/charges/${charge.id}/refunds`, now),
    zero_interest_installments: false,
    missing_3ds_fields: [],
    paid_at: charge.paid_at,
    expires_at: charge.expires_at,
    expired_at: charge.expired_at,
    reversed_at: charge.reversed_at,
    created_at: charge.created_at,
  };
}

export function occurrenceObject(occurrence: StoredOccurrence) {
  return {
    object: 'occurrence' as const,
    id: occurrence.id,
    livemode: false,
    location: `/occurrences/${occurrence.id}`,
    schedule: occurrence.schedule,
    scheduled_on: occurrence.scheduled_on,
    retry_on: occurrence.retry_on,
    processed_at: occurrence.processed_at,
    status: occurrence.status,
    message: occurrence.message,
    result: occurrence.result,
    created_at: occurrence.created_at,
  };
}

/**
 * Omise-Version 2017-11-02 renamed start_date/end_date/next_occurrence_dates to
 * start_on/end_on/next_occurrences_on; a client pinned to an older version gets the old names.
 */
export function scheduleObject(schedule: StoredSchedule, now: Date, options: { legacyNames?: boolean } = {}) {
  const next = nextOccurrencesOn(schedule, japanDate(now));
  const dates = options.legacyNames
    ? { start_date: schedule.start_on, end_date: schedule.end_on, next_occurrence_dates: next }
    : { start_on: schedule.start_on, end_on: schedule.end_on, next_occurrences_on: next };
  return {
    object: 'schedule' as const,
    id: schedule.id,
    livemode: false,
    location: `/schedules/${schedule.id}`,
    status: schedule.status,
    active: schedule.status === 'active',
    deleted: schedule.status === 'deleted',
    every: schedule.every,
    period: schedule.period,
    on: schedule.on,
    in_words: inWords(schedule),
    ...dates,
    ended_at: schedule.ended_at,
    charge: {
      amount: schedule.charge.amount,
      currency: 'jpy',
      description: schedule.charge.description,
      customer: schedule.charge.customer,
      card: schedule.charge.card,
      default_card: schedule.charge.card === null,
      metadata: schedule.charge.metadata,
    },
    transfer: null,
    occurrences: embeddedList(schedule.occurrences.map(occurrenceObject), `/schedules/${schedule.id}/occurrences`, now),
    created_at: schedule.created_at,
  };
}

export function eventObject(event: StoredEvent) {
  return {
    object: 'event' as const,
    id: event.id,
    livemode: false,
    location: `/events/${event.id}`,
    key: event.key,
    created_at: event.created_at,
    data: event.data,
    webhook_deliveries: [],
  };
}
