// Spec §8 "Card check": fallback errors are reported (with the API's request id), network failures
// and refusals the catalogue names are not (ADR 050).
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '@/lib/api-client';
import { setErrorReporter } from '@/lib/error-reporting';
import { VaultError, VaultNetworkError } from '../card/card-vault';
import { isCardCheckFallback, reportCardCheckFallback } from './card-check-fallback';

afterEach(() => setErrorReporter(undefined));

describe('the card check (spec §8: fallback errors are reported)', () => {
  it('knows a fallback from a refusal the catalogue names and from a network failure', () => {
    expect(isCardCheckFallback(new TypeError('x is undefined'))).toBe(true);
    expect(isCardCheckFallback(new ApiError(500, 'internal', 'internal', undefined, 'req-1'))).toBe(true);
    expect(isCardCheckFallback(new NetworkError(new TypeError('fetch failed')))).toBe(false);
    expect(isCardCheckFallback(new VaultNetworkError(new TypeError('fetch failed')))).toBe(false);
    expect(isCardCheckFallback(new VaultError('invalid_card', 'number is invalid'))).toBe(false);
  });

  it('reports a fallback with the request id, and nothing for a network failure', async () => {
    const reports: [unknown, Record<string, string>][] = [];
    setErrorReporter((error, tags) => reports.push([error, tags]));
    const fallback = new ApiError(500, 'internal', 'internal', undefined, 'req-card-1');
    reportCardCheckFallback(fallback, 'register_card');
    reportCardCheckFallback(new NetworkError(new TypeError('fetch failed')), 'register_card');
    expect(reports).toEqual([[fallback, { flow: 'card_check', step: 'register_card', request_id: 'req-card-1' }]]);
  });
});
