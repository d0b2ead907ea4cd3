import { describe, expect, it } from 'vitest';
import { createNonce, donateContentSecurityPolicy, isDonatePath } from './content-security-policy';

describe('donate page CSP', () => {
  it('applies to the donate pages in both languages and nowhere else', () => {
    expect(isDonatePath('/associate/kodomo/donate')).toBe(true);
    expect(isDonatePath('/associate/kodomo/donate/confirmation')).toBe(true);
    expect(isDonatePath('/portfolio/2/donate')).toBe(true);
    expect(isDonatePath('/en/portfolio/2/donate/contribution')).toBe(true);
    expect(isDonatePath('/portfolio/2')).toBe(false);
    expect(isDonatePath('/en/associate/kodomo/donate/payment')).toBe(true);
    expect(isDonatePath('/associate/kodomo')).toBe(false);
    expect(isDonatePath('/associate/kodomo/donated')).toBe(false);
    expect(isDonatePath('/backend/associate/kodomo/donate')).toBe(false);
  });

  it('applies to the wallet pay return pages too', () => {
    expect(isDonatePath('/redirect/wallet-pay/checkout-review')).toBe(true);
    expect(isDonatePath('/en/redirect/wallet-pay/checkout-result')).toBe(true);
    expect(isDonatePath('/redirect/wallet-pay/checkout-cancel')).toBe(true);
    expect(isDonatePath('/redirect/wallet-pay/other')).toBe(false);
  });

  it("lets the wallet provider's checkout script run", () => {
    const policy = donateContentSecurityPolicy({ nonce: 'abc', cardVaultUrl: 'https://vault.example.com', botCheckScriptUrl: null, walletCheckoutScriptUrl: 'https://wallet.example.com/checkout.js' });
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

  it('makes a new nonce each time', () => {
    expect(createNonce()).not.toBe(createNonce());
    expect(createNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
