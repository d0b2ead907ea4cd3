import { describe, expect, it } from 'vitest';
import { withoutTrailingSlash } from './trailing-slash';

describe('withoutTrailingSlash', () => {
  it('strips trailing slashes from page paths', () => {
    expect(withoutTrailingSlash('/associate/')).toBe('/associate');
    expect(withoutTrailingSlash('/en//')).toBe('/en');
    expect(withoutTrailingSlash('//')).toBe('/');
  });
  it('leaves the root and clean paths alone', () => {
    expect(withoutTrailingSlash('/')).toBeNull();
    expect(withoutTrailingSlash('/campaign')).toBeNull();
  });
});
