// Unit tests render one component to HTML as the app would show it: inside next-intl's provider
// with the whole ja or en catalogue and Japan's time zone (what the root layout and i18n/request.ts
// give a page, and a component rendered alone has none of), and with a plain anchor standing in for
// the locale-aware Link, which needs Next's router. A test file takes the stand-in with
// `vi.mock('@/i18n/navigation', () => import('@/test/render-in-locale').then((module) => module.plainNavigation))`.
// eslint-disable-next-line no-restricted-imports -- a component rendered alone has no root layout whose messages ClientMessages could add to
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import en from '../../messages/en.json';
import ja from '../../messages/ja.json';

export type TestLocale = 'ja' | 'en';

/** The HTML of `node` rendered in `locale`. */
export function renderInLocale(node: ReactNode, locale: TestLocale = 'ja'): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === 'ja' ? ja : en} timeZone="Asia/Tokyo">
      {node}
    </NextIntlClientProvider>,
  );
}

/** '@/i18n/navigation' for a test: its Link as a plain anchor with the same text and attributes. */
export const plainNavigation = {
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
};
