// The donation calls of spec §7 as the browser makes them, through the same-origin /backend proxy.
// Money-moving POSTs carry an Idempotency-Key (architecture.md §3): one random key per submission
// attempt, reused when the same attempt is retried, so a retry can never charge twice.
import type {
  AnnualCardDonationRequest,
  BankTransferDonationRequest,
  CardDonationRequest,
  RecurringCardDonationRequest,
  VirtualAccountView,
} from '@kifu/domain/api/donation';
import type { DONATION_STATUS_RESULTS } from '@kifu/domain/api/donation';
import type { UserCardRequest } from '@kifu/domain/api/user-card';
import type { Frequency, PaymentMethod } from '@kifu/domain/enums';
import { ApiError, NetworkError, type ApiClient } from '@/lib/api-client';

interface DonationSummary {
  id: number;
  is_anonymous: boolean;
  donation_message: { id: number } | null;
}

/** Creation responses may carry a token that lets a guest read the donation's status and form state. */
interface StatusTokenField {
  status_token?: string | null;
}

export type CardDonationResponse = { donation: DonationSummary; authorize_uri: string } & StatusTokenField;
export type RecurringDonationResponse = {
  recurring_donation: { id: number; donations: DonationSummary[] };
  authorize_uri: string;
} & StatusTokenField;
export type BankTransferDonationResponse = { donation: DonationSummary; virtual_account: VirtualAccountView } & StatusTokenField;

export interface DonationStatus {
  id: number;
  result: (typeof DONATION_STATUS_RESULTS)[number];
  detail: string | null;
  payment_method: PaymentMethod;
  frequency: Frequency;
  amount: number;
}

/** Spec §3 "Donation submission log"; payment method and frequency as the log codes them. */
export interface SubmissionLog {
  payment_method: 1 | 4 | 7;
  frequency: 1 | 2 | 3;
  associate_id: number;
  campaign_id: number | null;
  user_id: number | null;
  user_email: string;
  amount: number;
  success: boolean;
  feedback_message: string;
}

/** Spec §7 "Signup": the private profile as snake_case, like the donor payload. */
export interface PrivateProfileBody {
  first_name: string;
  last_name: string;
  first_name_kana: string;
  last_name_kana: string;
  birthday: string;
  gender?: number;
  zip_code: string;
  area: string;
  city: string;
  address1: string;
  address2: string;
  phone: string;
}

export interface SignupBody {
  email: string;
  password: string;
  private_profile: PrivateProfileBody;
  avatar_image: { file: null };
  /** A bot-check token of its own: the donation's is spent by the gift (ADR 056). */
  recaptcha_token?: string;
}

export interface SignupResponse {
  email: string;
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
}

export interface LoginResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
}

/** Spec §7 "Update credit card": the card saved on the signed-in user. */
export interface UserCardResponse {
  user: number;
  id: number;
  customer_code: string;
}

export interface DonateApi {
  signup(body: SignupBody): Promise<SignupResponse>;
  login(body: { username: string; password: string }): Promise<LoginResponse>;
  /** Without `accessToken` the session cookie authenticates (supporter/signed-in-supporter.ts). */
  registerUserCard(body: UserCardRequest, accessToken?: string): Promise<UserCardResponse>;
  /** One of associate_id and portfolio_id (ADR 010). */
  checkDuplication(
    body: ({ associate_id: number } | { portfolio_id: number }) & { email: string },
  ): Promise<{ possible_duplication: boolean }>;
  /** `customer_handle` goes back with the donation: it alone lets this guest charge the customer (ADR 026). */
  createGuestCustomer(
    body: { token: string; email: string },
    idempotencyKey: string,
  ): Promise<{ customer_id: string; customer_handle: string }>;
  /** `accessToken`: the signed-in supporter's token (Bearer), or none for a guest. */
  createCardDonation(body: CardDonationRequest, idempotencyKey: string, accessToken?: string): Promise<CardDonationResponse>;
  createRecurringCardDonation(
    body: RecurringCardDonationRequest,
    idempotencyKey: string,
    accessToken?: string,
  ): Promise<RecurringDonationResponse>;
  /** An annual membership of a plan: the first year now, then yearly (spec §7 /donation/recurring/annual/). */
  createAnnualCardDonation(
    body: AnnualCardDonationRequest,
    idempotencyKey: string,
    accessToken?: string,
  ): Promise<RecurringDonationResponse>;
  createBankTransferDonation(
    body: BankTransferDonationRequest,
    idempotencyKey: string,
    accessToken?: string,
  ): Promise<BankTransferDonationResponse>;
  saveFormState(donationId: number, formState: string, statusToken: string | null): Promise<void>;
  getFormState(donationId: number, statusToken: string | null): Promise<string>;
  getStatus(donationId: number, statusToken: string | null): Promise<DonationStatus>;
  logSubmission(log: SubmissionLog): Promise<void>;
}

