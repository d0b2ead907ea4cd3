// Sandbox configuration, parsed once at boot (conventions.md #1). Credentials default to the public
// sandbox test keys the API also defaults to, so `npm start` needs no configuration.
import { z } from 'zod';
import { describeEnvError, envNumber, envPort } from '@kifu/domain';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';

const rate = envNumber.pipe(z.number().min(0).max(1));
const url = z.url({ protocol: /^https?$/ });

// Each variable says what it does in its `.describe()`: docs/operations.md's table of the sandbox
// is generated from these (`npm run docs:env`, ADR 051).
export const sandboxVariables = z.object({
  SANDBOX_PORT: envPort.default(4010).describe('The port the sandbox listens on.'),
  SANDBOX_HOST: z.string().min(1).default('127.0.0.1').describe('The address the sandbox listens on.'),
  SANDBOX_SMTP_PORT: z
    .union([z.literal('0').transform(() => 0), envPort])
    .default(0)
    .describe("The development mailbox's SMTP server (mail/index.ts); 0 picks a free port (`npm start` names 4025)."),
  SANDBOX_SMTP_HOST: z.string().min(1).default('127.0.0.1').describe("The address the mailbox's SMTP server listens on."),
  SANDBOX_PUBLIC_URL: url.optional().meta({
    description: 'Where browsers reach the sandbox (3-D Secure page, wallet page).',
    shownDefault: '`http://SANDBOX_HOST:SANDBOX_PORT`',
  }),
  KIFU_API_URL: url.default('http://127.0.0.1:4000').describe('The Kifu API that receives webhooks.'),
  CARD_WEBHOOK_URL: url.optional().meta({ description: 'Where card webhooks go.', shownDefault: '`KIFU_API_URL`/webhooks/card/' }),
  BANK_WEBHOOK_URL: url.optional().meta({ description: 'Where bank webhooks go.', shownDefault: '`KIFU_API_URL`/webhooks/bank/' }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('How much the sandbox logs.'),
  CARD_PUBLIC_KEY: z
    .string()
    .min(1)
    .default(SANDBOX_CREDENTIALS.card.publicKey)
    .describe("The card gateway's public key; the same as the API's."),
  CARD_SECRET_KEY: z
    .string()
    .min(1)
    .default(SANDBOX_CREDENTIALS.card.secretKey)
    .describe("The card gateway's secret key; the same as the API's."),
  CARD_WEBHOOK_SECRET: z
    .string()
    .min(1)
    .default(SANDBOX_CREDENTIALS.card.webhookSecret)
    .describe("Signs the card webhooks (base64); the same as the API's."),
  WALLET_PUBLIC_KEY_ID: z
    .string()
    .min(1)
    .default(SANDBOX_CREDENTIALS.wallet.publicKeyId)
    .describe("The id of the wallet key pair; the same as the API's."),
  WALLET_PUBLIC_KEY_PEM: z
    .string()
    .min(1)
    .default(SANDBOX_CREDENTIALS.wallet.publicKeyPem)
    .describe("Checks the API's wallet signatures: the public half of its `WALLET_PRIVATE_KEY_PEM`."),
  WALLET_STORE_ID: z.string().min(1).default(SANDBOX_CREDENTIALS.wallet.storeId).describe("The wallet store id; the same as the API's."),
  BANK_API_KEY: z.string().min(1).default(SANDBOX_CREDENTIALS.bank.apiKey).describe("The bank's API key; the same as the API's."),
  BANK_WEBHOOK_SECRET: z
    .string()
    .min(1)
    .default(SANDBOX_CREDENTIALS.bank.webhookSecret)
    .describe("Signs the bank webhooks; the same as the API's."),
  BOT_CHECK_SITE_KEY: z
    .string()
    .min(1)
    .default(SANDBOX_CREDENTIALS.botCheck.siteKey)
    .describe("The bot check's site key; the same as the API's."),
  SOCIAL_LOGIN_CLIENT_ID: z
    .string()
    .min(1)
    .default(SANDBOX_CREDENTIALS.socialLogin.clientId)
    .describe("The web app's client at the sandbox's OpenID Connect provider; the same as the web's."),
  SOCIAL_LOGIN_CLIENT_SECRET: z
    .string()
    .min(1)
    .default(SANDBOX_CREDENTIALS.socialLogin.clientSecret)
    .describe("That client's secret; the same as the web's."),
  SOCIAL_LOGIN_REDIRECT_URIS: z
    .string()
    .min(1)
    .default('http://localhost:3000/api/oauth/social/callback')
    .describe("Where the provider may send a signed-in user back (comma-separated): the web app's callback."),
  BOT_CHECK_SECRET: z
    .string()
    .min(1)
    .default(SANDBOX_CREDENTIALS.botCheck.secret)
    .describe("The bot check's secret; the same as the API's."),
  S3_ACCESS_KEY_ID: z
    .string()
    .min(1)
    .default(SANDBOX_CREDENTIALS.storage.accessKeyId)
    .describe("The object store's key id (storage/index.ts); the API's `S3_*` defaults match."),
  S3_SECRET_ACCESS_KEY: z.string().min(1).default(SANDBOX_CREDENTIALS.storage.secretAccessKey).describe("The object store's secret key."),
  S3_BUCKET: z.string().min(1).default(SANDBOX_CREDENTIALS.storage.bucket).describe("The object store's one bucket."),
  BOT_CHECK_DEFAULT_SCORE: envNumber
    .pipe(z.number().min(0).max(1))
    .default(0.9)
    .describe('Score of bot-check tokens minted without an explicit score (0 to 1).'),
  SANDBOX_FAULT_ERROR_RATE: rate
    .default(0)
    .describe('Share of provider calls answered with a server error (0 to 1); `PUT /__control/faults` changes it.'),
  SANDBOX_FAULT_TIMEOUT_RATE: rate.default(0).describe('Share of provider calls that hang for `SANDBOX_FAULT_TIMEOUT_MS` (0 to 1).'),
  SANDBOX_FAULT_DROP_WEBHOOK_RATE: rate.default(0).describe('Share of webhooks never sent (0 to 1).'),
  SANDBOX_FAULT_TIMEOUT_MS: envNumber.pipe(z.number().int().min(0)).default(30_000).describe('How long a call picked to time out hangs.'),
});

const schema = sandboxVariables.transform((env) => ({
  ...env,
  SANDBOX_PUBLIC_URL: (env.SANDBOX_PUBLIC_URL ?? `http://${env.SANDBOX_HOST}:${env.SANDBOX_PORT}`).replace(/\/$/, ''),
  CARD_WEBHOOK_URL: env.CARD_WEBHOOK_URL ?? `${env.KIFU_API_URL.replace(/\/$/, '')}/webhooks/card/`,
  BANK_WEBHOOK_URL: env.BANK_WEBHOOK_URL ?? `${env.KIFU_API_URL.replace(/\/$/, '')}/webhooks/bank/`,
}));

export type SandboxConfig = z.infer<typeof schema>;

/** Empty variables count as unset, as in the API's config. */
export function loadSandboxConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) throw new Error(`Invalid sandbox configuration:\n${describeEnvError(parsed.error)}`);
  return parsed.data;
}
