import { describe, expect, it } from 'vitest';
import {
  BILINGUAL_PAGE_FIELDS,
  expiresBeforeCertified,
  laggingLanguage,
  listLanguageWarnings,
  pageLanguageWarnings,
  presetAmountLimits,
  unknownPlaceholders,
} from './associate-page';
import { ANNUAL_CARD_MAX, ANNUAL_CARD_MIN, MAX_AMOUNT, MIN_AMOUNT } from './constants';

describe('one language not updated', () => {
  const before = { ja: '子どもに学びを', en: 'Learning for every child' };

  it('flags English when only the Japanese text changed', () => {
    expect(laggingLanguage(before, { ja: 'すべての子どもに学びを', en: before.en })).toBe('en');
    // Spaces around the old text do not make it a new one.
    expect(laggingLanguage(before, { ja: 'すべての子どもに学びを', en: ` ${before.en} ` })).toBe('en');
  });

  it('flags Japanese when only the English text changed', () => {
    expect(laggingLanguage(before, { ja: before.ja, en: 'Learning for all children' })).toBe('ja');
  });

  it('flags the other language when it is empty or still a seeded template', () => {
    expect(laggingLanguage({ ja: '', en: '' }, { ja: '新しい説明', en: '' })).toBe('en');
    expect(laggingLanguage(before, { ja: '新しい説明', en: '   ' })).toBe('en');
    const templates = { en: ['Thank you for your donation'] };
    expect(
      laggingLanguage({ ja: 'ありがとう', en: 'Thanks' }, { ja: 'ご寄付ありがとう', en: 'Thank you for your donation' }, templates),
    ).toBe('en');
  });

  it('says nothing when both or neither changed', () => {
    expect(laggingLanguage(before, before)).toBeNull();
    expect(laggingLanguage(before, { ja: 'すべての子どもに学びを', en: 'Learning for all children' })).toBeNull();
    expect(laggingLanguage(before, { ja: `${before.ja}\n`, en: before.en })).toBeNull();
  });
});

describe('an edit’s warnings', () => {
  const texts = Object.fromEntries(
    BILINGUAL_PAGE_FIELDS.flatMap((field) => [
      [field, `${field} ja`],
      [`${field}_en`, `${field} en`],
    ]),
  );

  it('lists each field left behind in one language, in the form’s order', () => {
    const after = { ...texts, catch_copy: '新しいキャッチコピー', address_en: '1-2-3 Shibuya', name: '新名称', name_en: 'New name' };
    expect(pageLanguageWarnings(texts as never, after as never)).toEqual([
      { field: 'catch_copy', missing: 'en' },
      { field: 'address', missing: 'ja' },
    ]);
  });
});

describe('thank-you mail placeholders', () => {
  it('names the ones the mail would leave as typed', () => {
    expect(unknownPlaceholders('{{name}}様 {{ amount }} {{associate}}')).toEqual([]);
    expect(unknownPlaceholders('{{nmae}}様、{{amount}}円 {{}}')).toEqual(['{{nmae}}', '{{}}']);
  });
});

describe('a list edit’s warnings (ADR 070)', () => {
  const before = [
    { id: 1, name: '学習支援', name_en: 'Study support', role: '', role_en: '', comment: '', comment_en: '' },
    { id: 2, name: '食堂', name_en: '', role: '', role_en: '', comment: '', comment_en: '' },
  ];

  it('compares each item with the same id as it was, wherever it now stands; a new item with nothing', () => {
    const after = [
      { ...before[1]!, name_en: 'Canteen' },
      { ...before[0]!, name: '学習支援（改）' },
      { name: '新しい人', name_en: '', role: '', role_en: 'Treasurer', comment: '', comment_en: '' },
    ];
    expect(listLanguageWarnings('members', before, after)).toEqual([
      { list: 'members', index: 0, field: 'name', missing: 'ja' },
      { list: 'members', index: 1, field: 'name', missing: 'en' },
      { list: 'members', index: 2, field: 'name', missing: 'en' },
      { list: 'members', index: 2, field: 'role', missing: 'ja' },
    ]);
    expect(listLanguageWarnings('members', before, before)).toEqual([]);
  });
});

describe('preset amounts follow the donation amount rules', () => {
  it('take what every method offered with the frequency accepts', () => {
    expect(presetAmountLimits('single')).toEqual({
      min: MIN_AMOUNT,
      max: Math.min(MAX_AMOUNT.creditCard, MAX_AMOUNT.walletPay, MAX_AMOUNT.bankTransfer),
    });
    expect(presetAmountLimits('monthly')).toEqual({ min: MIN_AMOUNT, max: Math.min(MAX_AMOUNT.creditCard, MAX_AMOUNT.walletPay) });
    expect(presetAmountLimits('annual')).toEqual({ min: ANNUAL_CARD_MIN, max: ANNUAL_CARD_MAX });
  });
});

describe("the certification's expiry", () => {
  it('may not come before the day it was granted', () => {
    expect(expiresBeforeCertified('2020-04-01', '2020-03-31')).toBe(true);
    expect(expiresBeforeCertified('2020-04-01', '2020-04-01')).toBe(false);
    expect(expiresBeforeCertified('2020-04-01', '')).toBe(false);
  });
});
