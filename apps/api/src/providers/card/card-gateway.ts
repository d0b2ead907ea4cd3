// What Kifu needs from a card gateway, in its own words (providers.md "Card payments"). The Omise
// adapter implements it; routes, jobs and tests depend on this interface only. Card data never
// appears here: the browser tokenises at the vault, and the server handles single-use token ids,
// customer ids and charge ids. Every method rejects with a ProviderError (provider 'card').

/** A card saved on a provider customer: what may be stored and shown (brand, last digits, holder). */
/** donations.payment_provider of card payments. */
export const CARD_PAYMENT_PROVIDER = 'omise';

export interface SavedCard {
  customerId: string;
  cardId: string;
  brand: string;
  lastDigits: string;
  name: string;
  expirationMonth: number;
  expirationYear: number;
}

export interface CardCustomer {
  id: string;
  email: string | null;
  /** The card charges use when none is named; null for a customer without cards. */
  defaultCard: SavedCard | null;
}

export type CardChargeStatus = 'pending' | 'successful' | 'failed' | 'expired' | 'reversed';

export interface CardCharge {
  id: string;
  status: CardChargeStatus;
  /** Yen. */
  amount: number;
  /** Where the supporter authenticates (3-D Secure) while the charge is pending; null otherwise. */
  authorizeUri: string | null;
  /** The issuer's reason on a failed charge, e.g. 'insufficient_fund'. */
  failureCode: string | null;
  failureMessage: string | null;
  paidAt: Date | null;
  customerId: string | null;
  metadata: Record<string, unknown>;
  /** The schedule that made this charge (a later cycle of a recurring gift); null for a charge we made. */
  scheduleId: string | null;
  createdAt: Date | null;
}

export interface CreateCustomerInput {
  email: string;
  /** Single-use vault token (tokn_…); consumed by this call. */
  token: string;
  description?: string;
}

export interface CreateChargeInput {
  amount: number;
  customerId: string;
  /** With a return URI the charge waits for 3-D Secure at its authorizeUri. */
  returnUri?: string;
  description?: string;
  metadata?: Record<string, string | number>;
}

export interface CardRefund {
  id: string;
  chargeId: string;
  amount: number;
  metadata: Record<string, unknown>;
}

/** Monthly: every month on `dayOfMonth`; annual: every 12 months on that day (spec §9 membership). */
export type ScheduleFrequency = 'monthly' | 'annual';

export interface CreateScheduleInput {
  customerId: string;
  amount: number;
  frequency: ScheduleFrequency;
  /** 1–28, so every month has the day. */
  dayOfMonth: number;
  /** Calendar dates (YYYY-MM-DD); the start defaults to today at the provider. */
  startOn?: string;
  endOn: string;
  description?: string;
  metadata?: Record<string, string | number>;
}

/** One charging date of a schedule; retries of a failed date update it (chargeId = the latest attempt). */
export interface ScheduleOccurrence {
  id: string;
  scheduledOn: string;
  /** successful, failed or skipped. */
  status: string;
  retryOn: string | null;
  chargeId: string | null;
}

export interface CardSchedule {
  id: string;
  /** The provider's status: active, expiring, expired, deleted or suspended. */
  status: string;
  every: number;
  period: string;
  daysOfMonth: number[];
  startOn: string | null;
  endOn: string | null;
  nextOccurrencesOn: string[];
  customerId: string | null;
  amount: number | null;
  metadata: Record<string, unknown>;
  /** As the provider embeds them in the schedule object. */
  occurrences: ScheduleOccurrence[];
}

/** A window on the provider's created_at, for lists. */
export interface CreatedWindow {
  from: Date;
  to: Date;
}

export interface CardGateway {
  /** A new customer holding the token's card: the guest's anonymous customer or a user's first card. */
  createCustomer(input: CreateCustomerInput): Promise<SavedCard>;
  /** Adds the token's card to an existing customer and makes it the default card. */
  attachCard(customerId: string, token: string): Promise<SavedCard>;
  retrieveCustomer(customerId: string): Promise<CardCustomer>;
  /** Charges the customer's default card. */
  createCharge(input: CreateChargeInput): Promise<CardCharge>;
  /** The charge as the provider knows it now: the only source of truth for its status. */
  retrieveCharge(chargeId: string): Promise<CardCharge>;
  /** Gives back part or all of a paid charge; metadata names our refund so a retry can find it. */
  refund(chargeId: string, amount: number, metadata?: Record<string, string | number>): Promise<CardRefund>;
  /** The charge's refunds so far (Omise has no idempotency key: a retry looks here first, ADR 064). */
  listRefunds(chargeId: string): Promise<CardRefund[]>;
  /** Every charge the provider made in the window, ours or not (every page of the list). */
  listCharges(window: CreatedWindow): Promise<CardCharge[]>;
  createSchedule(input: CreateScheduleInput): Promise<CardSchedule>;
  retrieveSchedule(scheduleId: string): Promise<CardSchedule>;
  deleteSchedule(scheduleId: string): Promise<CardSchedule>;
  /** Every schedule of the customer, any status. */
  listCustomerSchedules(customerId: string): Promise<CardSchedule[]>;
  /** Every schedule of the account, any status. */
  listSchedules(): Promise<CardSchedule[]>;
}
