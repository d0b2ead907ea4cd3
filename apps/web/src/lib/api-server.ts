// The API client server components use: straight to API_INTERNAL_URL, never cached, so data pages
// render per request and `next build` never needs the API (architecture.md §1).
import { createApiClient, type Query } from './api-client';
import { env } from './env';

const client = createApiClient(env.API_INTERNAL_URL);

export function serverGet<T>(path: string, query?: Query): Promise<T> {
  return client.get<T>(path, { query, init: { cache: 'no-store' } });
}
