import { describe, expect, it } from 'vitest';
import {
  tracesIncomingRequest,
  FILTERED,
  isNotFoundTransaction,
  isTimeoutError,
  reportingHooks,
  reportingOptions,
  scrubBreadcrumb,
  scrubEvent,
  scrubText,
  TRACE_SAMPLE_RATE,
} from './error-reporting';

describe('isTimeoutError (spec §8: timeouts are not reported)', () => {
  it('knows AbortSignal.timeout, Node and undici codes, provider timeouts, 408/504 and the API timeout detail', () => {
    expect(isTimeoutError(new DOMException('The operation timed out.', 'TimeoutError'))).toBe(true);
    expect(isTimeoutError(Object.assign(new Error('connect'), { code: 'ETIMEDOUT' }))).toBe(true);
    expect(isTimeoutError(Object.assign(new Error('headers'), { code: 'UND_ERR_HEADERS_TIMEOUT' }))).toBe(true);
    expect(isTimeoutError(Object.assign(new Error('card provider did not answer'), { code: 'timeout' }))).toBe(true);
    expect(isTimeoutError(Object.assign(new Error('gateway'), { status: 504 }))).toBe(true);
    expect(isTimeoutError(Object.assign(new Error('x'), { status: 502, detail: 'timeout: the card provider timed out' }))).toBe(true);
  });
  it('follows the cause chain (a NetworkError wrapping a TimeoutError)', () => {
    const cause = new DOMException('timed out', 'TimeoutError');
    expect(isTimeoutError(new Error('Network error while calling the API', { cause }))).toBe(true);
  });
  it('does not take other failures for timeouts', () => {
    expect(isTimeoutError(new Error('boom'))).toBe(false);
    expect(
      isTimeoutError(Object.assign(new Error('gone'), { status: 502, detail: 'network_error: the card provider is unavailable' })),
    ).toBe(false);
    expect(isTimeoutError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isTimeoutError('timeout')).toBe(false);
    expect(isTimeoutError(null)).toBe(false);
  });
});

describe('isNotFoundTransaction (spec §8: the 404 page traces are dropped)', () => {
  it('drops 404 answers, the 404 routes and a browser page marked not-found', () => {
    expect(isNotFoundTransaction({ transaction: 'GET /x', contexts: { trace: { data: { 'http.response.status_code': 404 } } } })).toBe(
      true,
    );
    expect(isNotFoundTransaction({ transaction: 'GET /_not-found' })).toBe(true);
    expect(isNotFoundTransaction({ transaction: '/[locale]/[...rest]' })).toBe(true);
    expect(isNotFoundTransaction({ transaction: '/en/nope', tags: { 'kifu.page': 'not-found' } })).toBe(true);
  });
  it('keeps other pages', () => {
    expect(
      isNotFoundTransaction({
        transaction: 'GET /[locale]/campaign/[id]',
        contexts: { trace: { data: { 'http.response.status_code': 200 } } },
      }),
    ).toBe(false);
    expect(isNotFoundTransaction({ transaction: '/[locale]' })).toBe(false);
  });
});

describe('scrubText', () => {
  it('removes emails, phone numbers, card numbers, postal codes, bearer tokens, long tokens and query strings', () => {
    const text =
      'user taro.yamada+kifu@example.co.jp called 090-1234-5678 with card 4242 4242 4242 4242 from 〒100-0001 ' +
      'Authorization: Bearer abc.def-123 at https://kifu.test/donation/5/status/?status_token=s3cr3t&x=1 token eyJhbGciOi.eyJzdWIi.sig ' +
      'key sk_test_5aB7cD9eF1gH3iJ5kL7mN9oP1qR3sT5u';
    const scrubbed = scrubText(text);
    for (const secret of ['taro', 'example.co.jp', '1234-5678', '4242', '100-0001', 'abc.def', 's3cr3t', 'eyJ', 'sk_test']) {
      expect(scrubbed).not.toContain(secret);
    }
    expect(scrubbed).toContain('https://kifu.test/donation/5/status/ ');
    expect(scrubbed).toContain(`Bearer ${FILTERED}`);
  });
  it('leaves ordinary text, small numbers and status codes alone', () => {
    expect(scrubText('Request failed with status 500 after 3 retries')).toBe('Request failed with status 500 after 3 retries');
  });
});

