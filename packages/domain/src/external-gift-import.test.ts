import { describe, expect, it } from 'vitest';
import {
  checkExternalGiftCsv,
  decodeCsvBytes,
  EXTERNAL_GIFT_IMPORT_MAX_BYTES,
  EXTERNAL_GIFT_IMPORT_MAX_ROWS,
  EXTERNAL_GIFT_MAX_AMOUNT,
  externalGiftSampleCsv,
  parseCsvRecords,
} from './external-gift-import';

const HEADER_JA = '受領日,氏名,フリガナ,郵便番号,都道府県,市区町村,番地,建物名,金額,方法,メモ';
const HEADER_EN = 'Date received,Name,Kana,Postal code,Prefecture,City,Street,Building,Amount,Method,Memo';
const GOOD = '2025-04-01,山田 太郎,ヤマダ タロウ,152-0001,東京都,目黒区,中央町1-2-3,,10000,現金,';

const file = (...lines: string[]) => lines.join('\r\n') + '\r\n';
function check(text: string) {
  const result = checkExternalGiftCsv(text);
  if (!result.ok) throw new Error(`file error ${result.fileError.rule}`);
  return result;
}

describe('parseCsvRecords', () => {
  it('reads quoted commas, doubled quotes and line breaks inside quotes, with CRLF or LF', () => {
    expect(parseCsvRecords('a,"b,c","say ""hi""","two\r\nlines"\nx,y\r\n')).toEqual({
      ok: true,
      records: [
        ['a', 'b,c', 'say "hi"', 'two\r\nlines'],
        ['x', 'y'],
      ],
    });
  });
  it('refuses a quote that never closes', () => {
    expect(parseCsvRecords('a,"b\nc')).toEqual({ ok: false });
  });
});

