import { describe, expect, it } from 'vitest';
import { landingUrls } from './landing-urls';

const defaults = { associateLandingUrl: 'https://env.test/associates', p2pLandingUrl: 'https://env.test/p2p' };

describe('landing URLs', () => {
  it('keeps the configured defaults without remote entries', () => {
    expect(landingUrls(defaults, {})).toEqual(defaults);
  });

  it('takes the joined parts of the remote entries', () => {
    expect(landingUrls(defaults, { associate_landing_url: ['https://lp.test', '/a/'], p2p_landing_url: ['https://lp.test/p/'] })).toEqual({
      associateLandingUrl: 'https://lp.test/a/',
      p2pLandingUrl: 'https://lp.test/p/',
    });
  });

  it('ignores an entry that is not an absolute http(s) URL', () => {
    expect(landingUrls(defaults, { associate_landing_url: ['javascript:alert(1)'], p2p_landing_url: ['/relative'] })).toEqual(defaults);
  });
});
