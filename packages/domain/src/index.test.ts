import { describe, expect, it } from 'vitest';
import * as domain from './index';

/** Every string reachable from a value through plain objects and arrays (zod schemas and functions are skipped). */
function stringsIn(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  const prototype = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return [];
  return Object.values(value).flatMap((child) => stringsIn(child, seen));
}

// The web app imports this barrel in browser code: a secret exported here is one import away from
// the bundle. The sandbox's test keys live behind '@kifu/domain/sandbox-credentials' instead.
describe('the @kifu/domain barrel', () => {
  it('exports no private key', () => {
    expect(stringsIn(domain).filter((text) => text.includes('PRIVATE KEY'))).toEqual([]);
  });

  it('does not re-export the sandbox credentials', () => {
    expect(Object.keys(domain)).not.toContain('SANDBOX_CREDENTIALS');
  });
});
