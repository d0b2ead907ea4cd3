// Content columns come in pairs (`name`, `nameEn`); `?lang=en` reads the English twin and falls
// back to ja where no translation exists (wire common.ts: "en falls back to ja").
import type { Locale } from '@kifu/domain';
import { inLanguage } from '@kifu/domain/localised-text';

type Localisable<K extends string> = Record<K, string> & Partial<Record<`${K}En`, string | null>>;

export type Localize = <K extends string>(row: Localisable<K>, key: K) => string;

export function localizer(lang: Locale): Localize {
  return <K extends string>(row: Localisable<K>, key: K): string =>
    inLanguage(row[key] as string, row[`${key}En`] as string | null | undefined, lang);
}
