// The API client server components use: straight to API_INTERNAL_URL, never cached, so data pages
// render per request and `next build` never needs the API (architecture.md §1).
import { createApiClient, type Query } from './api-client';
import { env } from './env';

const client = createApiClient(env.API_INTERNAL_URL);

/** `signal` lets a caller give up (remote configuration waits a short while, then goes on without it). */
export function serverGet<T>(path: string, query?: Query, options: { signal?: AbortSignal } = {}): Promise<T> {
  return client.get<T>(path, { query, signal: options.signal, init: { cache: 'no-store' } });
}
