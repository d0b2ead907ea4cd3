// Which page of this site a link preview card is asked for (spec §7 /urlCard). Only URLs on this
// site's own origin, or paths, are accepted, and only the shareable pages whose data the API has
// (associate, campaign, portfolio): the route never fetches an arbitrary URL (no SSRF).
import type { AppLocale } from '@/i18n/routing';
import { recordIdOf } from './record-id';

export type UrlCardTarget = { locale: AppLocale } & (
  { kind: 'associate'; uid: string } | { kind: 'campaign'; id: number } | { kind: 'portfolio'; id: number }
);

export type UrlCardResolution =
  { ok: true; target: UrlCardTarget } | { ok: false; reason: 'invalid_url' | 'foreign_origin' | 'unsupported_page' };

const MAX_URL_LENGTH = 2048;
const UID = /^[A-Za-z0-9_-]{1,64}$/;

export function urlCardTarget(input: string, siteOrigin: string): UrlCardResolution {
  const site = new URL(siteOrigin);
  if (input.trim() === '' || input.length > MAX_URL_LENGTH || !URL.canParse(input, site)) return { ok: false, reason: 'invalid_url' };
  // Resolved against our origin: a path stays here; '//host', '/\host', another scheme or port
  // (javascript:, file:, http://localhost:1) end up on another origin and are refused.
  const url = new URL(input, site);
  if (url.origin !== site.origin || url.username || url.password) return { ok: false, reason: 'foreign_origin' };

  const segments = url.pathname.split('/').filter(Boolean);
  const locale: AppLocale = segments[0] === 'en' ? 'en' : 'ja';
  if (segments[0] === 'en' || segments[0] === 'ja') segments.shift();
  const [section, key] = segments;
  if (section === 'associate' && key && UID.test(key)) return { ok: true, target: { locale, kind: 'associate', uid: key } };
  const id = recordIdOf(key);
  if ((section === 'campaign' || section === 'portfolio') && id !== undefined) return { ok: true, target: { locale, kind: section, id } };
  return { ok: false, reason: 'unsupported_page' };
}
