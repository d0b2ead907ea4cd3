// Shared pieces of a shareable page's metadata (ADR 020): a canonical URL and hreflang
// alternates, absolute on WEB_ORIGIN.
import type { Metadata } from 'next';
import { getPathname } from '@/i18n/navigation';
import { routing, type AppLocale } from '@/i18n/routing';
import { env } from './env';

/** The absolute URL of `href` (locale-less) in `locale` on WEB_ORIGIN. */
export function absoluteUrl(href: string, locale: AppLocale): string {
  return `${env.WEB_ORIGIN}${getPathname({ href, locale })}`;
}

/** Every locale's absolute URL of `href`, and x-default the default locale's (hreflang, sitemap). */
export function languageUrls(href: string): Record<string, string> {
  const languages: Record<string, string> = Object.fromEntries(routing.locales.map((each) => [each, absoluteUrl(href, each)]));
  languages['x-default'] = absoluteUrl(href, routing.defaultLocale);
  return languages;
}

/** canonical: this locale's URL of `href`; languages: every locale's, and x-default the default locale's. */
export function pageAlternates(href: string, locale: AppLocale): NonNullable<Metadata['alternates']> {
  return { canonical: absoluteUrl(href, locale), languages: languageUrls(href) };
}
