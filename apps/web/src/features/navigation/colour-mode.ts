// Colour mode (spec §2 "Client storage", §9): light, dark or system, kept in localStorage and in a
// cookie (max-age 31536000 s). The cookie lets the server put the mode on <html> so the first paint
// is already right; localStorage survives a cleared or expired cookie. Pure, so it is unit-tested.
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
 * have expired or been cleared), otherwise the mode the server rendered from the cookie.
 */
export function resolveStoredColourMode(stored: string | null, rendered: string | null): ColourMode {
  return isColourMode(stored) ? stored : parseColourMode(rendered);
}
