// Every layout and page under [locale] starts here: validate the segment and tell next-intl the
// locale so pages without request data can still be rendered statically.
import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing, type AppLocale } from './routing';

export type LocaleParams = Promise<{ locale: string }>;

/** For pages: an unknown locale segment is a 404. */
export async function resolveLocale(params: LocaleParams): Promise<AppLocale> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return locale;
}

/**
 * For the root layout: an unknown segment (e.g. /robots.txt, which the proxy does not localise)
 * renders in the default locale, so the page's own 404 shows inside the site chrome instead of
 * Next's bare fallback (a notFound() thrown by a root layout has no layout to render into).
 */
export async function resolveLayoutLocale(params: LocaleParams): Promise<AppLocale> {
  const { locale } = await params;
  const resolved = hasLocale(routing.locales, locale) ? locale : routing.defaultLocale;
  setRequestLocale(resolved);
  return resolved;
}
