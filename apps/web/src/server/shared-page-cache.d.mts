// Types of the cache handler Next loads at run time (shared-page-cache.mjs), for its tests.
export default class SharedPageCache {
  constructor(context: { serverDistDir: string });
  get(key: string): Promise<{ value: unknown; lastModified: number; cacheControl?: { revalidate: number } } | null>;
  set(key: string, value: unknown, context?: { cacheControl?: { revalidate: number } }): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
  resetRequestCache(): void;
}
