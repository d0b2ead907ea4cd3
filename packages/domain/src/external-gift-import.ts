// Gifts an associate received outside Kifu — cash, or a transfer to its own bank account — imported
// from a CSV file in its console (ADR 077). Each row is held to the donation form's rules (names,
// phonetic name, postal code and address, amount bounds: schemas/fields.ts, money.ts), every error
// is reported by row and column, and a row's key — its normalised values — lets a second import of
// the same rows add nothing. Decoding, parsing and checking live here so that the console's page
// can say what the API will say; the API stores what `checkExternalGiftCsv` returns.
import { z } from 'zod';
import { findPrefecture } from './address';
import { toCsv } from './csv';
import { MAX_AMOUNT, MIN_AMOUNT } from './constants';
import { emailSchema, katakanaSchema, postalCodeSchema, requiredTextSchema, textField, textSchema } from './schemas/fields';
import { isCalendarDate } from './calendar';
import { toFieldError, type FieldRuleKey, type FieldRuleParams } from './schemas/rule-keys';
import { isUsableText } from './schemas/usable-text';
import { normaliseDigits, toHalfWidth } from './normalise';

export const EXTERNAL_GIFT_METHODS = ['cash', 'bank_transfer', 'other'] as const;
export type ExternalGiftMethod = (typeof EXTERNAL_GIFT_METHODS)[number];

/** A file larger than this is refused before it is read: 5,000 rows of a long address fit in it. */
export const EXTERNAL_GIFT_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** Rows after the header: a year of a small organisation's cash and bank gifts, and a bounded transaction. */
export const EXTERNAL_GIFT_IMPORT_MAX_ROWS = 5_000;
export const EXTERNAL_GIFT_MEMO_MAX_LENGTH = 500;
/** The largest single gift the donation form takes by any method (spec §9): the same bound here. */
export const EXTERNAL_GIFT_MAX_AMOUNT = Math.max(...Object.values(MAX_AMOUNT));

/** The columns in the sample's order, with the header names accepted for each (ja and en). */
export const EXTERNAL_GIFT_COLUMNS = [
  { key: 'received_on', ja: '受領日', en: 'Date received', aliases: ['date', '日付'] },
  { key: 'name', ja: '氏名', en: 'Name', aliases: ['氏名又は名称', '名前'] },
  { key: 'kana', ja: 'フリガナ', en: 'Kana', aliases: ['ふりがな'] },
  { key: 'postal_code', ja: '郵便番号', en: 'Postal code', aliases: ['zip code', 'zip'] },
  { key: 'prefecture', ja: '都道府県', en: 'Prefecture', aliases: [] },
  { key: 'city', ja: '市区町村', en: 'City', aliases: [] },
  { key: 'street', ja: '番地', en: 'Street', aliases: ['町名・番地'] },
  { key: 'building', ja: '建物名', en: 'Building', aliases: [] },
  { key: 'amount', ja: '金額', en: 'Amount', aliases: ['寄附金額'] },
  { key: 'method', ja: '方法', en: 'Method', aliases: ['受領方法'] },
  { key: 'memo', ja: 'メモ', en: 'Memo', aliases: ['備考'] },
  { key: 'email', ja: 'メールアドレス', en: 'Email', aliases: ['e-mail', 'メール'] },
] as const;
export type ExternalGiftColumn = (typeof EXTERNAL_GIFT_COLUMNS)[number]['key'];
/** Columns a file may leave out (an empty cell in a column that is there is the same). */
const OPTIONAL_COLUMNS: readonly ExternalGiftColumn[] = ['kana', 'building', 'memo', 'email'];

/** The words a method cell may hold: the stored key, or its Japanese name. */
const METHOD_WORDS: Record<string, ExternalGiftMethod> = {
  cash: 'cash',
  現金: 'cash',
  bank_transfer: 'bank_transfer',
  'bank transfer': 'bank_transfer',
  銀行振込: 'bank_transfer',
  振込: 'bank_transfer',
  other: 'other',
  その他: 'other',
};
export const EXTERNAL_GIFT_METHOD_TEXTS = {
  cash: { ja: '現金', en: 'Cash' },
  bank_transfer: { ja: '銀行振込', en: 'Bank transfer' },
  other: { ja: 'その他', en: 'Other' },
} as const;

