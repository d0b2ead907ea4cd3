import { describe, expect, it } from 'vitest';
import { createNonce, donateContentSecurityPolicy } from './content-security-policy';

describe('donate page CSP', () => {
  it("lets the wallet provider's checkout script run", () => {
    const policy = donateContentSecurityPolicy({
      nonce: 'abc',
      cardVaultUrl: 'https://vault.example.com',
      botCheckScriptUrl: null,
      walletCheckoutScriptUrl: 'https://wallet.example.com/checkout.js',
    });
    expect(policy).toContain("script-src 'self' 'nonce-abc' https://wallet.example.com;");
  });

  it('lists only our origin, the vault and the bot check', () => {
    const policy = donateContentSecurityPolicy({
      nonce: 'abc',
      cardVaultUrl: 'https://vault.example.com',
      botCheckScriptUrl: 'https://bot.example.com/recaptcha/api.js',
    });
    const directives = Object.fromEntries(policy.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1)]));
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'", "'nonce-abc'", 'https://bot.example.com']);
    expect(directives['connect-src']).toEqual(["'self'", 'https://vault.example.com', 'https://bot.example.com']);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(policy).not.toContain('unsafe-eval');
  });

  it('adds the error reporting origin to connect-src when reporting is on (ADR 050)', () => {
    const policy = donateContentSecurityPolicy({
      nonce: 'abc',
      cardVaultUrl: 'https://vault.example.com',
      botCheckScriptUrl: null,
      errorReportingOrigin: 'https://o1.ingest.example',
    });
    expect(policy).toContain("connect-src 'self' https://vault.example.com https://o1.ingest.example;");
  });

  it('makes a new nonce each time', () => {
    expect(createNonce()).not.toBe(createNonce());
    expect(createNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
