// Sandbox configuration, parsed once at boot (conventions.md #1). Credentials default to the public
// sandbox test keys the API also defaults to, so `npm start` needs no configuration.
import { z } from 'zod';
import { describeEnvError, envNumber, envPort } from '@kifu/domain';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';

const rate = envNumber.pipe(z.number().min(0).max(1));
const url = z.url({ protocol: /^https?$/ });

const schema = z
  .object({
    SANDBOX_PORT: envPort.default(4010),
    SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
    /** The development mailbox's SMTP server (mail/index.ts); 0, the default, picks a free port (`npm start` names one). */
    SANDBOX_SMTP_PORT: z.union([z.literal('0').transform(() => 0), envPort]).default(0),
    SANDBOX_SMTP_HOST: z.string().min(1).default('127.0.0.1'),
    /** Where browsers reach the sandbox (3-D Secure page, wallet page); defaults to host and port. */
    SANDBOX_PUBLIC_URL: url.optional(),
    /** The Kifu API that receives webhooks. */
    KIFU_API_URL: url.default('http://127.0.0.1:4000'),
    CARD_WEBHOOK_URL: url.optional(),
    BANK_WEBHOOK_URL: url.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    CARD_PUBLIC_KEY: z.string().min(1).default(SANDBOX_CREDENTIALS.card.publicKey),
    CARD_SECRET_KEY: z.string().min(1).default(SANDBOX_CREDENTIALS.card.secretKey),
    CARD_WEBHOOK_SECRET: z.string().min(1).default(SANDBOX_CREDENTIALS.card.webhookSecret),
    WALLET_PUBLIC_KEY_ID: z.string().min(1).default(SANDBOX_CREDENTIALS.wallet.publicKeyId),
    WALLET_PUBLIC_KEY_PEM: z.string().min(1).default(SANDBOX_CREDENTIALS.wallet.publicKeyPem),
    WALLET_STORE_ID: z.string().min(1).default(SANDBOX_CREDENTIALS.wallet.storeId),
    BANK_API_KEY: z.string().min(1).default(SANDBOX_CREDENTIALS.bank.apiKey),
    BANK_WEBHOOK_SECRET: z.string().min(1).default(SANDBOX_CREDENTIALS.bank.webhookSecret),
    BOT_CHECK_SITE_KEY: z.string().min(1).default(SANDBOX_CREDENTIALS.botCheck.siteKey),
    SOCIAL_LOGIN_CLIENT_ID: z.string().min(1).default(SANDBOX_CREDENTIALS.socialLogin.clientId),
    SOCIAL_LOGIN_CLIENT_SECRET: z.string().min(1).default(SANDBOX_CREDENTIALS.socialLogin.clientSecret),
    /** Where the provider may send a signed-in user back (comma-separated): the web app's callback. */
    SOCIAL_LOGIN_REDIRECT_URIS: z.string().min(1).default('http://localhost:3000/api/oauth/social/callback'),
    BOT_CHECK_SECRET: z.string().min(1).default(SANDBOX_CREDENTIALS.botCheck.secret),
    /** The object store's key pair and its one bucket (storage/index.ts); the API's S3_* defaults match. */
    S3_ACCESS_KEY_ID: z.string().min(1).default(SANDBOX_CREDENTIALS.storage.accessKeyId),
    S3_SECRET_ACCESS_KEY: z.string().min(1).default(SANDBOX_CREDENTIALS.storage.secretAccessKey),
    S3_BUCKET: z.string().min(1).default(SANDBOX_CREDENTIALS.storage.bucket),
    /** Score of tokens minted without an explicit score. */
    BOT_CHECK_DEFAULT_SCORE: envNumber.pipe(z.number().min(0).max(1)).default(0.9),
    SANDBOX_FAULT_ERROR_RATE: rate.default(0),
    SANDBOX_FAULT_TIMEOUT_RATE: rate.default(0),
    SANDBOX_FAULT_DROP_WEBHOOK_RATE: rate.default(0),
    SANDBOX_FAULT_TIMEOUT_MS: envNumber.pipe(z.number().int().min(0)).default(30_000),
  })
  .transform((env) => ({
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
