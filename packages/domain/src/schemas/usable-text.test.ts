import { describe, expect, it } from 'vitest';
import { isUsableText, unusableTextPaths } from './usable-text';

describe('isUsableText', () => {
  it('takes any well-formed text, surrogate pairs (emoji) and control characters other than NUL included', () => {
    expect(isUsableText('')).toBe(true);
    expect(isUsableText('山田 花子')).toBe(true);
    expect(isUsableText('応援しています😀')).toBe(true);
    expect(isUsableText('line\nbreak\ttab')).toBe(true);
  });

  it('refuses a NUL character and a lone surrogate, high or low', () => {
    expect(isUsableText('a\u0000b')).toBe(false);
    expect(isUsableText('cust_\ud800')).toBe(false);
    expect(isUsableText('\udc00x')).toBe(false);
    expect(isUsableText('\ude00\ud83d')).toBe(false);
  });
});

describe('unusableTextPaths', () => {
  it('reports every unusable string at its path, object keys included', () => {
    const body = {
      donor: { last_name: 'a\u0000', first_name: '花子' },
      survey: [{ text: 'ok' }, { text: '\ud800' }],
      'k\u0000': 1,
      amount: 3000,
    };
    expect(unusableTextPaths(body).sort()).toEqual([['donor', 'last_name'], ['k\u0000'], ['survey', 1, 'text']].sort());
  });

  it('reports a bare string at the empty path and finds nothing in usable input', () => {
    expect(unusableTextPaths('\u0000')).toEqual([[]]);
    expect(unusableTextPaths({ a: ['x', 1, null, true, { b: '😀' }] })).toEqual([]);
    expect(unusableTextPaths(undefined)).toEqual([]);
  });

  it('walks records without Object.prototype, as query parsers and routers make them, and skips buffers', () => {
    const bare = Object.assign(Object.create(null) as Record<string, string>, { q: '\u0000' });
    function NullObject() {}
    NullObject.prototype = Object.create(null);
    const params = Object.assign(new (NullObject as unknown as new () => object)(), { uid: '\u0000' });
    expect(unusableTextPaths(bare)).toEqual([['q']]);
    expect(unusableTextPaths(params)).toEqual([['uid']]);
    expect(unusableTextPaths(Buffer.from([0, 0xed, 0xa0, 0x80]))).toEqual([]);
  });

  it('copes with a deeply nested body', () => {
    let deep: unknown = 'a\u0000';
    for (let depth = 0; depth < 100_000; depth++) deep = [deep];
    expect(unusableTextPaths(deep)[0]).toHaveLength(100_000);
  });
});
