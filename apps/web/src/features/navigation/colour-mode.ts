// Colour mode (spec §2 "Client storage", §9): light, dark or system, kept in localStorage and in a
// cookie (max-age 31536000 s). A boot script in <head> puts the stored mode on <html> before the
// first paint (no flash) while the server's HTML stays cacheable (ADR 020); localStorage survives a
// cleared or expired cookie, and the cookie one of cleared storage.
import { COLOUR_MODE_COOKIE_MAX_AGE_S } from '@kifu/domain/constants';

export const COLOUR_MODES = ['light', 'dark', 'system'] as const;
export type ColourMode = (typeof COLOUR_MODES)[number];

/** No stored choice follows the device (prefers-color-scheme); see ADR 019. */
export const DEFAULT_COLOUR_MODE: ColourMode = 'system';

/** Name of both the cookie and the localStorage entry. */
export const COLOUR_MODE_KEY = 'colour-mode';

/** The attribute on <html> that globals.css keys the palette on. */
export const COLOUR_MODE_ATTRIBUTE = 'data-colour-mode';

export function isColourMode(value: unknown): value is ColourMode {
  return typeof value === 'string' && (COLOUR_MODES as readonly string[]).includes(value);
}

/** A stored value, or the default when it is missing or not a mode (an old or tampered value). */
export function parseColourMode(value: string | null | undefined): ColourMode {
  return isColourMode(value) ? value : DEFAULT_COLOUR_MODE;
}

/** The `document.cookie` assignment that stores a mode for a year on every path. */
export function colourModeCookie(mode: ColourMode, secure: boolean): string {
  return `${COLOUR_MODE_KEY}=${mode}; Path=/; Max-Age=${COLOUR_MODE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The mode to apply once the page runs: localStorage wins when it holds a valid mode (its cookie may
 * have expired or been cleared), otherwise the mode the boot script put on <html> from the cookie.
 */
export function resolveStoredColourMode(stored: string | null, rendered: string | null): ColourMode {
  return isColourMode(stored) ? stored : parseColourMode(rendered);
}

/**
 * Runs in <head> before the body paints (ADR 020): the stored mode (localStorage, else the cookie)
 * goes on <html> so there is no flash, while the server's HTML stays the same for every visitor and
 * can be cached. Its hash is allowed by the donate pages' Content-Security-Policy.
 */
export const COLOUR_MODE_BOOT_SCRIPT =
  `(function(){try{var k=${JSON.stringify(COLOUR_MODE_KEY)},v=/^(light|dark|system)$/,m=null;` +
  `try{m=localStorage.getItem(k)}catch(e){}` +
  `if(!v.test(m||'')){var c=document.cookie.match(new RegExp('(?:^|; )'+k+'=([a-z]+)'));m=c?c[1]:null}` +
  `if(v.test(m||''))document.documentElement.setAttribute(${JSON.stringify(COLOUR_MODE_ATTRIBUTE)},m)}catch(e){}})();`;
