// What the donation form sends (packages/domain api/donation.ts), as a browser would: the card is
// tokenised at the sandbox vault, a guest's anonymous customer is made by POST
// /payment/non-member-credit, then the donation POST carries an Idempotency-Key. Each call comes
// from its own client address so per-client rate limits never couple tests.
import { randomBytes, randomUUID } from 'node:crypto';
import type { api } from '@kifu/domain';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { campaignRewards, donations, mailOutbox } from '../../src/db/schema/index';
import type { TestApp } from './build-test-app';
import { uniqueEmail, type TestSandbox } from './start-sandbox';

/** Any sandbox of the helpers (card, bank, wallet): its URL and the vault. */
type Sandbox = Pick<TestSandbox, 'url' | 'tokenize'>;

export const CLIENT_URI = 'http://localhost:3000/associate/kodomo-shokudo-mirai/donate/confirmation';
export const SUCCESS_CARD = '4242424242424242';

export const clientAddress = () => `10.${randomBytes(3).join('.')}`;

export function donorPayload(overrides: Partial<api.DonorPayloadInput> = {}): api.DonorPayloadInput {
  return {
    last_name: '山田',
    first_name: '花子',
    birthday: '1990-04-01',
    zip_code: '1000001',
    area: '東京都',
    city: '千代田区',
    address1: '千代田1-1',
    phone: '0312345678',
    email: uniqueEmail('donor'),
    ...overrides,
  };
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

export async function send<T = Record<string, unknown>>(t: TestApp, options: InjectOptions): Promise<Reply<T>> {
  const response = await t.app.inject({ remoteAddress: clientAddress(), ...options });
  return { status: response.statusCode, body: (response.body === '' ? null : response.json()) as T, headers: response.headers };
}

/** A money-moving POST with an Idempotency-Key (a fresh one unless given). */
export function submit<T = Record<string, unknown>>(
  t: TestApp,
  url: string,
  payload: unknown,
  options: { key?: string; headers?: Record<string, string> } = {},
) {
  return send<T>(t, {
    method: 'POST',
    url,
    payload: payload as InjectOptions['payload'],
    headers: { 'idempotency-key': options.key ?? randomUUID(), ...options.headers },
  });
}

/** The guest card path of spec §4: vault token, then the anonymous customer for this email and its handle. */
export async function guestCustomer(
  t: TestApp,
  sandbox: Sandbox,
  email: string,
  number = SUCCESS_CARD,
): Promise<{ customer_id: string; customer_handle: string }> {
  const response = await send<{ customer_id: string; customer_handle: string }>(t, {
    method: 'POST',
    url: '/payment/non-member-credit',
    payload: { token: await sandbox.tokenize(number), email },
  });
  expect(response.status).toBe(200);
  return response.body;
}

/** A card donation request of a guest who has made their customer (with its handle, unless `customer_id` is given); `overrides` win. */
export async function guestCardRequest(
  t: TestApp,
  sandbox: Sandbox,
  overrides: Partial<api.CardDonationRequest> & { card?: string } = {},
): Promise<api.CardDonationRequest> {
  const { card, ...rest } = overrides;
  const donor = donorPayload(overrides.donor);
  const customer =
    overrides.customer_id === undefined ? await guestCustomer(t, sandbox, donor.email, card) : { customer_id: overrides.customer_id };
  return { donor, amount: 3_000, associate_id: 1, ...customer, client_uri: CLIENT_URI, ...rest };
}

export type CardDonationReply = Reply<api.CardDonationResponse>;

export async function status(t: TestApp, donationId: number, token: string | undefined) {
  const query = token === undefined ? '' : `?donation_token=${encodeURIComponent(token)}`;
  return send<api.DonationStatusResponse & api.ErrorBody>(t, { method: 'GET', url: `/donation/${donationId}/status/${query}` });
}

export async function donationRow(t: TestApp, id: number) {
  return (await t.database.db.select().from(donations).where(eq(donations.id, id)))[0]!;
}

export async function rewardRow(t: TestApp, id: number) {
  return (await t.database.db.select().from(campaignRewards).where(eq(campaignRewards.id, id)))[0]!;
}

/** The mails written to `address`, in the order they were written (PostgreSQL returns updated rows in any order otherwise). */
export async function mailsTo(t: TestApp, address: string) {
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(asc(mailOutbox.id));
}

/** The gateway's own list of charges (GET /charges with the secret key), newest first. */
export async function sandboxCharges(
  sandbox: Sandbox,
): Promise<{ id: string; customer: string | null; status: string; metadata: Record<string, unknown> }[]> {
  const response = await fetch(`${sandbox.url}/charges?limit=100&order=reverse_chronological`, {
    headers: { authorization: `Basic ${Buffer.from(`${SANDBOX_CREDENTIALS.card.secretKey}:`).toString('base64')}` },
  });
  return ((await response.json()) as { data: never[] }).data;
}

/** The customer's schedules at the gateway (GET /customers/:id/schedules). */
export async function sandboxSchedules(sandbox: Sandbox, customerId: string) {
  const response = await fetch(`${sandbox.url}/customers/${customerId}/schedules`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${SANDBOX_CREDENTIALS.card.secretKey}:`).toString('base64')}`,
      'omise-version': '2019-05-29',
    },
  });
  return (
    (await response.json()) as {
      data: {
        id: string;
        status: string;
        every: number;
        period: string;
        on: { days_of_month?: number[] };
        start_on: string;
        charge: { amount: number; customer: string; metadata: Record<string, unknown> };
        next_occurrences_on: string[];
      }[];
    }
  ).data;
}
