import { describe, expect, it } from 'vitest';
import { credentialErrors, safeNextPath } from './credentials';

const labels = { email: 'E-Mail', password: 'Password' };

describe('credentialErrors', () => {
  it('asks for both fields, a real email, and on sign-up a password of at least 6 characters (spec §5, §9)', () => {
    expect(credentialErrors({ email: '', password: '' }, 'login', 'en', labels)).toEqual({
      email: expect.any(String),
      password: expect.any(String),
    });
    expect(credentialErrors({ email: 'not-an-email', password: 'x' }, 'login', 'en', labels)).toEqual({ email: expect.any(String) });
    expect(credentialErrors({ email: 'a@kifu.example', password: 'abc' }, 'login', 'en', labels)).toEqual({});
    expect(credentialErrors({ email: 'a@kifu.example', password: 'abc' }, 'signup', 'en', labels).password).toMatch(/6/);
    expect(credentialErrors({ email: 'a@kifu.example', password: 'abcdef' }, 'signup', 'ja', labels)).toEqual({});
  });
});

describe('safeNextPath', () => {
  it('keeps a path on this site and refuses anything that leaves it (no open redirect)', () => {
    expect(safeNextPath('/mypage/account?tab=1#x')).toBe('/mypage/account?tab=1#x');
    expect(safeNextPath('/en/associate/green')).toBe('/en/associate/green');
    for (const hostile of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', null, undefined]) {
      expect(safeNextPath(hostile)).toBe('/');
    }
  });

  it("falls back to the given home, the top page of the visitor's language", () => {
    expect(safeNextPath(null, '/en')).toBe('/en');
    expect(safeNextPath('https://evil.example', '/en')).toBe('/en');
    expect(safeNextPath('/en/mypage', '/en')).toBe('/en/mypage');
  });
});
