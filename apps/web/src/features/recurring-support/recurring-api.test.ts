import { RECURRING_ERRORS } from '@kifu/domain/catalogue/recurring-texts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, NetworkError } from '@/lib/api-client';
import { createRecurringApi, failureOf, type AmountContext } from './recurring-api';

const amount: AmountContext = { limits: { min: 100, max: 6_000_000 }, fieldLabel: '新しい月額（円）', methodLabel: 'クレジットカード' };

describe('what a failed change tells the supporter', () => {
  it("the recurring catalogue's reason the API gave, in the reader's language", () => {
    expect(failureOf(new ApiError(409, RECURRING_ERRORS.alreadyStopped.en, 'conflict'), 'ja')).toEqual({
      field: null,
      message: RECURRING_ERRORS.alreadyStopped.ja,
    });
    expect(failureOf(new ApiError(502, RECURRING_ERRORS.providerFailed.en, 'bad_gateway'), 'en').message).toBe(
      RECURRING_ERRORS.providerFailed.en,
    );
    expect(failureOf(new ApiError(404, `${RECURRING_ERRORS.notFound.en} (12)`, 'not_found'), 'ja').message).toBe(
      RECURRING_ERRORS.notFound.ja,
    );
    // A stop asked while the schedule is being replaced (ADR 053) says to try again, not that it cannot be done.
    expect(failureOf(new ApiError(409, RECURRING_ERRORS.changeInProgress.en, 'conflict'), 'ja').message).toBe(
      RECURRING_ERRORS.changeInProgress.ja,
    );
  });

  it('an amount refused by the rules belongs under the field, with the limits', () => {
    const below = new ApiError(400, 'the amount must be 100–6000000 yen', 'validation_failed', { amount: ['min'] });
    expect(failureOf(below, 'ja', amount)).toEqual({
      field: 'amount',
      message: '支援金額が下限を下回っています。100円以上で入力してください。',
    });
    const above = new ApiError(400, 'the amount must be 100–6000000 yen', 'validation_failed', { amount: ['max'] });
    expect(failureOf(above, 'en', { ...amount, methodLabel: 'Credit card' }).message).toBe(
      'Support amount exceeded. If you choose Credit card, the upper limitation is ¥6,000,000.',
    );
    const same = new ApiError(400, RECURRING_ERRORS.sameAmount.en, 'validation_failed', { amount: ['value'] });
    expect(failureOf(same, 'ja', amount)).toEqual({ field: 'amount', message: RECURRING_ERRORS.sameAmount.ja });
  });

  it('by status when the detail is not one of ours; no answer at all is a network error', () => {
    expect(failureOf(new ApiError(409, 'something else', 'conflict'), 'ja').message).toBe(RECURRING_ERRORS.notAllowed.ja);
    expect(failureOf(new ApiError(401, 'Authentication required', 'unauthorized'), 'en').message).toBe('Please login first.');
    expect(failureOf(new ApiError(500, 'boom', 'internal'), 'en').message).toBe('An unknown error has been occurred');
    expect(failureOf(new NetworkError(new TypeError('fetch failed')), 'ja').message).toBe('ネットワークエラーが発生しました');
  });
});

describe('the calls', () => {
  function recording(answer: unknown) {
    const fetchImpl = vi.fn(async (..._args: Parameters<typeof fetch>) => new Response(JSON.stringify(answer), { status: 200 }));
    return { fetchImpl, calls: createRecurringApi(createApiClient('/backend', fetchImpl as unknown as typeof fetch)) };
  }

  it('lists in the reader language, same-origin', async () => {
    const { fetchImpl, calls } = recording({ results: [] });
    await expect(calls.list('en')).resolves.toEqual([]);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/backend/user/my_page/recurring_donation/associate/?lang=en');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
  });

  it('posts each change to its path with the language, and a stop without a reason sends none', async () => {
    const { fetchImpl, calls } = recording({ id: 7 });
    await calls.change(7, { kind: 'pause', months: 2 }, 'ja');
    await calls.change(7, { kind: 'stop', reason: null }, 'ja');
    await calls.change(7, { kind: 'amount', amount: 2_000 }, 'en');
    const sent = fetchImpl.mock.calls.map(([url, init]) => [url, JSON.parse(String(init?.body))]);
    expect(sent).toEqual([
      ['/backend/donation/recurring/7/pause/', { months: 2, lang: 'ja' }],
      ['/backend/donation/recurring/7/stop/', { lang: 'ja' }],
      ['/backend/donation/recurring/7/amount/', { amount: 2_000, lang: 'en' }],
    ]);
  });
});