describe('checkExternalGiftCsv', () => {
  it('accepts a clean row in ja or en headers, with or without a byte order mark, and normalises it', () => {
    for (const text of [file(HEADER_JA, GOOD), '\uFEFF' + file(HEADER_EN, GOOD)]) {
      const result = check(text);
      expect(result.errors).toEqual([]);
      expect(result.rows).toHaveLength(1);
      expect(result.rows[0]!.row).toBe(2);
      expect(result.rows[0]!.gift).toEqual({
        receivedOn: '2025-04-01',
        name: '山田 太郎',
        kana: 'ヤマダ\u3000タロウ',
        postalCode: '1520001',
        prefecture: '東京都',
        city: '目黒区',
        street: '中央町1-2-3',
        building: '',
        amount: 10000,
        method: 'cash',
        memo: '',
        email: '',
      });
    }
  });

  it('gives the same key to the same gift written differently', () => {
    const a = check(file(HEADER_JA, GOOD)).rows[0]!.key;
    const b = check(file(HEADER_JA, '2025/4/1,山田 太郎,やまだ タロウ,１５２０００１,Tokyo,目黒区,中央町1-2-3,,"10,000",cash,')).rows[0]!
      .key;
    expect(b).toBe(a);
  });

  it('reports every failing cell by row and column with the donation form rule', () => {
    const result = check(
      file(
        HEADER_JA,
        GOOD,
        '2025-02-30,,山田,12345,東京都,目黒区,中央町1,,0,小切手,',
        '2025-13-01,佐藤,サトウ,1520001,火星,目黒区,中央町1,,' + String(EXTERNAL_GIFT_MAX_AMOUNT + 1) + ',other,',
        'yesterday,佐藤,サトウ,1520001,東京都,,中央町1,,-500,other,',
      ),
    );
    expect(result.rows.map((row) => row.row)).toEqual([2]);
    expect(result.errors).toEqual([
      { row: 3, column: 'received_on', rule: 'validate.date', params: {} },
      { row: 3, column: 'name', rule: 'required', params: { min: 1 } },
      { row: 3, column: 'kana', rule: 'pattern.katakana', params: {} },
      { row: 3, column: 'postal_code', rule: 'pattern.postalCode', params: {} },
      { row: 3, column: 'amount', rule: 'min', params: { min: 100 } },
      { row: 3, column: 'method', rule: 'value', params: {} },
      { row: 4, column: 'received_on', rule: 'validate.date', params: {} },
      { row: 4, column: 'prefecture', rule: 'value', params: {} },
      { row: 4, column: 'amount', rule: 'max', params: { max: EXTERNAL_GIFT_MAX_AMOUNT } },
      { row: 5, column: 'received_on', rule: 'validate.date', params: {} },
      { row: 5, column: 'city', rule: 'required', params: { min: 1 } },
      { row: 5, column: 'amount', rule: 'min', params: { min: 100 } },
    ]);
  });

  it('keeps quoted commas and line breaks in a memo and takes a formula-looking cell as text', () => {
    const result = check(file(HEADER_JA, GOOD.replace(/,$/, ',"お礼状送付済み, 2025年\n5月"'), GOOD.replace(/,$/, ",'=SUM(A1)")));
    expect(result.errors).toEqual([]);
    expect(result.rows.map((row) => row.gift.memo)).toEqual(['お礼状送付済み, 2025年\n5月', '=SUM(A1)']);
  });

  it('numbers rows as a spreadsheet does, skipping blank lines', () => {
    const result = check(file(HEADER_JA, '', GOOD.replace('10000', 'abc')));
    expect(result.errors).toEqual([{ row: 3, column: 'amount', rule: 'pattern.number', params: {} }]);
    expect(result.rowCount).toBe(1);
  });

  it('takes columns in any order and leaves optional ones out', () => {
    const result = check(
      file('金額,方法,受領日,氏名,郵便番号,都道府県,市区町村,番地', '3000,bank_transfer,2025-05-05,鈴木,1000001,東京都,千代田区,千代田1'),
    );
    expect(result.errors).toEqual([]);
    expect(result.rows[0]!.gift).toMatchObject({ amount: 3000, method: 'bank_transfer', kana: '', memo: '' });
  });

  it('refuses a file as a whole for its header, size, rows or characters', () => {
    const fileRule = (text: string) => {
      const result = checkExternalGiftCsv(text);
      return result.ok ? 'ok' : result.fileError;
    };
    expect(fileRule('')).toEqual({ rule: 'empty' });
    expect(fileRule(file(HEADER_JA))).toEqual({ rule: 'empty' });
    expect(fileRule(file('受領日,氏名,金額'))).toEqual({ rule: 'missingColumn', column: 'postal_code' });
    expect(fileRule(file(HEADER_JA + ',誕生日'))).toEqual({ rule: 'unknownColumn', column: '誕生日' });
    expect(fileRule(file(HEADER_JA + ',Name'))).toEqual({ rule: 'duplicateColumn', column: 'Name' });
    expect(fileRule(file(HEADER_JA, GOOD + '\u0000'))).toEqual({ rule: 'invalidCharacter' });
    expect(fileRule(file(HEADER_JA, '"' + GOOD))).toEqual({ rule: 'unterminatedQuote' });
    const many = file(HEADER_JA, ...Array.from({ length: EXTERNAL_GIFT_IMPORT_MAX_ROWS + 1 }, () => GOOD));
    expect(fileRule(many)).toEqual({ rule: 'tooManyRows', max: EXTERNAL_GIFT_IMPORT_MAX_ROWS });
  });
});

describe('decodeCsvBytes', () => {
  it('reads UTF-8 and Shift_JIS, and refuses binary and oversized files', () => {
    expect(decodeCsvBytes(new TextEncoder().encode('\uFEFF氏名'))).toEqual({ ok: true, text: '氏名' });
    expect(decodeCsvBytes(Uint8Array.from([0x8e, 0x81, 0x96, 0xbc]))).toEqual({ ok: true, text: '氏名' });
    expect(decodeCsvBytes(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x80, 0x80]))).toEqual({ ok: false, fileError: { rule: 'encoding' } });
    expect(decodeCsvBytes(new Uint8Array(EXTERNAL_GIFT_IMPORT_MAX_BYTES + 1))).toEqual({
      ok: false,
      fileError: { rule: 'tooLarge', max: EXTERNAL_GIFT_IMPORT_MAX_BYTES },
    });
  });
});

describe('externalGiftSampleCsv', () => {
  it('passes its own check in both languages', () => {
    for (const lang of ['ja', 'en'] as const) {
      const result = check(externalGiftSampleCsv(lang));
      expect(result.errors).toEqual([]);
      expect(result.rows).toHaveLength(2);
    }
  });
});
