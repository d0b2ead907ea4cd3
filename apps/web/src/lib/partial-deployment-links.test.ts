import { describe, expect, it } from 'vitest';
import { otherApplicationUrl } from './partial-deployment-links';

const OTHER = 'https://legacy.kifu.example';
const map = (href: string) => otherApplicationUrl(href, OTHER);

describe('partial-deployment link mapping (spec §2 table)', () => {
  it.each([
    ['/associate', '/explore/associate/social-challenge'],
    ['/explore/associate/social-challenge', '/explore/associate'],
    ['/portfolio', '/portfolios'],
    ['/portfolio/12', '/portfolios/12'],
    ['/privacy-policy', '/privacy'],
    ['/terms-of-service-for-supporters', '/terms'],
    ['/terms-of-service-for-associates', '/terms-associate'],
    ['/scta', '/law'],
    ['/password-recovery', '/auth/password-recovery'],
  ])('%s goes to the other application as %s', (from, to) => {
    expect(map(from)).toBe(`${OTHER}${to}`);
  });

  it("reads this application's terms sections as the two terms pages, the hash having picked the page", () => {
    expect(map('/terms-of-service#supporter-section')).toBe(`${OTHER}/terms`);
    expect(map('/terms-of-service#associate-section')).toBe(`${OTHER}/terms-associate`);
    expect(map('/terms-of-service')).toBe(`${OTHER}/terms`);
    expect(map('/en/terms-of-service#associate-section')).toBe(`${OTHER}/en/terms-associate`);
  });

  it('keeps the locale prefix', () => {
    expect(map('/en/portfolio/7')).toBe(`${OTHER}/en/portfolios/7`);
    expect(map('/en/associate')).toBe(`${OTHER}/en/explore/associate/social-challenge`);
    expect(map('/en/scta')).toBe(`${OTHER}/en/law`);
  });

  it('keeps the query and the hash', () => {
    expect(map('/associate?page=2')).toBe(`${OTHER}/explore/associate/social-challenge?page=2`);
    expect(map('/portfolio/3?ref=top#composition')).toBe(`${OTHER}/portfolios/3?ref=top#composition`);
    expect(map('/en/privacy-policy#contact')).toBe(`${OTHER}/en/privacy#contact`);
  });

  it('matches whole paths only: pages below a listed path stay here', () => {
    for (const href of [
      '/associate/abc',
      '/associate/abc/donate',
      '/portfolio/3/donate',
      '/explore/associate/social-challenge/children',
      '/portfolios',
      '/scta-old',
    ]) {
      expect(map(href), href).toBeNull();
    }
  });

  it('leaves every other page in this application', () => {
    for (const href of ['/', '/en', '/campaign', '/campaign/5', '/help?from=site', '/asset', '/login', '/en/mypage/account']) {
      expect(map(href), href).toBeNull();
    }
  });

  it('ignores a trailing slash and leaves external links alone', () => {
    expect(map('/portfolio/')).toBe(`${OTHER}/portfolios`);
    expect(map('https://example.com/associate')).toBeNull();
    expect(map('//example.com/associate')).toBeNull();
    expect(otherApplicationUrl('/scta', 'https://legacy.kifu.example/')).toBe(`${OTHER}/law`);
  });
});
