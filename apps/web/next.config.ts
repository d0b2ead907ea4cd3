import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

// One id per build, used as Next's build id and inlined into server and browser code (`env`), so
// GET /api/version and the pages' update prompt (spec §2) compare the same thing. Kept on
// process.env because the build's worker processes read this file again and must agree; a
// deployment may set KIFU_BUILD_ID itself (a commit hash) for reproducible ids.
process.env.KIFU_BUILD_ID ||= `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
const buildId = process.env.KIFU_BUILD_ID;

const nextConfig: NextConfig = {
  poweredByHeader: false,
  generateBuildId: () => buildId,
  env: { KIFU_BUILD_ID: buildId },
  // packages/domain ships TypeScript sources (architecture.md §1).
  transpilePackages: ['@kifu/domain'],
  // With Redis, every web process shares the page and data cache and sees every revalidation
  // (src/server/shared-page-cache.mjs, ADR 045). Read when the server starts, so REDIS_URL is the
  // running process's, not the build's.
  ...(process.env.REDIS_URL
    ? { cacheHandler: fileURLToPath(new URL('./src/server/shared-page-cache.mjs', import.meta.url)), cacheMaxMemorySize: 0 }
    : {}),
  // API paths keep their trailing slash through /backend; src/proxy.ts strips it from page paths.
  skipTrailingSlashRedirect: true,
  experimental: {
    // app/global-not-found.tsx answers URLs no route matches (our root layout is app/[locale]).
    globalNotFound: true,
  },
  // The browser reaches the API as /backend/* (same origin). That forwarding is done at request
  // time in src/proxy.ts, not with `rewrites()` here, because rewrites are baked into the build
  // manifest and could not follow API_INTERNAL_URL set at start.
};

export default withNextIntl(nextConfig);
