// Next's page and data cache shared by every web process through Redis (ADR 045), used
// when REDIS_URL is set (next.config.ts). Without it each process keeps its own cache and a
// revalidation (POST /api/revalidate, ADR 020) reaches only the process the API called.
//
// - Entries (rendered pages, cached API answers) live in this process's memory and in Redis, under
//   the build's id: a page rendered by one process is served by all, and a new deployment starts
//   afresh. A remembered entry that has outlived its revalidation time is looked up in Redis again
//   before Next re-renders it, so one process's fresh render serves the others.
// - Tag revalidations are written to a Redis hash and published on a channel; every process puts
//   them into Next's own tag manifest, which Next consults on each read. A process that starts later
//   reads the hash first.
// - Redis being down costs sharing, never a page: each process then carries on with its memory.
//
// Plain JavaScript: Next imports it at run time, outside the bundler and without tsx.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import Redis from 'ioredis';
import { LeastRecentlyUsed } from './least-recently-used.mjs';

const require = createRequire(import.meta.url);
/** Next's process-wide tag manifest (its `.external` modules are shared with the server's). */
const { tagsManifest } = require('next/dist/server/lib/incremental-cache/tags-manifest.external.js');

/** Tags are shared across builds (a tag names API data, not a page of one build). */
const TAGS_KEY = 'kifu:next:tags';
const TAGS_CHANNEL = 'kifu:next:tags';
/** An entry not read or written for a day leaves Redis; a page is re-rendered on its next visit. */
const ENTRY_TTL_SECONDS = 24 * 60 * 60;
/** This process's own copy of the entries, at most this many bytes (serialised), least recently used first out. */
const MEMORY_LIMIT_BYTES = Number(process.env.WEB_CACHE_MEMORY_BYTES ?? 64 * 1024 * 1024);

/** Module state, shared by the handler instances Next makes per request. */
const shared = {
  /** @type {Redis | undefined} */ redis: undefined,
  /** Settles once this process listens for revalidations and has read the earlier ones, or Redis has failed: the first requests wait for it, later ones never. */
  /** @type {Promise<void>} */ connected: Promise.resolve(),
  /** @type {string} */ prefix: '',
  memory: new LeastRecentlyUsed(MEMORY_LIMIT_BYTES),
  warned: false,
};

function warnOnce(error) {
  if (shared.warned) return;
  shared.warned = true;
  process.emitWarning(`shared page cache: Redis unavailable, this process caches alone until it answers (${error?.message ?? error})`);
}

/** Applies revalidations `{ tag: { stale?, expired? } }` to Next's manifest, keeping the latest times. */
function applyTags(updates) {
  for (const [tag, update] of Object.entries(updates)) {
    const current = tagsManifest.get(tag) ?? {};
    const merged = { ...current };
    for (const field of ['stale', 'expired']) {
      if (typeof update[field] === 'number') merged[field] = Math.max(update[field], current[field] ?? 0);
    }
    tagsManifest.set(tag, merged);
  }
}

function connect(serverDistDir) {
  if (shared.redis) return;
  const url = process.env.REDIS_URL;
  // The build's own id (not KIFU_BUILD_ID, which next.config makes afresh in each process).
  const buildId = readFileSync(join(serverDistDir, '..', 'BUILD_ID'), 'utf8').trim();
  shared.prefix = `kifu:next:${buildId}:`;
  const options = { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false };
  shared.redis = new Redis(url, options);
  shared.redis.on('error', warnOnce);
  const subscriber = new Redis(url, options);
  subscriber.on('error', warnOnce);
  subscriber.on('message', (_channel, message) => {
    try {
      applyTags(JSON.parse(message));
    } catch {
      // not ours
    }
  });
  shared.redis.on('ready', () => {
    shared.warned = false;
  });
  // Subscribed first, then the hash read: a revalidation published before the subscription is in
  // the hash, one after it is delivered, so none falls between the two. Again after a reconnect,
  // for those made while this process was away.
  const listened = new Promise((settle) => {
    subscriber.on('ready', () => {
      subscriber
        .subscribe(TAGS_CHANNEL)
        .then(() => (shared.redis.status === 'ready' ? undefined : new Promise((ready) => shared.redis.once('ready', ready))))
        .then(() => shared.redis.hgetall(TAGS_KEY))
        .then((all) => applyTags(Object.fromEntries(Object.entries(all).map(([tag, json]) => [tag, JSON.parse(json)]))))
        .catch(warnOnce)
        .finally(settle);
    });
  });
  const failed = (client) => new Promise((settle) => client.once('error', settle));
  shared.connected = Promise.race([listened, failed(shared.redis), failed(subscriber)]).then(() => undefined);
}

/** Seconds the entry stays fresh: a page's from its cache control, a data answer's from its value. */
function revalidateSeconds(entry) {
  const seconds = entry.cacheControl?.revalidate ?? entry.value?.revalidate;
  return typeof seconds === 'number' ? seconds : undefined;
}

function outlived(entry) {
  const seconds = revalidateSeconds(entry);
  return seconds !== undefined && Date.now() - entry.lastModified >= seconds * 1000;
}

async function readShared(key) {
  await shared.connected;
  const bytes = await shared.redis.getBuffer(shared.prefix + key);
  if (!bytes) return undefined;
  const entry = deserialize(bytes);
  shared.memory.set(key, entry, bytes.length);
  return entry;
}

export default class SharedPageCache {
  constructor(context) {
    connect(context.serverDistDir);
  }

  async get(key) {
    const local = shared.memory.get(key);
    if (local && !outlived(local)) return local;
    try {
      const fromRedis = await readShared(key);
      // The newer of the two: another process may have rendered it since.
      if (fromRedis && (!local || fromRedis.lastModified > local.lastModified)) return fromRedis;
    } catch (error) {
      warnOnce(error);
    }
    return local ?? null;
  }

  async set(key, value, context) {
    if (value === null) {
      shared.memory.delete(key);
      await shared.connected;
      await shared.redis.del(shared.prefix + key).catch(warnOnce);
      return;
    }
    const entry = { value, lastModified: Date.now(), cacheControl: context?.cacheControl };
    const bytes = serialize(entry);
    shared.memory.set(key, entry, bytes.length);
    await shared.connected;
    await shared.redis.set(shared.prefix + key, bytes, 'EX', ENTRY_TTL_SECONDS).catch(warnOnce);
  }

  /** As Next's own file-system cache does it: stale now; expired now or after `durations.expire` seconds. */
  async revalidateTag(tags, durations) {
    const list = typeof tags === 'string' ? [tags] : tags;
    if (list.length === 0) return;
    const now = Date.now();
    const update = durations
      ? { stale: now, ...(durations.expire === undefined ? {} : { expired: now + durations.expire * 1000 }) }
      : { expired: now };
    const updates = Object.fromEntries(list.map((tag) => [tag, update]));
    applyTags(updates);
    await shared.connected;
    await shared.redis
      .multi()
      .hset(TAGS_KEY, Object.fromEntries(list.map((tag) => [tag, JSON.stringify(update)])))
      .publish(TAGS_CHANNEL, JSON.stringify(updates))
      .exec()
      .catch(warnOnce);
  }

  resetRequestCache() {}
}
