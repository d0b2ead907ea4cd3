// The web server's request metrics are labelled by what kind of thing was asked for (ADR 048),
// never by path: paths carry campaign and donation ids, tokens in query strings and, on the
// /backend proxy, anything a caller types. A handful of classes is what an operator needs to tell
// slow pages from slow API calls.
import { METRICS_PATH } from '@kifu/domain/metrics-labels';
import { isBackendPath } from '../lib/backend-target';

export type RouteClass = 'page' | 'next_assets' | 'api' | 'backend' | 'public_file' | 'metrics';

/** Front-end server routes of spec §7 outside /api: remote configuration and the URL card (see proxy.ts's matcher). */
const SERVER_ROUTE_PREFIXES = ['/api', '/kifuConfig', '/getCampaignUsageStats', '/urlCard'];

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** `url` as a request line has it (path and query). */
export function routeClassOf(url: string | undefined): RouteClass {
  const pathname = (url ?? '/').split('?')[0]!;
  if (pathname === METRICS_PATH) return 'metrics';
  if (isBackendPath(pathname)) return 'backend';
  if (under(pathname, '/_next')) return 'next_assets';
  if (SERVER_ROUTE_PREFIXES.some((prefix) => under(pathname, prefix))) return 'api';
  // robots.txt, the icon, sitemap.xml, files of public/: a name with an extension in the last segment.
  if (/\.[A-Za-z0-9]+$/.test(pathname.slice(pathname.lastIndexOf('/') + 1))) return 'public_file';
  return 'page';
}