/** What is wrong with a file as a whole: nothing of it is checked further. */
export type ExternalGiftFileRule =
  | 'empty'
  | 'tooLarge'
  | 'tooManyRows'
  | 'encoding'
  | 'invalidCharacter'
  | 'unterminatedQuote'
  | 'missingColumn'
  | 'unknownColumn'
  | 'duplicateColumn';
export interface ExternalGiftFileError {
  rule: ExternalGiftFileRule;
  /** The header cell at fault (missing, unknown or repeated column). */
  column?: string;
  max?: number;
}

/** One cell that breaks a rule; `row` is the file's line as a spreadsheet numbers it (the header is 1). */
export interface ExternalGiftRowError {
  row: number;
  column: ExternalGiftColumn | null;
  rule: FieldRuleKey;
  params: FieldRuleParams;
}

export interface ExternalGift {
  /** YYYY-MM-DD. */
  receivedOn: string;
  name: string;
  kana: string;
  postalCode: string;
  /** The prefecture's Japanese name, as the donor form stores it. */
  prefecture: string;
  city: string;
  street: string;
  building: string;
  amount: number;
  method: ExternalGiftMethod;
  memo: string;
  email: string;
}

export interface ExternalGiftCsvRow {
  row: number;
  gift: ExternalGift;
  /** The row's normalised values: the same gift written differently (全角, 2025/4/1) has the same key. */
  key: string;
}

export type ExternalGiftCsvCheck =
  | { ok: false; fileError: ExternalGiftFileError }
  | { ok: true; rows: ExternalGiftCsvRow[]; errors: ExternalGiftRowError[]; rowCount: number };

/**
 * The file's text: UTF-8 with or without a byte order mark, or else Shift_JIS, which Excel in Japan
 * still writes by default ("CSV (カンマ区切り)"). Both decoders refuse bytes that are not text in
 * their encoding, so a binary file is refused rather than read as mojibake.
 */
export function decodeCsvBytes(bytes: Uint8Array): { ok: true; text: string } | { ok: false; fileError: ExternalGiftFileError } {
  if (bytes.byteLength > EXTERNAL_GIFT_IMPORT_MAX_BYTES)
    return { ok: false, fileError: { rule: 'tooLarge', max: EXTERNAL_GIFT_IMPORT_MAX_BYTES } };
  for (const encoding of ['utf-8', 'shift_jis']) {
    try {
      return { ok: true, text: new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes) };
    } catch {
      // not this encoding: try the next
    }
  }
  return { ok: false, fileError: { rule: 'encoding' } };
}

/**
 * RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks; lines end with CRLF
 * or LF. A quote inside an unquoted field is kept as text, as spreadsheets do.
 */
export function parseCsvRecords(text: string): { ok: true; records: string[][] } | { ok: false } {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (index < text.length) {
    const char = text[index]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else quoted = false;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') endField();
    else if (char === '\n') endRecord();
    else if (char === '\r') {
      if (text[index + 1] === '\n') index += 1;
      endRecord();
    } else field += char;
    index += 1;
  }
  if (quoted) return { ok: false };
  if (field !== '' || record.length > 0) endRecord();
  return { ok: true, records };
}

const isBlank = (record: readonly string[]) => record.every((cell) => cell.trim() === '');

function columnOf(header: string): ExternalGiftColumn | undefined {
  const wanted = toHalfWidth(header).trim().toLowerCase();
  return EXTERNAL_GIFT_COLUMNS.find(
    (column) =>
      column.key === wanted ||
      column.ja === wanted ||
      column.en.toLowerCase() === wanted ||
      (column.aliases as readonly string[]).includes(wanted),
  )?.key;
}

/** Our own exports put a quote before a cell a spreadsheet would run (csv.ts): it is not part of the value. */
const unescapeFormula = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

const DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const receivedOnSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const half = toHalfWidth(value);
    if (half === '') {
      ctx.addIssue({ code: 'custom', message: 'required' });
      return z.NEVER;
    }
    const match = DATE.exec(half);
    const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
    if (!match || !isCalendarDate(year, month, day)) {
      ctx.addIssue({ code: 'custom', message: 'validate.date' });
      return z.NEVER;
    }
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  });

/** Whole yen; "10,000", "￥10,000" and "10000円" are the same amount, a minus sign is below the minimum. */
const amountSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const half = toHalfWidth(value)
      .replace(/^[¥￥]/, '')
      .replace(/円$/, '')
      .replaceAll(',', '')
      .trim();
    if (half === '') {
      ctx.addIssue({ code: 'custom', message: 'required' });
      return z.NEVER;
    }
    if (/^-/.test(half)) {
      ctx.addIssue({ code: 'too_small', origin: 'number', minimum: MIN_AMOUNT, inclusive: true, input: value, message: 'min' });
      return z.NEVER;
    }
    const digits = normaliseDigits(half);
    const amount = /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
    if (!Number.isSafeInteger(amount)) {
      ctx.addIssue({ code: 'custom', message: 'pattern.number' });
      return z.NEVER;
    }
    return amount;
  })
  .pipe(z.number().min(MIN_AMOUNT, 'min').max(EXTERNAL_GIFT_MAX_AMOUNT, 'max'));

const methodSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === '') {
      ctx.addIssue({ code: 'custom', message: 'required' });
      return z.NEVER;
    }
    const method = METHOD_WORDS[toHalfWidth(value).trim().toLowerCase()];
    if (!method) {
      ctx.addIssue({ code: 'custom', message: 'value' });
      return z.NEVER;
    }
    return method;
  });

const prefectureSchema = requiredTextSchema.transform((value, ctx) => {
  const prefecture = findPrefecture(value);
  if (!prefecture) {
    ctx.addIssue({ code: 'custom', message: 'value' });
    return z.NEVER;
  }
  return prefecture.ja;
});

/** One row's rules: the donation form's fields where it has them (schemas/fields.ts). */
export const externalGiftRowSchema = z.object({
  received_on: receivedOnSchema,
  name: requiredTextSchema,
  /** One column for the whole reading, so the space between family and given name is allowed (as 全角). */
  kana: z
    .string()
    .transform((value) => value.trim().replace(/ +/g, '\u3000'))
    .pipe(katakanaSchema),
  postal_code: postalCodeSchema,
  prefecture: prefectureSchema,
  city: requiredTextSchema,
  street: requiredTextSchema,
  building: textSchema,
  amount: amountSchema,
  method: methodSchema,
  memo: textField(EXTERNAL_GIFT_MEMO_MAX_LENGTH),
  email: emailSchema,
});

/**
 * Who gave an external gift, across gifts and beside Kifu's donors (donor-register.ts
 * donorRegisterKey): by the e-mail when the row has one, so a guest who also gave through Kifu
 * with that address is one donor; else by name, phonetic name and postal code, which a cash
 * giver's rows repeat the same way each time.
 */
export function externalDonorKey(gift: Pick<ExternalGift, 'email' | 'name' | 'kana' | 'postalCode'>): string {
  if (gift.email.trim() !== '') return `email:${gift.email.trim().toLowerCase()}`;
  return `external:${gift.name.replace(/[\s\u3000]+/g, '')}\u0000${gift.kana.replace(/[\s\u3000]+/g, '')}\u0000${gift.postalCode}`;
}

/** The values that make a gift the same gift, in a fixed order (the API hashes this). */
export function externalGiftKey(gift: ExternalGift): string {
  return JSON.stringify([
    gift.receivedOn,
    gift.name,
    gift.kana,
    gift.postalCode,
    gift.prefecture,
    gift.city,
    gift.street,
    gift.building,
    gift.amount,
    gift.method,
    gift.memo,
    gift.email.toLowerCase(),
  ]);
}

