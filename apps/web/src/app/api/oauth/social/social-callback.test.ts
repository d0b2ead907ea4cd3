// The social login callback refuses what is not this browser's own attempt before any call: no
// attempt cookie, another state, no code — the login page then says no token came back.
import { describe, expect, it } from 'vitest';
import { encodeAttempt, newAttempt } from '@/lib/social-login';
import { GET } from './callback/route';

const callback = (query: string, cookie?: string) =>
  GET(new Request(`http://localhost:3100/api/oauth/social/callback?${query}`, { headers: cookie ? { cookie } : {} }));

describe('GET /api/oauth/social/callback', () => {
  it('sends a forged, stale or cancelled return back to the login page, keeping the locale and next path', async () => {
    const attempt = newAttempt('/en/mypage/profile', 'en');
    const cookie = `kifu_social=${encodeAttempt(attempt)}`;
    for (const [query, jar] of [
      [`code=abc&state=${attempt.state}`, undefined],
      ['code=abc&state=someone-elses', cookie],
      [`state=${attempt.state}&error=access_denied`, cookie],
    ] as const) {
      const response = await callback(query, jar);
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!);
      expect(location.searchParams.get('social_error')).toBe('no_token');
      expect(response.headers.getSetCookie().some((value) => value.startsWith('user_token='))).toBe(false);
      // The attempt is used up either way.
      expect(response.headers.getSetCookie()).toContain('kifu_social=; Path=/api/oauth/social; Max-Age=0; HttpOnly; SameSite=Lax');
      if (jar) expect(location.pathname + '?next=' + location.searchParams.get('next')).toBe('/en/login?next=/en/mypage/profile');
    }
  });

  it('never carries a hostile next path from the (unsigned) attempt cookie into the redirect (ADR 055)', async () => {
    for (const hostile of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const attempt = { ...newAttempt('/', 'en'), next: hostile };
      const response = await callback(`state=${attempt.state}&error=access_denied`, `kifu_social=${encodeAttempt(attempt)}`);
      const location = new URL(response.headers.get('location')!);
      expect(location.pathname, hostile).toBe('/en/login');
      expect(location.searchParams.get('next'), hostile).toBe('/');
    }
  });
});
