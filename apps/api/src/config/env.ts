// Configuration is parsed once at boot and fails fast (conventions.md #1); spec §5 "Environment
// values" fixes how booleans, numbers and JSON are read (shared parsers in @kifu/domain).
import { join } from 'node:path';
import { describeEnvError, envBoolean, envNumber, envPort } from '@kifu/domain';
import { METRICS_TOKEN_MIN_LENGTH } from '@kifu/domain/metrics-access';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { z } from 'zod';
import { API_ROOT } from '../lib/api-root';

/** `<repo root>/data`, resolved from apps/api so it does not depend on the working directory. */
const DEFAULT_DATA_DIR = join(API_ROOT, '../../data');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const httpUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''));
const positiveInt = envNumber.pipe(z.number().int().positive());
const sandbox = SANDBOX_CREDENTIALS;

const DEVELOPMENT_RECEIPT_LINK_SECRET = 'development-only-receipt-link-secret-do-not-use';

const baseSchema = z.object({
  /** production refuses the sandbox's public test credentials. */
  KIFU_ENV: z.enum(['development', 'test', 'production']).default('development'),
  API_PORT: envPort.default(4000),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * SIGTERM or SIGINT (ADR 049): requests and jobs in hand get this long to finish and the database
   * to close, counted from the signal; past it the process exits with status 1.
   */
  SHUTDOWN_GRACE_MS: positiveInt.default(25_000),
  /**
   * After the signal, how long readiness answers 503 while requests are still taken, so a load
   * balancer that polls it stops sending before the port closes; 0: the port closes at once.
   */
  SHUTDOWN_DRAIN_MS: envNumber.pipe(z.number().int().min(0)).default(0),
  /** `npm run worker` answers GET /health/live and /health/ready on this port (on API_HOST); unset: no HTTP at all. */
  WORKER_HEALTH_PORT: envPort.optional(),
  /** When set, node-postgres talks to that server; otherwise the embedded PGlite is used. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** Seed demo data into an empty database; off by default in production, where it is refused. */
  SEED_DEMO_DATA: envBoolean.optional(),
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify `trustProxy`): the web app forwards browser
   * calls from this machine, so rate limits must key on the browser's address, not the proxy's.
   * Only with PROXY_SECRET: a proxy's address alone is shared by anything on its machine.
   */
  TRUST_PROXY: z.string().min(1).default('127.0.0.1,::1'),
  /**
   * Shared with the web server, which sends it with every call it forwards (plugins/client-address.ts);
   * unset: X-Forwarded-For is never believed and every caller is keyed by its connection's address.
   */
  PROXY_SECRET: z.string().min(16).optional(),
  /** Public prefix of media URLs; the web app proxies /backend/* to the API, which serves /media/*. */
  MEDIA_BASE_URL: z
    .string()
    .min(1)
    .default('/backend/media')
    .transform((url) => url.replace(/\/+$/, '')),
  WEB_ORIGIN: z.url().default('http://localhost:3000'),
  /** The web app's POST /api/revalidate and its shared secret (ADR 020); unset: pages refresh on their timer. */
  WEB_REVALIDATE_URL: httpUrl.optional(),
  REVALIDATE_SECRET: z.string().min(16).optional(),

  // Providers (providers.md). Every URL defaults to the offline sandbox; pointing Kifu at a real
  // provider is configuration only.
  SANDBOX_URL: httpUrl.default('http://127.0.0.1:4010'),
  PROVIDER_TIMEOUT_MS: positiveInt.default(10_000),
  /** Omise API and vault (real: https://api.omise.co, https://vault.omise.co). */
  CARD_API_URL: httpUrl.optional(),
  CARD_VAULT_URL: httpUrl.optional(),
  CARD_PUBLIC_KEY: z.string().min(1).default(sandbox.card.publicKey),
  CARD_SECRET_KEY: z.string().min(1).default(sandbox.card.secretKey),
  /** Base64 webhook secret from the Omise dashboard. */
  CARD_WEBHOOK_SECRET: z.string().min(1).default(sandbox.card.webhookSecret),
  OMISE_VERSION: z.string().min(1).default('2019-05-29'),
  WALLET_API_URL: httpUrl.optional(),
  WALLET_CHECKOUT_SCRIPT_URL: httpUrl.optional(),
  WALLET_MERCHANT_ID: z.string().min(1).default(sandbox.wallet.merchantId),
  WALLET_STORE_ID: z.string().min(1).default(sandbox.wallet.storeId),
  WALLET_PUBLIC_KEY_ID: z.string().min(1).default(sandbox.wallet.publicKeyId),
  WALLET_PRIVATE_KEY_PEM: z.string().min(1).default(sandbox.wallet.privateKeyPem),
  WALLET_REGION: z.enum(['jp', 'us', 'eu', 'uk']).default('jp'),
  /** Amazon-Pay-style sandbox flag: the provider's test environment. */
  WALLET_SANDBOX_MODE: envBoolean.default(true),
  BANK_API_URL: httpUrl.optional(),
  BANK_API_KEY: z.string().min(1).default(sandbox.bank.apiKey),
  BANK_WEBHOOK_SECRET: z.string().min(1).default(sandbox.bank.webhookSecret),
  /** Days a virtual account stays open; spec §9 only says it has an expiration date (ADR 006). */
  BANK_TRANSFER_EXPIRY_DAYS: positiveInt.default(7),
  BOT_CHECK_VERIFY_URL: httpUrl.optional(),
  /** Off: the client asks for no token and the server checks none (spec §4 step 5: "when a site key is configured"). */
  BOT_CHECK_ENABLED: envBoolean.default(true),
  BOT_CHECK_SITE_KEY: z.string().min(1).default(sandbox.botCheck.siteKey),
  BOT_CHECK_SECRET: z.string().min(1).default(sandbox.botCheck.secret),
  /** Pending card charges older than this are re-fetched by the reconciliation job. */
  RECONCILE_PENDING_AFTER_MINUTES: positiveInt.default(15),
  /** The OpenID Connect provider of social login (spec §7 /auth/social/convert-token/); the sandbox's "Kifu ID" unless set. */
  SOCIAL_LOGIN_ISSUER: httpUrl.optional(),
  /** Where mail is sent (mail/mail-plugin.ts): `npm start` runs the sandbox's mailbox at this address. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).default('smtp://127.0.0.1:4025'),
  /** The sender of every mail Kifu sends. */
  MAIL_FROM: z.string().min(3).max(256).default('Kifu <no-reply@kifu.example>'),
  /** Signs the receipt links mailed to guests (receipts/receipt-links.ts); production sets its own. */
  RECEIPT_LINK_SECRET: z.string().min(32).default(DEVELOPMENT_RECEIPT_LINK_SECRET),
  /** Where uploaded images and receipt bundles are kept (ADR 037): `disk` under DATA_DIR/uploads, or `s3`. */
  UPLOAD_STORAGE: z.enum(['disk', 's3']).default('disk'),
  /**
   * An S3-compatible endpoint (MinIO, another vendor's). Unset: the sandbox's store outside
   * production, AWS's own endpoint for S3_REGION in production.
   */
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z.string().min(1).default('ap-northeast-1'),
  /** Bucket and key pair: the sandbox's with the sandbox's endpoint, otherwise required with UPLOAD_STORAGE=s3. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path rather than the host name (MinIO, the sandbox); defaults to on for the sandbox only. */
  S3_FORCE_PATH_STYLE: envBoolean.optional(),
  /** Run the durable job worker inside the API process (`npm run worker` runs it alone). */
  JOBS_IN_PROCESS: envBoolean.default(true),
  /** How long an idle worker waits before looking again; a new job wakes it sooner (LISTEN/NOTIFY). */
  JOB_POLL_MS: positiveInt.default(1_000),
  /**
   * Redis for the counters of the rate and attempt limits, shared by every API process (issue 16);
   * unset: each process counts in its own memory, right for one process.
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** How long an anonymous public read is answered from memory; any change forgets it at once (0: off). */
  PUBLIC_READ_CACHE_MS: envNumber.pipe(z.number().int().min(0)).default(60_000),
  /** Jobs claimed at once; a full batch is followed at once by the next. */
  JOB_BATCH: positiveInt.default(20),
  /** Claimed jobs run this many at a time (they mostly wait on a provider or the database). */
  JOB_CONCURRENCY: positiveInt.default(4),
  /** Wallet pay months charged per run of the billing job; a full batch is followed at once by the next. */
  WALLET_RECURRING_BATCH: positiveInt.default(200),
  /**
   * The bearer token GET /metrics asks for (ADR 048). Unset: only a loopback scraper reaches it, and
   * in production nobody does.
   */
  METRICS_TOKEN: z.string().min(METRICS_TOKEN_MIN_LENGTH).optional(),
  /** `npm run worker` serves its own /metrics on this port (on API_HOST); unset: it serves none. */
  WORKER_METRICS_PORT: envPort.optional(),
  /**
   * Where the API and the worker report errors (ADR 050), a Sentry DSN; `npm start` points it at the
   * sandbox's ingest. Unset: no report is made and the SDK is not even loaded.
   */
  SENTRY_DSN: httpUrl.optional(),
  /** The release the reports name (a build id or commit); unset: none. */
  KIFU_RELEASE: z.string().trim().min(1).max(200).optional(),
});

