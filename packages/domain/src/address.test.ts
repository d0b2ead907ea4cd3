import { describe, expect, it } from 'vitest';
import { PREFECTURE_COUNT } from './constants';
import { PREFECTURES, findPrefecture, isSuspiciousAddress, postalCodeToLookUp, suspiciousAddressReasons } from './address';

describe('PREFECTURES', () => {
  it('lists the 47 prefectures in JIS order with unique names', () => {
    expect(PREFECTURES).toHaveLength(PREFECTURE_COUNT);
    expect(PREFECTURES.map((p) => p.code)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
    expect(new Set(PREFECTURES.map((p) => p.ja)).size).toBe(47);
    expect(new Set(PREFECTURES.map((p) => p.en)).size).toBe(47);
    expect(PREFECTURES[0]).toEqual({ code: 1, ja: '北海道', en: 'Hokkaido' });
    expect(PREFECTURES[12]).toEqual({ code: 13, ja: '東京都', en: 'Tokyo' });
    expect(PREFECTURES[25]).toEqual({ code: 26, ja: '京都府', en: 'Kyoto' });
    expect(PREFECTURES[26]).toEqual({ code: 27, ja: '大阪府', en: 'Osaka' });
    expect(PREFECTURES[46]).toEqual({ code: 47, ja: '沖縄県', en: 'Okinawa' });
  });

  it('every Japanese name ends in 都, 道, 府 or 県', () => {
    for (const { ja } of PREFECTURES) expect(ja).toMatch(/[都道府県]$/);
  });
});

describe('findPrefecture', () => {
  it('finds by the Japanese name or the English one, ignoring case and spaces', () => {
    expect(findPrefecture('東京都')?.code).toBe(13);
    expect(findPrefecture(' 神奈川県 ')?.code).toBe(14);
    expect(findPrefecture('tokyo')?.code).toBe(13);
    expect(findPrefecture('東京')).toBeUndefined();
    expect(findPrefecture('')).toBeUndefined();
  });
});

const good = { postalCode: '152-0001', state: '東京都', city: '目黒区', street: '中央町1-2-3' };

describe('suspiciousAddressReasons', () => {
  it('finds nothing wrong with an ordinary address, in either width', () => {
    expect(suspiciousAddressReasons(good)).toEqual([]);
    expect(isSuspiciousAddress(good)).toBe(false);
    expect(isSuspiciousAddress({ postalCode: '１５２－０００１', state: '東京都', city: '目黒区', street: '中央町１－２－３' })).toBe(
      false,
    );
  });

  it.each([
    ['a postal code of 6 digits', { postalCode: '152-000' }, 'postalCodeNot7Digits'],
    ['a postal code of 8 digits', { postalCode: '15200011' }, 'postalCodeNot7Digits'],
    ['a postal code with letters', { postalCode: 'ABC-DEFG' }, 'postalCodeNot7Digits'],
    ['an unknown prefecture', { state: '東京' }, 'unknownPrefecture'],
    ['an empty prefecture', { state: '' }, 'unknownPrefecture'],
    ['a city with a digit', { city: '目黒区2' }, 'cityHasDigit'],
    ['a city with a full-width digit', { city: '目黒区２' }, 'cityHasDigit'],
    ['a street without a number', { street: '中央町' }, 'streetHasNoDigit'],
    ['a street with only kanji numerals', { street: '中央町三丁目' }, 'streetHasNoDigit'],
    ['a street of digits only', { street: '123' }, 'streetOnlyDigits'],
    ['a street of digits and hyphens only', { street: '１－２－３' }, 'streetOnlyDigits'],
  ] as const)('flags %s', (_case, change, reason) => {
    const address = { ...good, ...change };
    expect(suspiciousAddressReasons(address)).toEqual([reason]);
    expect(isSuspiciousAddress(address)).toBe(true);
  });

  it('accepts a block number alone when the city holds the town the postal lookup gave', () => {
    // 1520001 looks up to 東京都 目黒区 中央町, and the form fills the city with 目黒区中央町.
    const looked = { ...good, city: '目黒区中央町', street: '1-2-3' };
    expect(suspiciousAddressReasons(looked, '中央町')).toEqual([]);
    expect(suspiciousAddressReasons({ ...looked, city: '目黒区 中央町', street: '１－２－３' }, '中央町')).toEqual([]);
  });

  it('accepts the block number however a Japanese keyboard writes its dashes (ADR 058)', () => {
    const looked = { ...good, city: '目黒区中央町' };
    // An IME in kana mode turns "-" into ー; in full-width mode into － (U+FF0D); phones give ‐ or −.
    for (const street of ['1-2-3', '１ー２ー３', '１－２－３', '1‐2‐3', '1−2−3', '1 - 2 - 3', '123'])
      expect(suspiciousAddressReasons({ ...looked, street }, '中央町'), street).toEqual([]);
    // The lookup's town in full width or with a space still matches the city the form was filled with.
    expect(suspiciousAddressReasons({ ...looked, street: '1-2-3' }, ' 中央町 ')).toEqual([]);
  });

  it('still flags a block number alone when the city lacks the town, or no lookup answered', () => {
    expect(suspiciousAddressReasons({ ...good, street: '1-2-3' }, '中央町')).toEqual(['streetOnlyDigits']);
    expect(suspiciousAddressReasons({ ...good, city: '目黒区中央町', street: '1-2-3' })).toEqual(['streetOnlyDigits']);
    expect(suspiciousAddressReasons({ ...good, city: '目黒区中央町', street: '1-2-3' }, '')).toEqual(['streetOnlyDigits']);
  });

  it('reports every reason that holds', () => {
    expect(suspiciousAddressReasons({ postalCode: '', state: 'Narnia', city: '1', street: 'abc' })).toEqual([
      'postalCodeNot7Digits',
      'unknownPrefecture',
      'cityHasDigit',
      'streetHasNoDigit',
    ]);
  });
});

describe('postalCodeToLookUp', () => {
  it('looks up a complete code while state and city are empty', () => {
    expect(postalCodeToLookUp({ postalCode: '１５２－０００１', state: '', city: '' })).toBe('1520001');
    expect(postalCodeToLookUp({ postalCode: '152-0001', state: ' ', city: '' })).toBe('1520001');
  });

  it('does not look up an incomplete code or over what was typed', () => {
    expect(postalCodeToLookUp({ postalCode: '152-000', state: '', city: '' })).toBeUndefined();
    expect(postalCodeToLookUp({ postalCode: '152-0001', state: '東京都', city: '' })).toBeUndefined();
    expect(postalCodeToLookUp({ postalCode: '152-0001', state: '', city: '目黒区' })).toBeUndefined();
  });
});
