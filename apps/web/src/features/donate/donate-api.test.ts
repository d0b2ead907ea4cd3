import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/lib/api-client';
import { createDonateApi, isRetryable, withRetry } from './donate-api';
import { ApiError, NetworkError } from '@/lib/api-client';

function recordingFetch(body: unknown = {}, status = 200) {
  const calls: { url: string; method: string; headers: Headers; body: unknown }[] = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({
      url: String(url),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    return new Response(status === 204 ? null : JSON.stringify(body), { status });
  });
  return { calls, api: createDonateApi(createApiClient('/backend', fetchImpl as typeof fetch)) };
}

describe('donate api', () => {
  it('sends the idempotency key on money-moving calls only', async () => {
    const { calls, api } = recordingFetch({ donation: { id: 1 }, authorize_uri: 'x' });
    await api.createCardDonation({} as never, 'key-1');
    await api.checkDuplication({ associate_id: 1, email: 'a@example.com' });
    expect(calls[0]).toMatchObject({ url: '/backend/donation/', method: 'POST' });
    expect(calls[0]!.headers.get('idempotency-key')).toBe('key-1');
    expect(calls[1]).toMatchObject({ url: '/backend/donation/check-duplication/', body: { associate_id: 1, email: 'a@example.com' } });
    expect(calls[1]!.headers.get('idempotency-key')).toBeNull();
  });

  it('signs up, logs in and saves the card with the bearer token (spec §7)', async () => {
    const { calls, api } = recordingFetch({});
    const profile = {
      first_name: '花子',
      last_name: '山田',
      first_name_kana: '',
      last_name_kana: '',
      birthday: '',
      zip_code: '',
      area: '',
      city: '',
      address1: '',
      address2: '',
      phone: '',
    };
    await api.signup({ email: 'a@example.com', password: 'secret1', private_profile: profile, avatar_image: { file: null } });
    await api.login({ username: 'a@example.com', password: 'secret1' });
    await api.registerUserCard({ token: 'tokn_1' }, 'at_1');
    await api.createCardDonation({} as never, 'k', 'at_1');
    expect(calls[0]).toMatchObject({
      url: '/backend/auth/register',
      method: 'POST',
      body: { email: 'a@example.com', avatar_image: { file: null } },
    });
    expect(calls[1]).toMatchObject({
      url: '/backend/auth/oauth/token/',
      body: { grant_type: 'password', username: 'a@example.com', password: 'secret1' },
    });
    expect(calls[2]).toMatchObject({ url: '/backend/payment/credit', body: { token: 'tokn_1' } });
    expect(calls[2]!.headers.get('authorization')).toBe('Bearer at_1');
    expect(calls[3]!.headers.get('authorization')).toBe('Bearer at_1');
    expect(calls[0]!.headers.get('authorization')).toBeNull();
  });

  it('uses the paths of spec §7', async () => {
    const { calls, api } = recordingFetch({ ok: true });
    await api.createRecurringCardDonation({} as never, 'k');
    await api.createBankTransferDonation({} as never, 'k');
    await api.createGuestCustomer({ token: 'tokn_1', email: 'a@example.com' }, 'k');
    await api.logSubmission({
      payment_method: 1,
      frequency: 1,
      associate_id: 1,
      campaign_id: null,
      user_id: null,
      user_email: '',
      amount: 1,
      success: true,
      feedback_message: '',
    });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /backend/donation/recurring/',
      'POST /backend/donation/deposit/',
      'POST /backend/payment/non-member-credit',
      'POST /backend/donation/submission-log/',
    ]);
  });

  it('passes the status token to the status and form-state calls', async () => {
    const { calls, api } = recordingFetch({ id: 5, result: 'PENDING', form_state: '{}' });
    await api.getStatus(5, 'tok');
    await api.getFormState(5, 'tok');
    await api.getStatus(5, null);
    expect(calls[0]!.url).toBe('/backend/donation/5/status/?donation_token=tok');
    expect(calls[1]!.url).toBe('/backend/donation/5/form-state/?donation_token=tok');
    expect(calls[2]!.url).toBe('/backend/donation/5/status/');
  });

  it('retries only what is safe to repeat', async () => {
    expect(isRetryable(new NetworkError(new Error('x')))).toBe(true);
    expect(isRetryable(new ApiError(409, 'in progress'))).toBe(true);
    expect(isRetryable(new ApiError(503, 'down'))).toBe(true);
    expect(isRetryable(new ApiError(422, 'card declined'))).toBe(false);
    expect(isRetryable(new ApiError(429, 'slow down'))).toBe(false);
    const sleeps: number[] = [];
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw new ApiError(502, 'bad gateway');
        },
        async (ms) => void sleeps.push(ms),
      ),
    ).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(3);
    expect(sleeps).toEqual([800, 2000]);
  });
});
