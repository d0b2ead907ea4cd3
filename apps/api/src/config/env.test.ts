import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

/** Real-looking provider secrets: what production needs before anything else is checked. */
const PRODUCTION_SECRETS = {
  KIFU_ENV: 'production',
  CARD_SECRET_KEY: 'skey_live_x',
  CARD_WEBHOOK_SECRET: 'bGl2ZQ==',
  WALLET_PRIVATE_KEY_PEM: 'pem',
  BANK_API_KEY: 'bank_live',
  BANK_WEBHOOK_SECRET: 'live',
  BOT_CHECK_SECRET: 'live',
  RECEIPT_LINK_SECRET: 'a-production-secret-of-at-least-32-chars',
};

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      API_PORT: 4000,
      API_HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO_DATA: true,
      MEDIA_BASE_URL: '/backend/media',
      WEB_ORIGIN: 'http://localhost:3000',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toMatch(/\/data$/);
  });

  it('parses booleans and ports, and treats empty values as unset', () => {
    const config = loadConfig({ SEED_DEMO_DATA: '0', API_PORT: '4100', DATABASE_URL: '' });
    expect(config).toMatchObject({ SEED_DEMO_DATA: false, API_PORT: 4100 });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('fails fast, naming every bad variable', () => {
    expect(() => loadConfig({ SEED_DEMO_DATA: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ SEED_DEMO_DATA: 'yes', API_PORT: 'x', DATABASE_URL: 'mysql://x' })).toThrow(
      /SEED_DEMO_DATA[\s\S]*API_PORT|API_PORT[\s\S]*SEED_DEMO_DATA/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://localhost/kifu' })).toThrow(/DATABASE_URL/);
  });

  it('takes a metrics token long enough to be no guess, and a worker metrics port (ADR 048)', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }).METRICS_TOKEN).toBe('a-long-enough-token');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ WORKER_METRICS_PORT: '9464' }).WORKER_METRICS_PORT).toBe(9464);
    expect(() => loadConfig({ WORKER_METRICS_PORT: 'x' })).toThrow(/WORKER_METRICS_PORT/);
  });

  it('points every provider at the sandbox unless told otherwise', () => {
    const config = loadConfig({ SANDBOX_URL: 'http://127.0.0.1:4110/' });
    expect(config).toMatchObject({
      CARD_API_URL: 'http://127.0.0.1:4110',
      CARD_VAULT_URL: 'http://127.0.0.1:4110',
      WALLET_API_URL: 'http://127.0.0.1:4110/wallet',
      BANK_API_URL: 'http://127.0.0.1:4110/bank',
      BOT_CHECK_VERIFY_URL: 'http://127.0.0.1:4110/recaptcha/api/siteverify',
    });
    expect(loadConfig({ CARD_API_URL: 'https://api.omise.co' }).CARD_API_URL).toBe('https://api.omise.co');
  });

  it('refuses the sandbox test credentials in production', () => {
    expect(() => loadConfig({ KIFU_ENV: 'production' })).toThrow(/CARD_SECRET_KEY[\s\S]*sandbox test credential/);
    const real = {
      ...PRODUCTION_SECRETS,
    };
    expect(() => loadConfig({ ...real, RECEIPT_LINK_SECRET: undefined })).toThrow(/RECEIPT_LINK_SECRET/);
    expect(loadConfig(real)).toMatchObject({ KIFU_ENV: 'production', SEED_DEMO_DATA: false });
    expect(() => loadConfig({ ...real, SEED_DEMO_DATA: 'true' })).toThrow(/SEED_DEMO_DATA/);
  });

  it('takes a previous webhook secret during a rotation, but never the sandbox one in production', () => {
    expect(loadConfig({}).CARD_WEBHOOK_SECRET_PREVIOUS).toBeUndefined();
    const rotating = { ...PRODUCTION_SECRETS, CARD_WEBHOOK_SECRET_PREVIOUS: 'b2xk', BANK_WEBHOOK_SECRET_PREVIOUS: 'old' };
    expect(loadConfig(rotating)).toMatchObject({ CARD_WEBHOOK_SECRET_PREVIOUS: 'b2xk', BANK_WEBHOOK_SECRET_PREVIOUS: 'old' });
    expect(() => loadConfig({ ...rotating, CARD_WEBHOOK_SECRET_PREVIOUS: SANDBOX_CREDENTIALS.card.webhookSecret })).toThrow(
      /CARD_WEBHOOK_SECRET_PREVIOUS[\s\S]*sandbox test credential/,
    );
    expect(() => loadConfig({ ...rotating, BANK_WEBHOOK_SECRET_PREVIOUS: SANDBOX_CREDENTIALS.bank.webhookSecret })).toThrow(
      /BANK_WEBHOOK_SECRET_PREVIOUS/,
    );
  });

  it('keeps uploads on disk by default; with UPLOAD_STORAGE=s3 uses the sandbox store outside production, else needs a bucket and keys', () => {
    expect(loadConfig({}).UPLOAD_STORAGE).toBe('disk');
    expect(loadConfig({ UPLOAD_STORAGE: 's3', SANDBOX_URL: 'http://127.0.0.1:4110' })).toMatchObject({
      S3_ENDPOINT: 'http://127.0.0.1:4110/storage',
      S3_REGION: 'ap-northeast-1',
      S3_BUCKET: 'kifu-sandbox-uploads',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(() => loadConfig({ UPLOAD_STORAGE: 'ftp' })).toThrow(/UPLOAD_STORAGE/);
    expect(() => loadConfig({ UPLOAD_STORAGE: 's3', S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_BUCKET[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    const minio = {
      UPLOAD_STORAGE: 's3',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    };
    expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(loadConfig(minio).S3_FORCE_PATH_STYLE).toBe(false);
    // Production on AWS: no endpoint (the SDK's own for the region), never the sandbox's keys.
    const production = {
      ...PRODUCTION_SECRETS,
      UPLOAD_STORAGE: 's3',
    };
    expect(() => loadConfig(production)).toThrow(/S3_BUCKET/);
    const onAws = loadConfig({ ...production, S3_BUCKET: 'kifu-uploads', S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'live' });
    expect(onAws.S3_ENDPOINT).toBeUndefined();
    expect(() =>
      loadConfig({
        ...production,
        S3_BUCKET: 'b',
        S3_ACCESS_KEY_ID: 'AKIA',
        S3_SECRET_ACCESS_KEY: 'kifu-sandbox-storage-secret-access-key',
      }),
    ).toThrow(/S3_SECRET_ACCESS_KEY[\s\S]*sandbox test credential/);
  });

  it('bounds a shutdown (ADR 049): 25 s of grace and no drain by default, a drain shorter than the grace', () => {
    expect(loadConfig({})).toMatchObject({ SHUTDOWN_GRACE_MS: 25_000, SHUTDOWN_DRAIN_MS: 0 });
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '40000', SHUTDOWN_DRAIN_MS: '15000', WORKER_HEALTH_PORT: '4090' })).toMatchObject({
      SHUTDOWN_GRACE_MS: 40_000,
      SHUTDOWN_DRAIN_MS: 15_000,
      WORKER_HEALTH_PORT: 4090,
    });
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '25000' })).toThrow(/SHUTDOWN_DRAIN_MS[\s\S]*shorter than SHUTDOWN_GRACE_MS/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '0' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });
});