/**
 * Reads a decoded file: the header (ja or en names, any order, optional columns may be left out),
 * then each row checked. Rows that pass come back with their keys; every failing cell is an error.
 * A file-wide fault (no header, a column missing, too many rows, a NUL) stops the check there.
 */
export function checkExternalGiftCsv(text: string): ExternalGiftCsvCheck {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (!isUsableText(body)) return { ok: false, fileError: { rule: 'invalidCharacter' } };
  const parsed = parseCsvRecords(body);
  if (!parsed.ok) return { ok: false, fileError: { rule: 'unterminatedQuote' } };
  const [header, ...records] = parsed.records;
  if (!header || isBlank(header)) return { ok: false, fileError: { rule: 'empty' } };
  const columns: ExternalGiftColumn[] = [];
  for (const cell of header) {
    const column = columnOf(cell);
    if (!column) return { ok: false, fileError: { rule: 'unknownColumn', column: cell.slice(0, 50) } };
    if (columns.includes(column)) return { ok: false, fileError: { rule: 'duplicateColumn', column: cell.slice(0, 50) } };
    columns.push(column);
  }
  const missing = EXTERNAL_GIFT_COLUMNS.find(({ key }) => !OPTIONAL_COLUMNS.includes(key) && !columns.includes(key));
  if (missing) return { ok: false, fileError: { rule: 'missingColumn', column: missing.key } };
  const numbered = records.map((cells, index) => ({ row: index + 2, cells })).filter(({ cells }) => !isBlank(cells));
  if (numbered.length === 0) return { ok: false, fileError: { rule: 'empty' } };
  if (numbered.length > EXTERNAL_GIFT_IMPORT_MAX_ROWS) {
    return { ok: false, fileError: { rule: 'tooManyRows', max: EXTERNAL_GIFT_IMPORT_MAX_ROWS } };
  }
  const rows: ExternalGiftCsvRow[] = [];
  const errors: ExternalGiftRowError[] = [];
  for (const { row, cells } of numbered) {
    if (cells.length > columns.length) errors.push({ row, column: null, rule: 'value', params: { max: columns.length } });
    const input: Record<string, string> = Object.fromEntries(EXTERNAL_GIFT_COLUMNS.map(({ key }) => [key, '']));
    columns.forEach((column, index) => (input[column] = unescapeFormula(cells[index] ?? '')));
    const result = externalGiftRowSchema.safeParse(input);
    if (!result.success) {
      const seen = new Set<string>();
      for (const issue of result.error.issues) {
        const { path, rule, params } = toFieldError(issue);
        const column = path[0] as ExternalGiftColumn;
        if (seen.has(column)) continue;
        seen.add(column);
        errors.push({ row, column, rule, params });
      }
      continue;
    }
    const value = result.data;
    const gift: ExternalGift = {
      receivedOn: value.received_on,
      name: value.name,
      kana: value.kana,
      postalCode: value.postal_code,
      prefecture: value.prefecture,
      city: value.city,
      street: value.street,
      building: value.building,
      amount: value.amount,
      method: value.method,
      memo: value.memo,
      email: value.email,
    };
    rows.push({ row, gift, key: externalGiftKey(gift) });
  }
  return { ok: true, rows, errors, rowCount: numbered.length };
}

/** The sample file offered for download: the header in the reader's language and two worked rows. */
export function externalGiftSampleCsv(lang: 'ja' | 'en'): string {
  const header = EXTERNAL_GIFT_COLUMNS.map((column) => column[lang]);
  const rows = [
    [
      '2025-04-01',
      '山田 太郎',
      'ヤマダ タロウ',
      '152-0001',
      '東京都',
      '目黒区',
      '中央町1-2-3',
      'メゾン101',
      '10000',
      lang === 'ja' ? '現金' : 'cash',
      '',
      '',
    ],
    [
      '2025-04-15',
      '佐藤 花子',
      'サトウ ハナコ',
      '5300001',
      '大阪府',
      '大阪市北区',
      '梅田1-1-1',
      '',
      '5000',
      lang === 'ja' ? '銀行振込' : 'bank_transfer',
      '',
      'hanako@example.jp',
    ],
  ];
  return toCsv(header, rows);
}
