// The Tailwind theme must carry the layout constants of @kifu/domain (spec §2, §9).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BREAKPOINTS, NAVBAR_HEIGHT, PAGE_WIDTH } from '@kifu/domain';
import { describe, expect, it } from 'vitest';

const css = readFileSync(fileURLToPath(new URL('./globals.css', import.meta.url)), 'utf8');
const themeValue = (name: string) => new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();

describe('Tailwind theme', () => {
  it.each(Object.entries(BREAKPOINTS))('breakpoint %s is %s', (name, value) => {
    expect(themeValue(`breakpoint-${name}`)).toBe(value);
  });
  it.each(Object.entries(PAGE_WIDTH))('page width %s is %s', (name, value) => {
    expect(themeValue(`container-page-${name}`)).toBe(value);
  });
  it('navbar height is the spec value', () => {
    expect(themeValue('spacing-navbar')).toBe(NAVBAR_HEIGHT);
  });
});
