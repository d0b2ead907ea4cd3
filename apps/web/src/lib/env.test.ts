import { describe, expect, it } from 'vitest';
import { parseEnv, toClientEnv } from './env';

describe('web configuration', () => {
  it('has a working default for every value', () => {
    const config = parseEnv({});
    expect(config.API_INTERNAL_URL).toBe('http://127.0.0.1:4000');
    expect(config.COMPANY_NAME).toBe('Kifu Inc');
  });

  it('treats empty strings as unset and takes overrides', () => {
    const config = parseEnv({ API_INTERNAL_URL: '', FAQ_URL: 'https://faq.test/' });
    expect(config.API_INTERNAL_URL).toBe('http://127.0.0.1:4000');
    expect(config.FAQ_URL).toBe('https://faq.test/');
  });

  it('fails fast on a malformed URL, naming the variable', () => {
    expect(() => parseEnv({ BLOG_URL: 'not a url' })).toThrow(/BLOG_URL/);
    expect(() => parseEnv({ ADMIN_APP_URL: 'javascript:alert(1)' })).toThrow(/ADMIN_APP_URL/);
  });

  it('exposes only the whitelisted values to the client', () => {
    expect(Object.keys(toClientEnv(parseEnv({}))).sort()).toEqual(['adminAppUrl', 'associateLandingUrl']);
  });
});
