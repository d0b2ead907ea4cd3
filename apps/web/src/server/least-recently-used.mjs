// A map bounded by the bytes of what it holds: when full, the entries used longest ago leave first.
// The web server's caches keep pages in it (shared-page-cache.mjs, front-page-cache.ts). Plain
// JavaScript because Next loads shared-page-cache.mjs outside its bundler.
export class LeastRecentlyUsed {
  /** @param {number} maxBytes */
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
    this.bytes = 0;
    /** @type {Map<string, { value: unknown, bytes: number }>} */
    this.entries = new Map();
  }

  get(key) {
    const held = this.entries.get(key);
    if (!held) return undefined;
    // A Map keeps insertion order: re-inserting makes this the most recently used.
    this.entries.delete(key);
    this.entries.set(key, held);
    return held.value;
  }

  set(key, value, bytes) {
    this.delete(key);
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [oldest, held] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= held.bytes;
    }
  }

  delete(key) {
    const held = this.entries.get(key);
    if (!held) return;
    this.entries.delete(key);
    this.bytes -= held.bytes;
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }
}
