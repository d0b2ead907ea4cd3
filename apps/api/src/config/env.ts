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

// Each variable says what it does in its `.describe()` (or `.meta()` with what production needs of
// it): docs/operations.md's tables are generated from these (`npm run docs:env`, ADR 051).
export const baseSchema = z.object({
  KIFU_ENV: z.enum(['development', 'test', 'production']).default('development').meta({
    description:
      'Which kind of installation this is; `production` refuses the sandbox credentials, the development receipt-link secret and demo data.',
    production: '`production`',
  }),
  API_PORT: envPort.default(4000).describe('The port the API listens on.'),
  API_HOST: z.string().min(1).default('127.0.0.1').meta({
    description: "The address the API (and the worker's health and metrics ports) listens on.",
    production: 'the address the load balancer reaches (e.g. `0.0.0.0`) when it runs on another machine',
  }),
  SHUTDOWN_GRACE_MS: positiveInt
    .default(25_000)
    .describe(
      'On SIGTERM or SIGINT (ADR 049), how long requests and jobs in hand get to finish and the database to close, counted from the signal; past it the process exits with status 1.',
    ),
  SHUTDOWN_DRAIN_MS: envNumber.pipe(z.number().int().min(0)).default(0).meta({
    description:
      'After the signal, how long readiness answers 503 while requests are still taken, so a load balancer that polls it stops sending before the port closes; 0: the port closes at once. Shorter than `SHUTDOWN_GRACE_MS`.',
    production: 'behind a load balancer: its check interval times its unhealthy threshold (docs/deploy.md)',
  }),
  WORKER_HEALTH_PORT: envPort
    .optional()
    .describe('`npm run worker` answers `GET /health/live` and `/health/ready` on this port (on `API_HOST`); unset: it opens no port.'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .optional()
    .meta({
      description:
        'A PostgreSQL server (`postgres://user:password@host:5432/kifu`); unset: the embedded PGlite under `DATA_DIR`, one process at a time.',
      production: 'yes with more than one API or worker process, or to back up without stopping (docs/operations.md, "Backups")',
    }),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR).meta({
    description:
      'Holds the embedded database (`pglite/`) and uploads on disk (`uploads/`); an absolute path, or one relative to `apps/api`.',
    shownDefault: "`data` in the repository's top folder",
  }),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info').describe('How much the API and the worker log (pino levels).'),
  REQUEST_LOG_SAMPLE_RATE: envNumber
    .pipe(z.number().min(0).max(1))
    .default(0.01)
    .describe(
      'The share of answered requests the API logs at info level (0–1); every answer of 400 or more and every slow one is logged whatever this says (ADR 080).',
    ),
  SEED_DEMO_DATA: envBoolean.optional().meta({
    description: 'Seed demo data into an empty database; refused in production, where demo accounts would share a published password.',
    shownDefault: '`true`; `false` in production',
  }),
  SEND_DEMO_PAYMENTS_TO_SANDBOX: envBoolean.default(false).meta({
    description:
      "At start (and every ten minutes), tell the provider sandbox's card gateway, wallet and bank the demo data's paid gifts, so the console can refund them (ADR 072); only the seed's payment ids, only to `SANDBOX_URL`. Refused in production.",
    shownDefault: '`false` (`npm start`, `npm run dev`: `true`)',
  }),
  STAFF_PAYOUT_RUN_AS_OF: envBoolean.default(false).meta({
    description:
      "Lets Kifu's staff start a payout run as of a later day (`/staff/payouts`): it closes the months closed by then and pays what is due then, so the demo and the browser tests walk a gift to its payout in minutes (ADR 079). Refused in production.",
    shownDefault: '`false` (`npm start`, `npm run dev`: `true`)',
  }),
  TRUST_PROXY: z.string().min(1).default('127.0.0.1,::1').meta({
    description:
      "Which proxies' `X-Forwarded-For` to believe (Fastify `trustProxy`, comma-separated addresses or CIDR ranges): the web server forwards browser calls, so rate limits must key on the browser's address. Only with `PROXY_SECRET`.",
    production: "the web servers' addresses, when they run on other machines",
  }),
  PROXY_SECRET: z.string().min(16).optional().meta({
    description:
      "Shared with the web server, which sends it with every call it forwards (ADR 023); unset: `X-Forwarded-For` is never believed and every caller is keyed by its connection's address. At least 16 characters.",
    production: "yes, the same value as the web's",
  }),
  MEDIA_BASE_URL: z
    .string()
    .min(1)
    .default('/backend/media')
    .transform((url) => url.replace(/\/+$/, ''))
    .describe('Public prefix of media URLs; the web app proxies `/backend/*` to the API, which serves `/media/*`.'),
  WEB_ORIGIN: z.url().default('http://localhost:3000').meta({
    description: "The public origin of the site, for the links the API puts in mails and in the providers' return addresses.",
    production: "yes: the site's `https://` origin",
  }),
  WEB_REVALIDATE_URL: httpUrl.optional().meta({
    description:
      "The web app's `POST /api/revalidate` (ADR 020), told when a paid donation changes public pages; unset: pages refresh on their timer.",
    shownDefault: "unset (`npm start`: the web's)",
    production: "the web's load balancer `…/api/revalidate`",
  }),
  REVALIDATE_SECRET: z.string().min(16).optional().meta({
    description: "Authenticates those calls; the same value as the web's. At least 16 characters.",
    shownDefault: 'unset (`npm start`: a random secret per start)',
    production: 'yes, with `WEB_REVALIDATE_URL`',
  }),

  // Providers (providers.md). Every URL defaults to the offline sandbox; pointing Kifu at a real
  // provider is configuration only.
  SANDBOX_URL: httpUrl
    .default('http://127.0.0.1:4010')
    .describe('The provider sandbox (apps/sandbox): the default base of every provider URL below.'),
  PROVIDER_TIMEOUT_MS: positiveInt.default(10_000).describe('How long any call to a provider may take.'),
  CARD_API_URL: httpUrl.optional().meta({
    description: "The card gateway's API (Omise).",
    shownDefault: '`SANDBOX_URL`',
    production: 'yes: `https://api.omise.co`',
  }),
  CARD_VAULT_URL: httpUrl.optional().meta({
    description: 'The card vault, where browsers turn a card into a token.',
    shownDefault: '`SANDBOX_URL`',
    production: 'yes: `https://vault.omise.co`',
  }),
  CARD_PUBLIC_KEY: z
    .string()
    .min(1)
    .default(sandbox.card.publicKey)
    .meta({ description: "The card gateway's public key.", production: 'yes: the live key' }),
  CARD_SECRET_KEY: z.string().min(1).default(sandbox.card.secretKey).describe("The card gateway's secret key."),
  CARD_WEBHOOK_SECRET: z
    .string()
    .min(1)
    .default(sandbox.card.webhookSecret)
    .describe('The base64 webhook secret from the Omise dashboard: card webhooks signed with anything else are refused.'),
  CARD_WEBHOOK_SECRET_PREVIOUS: z
    .string()
    .min(1)
    .optional()
    .describe(
      'While the card webhook secret is rotated: the old one, still accepted beside `CARD_WEBHOOK_SECRET` (docs/operations.md); unset it once done.',
    ),
  OMISE_VERSION: z.string().min(1).default('2019-05-29').describe('The Omise API version Kifu speaks.'),
  WALLET_API_URL: httpUrl.optional().meta({ description: "Wallet pay's API.", shownDefault: '`SANDBOX_URL`/wallet', production: 'yes' }),
  WALLET_CHECKOUT_SCRIPT_URL: httpUrl.optional().meta({
    description: "Wallet pay's checkout script, which renders its button.",
    shownDefault: '`SANDBOX_URL`/wallet/checkout.js',
    production: 'yes',
  }),
  WALLET_MERCHANT_ID: z
    .string()
    .min(1)
    .default(sandbox.wallet.merchantId)
    .meta({ description: "Kifu's merchant id at wallet pay.", production: 'yes' }),
  WALLET_STORE_ID: z
    .string()
    .min(1)
    .default(sandbox.wallet.storeId)
    .meta({ description: "Kifu's store id at wallet pay.", production: 'yes' }),
  WALLET_PUBLIC_KEY_ID: z
    .string()
    .min(1)
    .default(sandbox.wallet.publicKeyId)
    .meta({ description: 'The id of the public key wallet pay holds for Kifu.', production: 'yes' }),
  WALLET_PRIVATE_KEY_PEM: z
    .string()
    .min(1)
    .default(sandbox.wallet.privateKeyPem)
    .describe('The private key (PEM) Kifu signs wallet pay requests and buttons with.'),
  WALLET_REGION: z.enum(['jp', 'us', 'eu', 'uk']).default('jp').describe("Wallet pay's region."),
  WALLET_SANDBOX_MODE: envBoolean
    .default(true)
    .meta({ description: "Use the wallet provider's test environment (Amazon-Pay-style sandbox flag).", production: '`false`' }),
  BANK_API_URL: httpUrl
    .optional()
    .meta({ description: "The bank's virtual-account API.", shownDefault: '`SANDBOX_URL`/bank', production: 'yes' }),
  BANK_API_KEY: z.string().min(1).default(sandbox.bank.apiKey).describe("The bank's API key."),
  BANK_WEBHOOK_SECRET: z
    .string()
    .min(1)
    .default(sandbox.bank.webhookSecret)
    .describe("The bank's webhook secret: bank webhooks signed with anything else are refused."),
  BANK_WEBHOOK_SECRET_PREVIOUS: z
    .string()
    .min(1)
    .optional()
    .describe(
      'While the bank webhook secret is rotated: the old one, still accepted beside `BANK_WEBHOOK_SECRET` (docs/operations.md); unset it once done.',
    ),
  BANK_TRANSFER_EXPIRY_DAYS: positiveInt
    .default(7)
    .describe('Days a virtual account stays open; spec §9 only says it has an expiration date (ADR 006).'),
  BOT_CHECK_VERIFY_URL: httpUrl.optional().meta({
    description: "The bot check's `siteverify` (reCAPTCHA v3-compatible).",
    shownDefault: '`SANDBOX_URL`/recaptcha/api/siteverify',
    production: 'yes, with the bot check on',
  }),
  BOT_CHECK_ENABLED: envBoolean
    .default(true)
    .describe(
      'Off: the client asks for no token and the server checks none (spec §4 step 5: "when a site key is configured"). The same value as the web\'s.',
    ),
  BOT_CHECK_SITE_KEY: z
    .string()
    .min(1)
    .default(sandbox.botCheck.siteKey)
    .meta({ description: "The bot check's public site key.", production: 'yes' }),
  BOT_CHECK_SECRET: z.string().min(1).default(sandbox.botCheck.secret).describe("The bot check's secret key."),
  RECONCILE_PENDING_AFTER_MINUTES: positiveInt
    .default(15)
    .describe('Pending card charges older than this are re-fetched by the reconciliation job.'),
  SOCIAL_LOGIN_ISSUER: httpUrl.optional().meta({
    description: "The OpenID Connect provider of social login (spec §7 /auth/social/convert-token/); the same as the web's.",
    shownDefault: '`SANDBOX_URL`/oidc (the sandbox\'s "Kifu ID")',
    production: 'yes, for social login',
  }),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/ })
    .default('smtp://127.0.0.1:4025')
    .meta({
      description:
        "Where mail is sent (`smtp://user:pass@host:587`, or `smtps://…:465`); the default is the sandbox's mailbox, which `npm start` runs.",
      production: 'yes: your mail server',
    }),
  MAIL_FROM: z
    .string()
    .min(3)
    .max(256)
    .default('Kifu <no-reply@kifu.example>')
    .meta({ description: 'The sender of every mail Kifu sends.', production: 'yes: an address of your domain' }),
  RECEIPT_LINK_SECRET: z.string().min(32).default(DEVELOPMENT_RECEIPT_LINK_SECRET).meta({
    description:
      'Signs the receipt links mailed to guests (receipts/receipt-links.ts); keep it: a new one breaks the links already mailed. At least 32 characters.',
    shownDefault: 'a development-only value',
  }),
  UPLOAD_STORAGE: z.enum(['disk', 's3']).default('disk').meta({
    description: 'Where uploaded images and receipt bundles are kept (ADR 037): `disk` under `DATA_DIR/uploads`, or `s3`.',
    production: '`s3` with API processes on more than one machine',
  }),
  S3_ENDPOINT: httpUrl.optional().meta({
    description: "An S3-compatible endpoint (MinIO, another vendor's).",
    shownDefault: "the sandbox's store outside production, AWS's endpoint for `S3_REGION` in production",
  }),
  S3_REGION: z.string().min(1).default('ap-northeast-1').describe("The object store's region."),
  S3_BUCKET: z
    .string()
    .min(1)
    .optional()
    .meta({ description: 'The bucket.', shownDefault: "the sandbox's, with the sandbox's store", production: 'with `UPLOAD_STORAGE=s3`' }),
  S3_ACCESS_KEY_ID: z.string().min(1).optional().meta({
    description: "The key pair's id.",
    shownDefault: "the sandbox's, with the sandbox's store",
    production: 'with `UPLOAD_STORAGE=s3`',
  }),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional().meta({
    description: "The key pair's secret.",
    shownDefault: "the sandbox's, with the sandbox's store",
    production: 'with `UPLOAD_STORAGE=s3`',
  }),
  S3_FORCE_PATH_STYLE: envBoolean.optional().meta({
    description: 'The bucket in the path rather than the host name (MinIO, the sandbox).',
    shownDefault: "`true` for the sandbox's store only",
  }),
  JOBS_IN_PROCESS: envBoolean.default(true).meta({
    description:
      'Run the durable job worker inside the API process; `false` leaves the jobs to `npm run worker` processes (with `DATABASE_URL`).',
    production: '`false` with worker processes (docs/deploy.md)',
  }),
  JOB_POLL_MS: positiveInt
    .default(1_000)
    .describe('How long an idle worker waits before looking again; a new job wakes it sooner (LISTEN/NOTIFY).'),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/ })
    .optional()
    .meta({
      description:
        'Redis for the counters of the rate and attempt limits, shared by every API process (ADR 041); unset: each process counts in its own memory, right for one process.',
      production: 'yes with more than one API process',
    }),
  PUBLIC_READ_CACHE_MS: envNumber
    .pipe(z.number().int().min(0))
    .default(60_000)
    .describe('How long an anonymous public read is answered from memory (ADR 040); any change forgets it at once (0: off).'),
  JOB_BATCH: positiveInt.default(20).describe('Jobs claimed at once; a full batch is followed at once by the next.'),
  JOB_CONCURRENCY: positiveInt
    .default(4)
    .describe('Claimed jobs run this many at a time (they mostly wait on a provider or the database).'),
  JOB_LEASE_MS: positiveInt
    .default(15_000)
    .describe(
      "How long a claimed job stays its worker's without a heartbeat (ADR 054): a worker that dies (SIGKILL, a lost machine) leaves its jobs to the others this long after its last heartbeat; a restarted worker on the same machine takes them at once.",
    ),
  JOB_HEARTBEAT_MS: positiveInt
    .default(5_000)
    .describe('How often a worker renews the leases of the jobs it is running, however long they run; at most half of `JOB_LEASE_MS`.'),
  WALLET_RECURRING_BATCH: positiveInt
    .default(200)
    .describe('Wallet pay months charged per run of the billing job; a full batch is followed at once by the next.'),
  METRICS_TOKEN: z
    .string()
    .min(METRICS_TOKEN_MIN_LENGTH)
    .optional()
    .meta({
      description: `The bearer token \`GET /metrics\` asks for (ADR 048); unset: only a scraper on this machine reaches it, and in production nobody. At least ${METRICS_TOKEN_MIN_LENGTH} characters.`,
      production: 'yes, to scrape metrics',
    }),
  WORKER_METRICS_PORT: envPort
    .optional()
    .describe('`npm run worker` serves its own `/metrics` on this port (on `API_HOST`); unset: it serves none.'),
  SENTRY_DSN: httpUrl.optional().meta({
    description:
      "Where the API and the worker report errors (ADR 050), a Sentry DSN; `npm start` points it at the sandbox's ingest. Unset: no report is made and the SDK is not even loaded.",
    production: "yes: the project's DSN",
  }),
  KIFU_RELEASE: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe('The release error reports name (a build id or commit); unset: none.'),
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
export const configSchema = baseSchema
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
    if (env.JOB_HEARTBEAT_MS * 2 > env.JOB_LEASE_MS)
      ctx.addIssue({
        code: 'custom',
        path: ['JOB_HEARTBEAT_MS'],
        message: 'must be at most half of JOB_LEASE_MS, so that one late heartbeat does not hand a running job to another worker',
      });
    if (env.KIFU_ENV !== 'production') return;
    // Demo accounts share a published password.
    if (env.SEED_DEMO_DATA)
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO_DATA'],
        message: 'demo data (with its public demo password) is refused in production',
      });
    if (env.SEND_DEMO_PAYMENTS_TO_SANDBOX)
      ctx.addIssue({
        code: 'custom',
        path: ['SEND_DEMO_PAYMENTS_TO_SANDBOX'],
        message: "is for the demo's sandbox; production has no demo payments to tell",
      });
    if (env.STAFF_PAYOUT_RUN_AS_OF)
      ctx.addIssue({
        code: 'custom',
        path: ['STAFF_PAYOUT_RUN_AS_OF'],
        message: 'would let staff close months early and pay before the payout date; it is for the demo and tests',
      });
    const testSecrets: [string, string][] = [
      ['CARD_SECRET_KEY', sandbox.card.secretKey],
      ['CARD_WEBHOOK_SECRET', sandbox.card.webhookSecret],
      ['CARD_WEBHOOK_SECRET_PREVIOUS', sandbox.card.webhookSecret],
      ['WALLET_PRIVATE_KEY_PEM', sandbox.wallet.privateKeyPem],
      ['BANK_API_KEY', sandbox.bank.apiKey],
      ['BANK_WEBHOOK_SECRET', sandbox.bank.webhookSecret],
      ['BANK_WEBHOOK_SECRET_PREVIOUS', sandbox.bank.webhookSecret],
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
