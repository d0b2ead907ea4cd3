import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SITE_CONTENT_SECURITY_POLICY, setSiteSecurityHeaders, siteSecurityHeaders } from './security-headers';

/** The headers a real HTTP server answers with when `app` handles the request after the hook. */
async function answerHeaders(app: RequestListener, webOrigin: string): Promise<Headers> {
  const server = createServer((request, response) => {
    setSiteSecurityHeaders(response, siteSecurityHeaders(webOrigin));
    app(request, response);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/login`);
    await response.arrayBuffer();
    return response.headers;
  } finally {
    await new Promise((closed) => server.close(closed));
  }
}

describe('site security headers', () => {
  it('forbid framing, sniffing and foreign origins on every answer', async () => {
    const headers = await answerHeaders((_request, response) => response.end('<html></html>'), 'http://localhost:3000');
    expect(headers.get('content-security-policy')).toBe(SITE_CONTENT_SECURITY_POLICY);
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('strict-transport-security')).toBeNull();
  });

  it('the policy works on cached pages: no nonce, our scripts and Next inline bootstrap, nothing from elsewhere', () => {
    const directives = Object.fromEntries(
      SITE_CONTENT_SECURITY_POLICY.split('; ').map((directive) => [directive.split(' ')[0], directive.slice(directive.indexOf(' ') + 1)]),
    );
    expect(directives['frame-ancestors']).toBe("'none'");
    expect(directives['script-src']).toBe("'self' 'unsafe-inline'");
    expect(directives['connect-src']).toBe("'self'");
    expect(directives['object-src']).toBe("'none'");
    expect(SITE_CONTENT_SECURITY_POLICY).not.toMatch(/nonce|https?:/);
  });

  it('let the browser send error reports to the DSN origin, only when one is configured (ADR 050)', () => {
    const policy = siteSecurityHeaders('https://kifu.example', 'https://o1.ingest.example')['content-security-policy'];
    expect(policy).toContain("connect-src 'self' https://o1.ingest.example;");
    expect(siteSecurityHeaders('https://kifu.example', null)['content-security-policy']).toBe(SITE_CONTENT_SECURITY_POLICY);
  });

  it('let the sign-up form load the bot check, ask it for a token and show its frame, only when it is on (ADR 056)', () => {
    const policy = siteSecurityHeaders('https://kifu.example', null, 'https://www.google.com')['content-security-policy'];
    expect(policy).toContain("script-src 'self' 'unsafe-inline' https://www.google.com;");
    expect(policy).toContain("connect-src 'self' https://www.google.com;");
    expect(policy).toMatch(/frame-src 'self' https:\/\/www.google.com(;|$)/);
    expect(
      siteSecurityHeaders('https://kifu.example', 'https://o1.ingest.example', 'https://www.google.com')['content-security-policy'],
    ).toContain("connect-src 'self' https://o1.ingest.example https://www.google.com;");
    expect(SITE_CONTENT_SECURITY_POLICY).not.toContain('frame-src');
  });

  it('add HSTS only when the public origin is https', () => {
    expect(siteSecurityHeaders('https://kifu.example')['strict-transport-security']).toBe('max-age=31536000');
    expect(siteSecurityHeaders('http://localhost:3000')).not.toHaveProperty('strict-transport-security');
  });

  it("let the app's own stricter headers win (the donate pages' nonce policy)", async () => {
    const headers = await answerHeaders((_request, response) => {
      response.setHeader('content-security-policy', "default-src 'self'; script-src 'self' 'nonce-abc'");
      response.setHeader('referrer-policy', 'no-referrer');
      response.end('<html></html>');
    }, 'https://kifu.example');
    expect(headers.get('content-security-policy')).toBe("default-src 'self'; script-src 'self' 'nonce-abc'");
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000');
  });
});
