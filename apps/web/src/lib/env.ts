// Server configuration, parsed once with zod so a misconfiguration fails at boot
// (conventions.md habit 1). Only `clientEnv` below ever reaches the browser.
import { describeEnvError } from '@kifu/domain/env';
import { z } from 'zod';

const url = z.url({ protocol: /^https?$/ });

/** External links of the footer and top bar (spec §2 "Footer"); every one is overridable. */
const envSchema = z.object({
  API_INTERNAL_URL: url.default('http://127.0.0.1:4000'),
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
});

export type ServerEnv = z.infer<typeof envSchema>;

/** Parses an environment; exported for tests, the app uses `env`. Empty strings count as unset. */
export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(present);
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
