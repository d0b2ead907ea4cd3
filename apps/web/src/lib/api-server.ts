// The API clients server components use, straight to API_INTERNAL_URL.
//
// publicGet is for the public catalogue (associates, campaigns, portfolios, site configuration):
// answers are kept in Next's data cache for PUBLIC_CACHE_SECONDS and tagged with the resource kind,
// so pages built on them can be cached too (ADR 020) and the API can make them fresh
// at once when the data changes (POST /api/revalidate, src/app/api/revalidate/route.ts).
// serverGet is for anything tied to one visitor or one donation: never cached.
import { api } from '@kifu/domain';
import { createApiClient, type Query } from './api-client';
import { env } from './env';

const client = createApiClient(env.API_INTERNAL_URL);

/** How long a public answer (and a page made of them) may be served before it is fetched again. */
export const PUBLIC_CACHE_SECONDS = 60;

/** `signal` lets a caller give up (remote configuration waits a short while, then goes on without it). */
type Options = { signal?: AbortSignal };

export function publicGet<T>(path: string, query?: Query, options: Options = {}): Promise<T> {
  return client.get<T>(path, {
    query,
    signal: options.signal,
    init: { next: { revalidate: PUBLIC_CACHE_SECONDS, tags: [api.publicCacheTag(path)] } },
  });
}

export function serverGet<T>(path: string, query?: Query, options: Options = {}): Promise<T> {
  return client.get<T>(path, { query, signal: options.signal, init: { cache: 'no-store' } });
}
