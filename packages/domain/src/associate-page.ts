// The organisation's public page as its console edits it (ADR 067, spec §2/§3 "Associate"): which
// texts it writes in ja and en, their bounds, the placeholders its thank-you mail may use, and the
// "one language not updated" warning. The API checks the bounds and answers the warnings; the
// console's form shows the same warnings while typing, from here only.

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
