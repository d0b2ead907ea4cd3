import { describe, expect, it } from 'vitest';
import { parseEnv, partialDeploymentOrigin, toClientEnv, toPaymentClientEnv } from './env';

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

  it('derives the provider URLs from SANDBOX_URL unless they are set', () => {
    const config = parseEnv({ SANDBOX_URL: 'http://127.0.0.1:4110/' });
    expect(config.CARD_VAULT_URL).toBe('http://127.0.0.1:4110');
    expect(config.BOT_CHECK_SCRIPT_URL).toBe('http://127.0.0.1:4110/recaptcha/api.js');
    expect(config.POSTAL_LOOKUP_URL).toBe('http://127.0.0.1:4110/postal/api/search');
    expect(config.CARD_PUBLIC_KEY).toBe('pkey_test_kifu_sandbox_public');
    const live = parseEnv({ CARD_VAULT_URL: 'https://vault.example.com/', POSTAL_LOOKUP_URL: 'https://zip.example.com/api/search' });
    expect(live.CARD_VAULT_URL).toBe('https://vault.example.com');
    expect(live.POSTAL_LOOKUP_URL).toBe('https://zip.example.com/api/search');
  });

  it('maps links to the other application only when the partial deployment is on, with its origin', () => {
    expect(partialDeploymentOrigin(parseEnv({}))).toBeNull();
    expect(partialDeploymentOrigin(parseEnv({ PARTIAL_DEPLOYMENT_ORIGIN: 'https://legacy.example/' }))).toBeNull();
    expect(partialDeploymentOrigin(parseEnv({ PARTIAL_DEPLOYMENT: 'true', PARTIAL_DEPLOYMENT_ORIGIN: 'https://legacy.example/' }))).toBe(
      'https://legacy.example',
    );
    expect(() => parseEnv({ PARTIAL_DEPLOYMENT: '1' })).toThrow(/PARTIAL_DEPLOYMENT_ORIGIN/);
  });

  it('gives the donate pages only the public card, bot-check and wallet values', () => {
    const payment = toPaymentClientEnv(parseEnv({}));
    expect(Object.keys(payment).sort()).toEqual([
      'botCheckScriptUrl',
      'botCheckSiteKey',
      'cardPublicKey',
      'cardVaultUrl',
      'walletCheckoutScriptUrl',
      'walletMerchantId',
    ]);
    expect(payment.walletCheckoutScriptUrl).toBe('http://127.0.0.1:4010/wallet/checkout.js');
    expect(payment.botCheckSiteKey).toBe('kifu-sandbox-site-key');
    expect(toPaymentClientEnv(parseEnv({ BOT_CHECK_ENABLED: '0' })).botCheckSiteKey).toBeNull();
    expect(JSON.stringify(payment)).not.toMatch(/skey_|secret|PRIVATE/i);
  });

  it('reads the metrics token and the environment for /metrics (ADR 048)', () => {
    expect(parseEnv({}).KIFU_ENV).toBe('development');
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ KIFU_ENV: 'production', METRICS_TOKEN: 'a-long-enough-token' })).toMatchObject({
      KIFU_ENV: 'production',
      METRICS_TOKEN: 'a-long-enough-token',
    });
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => parseEnv({ KIFU_ENV: 'prod' })).toThrow(/KIFU_ENV/);
  });
});
