import { describe, expect, it } from 'vitest';
import { forwardedFor, parseTrustedProxies, PROXY_SECRET_HEADER, setProxySecret } from './forwarded-for';

describe('forwardedFor', () => {
  const none = parseTrustedProxies(undefined);

  it('replaces an address the browser claims with the connecting one', () => {
    expect(forwardedFor('203.0.113.9', '198.51.100.7', none)).toBe('198.51.100.7');
    expect(forwardedFor(['203.0.113.9', '10.0.0.1'], '198.51.100.7', none)).toBe('198.51.100.7');
  });

  it('fills the connecting address when nothing was sent, IPv4 peers without the IPv6 prefix', () => {
    expect(forwardedFor(undefined, '::ffff:127.0.0.1', none)).toBe('127.0.0.1');
    expect(forwardedFor(undefined, '::1', none)).toBe('::1');
  });

  it('keeps the chain a trusted proxy sent and appends that proxy', () => {
    const trusted = parseTrustedProxies('10.0.0.2, ::ffff:10.0.0.3');
    expect(forwardedFor('203.0.113.9', '::ffff:10.0.0.2', trusted)).toBe('203.0.113.9, 10.0.0.2');
    expect(forwardedFor('203.0.113.9', '10.0.0.3', trusted)).toBe('203.0.113.9, 10.0.0.3');
    expect(forwardedFor(undefined, '10.0.0.2', trusted)).toBe('10.0.0.2');
  });

  it('refuses a trusted proxy list that is not made of addresses', () => {
    expect(() => parseTrustedProxies('lb.internal')).toThrow(/not an IP address/);
  });
});

describe('setProxySecret', () => {
  it('replaces whatever the caller sent with the configured secret', () => {
    const headers = { [PROXY_SECRET_HEADER]: 'guessed', host: 'localhost' };
    setProxySecret(headers, 'the-secret-of-this-start');
    expect(headers).toEqual({ [PROXY_SECRET_HEADER]: 'the-secret-of-this-start', host: 'localhost' });
  });

  it('sends none without a secret, so a caller cannot pass one through', () => {
    const headers: Record<string, string> = { [PROXY_SECRET_HEADER]: 'guessed' };
    setProxySecret(headers, undefined);
    expect(headers).toEqual({});
  });
});
