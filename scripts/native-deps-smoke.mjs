#!/usr/bin/env node
// Loads and uses, under whatever Node runs it, the API's dependencies that are native or that declare
// a Node version of their own (ADR 059): a password hash with @node-rs/argon2, an image through sharp,
// a query on an embedded PGlite, sanitize-html, and the cookie parser Fastify uses. Prints one line
// per part and exits non-zero if any fails. scripts/check-node-versions.mjs runs it under Node 22 and
// 24; `node scripts/native-deps-smoke.mjs` runs it under the current Node.
import { createRequire } from 'node:module';

// The API's own dependencies, resolved as the API resolves them.
const requireFromApi = createRequire(new URL('../apps/api/package.json', import.meta.url));
const load = async (name) => import(requireFromApi.resolve(name));

const checks = {
  async argon2() {
    const { hash, verify } = await load('@node-rs/argon2');
    const hashed = await hash('kifu-demo-2026', { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    if (!(await verify(hashed, 'kifu-demo-2026'))) throw new Error('a hash did not verify');
    return hashed.slice(0, 12);
  },
  async sharp() {
    const { default: sharp } = await load('sharp');
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const { width, format } = await sharp(png)
      .resize(20)
      .webp()
      .toBuffer({ resolveWithObject: true })
      .then((r) => r.info);
    if (width !== 20 || format !== 'webp') throw new Error(`resized to ${width} ${format}`);
    return `png → webp ${width}px`;
  },
  async pglite() {
    const { PGlite } = await load('@electric-sql/pglite');
    const db = new PGlite();
    const { rows } = await db.query("select version() as v, 6000000::integer + 1 as n, '寄付' as word");
    await db.close();
    if (rows[0].n !== 6000001 || rows[0].word !== '寄付') throw new Error(JSON.stringify(rows[0]));
    return String(rows[0].v).split(' on ')[0];
  },
  async 'sanitize-html'() {
    const { default: sanitize } = await load('sanitize-html');
    const clean = sanitize('<p>寄付<script>alert(1)</script></p>');
    if (clean !== '<p>寄付</p>') throw new Error(clean);
    return clean;
  },
  async cookie() {
    // The version Fastify's cookie plugin carries (cookie 2, which declares Node ≥ 22).
    const requireFromPlugin = createRequire(requireFromApi.resolve('@fastify/cookie'));
    const cookie = requireFromPlugin('cookie');
    const parsed = (cookie.parseCookie ?? cookie.parse)('user_token=abc; colour-mode=dark');
    if (parsed.user_token !== 'abc') throw new Error(JSON.stringify(parsed));
    return `parsed ${Object.keys(parsed).length} cookies`;
  },
};

let failed = 0;
for (const [name, check] of Object.entries(checks)) {
  try {
    console.info(`node ${process.version}  ${name}: ok (${await check()})`);
  } catch (error) {
    failed += 1;
    console.error(`node ${process.version}  ${name}: FAILED — ${error instanceof Error ? error.message : String(error)}`);
  }
}
process.exit(failed ? 1 : 0);
