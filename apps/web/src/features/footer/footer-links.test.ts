import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../lib/env';
import { footerColumns, LEGAL_LINKS, socialLinks } from './footer-links';

const config = parseEnv({ COMPANY_URL: 'https://company.test/', SNS_X_URL: 'https://x.test/kifu' });

describe('footer links', () => {
  it('has the four columns of spec §2 in order', () => {
    expect(footerColumns(config).map((column) => column.title)).toEqual(['explore', 'about', 'support', 'services']);
  });

  it('covers every internal destination of spec §2', () => {
    const hrefs = [...footerColumns(config).flatMap((c) => c.links), ...LEGAL_LINKS].filter((l) => !l.external).map((l) => l.href);
    expect(hrefs.sort()).toEqual(
      [
        '/',
        '/asset',
        '/associate',
        '/campaign',
        '/explore/associate/social-challenge',
        '/help?from=site',
        '/privacy-policy',
        '/scta',
        '/terms-of-service#associate-section',
        '/terms-of-service#supporter-section',
      ].sort(),
    );
  });

  it('takes every external destination from configuration', () => {
    const external = [...footerColumns(config).flatMap((c) => c.links), ...socialLinks(config)].filter((l) => l.external);
    expect(external.map((l) => l.label).sort()).toEqual(
      ['associateLanding', 'blog', 'brandPledge', 'company', 'faq', 'p2pLanding', 'snsFacebook', 'snsX'].sort(),
    );
    expect(external.find((l) => l.label === 'company')?.href).toBe('https://company.test/');
    expect(external.find((l) => l.label === 'snsX')?.href).toBe('https://x.test/kifu');
  });
});
