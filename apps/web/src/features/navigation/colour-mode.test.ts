import { describe, expect, it } from 'vitest';
import { colourModeCookie, parseColourMode, resolveStoredColourMode } from './colour-mode';

describe('colour mode', () => {
  it('reads the three modes and falls back to system for anything else', () => {
    expect(parseColourMode('dark')).toBe('dark');
    expect(parseColourMode('light')).toBe('light');
    expect(parseColourMode('system')).toBe('system');
    expect(parseColourMode('Dark')).toBe('system');
    expect(parseColourMode('')).toBe('system');
    expect(parseColourMode(undefined)).toBe('system');
  });

  it('stores the cookie for 31536000 seconds on every path (spec §9)', () => {
    expect(colourModeCookie('dark', false)).toBe('colour-mode=dark; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(colourModeCookie('light', true)).toMatch(/; Secure$/);
  });

  it('prefers a valid localStorage value over the rendered one', () => {
    expect(resolveStoredColourMode('dark', 'light')).toBe('dark');
    expect(resolveStoredColourMode(null, 'light')).toBe('light');
    expect(resolveStoredColourMode('purple', 'dark')).toBe('dark');
    expect(resolveStoredColourMode(null, null)).toBe('system');
  });
});
