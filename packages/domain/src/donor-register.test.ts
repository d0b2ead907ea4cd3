import { describe, expect, it } from 'vitest';
import {
  buildDonorRegister,
  DONOR_REGISTER_TEXTS,
  donorRegisterCsvHeader,
  donorRegisterCsvLines,
  donorRegisterKey,
  type DonorRegisterGift,
} from './donor-register';

function gift(overrides: Partial<DonorRegisterGift> = {}): DonorRegisterGift {
  return {
    donorKey: 'user:1',
    name: '山田 花子',
    nameKana: 'ヤマダ ハナコ',
    address: '〒100-0001 東京都千代田区千代田1-1',
    amount: 3000,
    receivedAt: new Date('2025-05-10T03:00:00Z'),
    anonymous: false,
    ...overrides,
  };
}

describe('donorRegisterKey', () => {
  it('is the account when there is one, otherwise the e-mail address ignoring case', () => {
    expect(donorRegisterKey({ userId: 7, email: 'A@example.jp' })).toBe('user:7');
    expect(donorRegisterKey({ userId: null, email: ' Guest@Example.JP ' })).toBe('email:guest@example.jp');
  });
});

describe('buildDonorRegister', () => {
  it('groups gifts per donor, oldest first, with each donor’s total', () => {
    const register = buildDonorRegister([
      gift({ amount: 5000, receivedAt: new Date('2025-09-01T00:00:00Z') }),
      gift({ amount: 3000, receivedAt: new Date('2025-05-10T03:00:00Z') }),
      gift({ donorKey: 'email:taro@example.jp', name: '青木 太郎', nameKana: 'アオキ タロウ', amount: 10000 }),
    ]);
    expect(register.donors.map((donor) => [donor.name, donor.total, donor.gifts.map((entry) => entry.amount)])).toEqual([
      ['青木 太郎', 10000, [10000]],
      ['山田 花子', 8000, [3000, 5000]],
    ]);
    expect(register).toMatchObject({ donorCount: 2, giftCount: 3, total: 18000, anonymous: [], anonymousTotal: 0 });
  });

  it('states the day received in Japan', () => {
    const [donor] = buildDonorRegister([gift({ receivedAt: new Date('2026-03-31T15:30:00Z') })]).donors;
    expect(donor!.gifts[0]!.receivedOn).toBe('2026-04-01');
  });

  it('keeps nothing of an anonymous gift but its amount and day, whatever it came with', () => {
    const register = buildDonorRegister([
      gift({ anonymous: true, donorKey: 'user:1', name: '秘密 太郎', address: '秘密の住所', amount: 2000 }),
      gift({ anonymous: true, donorKey: null, name: '', address: '', amount: 1000, receivedAt: new Date('2025-04-02T00:00:00Z') }),
      gift({ amount: 3000 }),
    ]);
    expect(register.anonymous).toEqual([
      { amount: 1000, receivedAt: new Date('2025-04-02T00:00:00Z'), receivedOn: '2025-04-02' },
      { amount: 2000, receivedAt: new Date('2025-05-10T03:00:00Z'), receivedOn: '2025-05-10' },
    ]);
    expect(JSON.stringify(register.anonymous)).not.toMatch(/秘密/);
    expect(register).toMatchObject({ anonymousTotal: 3000, donorCount: 1, giftCount: 3, total: 6000 });
    // The same supporter's named gift stays theirs; the anonymous one is not added to it.
    expect(register.donors).toHaveLength(1);
    expect(register.donors[0]!.total).toBe(3000);
  });

  it('names a donor by their latest gift (people move)', () => {
    const [donor] = buildDonorRegister([
      gift({ address: '新しい住所', receivedAt: new Date('2026-01-05T00:00:00Z') }),
      gift({ address: '古い住所', receivedAt: new Date('2025-06-01T00:00:00Z') }),
    ]).donors;
    expect(donor!.address).toBe('新しい住所');
    expect(donor!.gifts).toHaveLength(2);
  });

  it('groups a named gift without a key by its name and address', () => {
    const register = buildDonorRegister([
      gift({ donorKey: null }),
      gift({ donorKey: null }),
      gift({ donorKey: null, address: '大阪府大阪市北区1-1' }),
    ]);
    expect(register.donors.map((donor) => donor.gifts.length).sort()).toEqual([1, 2]);
  });

  it('orders donors by phonetic name in Japanese collation, by name where none is known (kanji after kana)', () => {
    const register = buildDonorRegister([
      gift({ donorKey: 'a', name: '渡辺 一郎', nameKana: 'ワタナベ イチロウ' }),
      gift({ donorKey: 'b', name: '伊藤 桜', nameKana: 'いとう さくら' }),
      gift({ donorKey: 'c', name: '株式会社かもめ', nameKana: '', corporate: true }),
      gift({ donorKey: 'd', name: '上田 優', nameKana: 'ウエダ ユウ' }),
    ]);
    expect(register.donors.map((donor) => donor.name)).toEqual(['伊藤 桜', '上田 優', '渡辺 一郎', '株式会社かもめ']);
    expect(register.donors.find((donor) => donor.corporate)?.name).toBe('株式会社かもめ');
  });

  it('orders numbers within names by their value', () => {
    const register = buildDonorRegister([
      gift({ donorKey: 'a', name: '寄附者10', nameKana: 'キフシャ10' }),
      gift({ donorKey: 'b', name: '寄附者2', nameKana: 'キフシャ2' }),
    ]);
    expect(register.donors.map((donor) => donor.name)).toEqual(['寄附者2', '寄附者10']);
  });

  it('is empty for a year without gifts', () => {
    expect(buildDonorRegister([])).toEqual({ donors: [], anonymous: [], anonymousTotal: 0, donorCount: 0, giftCount: 0, total: 0 });
  });

  it('refuses an amount that is not whole yen', () => {
    expect(() => buildDonorRegister([gift({ amount: 10.5 })])).toThrow(RangeError);
  });
});

