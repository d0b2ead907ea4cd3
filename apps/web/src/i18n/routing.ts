// Spec §1: ja is the default and has no prefix; en lives under /en (architecture.md §2).
import { DEFAULT_LOCALE, LOCALES } from '@kifu/domain/enums';
import { defineRouting } from 'next-intl/routing';

export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: 'as-needed',
});

export type AppLocale = (typeof routing.locales)[number];
