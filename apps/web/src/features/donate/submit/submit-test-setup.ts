// The injected dependencies of a submission, recorded, for the flow's unit tests: every call, toast,
// log and analytics event is kept so a test asserts what the supporter and the back office saw.
import { vi } from 'vitest';
import type { DonateApi } from '../donate-api';
import type { DonationAnalyticsEvent } from './donation-analytics';
import type { Feedback } from './donation-feedback';
import { type SubmitDeps, type SubmitInput } from './submit-types';
import { makeTarget, makeValues } from '../test-fixtures';

export const virtualAccount = {
  bank_name: 'サンドボックス銀行',
  branch_name: 'カエデ支店',
  account_type: 'ordinary' as const,
  account_number: '1234567',
  account_holder: 'キフ',
  amount: 3000,
  deposited_amount: 0,
  expiration_date: '2030-01-31',
};

interface SetupOptions {
  /** The API's duplicate check reports a possible duplicate gift (default: no). */
  possibleDuplicate?: boolean;
  /** The supporter's answer to the suspicious-address dialog (default: keeps the address). */
  supporterConfirmsAddress?: boolean;
  /** The supporter's answer to the possible-duplicate dialog (default: gives anyway). */
  supporterConfirmsDuplicate?: boolean;
  /** API calls that answer differently from the happy path below. */
  apiOverrides?: Partial<DonateApi>;
}

export function setup(options: SetupOptions = {}) {
  const steps: string[] = [];
  const feedback: Feedback[] = [];
  const logs: unknown[] = [];
  const events: DonationAnalyticsEvent[] = [];
  let keys = 0;
  const api: DonateApi = {
    signup: vi.fn(async (body) => {
      steps.push('signup');
      return { email: body.email, accessToken: 'at_signup', expiresIn: 5_184_000, refreshToken: 'rt_signup' };
    }),
    login: vi.fn(async () => {
      steps.push('login');
      return { access_token: 'at_login', token_type: 'Bearer', expires_in: 5_184_000, refresh_token: 'rt_login' };
    }),
    registerUserCard: vi.fn(async (body, accessToken) => {
      steps.push(`user-card:${body.token}:${accessToken}`);
      return { user: 7, id: 70, customer_code: 'cus_user_7' };
    }),
    checkDuplication: vi.fn(async () => {
      steps.push('duplicate-check');
      return { possible_duplication: options.possibleDuplicate ?? false };
    }),
    createGuestCustomer: vi.fn(async (_body, key) => {
      steps.push(`customer:${key}`);
      return { customer_id: 'cust_1', customer_handle: 'g1.handle' };
    }),
    createCardDonation: vi.fn(async (_body, key, accessToken) => {
      steps.push(`donation:${key}${accessToken ? `:${accessToken}` : ''}`);
      return {
        donation: { id: 10, is_anonymous: false, donation_message: null },
        authorize_uri: 'http://bank.test/3ds/10',
        status_token: 'st_10',
      };
    }),
    createRecurringCardDonation: vi.fn(async (_body, key, accessToken) => {
      steps.push(`recurring:${key}${accessToken ? `:${accessToken}` : ''}`);
      return {
        recurring_donation: { id: 3, donations: [{ id: 11, is_anonymous: false, donation_message: null }] },
        authorize_uri: 'http://bank.test/3ds/11',
      };
    }),
    createAnnualCardDonation: vi.fn(async (body, key, accessToken) => {
      steps.push(`annual:${body.membership_plan_id}:${body.amount}:${key}${accessToken ? `:${accessToken}` : ''}`);
      return {
        recurring_donation: { id: 4, donations: [{ id: 13, is_anonymous: false, donation_message: null }] },
        authorize_uri: 'http://bank.test/3ds/13',
        status_token: 'st_13',
      };
    }),
    createBankTransferDonation: vi.fn(async (_body, key, accessToken) => {
      steps.push(`deposit:${key}${accessToken ? `:${accessToken}` : ''}`);
      return { donation: { id: 12, is_anonymous: false, donation_message: null }, virtual_account: virtualAccount };
    }),
    saveFormState: vi.fn(async () => void steps.push('form-state')),
    getFormState: vi.fn(async () => ''),
    getStatus: vi.fn(async () => ({
      id: 10,
      result: 'PAID' as const,
      detail: null,
      payment_method: 'creditCard' as const,
      frequency: 'single' as const,
      amount: 3000,
    })),
    logSubmission: vi.fn(async (log) => void logs.push(log)),
    ...options.apiOverrides,
  };
  const deps: SubmitDeps = {
    api,
    feedback: (entry) => feedback.push(entry),
    methodLabel: (method) => (method === 'creditCard' ? 'クレジットカード' : '銀行振込'),
    sleep: async () => undefined,
    track: (event) => void events.push(event),
    tokeniseCard: vi.fn(async () => {
      steps.push('tokenise');
      return { id: 'tokn_test_1', brand: 'Visa', lastDigits: '4242' };
    }),
    botCheckToken: vi.fn(async () => {
      steps.push('bot-check');
      return 'bot-token';
    }),
    confirmAddress: vi.fn(async () => {
      steps.push('address-dialog');
      return options.supporterConfirmsAddress ?? true;
    }),
    confirmDuplicate: vi.fn(async () => {
      steps.push('duplicate-dialog');
      return options.supporterConfirmsDuplicate ?? true;
    }),
    newIdempotencyKey: () => `key${++keys}`,
    rememberPending: vi.fn(() => void steps.push('remember')),
    redirect: vi.fn((url: string) => void steps.push(`redirect:${url}`)),
    storeSession: vi.fn(async (session) => void steps.push(`session:${session.accessToken}`)),
  };
  return { api, deps, steps, feedback, logs, events };
}

export function input(overrides: Partial<SubmitInput['values']> = {}): SubmitInput {
  return {
    values: makeValues(overrides),
    target: makeTarget(),
    locale: 'ja',
    now: new Date('2025-06-01T00:00:00Z'),
    clientUri: 'http://localhost/associate/kodomo/donate/confirmation',
  };
}
