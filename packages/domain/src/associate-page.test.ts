import { describe, expect, it } from 'vitest';
import { BILINGUAL_PAGE_FIELDS, laggingLanguage, pageLanguageWarnings, unknownPlaceholders } from './associate-page';

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