describe('the register as CSV', () => {
  const register = buildDonorRegister([
    gift({ amount: 5000, receivedAt: new Date('2025-09-01T00:00:00Z') }),
    gift({ donorKey: 'user:2', name: '=HYPERLINK("x")', nameKana: 'ア', address: '東京都港区1-1, 3F', amount: 1000 }),
    gift({ anonymous: true, donorKey: null, name: '秘密 太郎', address: '秘密の住所', amount: 700 }),
  ]);

  it('has the law’s four columns in the reader’s language', () => {
    expect(donorRegisterCsvHeader('ja')).toEqual(['氏名又は名称', '住所', '寄附金額', '受領年月日']);
    expect(donorRegisterCsvHeader('en')).toEqual(['Name', 'Address', 'Amount', 'Date received']);
  });

  it('is one record per gift, the donor on each, anonymous gifts last with no name or address', () => {
    expect([...donorRegisterCsvLines(register, 'ja')]).toEqual([
      '\uFEFF氏名又は名称,住所,寄附金額,受領年月日\r\n',
      `"'=HYPERLINK(""x"")","東京都港区1-1, 3F",1000,2025-05-10\r\n`,
      '山田 花子,〒100-0001 東京都千代田区千代田1-1,5000,2025-09-01\r\n',
      '匿名,,700,2025-05-10\r\n',
    ]);
    expect([...donorRegisterCsvLines(register, 'en')].at(-1)).toBe('Anonymous,,700,2025-05-10\r\n');
  });
});

describe('DONOR_REGISTER_TEXTS', () => {
  it.each(Object.entries(DONOR_REGISTER_TEXTS))('%s has Japanese in ja and none in en, with the same placeholders', (_key, text) => {
    const placeholders = (value: string) => [...value.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    expect(text.ja).toMatch(/[\u3040-\u30ff\u3400-\u9fff]/);
    expect(text.en).not.toMatch(/[\u3040-\u30ff\u3400-\u9fff\uff01-\uff60]/);
    expect(placeholders(text.ja)).toEqual(placeholders(text.en));
  });
});
