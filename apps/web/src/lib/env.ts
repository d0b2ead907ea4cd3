// Server configuration, parsed once with zod so a misconfiguration fails at boot
// (conventions.md habit 1). Only `clientEnv` below ever reaches the browser.
import { describeEnvError, envBoolean } from '@kifu/domain/env';
import { METRICS_TOKEN_MIN_LENGTH } from '@kifu/domain/metrics-access';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { z } from 'zod';
import type { ErrorReportingSettings } from './error-reporting-settings';

const url = z.url({ protocol: /^https?$/ });

/** External links of the footer and top bar (spec §2 "Footer"); every one is overridable. */
const envSchema = z
  .object({
    API_INTERNAL_URL: url.default('http://127.0.0.1:4000'),
    /** The public origin of this site: absolute canonical and hreflang URLs hang off it. */
    WEB_ORIGIN: url.default('http://localhost:3000'),
    ASSOCIATE_LANDING_URL: url.default('https://for-associates.kifu.example/'),
    P2P_LANDING_URL: url.default('https://p2p.kifu.example/'),
    COMPANY_URL: url.default('https://company.kifu.example/'),
    COMPANY_NAME: z.string().trim().min(1).default('Kifu Inc'),
    FAQ_URL: url.default('https://faq.kifu.example/'),
    BLOG_URL: url.default('https://blog.kifu.example/'),
    SNS_X_URL: url.default('https://x.com/kifu_jp'),
    SNS_FACEBOOK_URL: url.default('https://www.facebook.com/kifu.jp'),
    BRAND_PLEDGE_URL: url.default('https://brand-pledge.kifu.example/'),
    ADMIN_APP_URL: url.default('https://admin.kifu.example/'),
    /** The provider sandbox (apps/sandbox); the defaults of the provider URLs below hang off it. */
    SANDBOX_URL: url.default('http://127.0.0.1:4010'),
    /**
     * Card vault the browser tokenises at (architecture.md §1: card data goes from the browser
     * straight to the vault) and the public key it authenticates with. Public by design.
     */
    CARD_VAULT_URL: url.optional(),
    CARD_PUBLIC_KEY: z.string().trim().min(1).default(SANDBOX_CREDENTIALS.card.publicKey),
    /** Bot check (reCAPTCHA v3-compatible): the site key is public; off means no token is asked for. */
    BOT_CHECK_ENABLED: envBoolean.default(true),
    BOT_CHECK_SITE_KEY: z.string().trim().min(1).default(SANDBOX_CREDENTIALS.botCheck.siteKey),
    BOT_CHECK_SCRIPT_URL: url.optional(),
    /**
     * Wallet pay (Amazon Pay-like): the provider's checkout script that renders its button, and our
     * merchant id the button shows. Both public by design; the API signs each checkout.
     */
    WALLET_CHECKOUT_SCRIPT_URL: url.optional(),
    WALLET_MERCHANT_ID: z.string().trim().min(1).default(SANDBOX_CREDENTIALS.wallet.merchantId),
    /** zipcloud-compatible postal code search, called by the /api/postal route (spec §7 "Third-party calls"). */
    POSTAL_LOOKUP_URL: url.optional(),
    /**
     * Shared with the API: it authenticates POST /api/revalidate, by which the API makes cached public
     * pages fresh when their data changes. Unset: the route is off and pages refresh on their timer.
     */
    REVALIDATE_SECRET: z.string().min(16).optional(),
    /**
     * Partial deployment (spec §2 "Partial-deployment link mapping", ADR 019): when on, links to the
     * table's path families go to the other application at PARTIAL_DEPLOYMENT_ORIGIN. Off by default.
     */
    PARTIAL_DEPLOYMENT: envBoolean.default(false),
    PARTIAL_DEPLOYMENT_ORIGIN: url.optional(),
    /** Social login (spec §7): the OpenID Connect provider and this site's client there; the sandbox's "Kifu ID" unless set. */
    SOCIAL_LOGIN_ISSUER: url.optional(),
    SOCIAL_LOGIN_CLIENT_ID: z.string().trim().min(1).default(SANDBOX_CREDENTIALS.socialLogin.clientId),
    SOCIAL_LOGIN_CLIENT_SECRET: z.string().min(1).default(SANDBOX_CREDENTIALS.socialLogin.clientSecret),
    /** As the API's: production serves /metrics only with METRICS_TOKEN (ADR 048). */
    KIFU_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /** The bearer token the web server's GET /metrics asks for; unset: a scraper on this machine only, nobody in production. */
    METRICS_TOKEN: z.string().min(METRICS_TOKEN_MIN_LENGTH).optional(),
    /**
     * Where the web server and the browser report errors (ADR 050), a Sentry DSN read at start and
     * written into every page for the browser; `npm start` points it at the sandbox. Unset: off, and
     * no SDK is loaded, on the server or in the browser.
     */
    SENTRY_DSN: url.optional(),
  })
  .refine((source) => !source.PARTIAL_DEPLOYMENT || source.PARTIAL_DEPLOYMENT_ORIGIN !== undefined, {
    path: ['PARTIAL_DEPLOYMENT_ORIGIN'],
    message: 'required when PARTIAL_DEPLOYMENT is on',
  });

