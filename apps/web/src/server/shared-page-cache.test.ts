// The page cache shared through Redis (ADR 045), against the machine's Redis: what one web process
// stores another reads, a revalidation reaches every process, and Redis being down costs no page.
// Two processes are played by two fresh imports of the module (each has its own memory and
// connections). Several processes for real: apps/api/test/multi-instance.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/8';
const { tagsManifest } = createRequire(import.meta.url)('next/dist/server/lib/incremental-cache/tags-manifest.external.js') as {
  tagsManifest: Map<string, { stale?: number; expired?: number }>;
};

/** A build folder with its BUILD_ID, as Next passes `serverDistDir` (…/.next/server). */
function aBuild(id: string) {
  const dist = mkdtempSync(join(tmpdir(), 'kifu-cache-'));
  mkdirSync(join(dist, 'server'));
  writeFileSync(join(dist, 'BUILD_ID'), id);
  return join(dist, 'server');
}

/** A fresh copy of the module, as a web process of its own loads it. */
async function aProcess(serverDistDir: string, url = REDIS_URL) {
  vi.resetModules();
  vi.stubEnv('REDIS_URL', url);
  const { default: SharedPageCache } = await import('./shared-page-cache.mjs');
  return new SharedPageCache({ serverDistDir });
}

const page = (html: string) => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from(`rsc ${html}`),
  segmentData: new Map([['/_tree', Buffer.from('tree')]]),
  headers: { 'x-next-cache-tags': 'api:campaign' },
  status: 200,
});

let redis: Redis;
beforeAll(async () => {
  redis = new Redis(REDIS_URL);
  await redis.flushdb();
});
afterAll(() => redis.disconnect());
afterEach(() => vi.unstubAllEnvs());

/** Waits for what Redis delivers to the other connections (a published revalidation). */
async function until(check: () => boolean) {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 5_000) throw new Error('not delivered within 5 s');
    await new Promise((done) => setTimeout(done, 20));
  }
}

describe('the page cache shared through Redis', () => {
  it("serves one process's render to another, Buffers and Maps intact, under the build's own id", async () => {
    const build = aBuild(`build-${Date.now()}`);
    const one = await aProcess(build);
    const two = await aProcess(build);
    await one.set('/en/campaign/10', page('<p>¥3,000</p>'), { cacheControl: { revalidate: 60 } });
    const read = await two.get('/en/campaign/10');
    expect(read?.value).toEqual(page('<p>¥3,000</p>'));
    // Another build has its own pages.
    expect(await (await aProcess(aBuild('another-build'))).get('/en/campaign/10')).toBeNull();
  });

  it("takes another process's newer render once its own copy has outlived its revalidation time", async () => {
    const build = aBuild(`build-${Date.now()}`);
    const one = await aProcess(build);
    const two = await aProcess(build);
    await one.set('/campaign/10', page('old'), { cacheControl: { revalidate: 0 } });
    expect((await one.get('/campaign/10'))?.value).toEqual(page('old'));
    await new Promise((done) => setTimeout(done, 5));
    await two.set('/campaign/10', page('new'), { cacheControl: { revalidate: 0 } });
    expect((await one.get('/campaign/10'))?.value).toEqual(page('new'));
  });

  it('puts a revalidation into every process, and into one that starts later', async () => {
    const build = aBuild(`build-${Date.now()}`);
    const tag = `api:test-${Date.now()}`;
    // The manifest is Next's, one for the fresh imports here: each process putting the tag into it
    // is one `set` (the caller's own, then one per subscribed process).
    const puts = vi.spyOn(tagsManifest, 'set');
    const putsOfTag = () => puts.mock.calls.filter(([name]) => name === tag).length;
    const first = await aProcess(build);
    await first.get('/nothing'); // listening, as after its first request
    const before = Date.now();
    const other = await aProcess(build);
    await other.revalidateTag(tag, { expire: 0 });
    await until(() => putsOfTag() >= 3);
    expect(tagsManifest.get(tag)?.expired).toBeGreaterThanOrEqual(before);
    puts.mockRestore();
    tagsManifest.delete(tag);
    const later = await aProcess(build);
    await later.get('/nothing');
    expect(tagsManifest.get(tag)?.expired).toBeGreaterThanOrEqual(before);
  });

  it('keeps serving from its own memory when Redis does not answer', async () => {
    const warned = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const alone = await aProcess(aBuild('no-redis'), 'redis://127.0.0.1:9/0');
    await alone.set('/associate/x', page('kept'), { cacheControl: { revalidate: 60 } });
    expect((await alone.get('/associate/x'))?.value).toEqual(page('kept'));
    expect(await alone.get('/associate/never-stored')).toBeNull();
    await alone.revalidateTag('api:associate');
    expect(warned).toHaveBeenCalled();
  });
});
