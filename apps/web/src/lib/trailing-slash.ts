// Pages live without a trailing slash, while the API paths of spec §7 keep theirs ("/associate/").
// Next's own trailing-slash redirect would break the latter under /backend, so it is switched off
// (skipTrailingSlashRedirect) and the proxy applies it to pages only.

/** The page path without its trailing slash(es), or null when there is nothing to strip. */
export function withoutTrailingSlash(pathname: string): string | null {
  if (pathname === '/' || !pathname.endsWith('/')) return null;
  return pathname.replace(/\/+$/, '') || '/';
}
