import { describe, expect, it } from 'vitest';
import { urlCardTarget } from './url-card-target';

const ORIGIN = 'https://kifu.test';

describe('url card target', () => {
  it('takes the shareable pages of this origin, with their locale', () => {
    expect(urlCardTarget('https://kifu.test/associate/wan-nyan-home', ORIGIN)).toEqual({
      ok: true,
      target: { locale: 'ja', kind: 'associate', uid: 'wan-nyan-home' },
    });
    expect(urlCardTarget('https://kifu.test/en/campaign/12/report?x=1#top', ORIGIN)).toEqual({
      ok: true,
      target: { locale: 'en', kind: 'campaign', id: 12 },
    });
    expect(urlCardTarget('/portfolio/3', ORIGIN)).toEqual({ ok: true, target: { locale: 'ja', kind: 'portfolio', id: 3 } });
    expect(urlCardTarget('portfolio/3', ORIGIN)).toMatchObject({ ok: true, target: { kind: 'portfolio', id: 3 } });
  });

  it('refuses every other origin, however it is spelled (no fetching of arbitrary URLs)', () => {
    for (const input of [
      'https://evil.test/campaign/1',
      '//evil.test/campaign/1',
      '/\\evil.test/campaign/1',
      'http://kifu.test/campaign/1',
      'https://kifu.test:8443/campaign/1',
      'https://kifu.test@evil.test/campaign/1',
      'https://user:pw@kifu.test/campaign/1',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'http://127.0.0.1:4000/campaign/1/',
    ]) {
      expect(urlCardTarget(input, ORIGIN), input).toEqual({ ok: false, reason: 'foreign_origin' });
    }
  });

  it('refuses pages without a card and malformed input', () => {
    for (const input of ['/', '/help', '/campaign', '/campaign/abc', '/campaign/0', '/associate/bad%20uid', '/backend/campaign/1/']) {
      expect(urlCardTarget(input, ORIGIN), input).toEqual({ ok: false, reason: 'unsupported_page' });
    }
    expect(urlCardTarget('', ORIGIN)).toEqual({ ok: false, reason: 'invalid_url' });
    expect(urlCardTarget(`/campaign/1?${'x'.repeat(3000)}`, ORIGIN)).toEqual({ ok: false, reason: 'invalid_url' });
    expect(urlCardTarget('http://[::1', ORIGIN)).toEqual({ ok: false, reason: 'invalid_url' });
  });
});
