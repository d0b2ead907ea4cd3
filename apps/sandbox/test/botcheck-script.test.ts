// The served api.js run as a page would run it (in a VM context with window, document.currentScript
// and fetch), proving the browser half of the reCAPTCHA flow: ready → execute → token → siteverify.
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BOT_CHECK_ACTION } from '@kifu/domain';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { buildSandbox } from '../src/app';

const { siteKey: SITE_KEY, secret: SECRET } = SANDBOX_CREDENTIALS.botCheck;

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await buildSandbox();
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

/** Loads the script from `src` into a fresh page and returns that page's window. */
async function loadPage(src: string, globals: Record<string, unknown> = {}) {
  const code = await (await fetch(src)).text();
  const window: Record<string, unknown> & { grecaptcha?: Grecaptcha } = { ...globals };
  runInNewContext(code, { window, document: { currentScript: { src } }, fetch, URL, Promise, JSON, Error });
  return window;
}

describe('grecaptcha in the page', () => {
  it('gets a token for action submit that siteverify accepts', async () => {
    const window = await loadPage(`${base}/recaptcha/api.js?render=${SITE_KEY}`);
    await new Promise<void>((done) => window.grecaptcha!.ready(done));
    const token = await window.grecaptcha!.execute(SITE_KEY, { action: BOT_CHECK_ACTION });
    const response = await fetch(`${base}/recaptcha/api/siteverify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: SECRET, response: token }).toString(),
    });
    expect(await response.json()).toMatchObject({ success: true, action: 'submit', score: 0.9 });
  });

  it('rejects execute with an unknown site key, as Google does', async () => {
    const window = await loadPage(`${base}/recaptcha/api.js?render=${SITE_KEY}`);
    await expect(window.grecaptcha!.execute('wrong-key', { action: 'submit' })).rejects.toThrow(/Invalid site key/);
  });

  it('calls the onload callback named in the URL', async () => {
    let loaded = false;
    await loadPage(`${base}/recaptcha/api.js?render=${SITE_KEY}&onload=onRecaptcha`, { onRecaptcha: () => (loaded = true) });
    await new Promise((done) => setTimeout(done, 0));
    expect(loaded).toBe(true);
  });
});
