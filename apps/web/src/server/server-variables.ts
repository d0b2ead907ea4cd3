// What the web server reads from its environment outside src/lib/env.ts: serve.ts,
// shared-page-cache.mjs (plain JavaScript, loaded by Next at run time), og-image.tsx and
// next.config.ts each read their own. Listed here so docs/operations.md can say what each does
// (`npm run docs:env`, ADR 051); scripts/env-table.test.ts fails on a process.env read in
// apps/web/src that is documented nowhere.
import type { EnvVariableDoc } from '@kifu/domain/env';

export const webServerVariables = {
  PORT: {
    description: 'The port the web server listens on (serve.ts; `npm start` sets it from `WEB_PORT`).',
    default: '`3000`',
  },
  WEB_TRUSTED_PROXIES: {
    description:
      'Addresses (comma-separated IPs) of proxies, such as the load balancer, whose `X-Forwarded-For` is kept; from anyone else the header is replaced by the connecting address (forwarded-for.ts).',
    production: 'behind a load balancer: its addresses',
  },
  PROXY_SECRET: {
    description:
      "Sent with every call the web server forwards to the API, vouching for the `X-Forwarded-For` it sets (ADR 023); the same value as the API's.",
    default: 'unset (`npm start`: a random secret per start)',
    production: "yes, the same as the API's",
  },
  REDIS_URL: {
    description:
      'Redis for the page and data cache shared by every web process, and page refreshes reaching all of them (shared-page-cache.mjs, ADR 045); unset: each process caches alone. Its readiness checks Redis too.',
    production: 'yes with more than one web process',
  },
  WEB_CACHE_MEMORY_BYTES: {
    description: 'With `REDIS_URL`: how many bytes of cached entries each process also keeps in its own memory.',
    default: '`67108864` (64 MiB)',
  },
  OG_FONT_FILE: {
    description: 'The font of the Open Graph images (og-image.tsx).',
    default: "the npm package's Noto Sans JP Bold",
  },
  KIFU_BUILD_ID: {
    description:
      "Read at build time (next.config.ts): the build's id, which `GET /api/version` and the pages' update prompt compare; set it (e.g. to the commit) for reproducible ids.",
    default: 'a new id per build',
  },
} satisfies Record<string, EnvVariableDoc>;
