import { RECEIPT_ERRORS } from '@kifu/domain/catalogue/receipt-texts';
import { describe, expect, it } from 'vitest';
import { failureMessage, HistoryCallError } from './history-api';

describe('what a failed receipt call tells the supporter', () => {
  it("the receipt catalogue's reason the API gave, in the reader's language", () => {
    const refunded = new HistoryCallError(409, RECEIPT_ERRORS.refunded.en);
    expect(failureMessage(refunded, 'ja')).toBe(RECEIPT_ERRORS.refunded.ja);
    expect(failureMessage(new HistoryCallError(403, RECEIPT_ERRORS.linkExpired.en), 'en')).toBe(RECEIPT_ERRORS.linkExpired.en);
  });

  it('a 404 without a reason is "no receipt was found"; too many requests says so', () => {
    expect(failureMessage(new HistoryCallError(404, 'donation 5 not found'), 'ja')).toBe(RECEIPT_ERRORS.notFound.ja);
    expect(failureMessage(new HistoryCallError(429, 'too many'), 'en')).toBe('Too many requests. Please try again later.');
  });

  it('no answer at all is a network error; anything else an unknown one', () => {
    expect(failureMessage(new TypeError('fetch failed'), 'ja')).toBe('ネットワークエラーが発生しました');
    expect(failureMessage(new HistoryCallError(500, 'boom'), 'en')).toBe('An unknown error has been occurred');
  });
});