const withProviderDefaults = envSchema.transform((source) => {
  const sandbox = source.SANDBOX_URL.replace(/\/+$/, '');
  return {
    ...source,
    WEB_ORIGIN: source.WEB_ORIGIN.replace(/\/+$/, ''),
    CARD_VAULT_URL: (source.CARD_VAULT_URL ?? sandbox).replace(/\/+$/, ''),
    BOT_CHECK_SCRIPT_URL: source.BOT_CHECK_SCRIPT_URL ?? `${sandbox}/recaptcha/api.js`,
    WALLET_CHECKOUT_SCRIPT_URL: source.WALLET_CHECKOUT_SCRIPT_URL ?? `${sandbox}/wallet/checkout.js`,
    POSTAL_LOOKUP_URL: source.POSTAL_LOOKUP_URL ?? `${sandbox}/postal/api/search`,
    SOCIAL_LOGIN_ISSUER: (source.SOCIAL_LOGIN_ISSUER ?? `${sandbox}/oidc`).replace(/\/+$/, ''),
  };
});

export type ServerEnv = z.infer<typeof withProviderDefaults>;

/** The other application's origin while the partial deployment is on, otherwise null (links stay here). */
export function partialDeploymentOrigin(source: ServerEnv): string | null {
  return source.PARTIAL_DEPLOYMENT && source.PARTIAL_DEPLOYMENT_ORIGIN ? source.PARTIAL_DEPLOYMENT_ORIGIN.replace(/\/+$/, '') : null;
}

/** Parses an environment; exported for tests, the app uses `env`. Empty strings count as unset. */
export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = withProviderDefaults.safeParse(present);
  if (!result.success) {
    throw new Error(`Invalid web configuration:\n${describeEnvError(result.error)}`);
  }
  return result.data;
}

export const env: ServerEnv = parseEnv(process.env);

/** The explicit whitelist of values client components may see (passed down as props/context). */
export function toClientEnv(source: ServerEnv) {
  return {
    associateLandingUrl: source.ASSOCIATE_LANDING_URL,
    adminAppUrl: source.ADMIN_APP_URL,
  };
}
export type ClientEnv = ReturnType<typeof toClientEnv>;

export const clientEnv: ClientEnv = toClientEnv(env);

/**
 * The second whitelist: what the donation form needs in the browser (card vault and bot check),
 * passed only to the donate pages. Everything here is public by design (a publishable key, a site key).
 */
export function toPaymentClientEnv(source: ServerEnv) {
  return {
    cardVaultUrl: source.CARD_VAULT_URL,
    cardPublicKey: source.CARD_PUBLIC_KEY,
    /** null when the bot check is off (spec §4: a token is asked for only when a site key is configured). */
    botCheckSiteKey: source.BOT_CHECK_ENABLED ? source.BOT_CHECK_SITE_KEY : null,
    botCheckScriptUrl: source.BOT_CHECK_SCRIPT_URL,
    walletCheckoutScriptUrl: source.WALLET_CHECKOUT_SCRIPT_URL,
    walletMerchantId: source.WALLET_MERCHANT_ID,
  };
}
export type PaymentClientEnv = ReturnType<typeof toPaymentClientEnv>;

/** What the browser's error reporting needs (lib/error-reporting-settings.ts), or null when it is off. */
export function toErrorReportingSettings(source: ServerEnv): ErrorReportingSettings | null {
  if (!source.SENTRY_DSN) return null;
  const release = process.env.KIFU_BUILD_ID;
  return { dsn: source.SENTRY_DSN, environment: source.KIFU_ENV, ...(release ? { release } : {}) };
}

/** The origin the browser sends error reports to, for the Content-Security-Policy's connect-src; null when off. */
export function errorReportingOrigin(source: ServerEnv): string | null {
  return source.SENTRY_DSN ? new URL(source.SENTRY_DSN).origin : null;
}
