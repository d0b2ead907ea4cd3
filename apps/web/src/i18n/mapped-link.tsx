'use client';
// The site's Link: next-intl's locale-aware Link, except that while the partial deployment is on
// (spec §2, ADR 019) a link to one of the table's path families becomes a plain anchor to the other
// application. The other application's origin comes from the server configuration through
// LinkMappingProvider (app/[locale]/layout.tsx), so one build serves both set-ups.
// A link to a page with the card form is a plain anchor too: that page must load as a document to
// get its own strict Content-Security-Policy (lib/donate-paths.ts); a client-side navigation would
// keep the site-wide policy of the page it came from (ADR 024).
import { useLocale } from 'next-intl';
import { createNavigation } from 'next-intl/navigation';
import { createContext, useContext, type ComponentProps, type ReactNode } from 'react';
import { isDonatePath } from '@/lib/donate-paths';
import { otherApplicationUrl } from '@/lib/partial-deployment-links';
import { routing } from './routing';

const { Link: IntlLink } = createNavigation(routing);
type LinkProps = ComponentProps<typeof IntlLink>;

const LinkMappingContext = createContext<string | null>(null);

/** `otherOrigin`: the other application while the partial deployment is on, otherwise null. */
export function LinkMappingProvider({ otherOrigin, children }: { otherOrigin: string | null; children: ReactNode }) {
  return <LinkMappingContext.Provider value={otherOrigin}>{children}</LinkMappingContext.Provider>;
}

type UrlQuery = Exclude<LinkProps['href'], string>['query'];

function queryString(query: UrlQuery): string {
  if (query === undefined || query === null) return '';
  if (typeof query === 'string') return query.replace(/^\?/, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const each of Array.isArray(value) ? value : [value]) if (each !== undefined && each !== null) params.append(key, String(each));
  }
  return params.toString();
}

/** The address bar form of `href` in `locale` (ja unprefixed, en under /en), with query and hash. */
export function localisedHref(href: LinkProps['href'], locale: string): string {
  const prefix = locale === routing.defaultLocale ? '' : `/${locale}`;
  if (typeof href === 'string') return href.startsWith('/') ? `${prefix}${href}` : href;
  const search = queryString(href.query);
  const hash = href.hash ? `#${href.hash.replace(/^#/, '')}` : '';
  return `${prefix}${href.pathname ?? '/'}${search ? `?${search}` : ''}${hash}`;
}

export function Link(props: LinkProps) {
  const otherOrigin = useContext(LinkMappingContext);
  const activeLocale = useLocale();
  const localised = localisedHref(props.href, props.locale || activeLocale);
  const external = otherOrigin === null ? null : otherApplicationUrl(localised, otherOrigin);
  const documentHref = external ?? (isDonatePath(localised.split(/[?#]/)[0]!) ? localised : null);
  if (documentHref === null) return <IntlLink {...props} />;
  // Next's routing props mean nothing on a plain anchor; everything else (class, ref, handlers) stays.
  /* eslint-disable @typescript-eslint/no-unused-vars */
  const { href, locale, prefetch, replace, scroll, shallow, passHref, legacyBehavior, as, onNavigate, ...anchor } = props;
  /* eslint-enable @typescript-eslint/no-unused-vars */
  return <a {...anchor} href={documentHref} />;
}
