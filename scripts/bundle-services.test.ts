// The API's compiled build (ADR 044) is what production and `npm start` run: the bundle must start
// on its own, find the migrations outside it (a database read needs the migrated schema), and
// `--if-stale` must see a source newer than the bundle.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module of the tooling, without types
import { bundleIfStale, bundleIsStale, BUNDLES } from './bundle-services.mjs';

const apiDir = path.join(fileURLToPath(new URL('..', import.meta.url)), 'apps/api');
const dataDir = mkdtempSync(path.join(tmpdir(), 'kifu-bundle-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

describe('the API bundle', () => {
  it('starts from dist/ on an empty embedded database and serves a database read', { timeout: 90_000 }, async () => {
    await bundleIfStale('api');
    expect(bundleIsStale('api')).toBe(false);
    const port = await freePort();
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
      cwd: apiDir,
      env: {
        ...process.env,
        API_PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        SEED_DEMO_DATA: 'false',
        JOBS_IN_PROCESS: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      let health = 0;
      for (let tries = 0; tries < 800 && health !== 200 && child.exitCode === null; tries++) {
        health = await fetch(`http://127.0.0.1:${port}/health`).then(
          (answer) => answer.status,
          () => 0,
        );
        if (health !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(errors).toBe('');
      expect(health).toBe(200);
      const campaigns = await fetch(`http://127.0.0.1:${port}/campaign/?lang=ja`);
      expect(campaigns.status).toBe(200);
      expect(await campaigns.json()).toMatchObject({ count: 0, results: [] });
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('is stale once a file it was built from is newer than it', () => {
    const source = path.join(BUNDLES.api.dir, 'src/lib/api-root.ts');
    const { atime, mtime } = statSync(source);
    const later = new Date(Date.now() + 60_000);
    utimesSync(source, later, later);
    try {
      expect(bundleIsStale('api')).toBe(true);
    } finally {
      utimesSync(source, atime, mtime);
    }
  });
});
