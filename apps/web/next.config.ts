import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // packages/domain ships TypeScript sources (architecture.md §1).
  transpilePackages: ['@kifu/domain'],
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
