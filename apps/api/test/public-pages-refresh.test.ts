// Cached public pages follow the data (ADR 020): when a donation is paid, the API tells the web app
// (here a real HTTP server standing in for it) which cached answers to expire — with the shared
// secret, once for a burst of settlements, and again later when the web app was away.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/index';
import { REFRESH_PUBLIC_PAGES_JOB, refreshPublicPages } from '../src/public-pages/refresh-public-pages';
import { submit } from './helpers/donation-requests';
import { approvedDonation, COMPLETE } from './helpers/wallet-donation';
import { startWalletSandbox, TEST_WEB_ORIGIN } from './helpers/start-wallet-sandbox';
import { sandboxTestApp } from './helpers/sandbox-test-app';

const SECRET = 'test-revalidate-secret-0123456789';

interface Received {
  authorization: string | undefined;
  body: unknown;
}

/** The web app's POST /api/revalidate: records each call and answers with `status`. */
function fakeWebApp() {
  const received: Received[] = [];
  let status = 200;
  const read = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    return JSON.parse(text) as unknown;
  };
  const server: Server = createServer((request, response) => {
    void read(request).then((body) => {
      received.push({ authorization: request.headers.authorization, body });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return {
    received,
    answer: (next: number) => (status = next),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/revalidate`)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const web = fakeWebApp();
let revalidateUrl: string;
beforeAll(async () => {
  revalidateUrl = await web.start();
});
afterAll(() => web.close());
const h = sandboxTestApp({
  startSandbox: startWalletSandbox,
  env: () => ({ WEB_ORIGIN: TEST_WEB_ORIGIN, BOT_CHECK_ENABLED: 'false', WEB_REVALIDATE_URL: revalidateUrl, REVALIDATE_SECRET: SECRET }),
});
beforeEach(async () => {
  await h.t.app.jobs.worker.drain();
  web.received.length = 0;
  web.answer(200);
});

async function payOneDonation(amount: number) {
  const { sessionId } = await approvedDonation(h.t, h.sandbox, 'hanako', 'single', { amount });
  expect((await submit(h.t, COMPLETE.single, { checkout_session_id: sessionId })).status).toBe(200);
}

const queuedRefreshes = () =>
  h.t.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, REFRESH_PUBLIC_PAGES_JOB), eq(jobs.status, 'queued')));

describe('refreshing cached public pages', () => {
  it('a paid donation makes the web app expire the campaign, associate and portfolio answers, with the shared secret', async () => {
    await payOneDonation(3_000);
    await h.t.app.jobs.worker.drain();
    expect(web.received).toEqual([
      { authorization: `Bearer ${SECRET}`, body: { tags: ['api:campaign', 'api:associate', 'api:portfolio'] } },
    ]);
  });

  it('settlements in a burst are refreshed by one call', async () => {
    await payOneDonation(3_100);
    await payOneDonation(3_200);
    expect(await queuedRefreshes()).toHaveLength(1);
    await h.t.app.jobs.worker.drain();
    expect(web.received).toHaveLength(1);
  });

  it('when the web app refuses, the refresh stays queued to be tried again', async () => {
    web.answer(503);
    await payOneDonation(3_300);
    await h.t.app.jobs.worker.drain();
    expect(web.received).toHaveLength(1);
    const [retry] = await queuedRefreshes();
    expect(retry?.attempts).toBe(1);
    expect(retry!.runAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('does nothing when no web app is configured, and rejects tags that are not cache tags', async () => {
    expect(await refreshPublicPages({ url: undefined, secret: undefined, timeoutMs: 1000 }, { tags: ['api:campaign'] })).toBe(
      'not_configured',
    );
    await expect(
      refreshPublicPages({ url: 'http://127.0.0.1:9/', secret: SECRET, timeoutMs: 1000 }, { tags: ['../../etc'] }),
    ).rejects.toThrow();
  });
});
