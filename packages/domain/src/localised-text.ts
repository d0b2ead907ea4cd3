// Content comes in pairs, Japanese and an optional English twin (a name and its nameEn, a title and
// its title_en): a reader of the English site reads the twin where one exists, and the Japanese text
// where none does (api/common.ts: "en falls back to ja"). The API localises its public answers by
// `?lang=`; screens that receive both texts, such as the campaign dashboard, choose with this.
import type { Locale } from './enums';

export function inLanguage(japanese: string, english: string | null | undefined, lang: Locale): string {
  return (lang === 'en' && english) || japanese;
}
