// Cached public pages (ADR 020). A page with a dynamic segment (an associate, a campaign, a
// portfolio…) exports `revalidate = 60` (a literal: Next reads it at build time; it matches
// PUBLIC_CACHE_SECONDS) and `generateStaticParams = noPathsAtBuild`: no path is rendered at build
// (the API is not running then); each is rendered on its first visit, served from the cache, and
// re-rendered in the background after a minute or at once when the API says its data changed.
export function noPathsAtBuild(): never[] {
  return [];
}
