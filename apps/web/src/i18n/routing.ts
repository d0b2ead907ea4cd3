// Spec §1: ja is the default and has no prefix; en lives under /en (architecture.md §2). The address
// alone says the language (ADR 039): no locale cookie is set and neither it nor Accept-Language
// redirects, so every visitor gets the same answer for a URL and shared caches may store it.
import { DEFAULT_LOCALE, LOCALES } from '@kifu/domain/enums';
import { defineRouting } from 'next-intl/routing';

export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: 'as-needed',
  localeDetection: false,
  localeCookie: false,
});

export type AppLocale = (typeof routing.locales)[number];