describe('scrubEvent', () => {
  const event = {
    message: 'failed for hanako@example.com',
    exception: {
      values: [
        {
          type: 'Error',
          value: 'no user 080-9999-0000',
          stacktrace: { frames: [{ function: 'f', vars: { password: 'x' }, context_line: "throw new Error('hanako@example.com')" }] },
        },
      ],
    },
    user: { email: 'hanako@example.com', ip_address: '203.0.113.9' },
    request: {
      url: 'https://kifu.test/api/x?token=abc',
      method: 'POST',
      headers: { Authorization: 'Bearer abc', Cookie: 'user_token=abc', 'User-Agent': 'UA', 'x-request-id': 'req-1' },
      cookies: { user_token: 'abc' },
      data: '{"email":"hanako@example.com"}',
      query_string: 'token=abc',
    },
    tags: { request_id: '6f1c2a3b-1111-2222-3333-444455556666', flow: 'card_check' },
    extra: { email: 'hanako@example.com', card: { number: '4242424242424242' }, amount: 1000 },
    contexts: {
      donor: { name: 'Hanako', address: 'Tokyo' },
      trace: { trace_id: '0af7651916cd43dd8448eb211c80319c', data: { 'url.query': '?token=abc', 'http.method': 'GET' } },
    },
    breadcrumbs: [{ category: 'fetch', data: { url: '/backend/user/me/?token=abc', method: 'GET' } }],
  };
  const scrubbed = scrubEvent(event);
  const serialised = JSON.stringify(scrubbed);

  it('sends nothing personal', () => {
    for (const secret of ['hanako', '080-9999', 'user_token', 'abc', '4242', 'Tokyo', '203.0.113.9', 'password']) {
      expect(serialised).not.toContain(secret);
    }
    expect(scrubbed.user).toBeUndefined();
    expect(scrubbed.request).toEqual({
      method: 'POST',
      url: 'https://kifu.test/api/x',
      headers: { 'User-Agent': 'UA', 'x-request-id': 'req-1' },
    });
  });
  it('keeps what is needed to investigate: types, request id, amounts, methods', () => {
    expect(scrubbed.exception?.values?.[0]?.type).toBe('Error');
    expect(scrubbed.tags).toEqual({ request_id: '6f1c2a3b-1111-2222-3333-444455556666', flow: 'card_check' });
    expect(scrubbed.extra?.amount).toBe(1000);
    expect(scrubbed.breadcrumbs?.[0]?.data).toEqual({ url: '/backend/user/me/', method: 'GET' });
    expect(scrubbed.contexts?.trace).toMatchObject({ trace_id: '0af7651916cd43dd8448eb211c80319c', data: { 'http.method': 'GET' } });
  });
  it('does not change the event it was given', () => {
    expect(event.user.email).toBe('hanako@example.com');
  });
});

describe('reportingHooks and reportingOptions', () => {
  const hooks = reportingHooks();
  it('drops timeouts, keeps and scrubs other errors', () => {
    expect(hooks.beforeSend({ message: 'x' }, { originalException: new DOMException('t', 'TimeoutError') })).toBeNull();
    expect(hooks.beforeSend({ exception: { values: [{ type: 'TimeoutError', value: 't' }] } })).toBeNull();
    expect(hooks.beforeSend({ message: 'for a@b.jp' }, { originalException: new Error('for a@b.jp') })).toEqual({
      message: `for ${FILTERED}`,
    });
  });
  it('drops 404 traces and lets the browser mark its 404 page', () => {
    expect(hooks.beforeSendTransaction({ transaction: 'GET /_not-found' })).toBeNull();
    expect(hooks.beforeSendTransaction({ transaction: 'GET /[locale]' })).toEqual({ transaction: 'GET /[locale]' });
    const marking = reportingHooks({ decorateTransaction: (event) => (event.tags = { ...event.tags, 'kifu.page': 'not-found' }) });
    expect(marking.beforeSendTransaction({ transaction: '/en/nope' })).toBeNull();
  });
  it('scrubs breadcrumbs', () => {
    expect(scrubBreadcrumb({ category: 'console', message: 'mail to a@b.jp' }).message).toBe(`mail to ${FILTERED}`);
    const sent = hooks.beforeSend({ breadcrumbs: [{ category: 'navigation', data: { from: '/a?token=1', to: '/b' } }] });
    expect(sent?.breadcrumbs?.[0]?.data).toEqual({ from: '/a', to: '/b' });
  });
  it('sends no default personal data and samples traces at 0.001', () => {
    const options = reportingOptions({ dsn: 'http://k@127.0.0.1:1/error-tracking/1', environment: 'test', release: 'b1' });
    expect(options).toMatchObject({
      sendDefaultPii: false,
      tracesSampleRate: 0.001,
      traceLifecycle: 'static',
      environment: 'test',
      release: 'b1',
    });
    expect(TRACE_SAMPLE_RATE).toBe(0.001);
  });
});

describe('tracesIncomingRequest (spec §8: one trace in a thousand; ADR 080)', () => {
  it('traces one request in 1/TRACE_SAMPLE_RATE when no caller decided', () => {
    expect(tracesIncomingRequest(undefined, () => 0)).toBe(true);
    expect(tracesIncomingRequest(undefined, () => TRACE_SAMPLE_RATE / 2)).toBe(true);
    expect(tracesIncomingRequest(undefined, () => TRACE_SAMPLE_RATE)).toBe(false);
    expect(tracesIncomingRequest(undefined, () => 0.5)).toBe(false);
    let traced = 0;
    for (let n = 0; n < 100_000; n++) if (tracesIncomingRequest(undefined)) traced++;
    // 100 expected; the binomial's standard deviation is 10.
    expect(traced).toBeGreaterThan(40);
    expect(traced).toBeLessThan(180);
  });

  it("follows the caller's decision in sentry-trace, whatever the dice say", () => {
    const trace = '0123456789abcdef0123456789abcdef-0123456789abcdef';
    expect(tracesIncomingRequest(`${trace}-1`, () => 0.99)).toBe(true);
    expect(tracesIncomingRequest(`${trace}-0`, () => 0)).toBe(false);
    // No decision in the header, or a header that is not one: the dice.
    expect(tracesIncomingRequest(trace, () => 0.99)).toBe(false);
    expect(tracesIncomingRequest(trace, () => 0)).toBe(true);
    expect(tracesIncomingRequest('nonsense-1', () => 0.99)).toBe(false);
    expect(tracesIncomingRequest([`${trace}-1`, `${trace}-1`], () => 0.99)).toBe(false);
  });
});
