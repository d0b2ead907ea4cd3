// Partial-deployment link mapping (spec §2): while only part of the site runs on this application,
// links to the path families of the table go to the other application, rewritten; every other link
// stays here. How the spec's sentence is read, and why, is in ADR 019. Pure, so every row is tested.
import { routing } from '@/i18n/routing';

/** The spec §2 table, row for row. `:id` is one path segment, carried over. Matching is exact. */
export const PARTIAL_DEPLOYMENT_REWRITES: ReadonlyArray<{ from: string; to: string }> = [
  { from: '/associate', to: '/explore/associate/social-challenge' },
  { from: '/explore/associate/social-challenge', to: '/explore/associate' },
  { from: '/portfolio', to: '/portfolios' },
  { from: '/portfolio/:id', to: '/portfolios/:id' },
  { from: '/privacy-policy', to: '/privacy' },
  { from: '/terms-of-service-for-supporters', to: '/terms' },
  { from: '/terms-of-service-for-associates', to: '/terms-associate' },
  { from: '/scta', to: '/law' },
  { from: '/password-recovery', to: '/auth/password-recovery' },
];

/**
 * This application keeps both terms on one page, /terms-of-service, with a section per audience
 * (spec §2 "hash supporter-section or associate-section"); its links stand for the table's two
 * pages. The hash picked the page, so it is not carried over.
 */
const TERMS_PAGE = '/terms-of-service';
const TERMS_BY_HASH: Record<string, string> = {
  '': '/terms-of-service-for-supporters',
  'supporter-section': '/terms-of-service-for-supporters',
  'associate-section': '/terms-of-service-for-associates',
};

function rewrite(path: string): string | null {
  const segments = path.split('/').filter(Boolean);
  for (const row of PARTIAL_DEPLOYMENT_REWRITES) {
    const pattern = row.from.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const values: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      const segment = segments[index] ?? '';
      if (part.startsWith(':')) values[part] = segment;
      return part.startsWith(':') || part === segment;
    });
    if (matches) return row.to.replace(/:\w+/g, (name) => values[name] ?? '');
  }
  return null;
}

/** Splits `href` into a leading locale prefix (/en; ja has none), the path, the query and the hash. */
function splitHref(href: string) {
  const hashAt = href.indexOf('#');
  const hash = hashAt === -1 ? '' : href.slice(hashAt + 1);
  const beforeHash = hashAt === -1 ? href : href.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const search = queryAt === -1 ? '' : beforeHash.slice(queryAt);
  let path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const first = path.split('/')[1] ?? '';
  const prefix = (routing.locales as readonly string[]).includes(first) ? `/${first}` : '';
  path = path.slice(prefix.length) || '/';
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return { prefix, path, search, hash };
}

/**
 * Where a link to `href` (a same-site path, with or without a locale prefix, query and hash) points
 * while the partial deployment is on: the other application's absolute URL, or null when the link
 * stays in this application. Query and hash are kept, and so is the locale prefix.
 */
export function otherApplicationUrl(href: string, otherOrigin: string): string | null {
  if (!href.startsWith('/') || href.startsWith('//')) return null; // external or protocol-relative: not ours to map
  const { prefix, path, search, hash } = splitHref(href);
  const termsAlias = path === TERMS_PAGE ? TERMS_BY_HASH[hash] : undefined;
  const target = rewrite(termsAlias ?? path);
  if (target === null) return null;
  const keptHash = termsAlias !== undefined || hash === '' ? '' : `#${hash}`;
  return `${otherOrigin.replace(/\/+$/, '')}${prefix}${target}${search}${keptHash}`;
}
