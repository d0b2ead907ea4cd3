// Japanese addresses: the 47 prefectures (spec §9) and the suspicious-address heuristic of spec §5,
// which decides whether the donation flow asks the supporter to confirm the address (spec §4 step 2).
import { normaliseDigits, normalisePostalCode, toHalfWidth } from './normalise';

export interface Prefecture {
  /** JIS X 0401 code, the `prefcode` a postal lookup returns. */
  code: number;
  ja: string;
  en: string;
}

const PREFECTURE_NAMES: readonly (readonly [ja: string, en: string])[] = [
  ['北海道', 'Hokkaido'],
  ['青森県', 'Aomori'],
  ['岩手県', 'Iwate'],
  ['宮城県', 'Miyagi'],
  ['秋田県', 'Akita'],
  ['山形県', 'Yamagata'],
  ['福島県', 'Fukushima'],
  ['茨城県', 'Ibaraki'],
  ['栃木県', 'Tochigi'],
  ['群馬県', 'Gunma'],
  ['埼玉県', 'Saitama'],
  ['千葉県', 'Chiba'],
  ['東京都', 'Tokyo'],
  ['神奈川県', 'Kanagawa'],
  ['新潟県', 'Niigata'],
  ['富山県', 'Toyama'],
  ['石川県', 'Ishikawa'],
  ['福井県', 'Fukui'],
  ['山梨県', 'Yamanashi'],
  ['長野県', 'Nagano'],
  ['岐阜県', 'Gifu'],
  ['静岡県', 'Shizuoka'],
  ['愛知県', 'Aichi'],
  ['三重県', 'Mie'],
  ['滋賀県', 'Shiga'],
  ['京都府', 'Kyoto'],
  ['大阪府', 'Osaka'],
  ['兵庫県', 'Hyogo'],
  ['奈良県', 'Nara'],
  ['和歌山県', 'Wakayama'],
  ['鳥取県', 'Tottori'],
  ['島根県', 'Shimane'],
  ['岡山県', 'Okayama'],
  ['広島県', 'Hiroshima'],
  ['山口県', 'Yamaguchi'],
  ['徳島県', 'Tokushima'],
  ['香川県', 'Kagawa'],
  ['愛媛県', 'Ehime'],
  ['高知県', 'Kochi'],
  ['福岡県', 'Fukuoka'],
  ['佐賀県', 'Saga'],
  ['長崎県', 'Nagasaki'],
  ['熊本県', 'Kumamoto'],
  ['大分県', 'Oita'],
  ['宮崎県', 'Miyazaki'],
  ['鹿児島県', 'Kagoshima'],
  ['沖縄県', 'Okinawa'],
];

/** The 47 prefectures in JIS order, north to south. */
export const PREFECTURES: readonly Prefecture[] = PREFECTURE_NAMES.map(([ja, en], index) => ({ code: index + 1, ja, en }));

/**
 * The prefecture a form value names. The state field stores the Japanese name (the postal lookup
 * fills it in Japanese); the English name is accepted too, case-insensitively, so an address typed
 * on the English site is not flagged for its spelling alone.
 */
export function findPrefecture(name: string): Prefecture | undefined {
  const wanted = name.trim();
  const lower = wanted.toLowerCase();
  return PREFECTURES.find((prefecture) => prefecture.ja === wanted || prefecture.en.toLowerCase() === lower);
}

export interface AddressLike {
  postalCode: string;
  state: string;
  city: string;
  street: string;
}

export const SUSPICIOUS_ADDRESS_REASONS = [
  'postalCodeNot7Digits',
  'unknownPrefecture',
  'cityHasDigit',
  'streetHasNoDigit',
  'streetOnlyDigits',
] as const;
export type SuspiciousAddressReason = (typeof SUSPICIOUS_ADDRESS_REASONS)[number];

const DIGIT = /\d/;
const ONLY_DIGITS = /^\d+$/;

/** Half-width with no spaces, so "目黒区 中央町" and "目黒区中央町" compare equal. */
const compact = (text: string) => toHalfWidth(text).replace(/\s+/g, '');

/**
 * Every reason of spec §5 that holds for `address`. Digits are looked for after full-width →
 * half-width conversion, so "３丁目" counts as having a digit. "Only digits" ignores spaces and
 * hyphens: "1-2-3" with no town name is exactly the mistake the check is for. Kanji numerals
 * ("三丁目") are not digits, as the spec words it; such a street only costs one confirmation.
 *
 * `lookedUpTown` is the town (zipcloud's address3) the postal lookup gives for the postal code. The
 * lookup fills the city with the municipality and that town (目黒区中央町 for 1520001), so when the
 * city still ends with it, a street of only the block number ("1-2-3") is the complete address,
 * not a missing town (ADR 024).
 */
export function suspiciousAddressReasons(address: AddressLike, lookedUpTown?: string): SuspiciousAddressReason[] {
  const reasons: SuspiciousAddressReason[] = [];
  if (normalisePostalCode(address.postalCode) === undefined) reasons.push('postalCodeNot7Digits');
  if (findPrefecture(address.state) === undefined) reasons.push('unknownPrefecture');
  if (DIGIT.test(toHalfWidth(address.city))) reasons.push('cityHasDigit');
  const street = toHalfWidth(address.street);
  if (!DIGIT.test(street)) reasons.push('streetHasNoDigit');
  else if (ONLY_DIGITS.test(normaliseDigits(street)) && !cityHoldsTown(address.city, lookedUpTown)) reasons.push('streetOnlyDigits');
  return reasons;
}

function cityHoldsTown(city: string, town: string | undefined): boolean {
  const wanted = compact(town ?? '');
  return wanted !== '' && compact(city).endsWith(wanted);
}

export function isSuspiciousAddress(address: AddressLike): boolean {
  return suspiciousAddressReasons(address).length > 0;
}

/**
 * The 7-digit code to look up when the supporter has typed a full postal code and neither the
 * prefecture nor the city is filled yet (spec §5 "Postal code lookup"); undefined means do not look
 * up, so a lookup never overwrites what the supporter typed.
 */
export function postalCodeToLookUp(address: Pick<AddressLike, 'postalCode' | 'state' | 'city'>): string | undefined {
  if (address.state.trim() !== '' || address.city.trim() !== '') return undefined;
  return normalisePostalCode(address.postalCode);
}
