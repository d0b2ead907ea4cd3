import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, metricsAccess, type MetricsRequest } from './metrics-access';

const TOKEN = 'a-metrics-token-of-some-length';
const request = (overrides: Partial<MetricsRequest> = {}): MetricsRequest => ({
  token: undefined,
  production: false,
  headers: {},
  remoteAddress: '127.0.0.1',
  ...overrides,
});

describe('who may read /metrics (ADR 048)', () => {
  it('with a token: the bearer of that token, from anywhere; nobody else', () => {
    const withToken = (authorization: string | undefined, remoteAddress = '203.0.113.7') =>
      metricsAccess(request({ token: TOKEN, production: true, headers: { authorization }, remoteAddress }));
    expect(withToken(`Bearer ${TOKEN}`)).toBe('allowed');
    expect(withToken(`bearer ${TOKEN}`)).toBe('allowed');
    expect(withToken(undefined)).toBe('unauthorized');
    expect(withToken(undefined, '127.0.0.1')).toBe('unauthorized');
    expect(withToken(`Bearer ${TOKEN.slice(0, -1)}`)).toBe('unauthorized');
    expect(withToken(`Bearer ${TOKEN}x`)).toBe('unauthorized');
    expect(withToken(`Bearer ${TOKEN} extra`)).toBe('unauthorized');
    expect(withToken(`Basic ${TOKEN}`)).toBe('unauthorized');
    expect(withToken('Bearer ')).toBe('unauthorized');
  });

  it('without a token, outside production: a loopback connection no proxy forwarded', () => {
    expect(metricsAccess(request())).toBe('allowed');
    expect(metricsAccess(request({ remoteAddress: '::1' }))).toBe('allowed');
    expect(metricsAccess(request({ remoteAddress: '::ffff:127.0.0.1' }))).toBe('allowed');
    expect(metricsAccess(request({ remoteAddress: '10.0.0.8' }))).toBe('not_found');
    expect(metricsAccess(request({ remoteAddress: undefined }))).toBe('not_found');
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-kifu-proxy-secret'])
      expect(metricsAccess(request({ headers: { [header]: '203.0.113.7' } }))).toBe('not_found');
  });

  it('without a token, in production: nobody', () => {
    expect(metricsAccess(request({ production: true }))).toBe('not_found');
  });

  it('knows loopback addresses from look-alikes', () => {
    expect(isLoopbackAddress('127.0.0.53')).toBe(true);
    expect(isLoopbackAddress('127.0.0.1.example')).toBe(false);
    expect(isLoopbackAddress('::2')).toBe(false);
    expect(isLoopbackAddress('1127.0.0.1')).toBe(false);
  });
});
