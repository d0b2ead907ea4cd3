// The organisation's public page as its console edits it (ADR 067, spec §2/§3 "Associate"): which
// texts it writes in ja and en, their bounds, the placeholders its thank-you mail may use, and the
// "one language not updated" warning. The API checks the bounds and answers the warnings; the
// console's form shows the same warnings while typing, from here only. The images, lists and
// preset amounts it edits too: ADR 070.
import { PAYMENT_METHODS, type Frequency } from './enums';
import { amountLimits, isAllowedCombination, type AmountLimits } from './money';

export const ASSOCIATE_PAGE_LIMITS = {
  nameMax: 100,
  catchCopyMax: 200,
  descriptionMax: 10_000,
  profileMax: 10_000,
  visionCoreMax: 500,
  visionDetailMax: 10_000,
  representativeMax: 100,
  addressMax: 300,
  websiteMax: 500,
  thanksSubjectMax: 200,
  thanksBodyMax: 10_000,
  certificationNumberMax: 100,
  certificationAuthorityMax: 200,
} as const;

/** The texts written in both languages: each is `<field>` (ja, the default) and `<field>_en`. */
export const BILINGUAL_PAGE_FIELDS = [
  'name',
  'catch_copy',
  'description',
  'profile',
  'vision_core',
  'vision_detail',
  'representative',
  'address',
  'thanks_subject',
  'thanks_body',
  'certification_authority',
] as const;
export type BilingualPageField = (typeof BILINGUAL_PAGE_FIELDS)[number];

/** What the thank-you mail fills in (apps/api donations/enqueue-thanks-mail.ts); any other {{…}} would reach the donor as typed. */
export const THANKS_MAIL_PLACEHOLDERS = ['name', 'amount', 'associate'] as const;

/** The placeholders in a text that the thank-you mail does not know, as typed ('{{nmae}}'). */
export function unknownPlaceholders(text: string): string[] {
  const known: readonly string[] = THANKS_MAIL_PLACEHOLDERS;
  return [...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].filter((match) => !known.includes(match[1]!)).map((match) => match[0]);
}

export interface LanguagePair {
  ja: string;
  en: string;
}

/**
 * Which language was left behind when the other changed: 'en' when the Japanese text changed while
 * the English one is still what it was, empty, or a seeded template (a visitor reading English
 * would see the old or a stock text), 'ja' for the reverse; null when both or neither changed.
 * A warning, never a refusal: the organisation may mean it (a typo fixed in one language).
 */
export function laggingLanguage(
  before: LanguagePair,
  after: LanguagePair,
  templates: Partial<Record<'ja' | 'en', readonly string[]>> = {},
): 'ja' | 'en' | null {
  const same = (a: string, b: string) => a.trim() === b.trim();
  const stale = (lang: 'ja' | 'en') =>
    same(after[lang], before[lang]) || after[lang].trim() === '' || (templates[lang] ?? []).some((template) => same(template, after[lang]));
  const jaChanged = !same(after.ja, before.ja);
  const enChanged = !same(after.en, before.en);
  if (jaChanged && stale('en')) return 'en';
  if (enChanged && stale('ja')) return 'ja';
  return null;
}

export interface PageLanguageWarning {
  field: BilingualPageField;
  /** The language that was not updated. */
  missing: 'ja' | 'en';
}

type BilingualTexts = Record<BilingualPageField | `${BilingualPageField}_en`, string>;

/** The warnings of a whole edit, field by field in the form's order. */
export function pageLanguageWarnings(
  before: BilingualTexts,
  after: BilingualTexts,
  templates: Partial<Record<BilingualPageField, Partial<Record<'ja' | 'en', readonly string[]>>>> = {},
): PageLanguageWarning[] {
  return BILINGUAL_PAGE_FIELDS.flatMap((field) => {
    const missing = laggingLanguage(
      { ja: before[field], en: before[`${field}_en`] },
      { ja: after[field], en: after[`${field}_en`] },
      templates[field],
    );
    return missing ? [{ field, missing }] : [];
  });
}

/** The images the page editor uploads (ADR 070): the logo, the main visual, and the receipt issuer's seal (角印). */
export const ASSOCIATE_PAGE_IMAGE_KINDS = ['logo', 'main_visual', 'seal'] as const;
export type AssociatePageImageKind = (typeof ASSOCIATE_PAGE_IMAGE_KINDS)[number];

/**
 * The lists the page editor changes (ADR 070): their lengths and their texts' bounds. A list's
 * length is what a public page can show without becoming a catalogue; the texts match the page's
 * own (a business's texts are as long as the description's parts, a member's comment a paragraph).
 */
export const ASSOCIATE_LIST_LIMITS = {
  businessesMax: 20,
  businessNameMax: 100,
  businessTextMax: 5_000,
  membersMax: 30,
  memberNameMax: 100,
  memberRoleMax: 100,
  memberCommentMax: 1_000,
  pricesMax: 12,
  priceDescriptionMax: 200,
  plansMax: 20,
  planNameMax: 100,
  socialChallengesMax: 10,
} as const;

/** Each list's texts written in ja and en (`<field>` and `<field>_en`), in the form's order. */
export const LIST_BILINGUAL_FIELDS = {
  businesses: ['name', 'purpose', 'activity', 'result', 'cost', 'detail'],
  members: ['name', 'role', 'comment'],
  prices: ['description'],
  membership_plans: ['name'],
} as const;
export type PageList = keyof typeof LIST_BILINGUAL_FIELDS;

export interface ListLanguageWarning {
  list: PageList;
  /** The item's place in the list as saved (0-based). */
  index: number;
  field: string;
  missing: 'ja' | 'en';
}

type ListItem = { id?: number | null } & Record<string, unknown>;

/**
 * The one-language warnings of a list edit: each item is compared with the item of the same id as
 * it was (a new item with an empty one), field by field, by the same rule as the page's texts.
 */
export function listLanguageWarnings(list: PageList, before: readonly ListItem[], after: readonly ListItem[]): ListLanguageWarning[] {
  const fields: readonly string[] = LIST_BILINGUAL_FIELDS[list];
  const text = (item: ListItem | undefined, key: string) => (typeof item?.[key] === 'string' ? (item[key] as string) : '');
  return after.flatMap((item, index) => {
    const old = item.id == null ? undefined : before.find((candidate) => candidate.id === item.id);
    return fields.flatMap((field) => {
      const missing = laggingLanguage(
        { ja: text(old, field), en: text(old, `${field}_en`) },
        { ja: text(item, field), en: text(item, `${field}_en`) },
      );
      return missing ? [{ list, index, field, missing }] : [];
    });
  });
}

/**
 * The bounds of a preset amount of `frequency` on the donate page: what every payment method
 * offered with that frequency accepts (money.ts amountLimits, isAllowedCombination), so a preset
 * a supporter picks is never refused by the method they then choose. No rule of its own.
 */
export function presetAmountLimits(frequency: Frequency): AmountLimits {
  const limits = PAYMENT_METHODS.filter((method) => isAllowedCombination(method, frequency)).map((method) =>
    amountLimits(method, frequency),
  );
  return { min: Math.max(...limits.map((limit) => limit.min)), max: Math.min(...limits.map((limit) => limit.max)) };
}

/** The certification's last day may not come before the day it was granted (ADR 070). */
export function expiresBeforeCertified(certifiedOn: string, expiresOn: string): boolean {
  return certifiedOn !== '' && expiresOn !== '' && expiresOn < certifiedOn;
}
