// /robots.txt (ADR 020): public pages are crawlable; the supporter's own pages, the
// donation flow's returns and the API behind /backend are not. Points at the sitemap.
import type { MetadataRoute } from 'next';
import { routing } from '@/i18n/routing';
import { env } from '@/lib/env';

/** Private or transactional paths, with and without the non-default locale prefixes. */
const PRIVATE_PATHS = [
  '/mypage/',
  '/redirect/',
  '/login',
  '/signup',
  '/password-recovery',
  '/email-change/',
  '/logout',
  '/credit',
  '/receipt-zip/',
  '/auth/',
  '/associate/*/donate',
  '/portfolio/*/donate',
];

export default function robots(): MetadataRoute.Robots {
  const prefixes = ['', ...routing.locales.filter((locale) => locale !== routing.defaultLocale).map((locale) => `/${locale}`)];
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: ['/backend/', '/api/', ...prefixes.flatMap((prefix) => PRIVATE_PATHS.map((path) => `${prefix}${path}`))],
    },
    sitemap: `${env.WEB_ORIGIN}/sitemap.xml`,
  };
}
