import { describe, expect, it } from 'vitest';
import { associateUidParams } from './associate';

describe('associateUidParams', () => {
  it('takes a uid of 1–64 characters of usable text, so the web answers anything else with its 404 page', () => {
    expect(associateUidParams.safeParse({ uid: 'kodomo-shokudo-mirai' }).success).toBe(true);
    for (const uid of ['', 'x'.repeat(65), 'a\u0000b', 'a\ud800'])
      expect(associateUidParams.safeParse({ uid }).success, JSON.stringify(uid)).toBe(false);
  });
});
