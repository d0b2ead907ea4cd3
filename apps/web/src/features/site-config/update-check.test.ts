import { describe, expect, it } from 'vitest';
import { buildIdOf, fetchServerBuildId, hasNewerBuild, updateCheckApplies } from './update-check';

const donate = (pathname: string) => pathname.includes('/donate');
const place = { production: true, hostname: 'kifu.example', pathname: '/' };

describe('where the update check runs', () => {
  it('runs in production on ordinary pages', () => {
    expect(updateCheckApplies(place, donate)).toBe(true);
    expect(updateCheckApplies({ ...place, pathname: '/en/portfolio/1' }, donate)).toBe(true);
  });

  it('does not run outside production, on embed hosts, nor in the donation flow', () => {
    expect(updateCheckApplies({ ...place, production: false }, donate)).toBe(false);
    expect(updateCheckApplies({ ...place, hostname: 'embed.kifu.example' }, donate)).toBe(false);
    expect(updateCheckApplies({ ...place, pathname: '/associate/x/donate/payment' }, donate)).toBe(false);
  });
});

describe('reading the answer', () => {
  it('reads content.buildId and nothing else', () => {
    expect(buildIdOf({ content: { buildId: 'abc' } })).toBe('abc');
    for (const answer of [null, {}, { content: null }, { content: { buildId: 3 } }, { content: { buildId: '' } }, { buildId: 'abc' }]) {
      expect(buildIdOf(answer)).toBeUndefined();
    }
  });

  it('sees an update only when the server names another build', () => {
    expect(hasNewerBuild('a', 'b')).toBe(true);
    expect(hasNewerBuild('a', 'a')).toBe(false);
    expect(hasNewerBuild('a', undefined)).toBe(false);
  });

  it('treats a failed, refused or unreadable answer as no build id', async () => {
    const answer = (body: string, status = 200) => (async () => new Response(body, { status })) as typeof fetch;
    expect(await fetchServerBuildId(answer('{"content":{"buildId":"b2"}}'))).toBe('b2');
    expect(await fetchServerBuildId(answer('{"content":{"buildId":"b2"}}', 500))).toBeUndefined();
    expect(await fetchServerBuildId(answer('<html>'))).toBeUndefined();
    expect(await fetchServerBuildId((async () => Promise.reject(new TypeError('offline'))) as typeof fetch)).toBeUndefined();
  });
});
