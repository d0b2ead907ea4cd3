// Server configuration, parsed once with zod so a misconfiguration fails at boot
// (conventions.md habit 1). Only `clientEnv` below ever reaches the browser.
import { describeEnvError, envBoolean } from '@kifu/domain/env';
import { METRICS_TOKEN_MIN_LENGTH } from '@kifu/domain/metrics-access';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { z } from 'zod';
import type { BotCheckConfig } from './bot-check';
import type { ErrorReportingSettings } from './error-reporting-settings';

const url = z.url({ protocol: /^https?$/ });

// Each variable says what it does in its `.describe()` (or `.meta()` with what production needs of
// it): docs/operations.md's table of the web is generated from these and from
// src/server/server-variables.ts (`npm run docs:env`, ADR 051).
const footerLink = (what: string, fallback: string) =>
  url.default(fallback).describe(`${what} (spec §2 "Footer"; the footer and top bar link to it).`);

export const envSchema = z
  .object({
    API_INTERNAL_URL: url.default('http://127.0.0.1:4000').meta({
      description: "Where the web server reaches the API, for its own calls and the browser's `/backend/*`.",
      production: "yes: the API's load balancer",
    }),
    WEB_ORIGIN: url.default('http://localhost:3000').meta({
      description:
        'The public origin of this site: absolute canonical and hreflang URLs hang off it; `https://` turns on `Strict-Transport-Security`.',
      production: "yes: the site's `https://` origin, the same as the API's",
    }),
    ASSOCIATE_LANDING_URL: footerLink('The page for organisations that want to join', 'https://for-associates.kifu.example/'),
    P2P_LANDING_URL: footerLink('The page about campaigns by supporters', 'https://p2p.kifu.example/'),
    COMPANY_URL: footerLink("The company's site", 'https://company.kifu.example/'),
    COMPANY_NAME: z.string().trim().min(1).default('Kifu Inc').describe('The company name the footer shows.'),
    FAQ_URL: footerLink('The FAQ', 'https://faq.kifu.example/'),
    BLOG_URL: footerLink('The blog', 'https://blog.kifu.example/'),
    SNS_X_URL: footerLink('The X account', 'https://x.com/kifu_jp'),
    SNS_FACEBOOK_URL: footerLink('The Facebook page', 'https://www.facebook.com/kifu.jp'),
    BRAND_PLEDGE_URL: footerLink('The brand pledge', 'https://brand-pledge.kifu.example/'),
    ADMIN_APP_URL: url
      .optional()
      .describe(
        "Where an associate member's menu opens the organisation console (spec §2; ADR 060). Unset: Kifu's own /dashboard/{uid}; set only when the console is served from another origin.",
      ),
    SANDBOX_URL: url
      .default('http://127.0.0.1:4010')
      .describe('The provider sandbox (apps/sandbox); the defaults of the provider URLs below hang off it.'),
    CARD_VAULT_URL: url.optional().meta({
      description:
        "The card vault the browser tokenises at (architecture.md §1: card data goes from the browser straight to the vault); the same as the API's.",
      shownDefault: '`SANDBOX_URL`',
      production: 'yes: `https://vault.omise.co`',
    }),
    CARD_PUBLIC_KEY: z
      .string()
      .trim()
      .min(1)
      .default(SANDBOX_CREDENTIALS.card.publicKey)
      .meta({ description: "The card vault's public key, public by design; the same as the API's.", production: 'yes: the live key' }),
    BOT_CHECK_ENABLED: envBoolean
      .default(true)
      .describe(
        "Bot check (reCAPTCHA v3-compatible) on the donation form and on sign-up (ADR 056); off: no token is asked for. The same as the API's.",
      ),
    BOT_CHECK_SITE_KEY: z
      .string()
      .trim()
      .min(1)
      .default(SANDBOX_CREDENTIALS.botCheck.siteKey)
      .meta({ description: "The bot check's site key, public by design; the same as the API's.", production: 'yes' }),
    BOT_CHECK_SCRIPT_URL: url.optional().meta({
      description: "The bot check's script (`api.js`).",
      shownDefault: '`SANDBOX_URL`/recaptcha/api.js',
      production: 'yes, with the bot check on',
    }),
    WALLET_CHECKOUT_SCRIPT_URL: url.optional().meta({
      description: "Wallet pay's checkout script, which renders its button; the same as the API's.",
      shownDefault: '`SANDBOX_URL`/wallet/checkout.js',
      production: 'yes',
    }),
    WALLET_MERCHANT_ID: z
      .string()
      .trim()
      .min(1)
      .default(SANDBOX_CREDENTIALS.wallet.merchantId)
      .meta({ description: "Kifu's merchant id, shown by the wallet button; the same as the API's.", production: 'yes' }),
    POSTAL_LOOKUP_URL: url.optional().meta({
      description: 'zipcloud-compatible postal code search, called by the `/api/postal` route (spec §7 "Third-party calls").',
      shownDefault: '`SANDBOX_URL`/postal/api/search',
      production: 'yes: `https://zipcloud.ibsnet.co.jp/api/search`, or your own',
    }),
    REVALIDATE_SECRET: z.string().min(16).optional().meta({
      description:
        'Shared with the API: it authenticates `POST /api/revalidate`, by which the API makes cached public pages fresh when their data changes (ADR 020). Unset: the route is off and pages refresh on their timer. At least 16 characters.',
      shownDefault: 'unset (`npm start`: a random secret per start)',
      production: "yes, the same as the API's",
    }),
    PARTIAL_DEPLOYMENT: envBoolean
      .default(false)
      .describe(
        'Partial deployment (spec §2 "Partial-deployment link mapping", ADR 019): links to the table\'s path families go to the other application at `PARTIAL_DEPLOYMENT_ORIGIN`.',
      ),
    PARTIAL_DEPLOYMENT_ORIGIN: url.optional().describe("The other application's origin; required when `PARTIAL_DEPLOYMENT` is on."),
    SOCIAL_LOGIN_ISSUER: url.optional().meta({
      description: "The OpenID Connect provider of social login (spec §7); the same as the API's.",
      shownDefault: '`SANDBOX_URL`/oidc (the sandbox\'s "Kifu ID")',
      production: 'yes, for social login',
    }),
    SOCIAL_LOGIN_CLIENT_ID: z
      .string()
      .trim()
      .min(1)
      .default(SANDBOX_CREDENTIALS.socialLogin.clientId)
      .meta({ description: "This site's client at that provider.", production: 'yes, for social login' }),
    SOCIAL_LOGIN_CLIENT_SECRET: z
      .string()
      .min(1)
      .default(SANDBOX_CREDENTIALS.socialLogin.clientSecret)
      .meta({ description: "That client's secret.", production: 'yes, for social login' }),
    KIFU_ENV: z
      .enum(['development', 'test', 'production'])
      .default('development')
      .meta({ description: "As the API's: production serves `/metrics` only with `METRICS_TOKEN` (ADR 048).", production: '`production`' }),
    METRICS_TOKEN: z
      .string()
      .min(METRICS_TOKEN_MIN_LENGTH)
      .optional()
      .meta({
        description: `The bearer token the web server's \`GET /metrics\` asks for; unset: a scraper on this machine only, nobody in production. At least ${METRICS_TOKEN_MIN_LENGTH} characters.`,
        production: 'yes, to scrape metrics',
      }),
    SENTRY_DSN: url.optional().meta({
      description:
        'Where the web server and the browser report errors (ADR 050), a Sentry DSN read at start and written into every page for the browser; `npm start` points it at the sandbox. Unset: off, and no SDK is loaded, on the server or in the browser.',
      production: "yes: the project's DSN",
    }),
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

/** What the sign-up form needs in the browser for its bot check (ADR 056), or null when the check is off. */
export function toBotCheckClientEnv(source: ServerEnv): BotCheckConfig | null {
  return source.BOT_CHECK_ENABLED ? { siteKey: source.BOT_CHECK_SITE_KEY, scriptUrl: source.BOT_CHECK_SCRIPT_URL } : null;
}

/** The bot check script's origin, which the site's Content-Security-Policy lets the sign-up form load; null when off. */
export function botCheckOrigin(source: ServerEnv): string | null {
  return source.BOT_CHECK_ENABLED ? new URL(source.BOT_CHECK_SCRIPT_URL).origin : null;
}

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
