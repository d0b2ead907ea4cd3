// The gateway's in-memory state. Emptied by POST /__control/reset; nothing survives a restart,
// which is what a sandbox wants. No record holds a full card number or a security code (PCI DSS):
// a card keeps brand, last digits, expiry, holder name, a keyed fingerprint and its test behaviour.
import { randomBytes } from 'node:crypto';
import type { SandboxContext } from '../shared/context';
import type { CardBehaviour, CardBrand, ChargeFailureCode } from './test-cards';

export type Metadata = Record<string, unknown>;

export interface StoredCard {
  id: string;
  created_at: string;
  brand: CardBrand;
  last_digits: string;
  name: string;
  expiration_month: number;
  expiration_year: number;
  fingerprint: string;
  city: string | null;
  postal_code: string | null;
  country: string | null;
  security_code_check: boolean;
  behaviour: CardBehaviour;
  /** The customer the card is attached to, once it is. */
  customer: string | null;
}

export interface StoredToken {
  id: string;
  created_at: string;
  used: boolean;
  card: StoredCard;
}

export interface StoredCustomer {
  id: string;
  created_at: string;
  email: string | null;
  description: string | null;
  metadata: Metadata;
  /** Oldest first, as Omise lists them. */
  cards: StoredCard[];
  default_card: string | null;
}

export type ChargeStatus = 'pending' | 'successful' | 'failed' | 'expired' | 'reversed';

export interface StoredRefund {
  id: string;
  created_at: string;
  amount: number;
  charge: string;
  transaction: string;
  metadata: Metadata;
}

export interface StoredCharge {
  id: string;
  created_at: string;
  amount: number;
  description: string | null;
  metadata: Metadata;
  status: ChargeStatus;
  capture: boolean;
  authorized: boolean;
  paid: boolean;
  reversed: boolean;
  expired: boolean;
  /** Waiting for the card holder on the 3-D Secure page. */
  awaiting_authentication: boolean;
  authenticated_by: '3DS' | null;
  authorize_uri: string | null;
  return_uri: string | null;
  failure_code: ChargeFailureCode | null;
  failure_message: string | null;
  customer: string | null;
  card: StoredCard;
  ip: string | null;
  schedule: string | null;
  transaction: string | null;
  captured_amount: number;
  refunds: StoredRefund[];
  paid_at: string | null;
  expires_at: string;
  expired_at: string | null;
  reversed_at: string | null;
}

export type SchedulePeriod = 'day' | 'week' | 'month';
export type ScheduleStatus = 'active' | 'expired' | 'deleted' | 'suspended';
export type Weekday = 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday';

export interface StoredSchedule {
  id: string;
  created_at: string;
  status: ScheduleStatus;
  every: number;
  period: SchedulePeriod;
  on: { days_of_month?: number[]; weekdays?: Weekday[] };
  /** Calendar dates (YYYY-MM-DD) in Japan time. */
  start_on: string;
  end_on: string;
  ended_at: string | null;
  charge: { customer: string; card: string | null; amount: number; description: string | null; metadata: Metadata };
  occurrences: StoredOccurrence[];
}

export interface StoredOccurrence {
  id: string;
  created_at: string;
  schedule: string;
  scheduled_on: string;
  /** The date of the next attempt after a failure; null once settled or given up. */
  retry_on: string | null;
  processed_at: string | null;
  status: 'successful' | 'failed' | 'skipped';
  message: string | null;
  /** The latest charge made for the occurrence. */
  result: string | null;
  attempts: number;
}

export interface StoredEvent {
  id: string;
  key: string;
  created_at: string;
  /** A snapshot of the object as it was when the event happened. */
  data: unknown;
}

export class CardStore {
  readonly tokens = new Map<string, StoredToken>();
  readonly customers = new Map<string, StoredCustomer>();
  readonly charges = new Map<string, StoredCharge>();
  readonly schedules = new Map<string, StoredSchedule>();
  readonly events = new Map<string, StoredEvent>();
  /**
   * Key of the card fingerprints. Random per process: a plain hash of a card number can be
   * reversed by trying every number of a BIN range, a keyed one cannot.
   */
  readonly fingerprintKey = randomBytes(32);

  reset(): void {
    this.tokens.clear();
    this.customers.clear();
    this.charges.clear();
    this.schedules.clear();
    this.events.clear();
  }
}

/** What every use case of the gateway works with. */
export interface CardDeps {
  context: SandboxContext;
  store: CardStore;
}
