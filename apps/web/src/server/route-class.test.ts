import { describe, expect, it } from 'vitest';
import { routeClassOf } from './route-class';

describe('the route class of a web request', () => {
  it.each([
    ['/', 'page'],
    ['/en', 'page'],
    ['/campaign/10', 'page'],
    ['/en/associate/kodomo-shokudo-mirai/donate?donation_id=5&donation_token=secret', 'page'],
    ['/mypage/tax-summary/2026', 'page'],
    ['/_next/static/chunks/app-123.js', 'next_assets'],
    ['/_next/image?url=%2Fbackend%2Fmedia%2Fx.png&w=640&q=75', 'next_assets'],
    ['/api/version', 'api'],
    ['/api/oauth/login-with-password', 'api'],
    ['/kifuConfig/global', 'api'],
    ['/getCampaignUsageStats', 'api'],
    ['/urlCard', 'api'],
    ['/backend/donation/12/status/?donation_token=abc', 'backend'],
    ['/backend/media/campaign/1/cover.webp', 'backend'],
    ['/backend', 'backend'],
    ['/robots.txt', 'public_file'],
    ['/icon.svg', 'public_file'],
    ['/metrics', 'metrics'],
    ['/metrics/', 'page'],
  ])('%s is %s', (url, expected) => {
    expect(routeClassOf(url)).toBe(expected);
  });

  it('does not take look-alike prefixes for their class', () => {
    expect(routeClassOf('/apis')).toBe('page');
    expect(routeClassOf('/backendx/1')).toBe('page');
    expect(routeClassOf('/_nextish')).toBe('page');
  });

  it('answers a class for whatever a client sends as the request target', () => {
    expect(routeClassOf(undefined)).toBe('page');
    expect(routeClassOf('')).toBe('page');
    expect(routeClassOf('*')).toBe('page');
    expect(routeClassOf('http://evil.example/api/x')).toBe('page');
  });
});