/**
 * Outside production, with no S3_ENDPOINT, uploads on S3 go to the sandbox's store with its public
 * key pair, like every other provider; a named endpoint, or production, needs its own (ADR 037).
 */
function objectStoreSettings(env: z.infer<typeof baseSchema>) {
  const sandboxStore = env.S3_ENDPOINT === undefined && env.KIFU_ENV !== 'production';
  return {
    S3_ENDPOINT: env.S3_ENDPOINT ?? (sandboxStore ? `${env.SANDBOX_URL}/storage` : undefined),
    S3_BUCKET: env.S3_BUCKET ?? (sandboxStore ? sandbox.storage.bucket : undefined),
    S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID ?? (sandboxStore ? sandbox.storage.accessKeyId : undefined),
    S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY ?? (sandboxStore ? sandbox.storage.secretAccessKey : undefined),
    // The sandbox speaks path-style only.
    S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE ?? sandboxStore,
  };
}

/** Provider URLs not given default to the sandbox's emulators. */
const configSchema = baseSchema
  .transform((env) => ({
    ...env,
    SEED_DEMO_DATA: env.SEED_DEMO_DATA ?? env.KIFU_ENV !== 'production',
    CARD_API_URL: env.CARD_API_URL ?? env.SANDBOX_URL,
    CARD_VAULT_URL: env.CARD_VAULT_URL ?? env.SANDBOX_URL,
    WALLET_API_URL: env.WALLET_API_URL ?? `${env.SANDBOX_URL}/wallet`,
    WALLET_CHECKOUT_SCRIPT_URL: env.WALLET_CHECKOUT_SCRIPT_URL ?? `${env.SANDBOX_URL}/wallet/checkout.js`,
    BANK_API_URL: env.BANK_API_URL ?? `${env.SANDBOX_URL}/bank`,
    BOT_CHECK_VERIFY_URL: env.BOT_CHECK_VERIFY_URL ?? `${env.SANDBOX_URL}/recaptcha/api/siteverify`,
    SOCIAL_LOGIN_ISSUER: (env.SOCIAL_LOGIN_ISSUER ?? `${env.SANDBOX_URL}/oidc`).replace(/\/+$/, ''),
    ...objectStoreSettings(env),
  }))
  .superRefine((env, ctx) => {
    if (env.UPLOAD_STORAGE === 's3') {
      for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required with UPLOAD_STORAGE=s3 (outside the sandbox)' });
      }
    }
    if (env.SHUTDOWN_DRAIN_MS >= env.SHUTDOWN_GRACE_MS)
      ctx.addIssue({
        code: 'custom',
        path: ['SHUTDOWN_DRAIN_MS'],
        message: 'must be shorter than SHUTDOWN_GRACE_MS, which also has to cover finishing requests and jobs',
      });
    if (env.KIFU_ENV !== 'production') return;
    // Demo accounts share a published password.
    if (env.SEED_DEMO_DATA)
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO_DATA'],
        message: 'demo data (with its public demo password) is refused in production',
      });
    const testSecrets: [string, string][] = [
      ['CARD_SECRET_KEY', sandbox.card.secretKey],
      ['CARD_WEBHOOK_SECRET', sandbox.card.webhookSecret],
      ['WALLET_PRIVATE_KEY_PEM', sandbox.wallet.privateKeyPem],
      ['BANK_API_KEY', sandbox.bank.apiKey],
      ['BANK_WEBHOOK_SECRET', sandbox.bank.webhookSecret],
      ['BOT_CHECK_SECRET', sandbox.botCheck.secret],
      ['S3_SECRET_ACCESS_KEY', sandbox.storage.secretAccessKey],
    ];
    if (env.RECEIPT_LINK_SECRET === DEVELOPMENT_RECEIPT_LINK_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['RECEIPT_LINK_SECRET'],
        message: 'is the development default; production needs its own secret',
      });
    for (const [name, testValue] of testSecrets) {
      if (env[name as keyof typeof env] === testValue) {
        ctx.addIssue({ code: 'custom', path: [name], message: "is the sandbox test credential; production needs the provider's own" });
      }
    }
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value means "unset", as shells and .env files commonly leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) throw new ConfigError(`Invalid configuration:\n${describeEnvError(parsed.error)}`);
  return parsed.data;
}

/** PGlite keeps its files here (architecture.md §5: DATA_DIR holds the embedded database and uploads). */
export function pgliteDir(config: Pick<Config, 'DATA_DIR'>): string {
  return `${config.DATA_DIR}/pglite`;
}

/** Uploaded files, with UPLOAD_STORAGE=disk (ADR 037). */
export function diskUploadsDir(config: Pick<Config, 'DATA_DIR'>): string {
  return `${config.DATA_DIR}/uploads`;
}
