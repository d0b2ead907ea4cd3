import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Link, LinkMappingProvider, localisedHref } from './mapped-link';

const OTHER = 'https://legacy.kifu.example';

function render(node: ReactNode, { locale = 'ja' as 'ja' | 'en', otherOrigin = OTHER as string | null } = {}) {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={{}}>
      <LinkMappingProvider otherOrigin={otherOrigin}>{node}</LinkMappingProvider>
    </NextIntlClientProvider>,
  );
}
const hrefOf = (html: string) => /href="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');

describe('Link with the partial-deployment mapping', () => {
  it('sends a listed path to the other application, keeping the class and the text', () => {
    const html = render(
      <Link href="/privacy-policy" className="footer-link">
        Privacy
      </Link>,
    );
    expect(hrefOf(html)).toBe(`${OTHER}/privacy`);
    expect(html).toContain('class="footer-link"');
    expect(html).toContain('>Privacy</a>');
  });

  it('adds the locale prefix of the page, or of the link when it names one', () => {
    expect(hrefOf(render(<Link href="/portfolio/4">x</Link>, { locale: 'en' }))).toBe(`${OTHER}/en/portfolios/4`);
    expect(
      hrefOf(
        render(
          <Link href="/scta" locale="en">
            x
          </Link>,
        ),
      ),
    ).toBe(`${OTHER}/en/law`);
  });

  it('keeps the query and hash of an object href', () => {
    expect(hrefOf(render(<Link href={{ pathname: '/associate', query: { page: '2' }, hash: 'list' }}>x</Link>))).toBe(
      `${OTHER}/explore/associate/social-challenge?page=2#list`,
    );
  });

  it('leaves other paths, and every path when the mapping is off, in this application', () => {
    expect(hrefOf(render(<Link href="/campaign">x</Link>))).toBe('/campaign');
    expect(hrefOf(render(<Link href="/privacy-policy">x</Link>, { otherOrigin: null }))).toBe('/privacy-policy');
    expect(hrefOf(render(<Link href="/privacy-policy">x</Link>, { otherOrigin: null, locale: 'en' }))).toBe('/en/privacy-policy');
  });
});

describe('localisedHref', () => {
  it('writes the address bar form', () => {
    expect(localisedHref('/help?from=site', 'ja')).toBe('/help?from=site');
    expect(localisedHref('/help?from=site', 'en')).toBe('/en/help?from=site');
    expect(localisedHref({ pathname: '/associate', query: { tag: ['a', 'b'] } }, 'en')).toBe('/en/associate?tag=a&tag=b');
    expect(localisedHref('https://example.com/', 'en')).toBe('https://example.com/');
  });
});