async function required<T>(promise: Promise<{ status: number; content: T | null }>): Promise<T> {
  const { status, content } = await promise;
  if (content === null) throw new ApiError(status, 'The API returned an empty or non-JSON body');
  return content;
}

export function createDonateApi(client: ApiClient): DonateApi {
  const post = <T>(path: string, body: unknown, idempotencyKey?: string, token?: string) =>
    required(
      client.request<T>('POST', path, {
        body,
        token,
        init: idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : undefined,
      }),
    );
  // The creation response's `status_token` goes back as the `donation_token` query parameter
  // (api.donationAccessQuery); null sends none (a signed-in donor needs no token).
  const tokenQuery = (statusToken: string | null) => ({ donation_token: statusToken });
  return {
    signup: (body) => post('/auth/register', body),
    login: (body) => post('/auth/oauth/token/', { grant_type: 'password', ...body }),
    registerUserCard: (body, accessToken) => post('/payment/credit', body, undefined, accessToken),
    checkDuplication: (body) => post('/donation/check-duplication/', body),
    createGuestCustomer: (body, key) => post('/payment/non-member-credit', body, key),
    createCardDonation: (body, key, accessToken) => post('/donation/', body, key, accessToken),
    createRecurringCardDonation: (body, key, accessToken) => post('/donation/recurring/', body, key, accessToken),
    createAnnualCardDonation: (body, key, accessToken) => post('/donation/recurring/annual/', body, key, accessToken),
    createBankTransferDonation: (body, key, accessToken) => post('/donation/deposit/', body, key, accessToken),
    async saveFormState(donationId, formState, statusToken) {
      await client.request('PUT', `/donation/${donationId}/form-state/`, {
        body: { form_state: formState },
        query: tokenQuery(statusToken),
      });
    },
    async getFormState(donationId, statusToken) {
      const content = await client.get<{ form_state: string }>(`/donation/${donationId}/form-state/`, { query: tokenQuery(statusToken) });
      return content.form_state;
    },
    getStatus: (donationId, statusToken) =>
      client.get<DonationStatus>(`/donation/${donationId}/status/`, { query: tokenQuery(statusToken), init: { cache: 'no-store' } }),
    async logSubmission(log) {
      await client.request('POST', '/donation/submission-log/', { body: log });
    },
  };
}

/** Failures worth repeating with the same idempotency key: no answer, a replay still running, a gateway hiccup. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof ApiError && [409, 502, 503, 504].includes(error.status);
}

export const RETRY_DELAYS_MS = [800, 2000] as const;

/** Runs `call`, repeating it after each delay while it fails retryably; the last error is thrown. */
export async function withRetry<T>(
  call: () => Promise<T>,
  sleep: (ms: number) => Promise<void>,
  delays: readonly number[] = RETRY_DELAYS_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || !isRetryable(error)) throw error;
      await sleep(delay);
    }
  }
}

/**
 * Keeps the signed-in session (spec §9: the user_token cookie, 60 days): the page's own route
 * handler sets it httpOnly, which the browser could not do itself.
 */
export async function storeSession(session: { accessToken: string; expiresIn: number }, fetchImpl: typeof fetch = fetch): Promise<void> {
  let response: Response;
  try {
    response = await fetchImpl('/api/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ accessToken: session.accessToken, expiresIn: session.expiresIn }),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) throw new ApiError(response.status, 'The session could not be stored');
}

/** Spec §4 Authentication 4: the stored session is removed (the httpOnly cookie expired by its route). */
export async function dropSession(fetchImpl: typeof fetch = fetch): Promise<void> {
  const response = await fetchImpl('/api/session', { method: 'DELETE', credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(response.status, 'The session could not be removed');
}

/** A random idempotency key for one submission attempt. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
