// Stopping or killing Kifu's processes loses nothing and does nothing twice (ADR 049).
// Real processes as production runs them (the API's and the worker's bundles, ADR 044) on a
// PostgreSQL database of this file's own (`kifu_shutdown_<pid>_…`: a restart, or a worker beside
// the test, needs a database more than one process can open), the provider sandbox in this
// process, and relays that let the provider or the SMTP server act but keep its answer back until
// the test lets it go, so that work is provably in hand when the signal comes:
// - SIGTERM while a card gift is submitted: readiness turns 503, the port closes to new
//   connections, the gift in flight still gets its answer, the API exits 0; restarted, it has the
//   gift once and the gateway one charge for it.
// - SIGTERM while the worker waits for the SMTP server to accept a thank-you mail: the worker says
//   it is not ready, finishes the mail, exits 0; restarted, it never sends it again.
// - SIGKILL in the middle of a wallet billing run, then a restart: every due month is charged
//   once, and the sandbox's ledger is exactly what Kifu recorded.
// And, without PostgreSQL: SIGTERM closes the embedded database, whose folder then opens with
// what was written just before.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { api } from '@kifu/domain';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import * as buyer from '@kifu/sandbox/wallet/buyer-browser';
import { walletStores } from '@kifu/sandbox/wallet/index-section';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyWalletGift, queueRun, seedDue } from '../../../bench/due-wallet-gifts.mjs';
import { bundleIfStale } from '../../../scripts/bundle-services.mjs';
import { openPglite } from '../src/db/client';
import { queueOutboxMail } from '../src/mail/enqueue-mail';
import { pgliteTemplate, postgresDatabase } from './helpers/build-test-app';
import { freePort, startChild, stillRunning, type TestChild } from './helpers/child-process';
import { CLIENT_URI, donorPayload, sandboxCharges, SUCCESS_CARD } from './helpers/donation-requests';
import { eventually } from './helpers/eventually';
import { answerHoldingProxy, smtpAcceptanceHoldingRelay } from './helpers/holding-proxy';
import { describeWithPostgres, postgresReachable } from './helpers/postgres-server';
import { processesOnPostgres } from './helpers/processes-on-postgres';
import { uniqueEmail } from './helpers/start-sandbox';
import { startWalletSandbox, type WalletSandbox } from './helpers/start-wallet-sandbox';

/**
 * SHUTDOWN_GRACE_MS of every process here: ample for a stop on a loaded machine, and shorter than
 * Fastify's keep-alive timeout (72 s), so a kept-alive connection holding a port open fails a test.
 */
const GRACE_MS = '60000';
/** The held charge stands for a slow gateway: the API's own timeout must not end the call first. */
const PATIENT_PROVIDER_MS = '120000';
const PROXY_SECRET = randomUUID();

type Probe = { status: number; body: unknown } | 'refused';

/** GET on a connection of its own (never a kept-alive one), so a closed port reads as 'refused'. */
function probe(url: string): Promise<Probe> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) as unknown }));
    }).on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' ? resolve('refused') : reject(error)));
  });
}

async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const exitedNormally = { code: 0, signal: null };

/** Waits until `url` answers 200, failing at once if the process has exited. */
async function ready(url: string, child: TestChild): Promise<void> {
  await eventually(
    async () => {
      if (!stillRunning(child)) throw new Error(`exited before it was ready: ${child.stderr().slice(-2_000)}`);
      const answer = await probe(url).catch(() => 'refused' as const);
      return answer !== 'refused' && answer.status === 200 ? true : undefined;
    },
    { timeoutMs: 180_000, everyMs: 250 },
  );
}

describeWithPostgres(await postgresReachable(), 'stopping and killing Kifu processes', () => {
  const processes = processesOnPostgres('kifu_shutdown');
  const { children } = processes;
  let database: Awaited<ReturnType<typeof postgresDatabase>>;
  let db: pg.Client;
  let sandbox: WalletSandbox;

  beforeAll(async () => {
    ({ database, db } = processes);
    await bundleIfStale('api');
    sandbox = await startWalletSandbox();
  }, 300_000);
  afterAll(() => sandbox?.close(), 120_000);

  const env = (overrides: Record<string, string | undefined>) => ({
    DATABASE_URL: database.url,
    SANDBOX_URL: sandbox.url,
    SMTP_URL: sandbox.smtpUrl,
    PROXY_SECRET,
    LOG_LEVEL: 'warn',
    KIFU_ENV: 'test',
    SEED_DEMO_DATA: 'false',
    BOT_CHECK_ENABLED: 'false',
    SHUTDOWN_GRACE_MS: GRACE_MS,
    DATA_DIR: undefined,
    REDIS_URL: undefined,
    ...overrides,
  });

  function start(entry: 'dist/server.js' | 'dist/worker.js', overrides: Record<string, string | undefined>): TestChild {
    const child = startChild(entry, env(overrides));
    children.push(child);
    return child;
  }

  async function startApi(overrides: Record<string, string | undefined> = {}) {
    const port = await freePort();
    const child = start('dist/server.js', { API_PORT: String(port), ...overrides });
    const url = `http://127.0.0.1:${port}`;
    await ready(`${url}/health/ready`, child);
    return { url, child };
  }

  it(
    'lets a card gift in flight finish on SIGTERM, exits 0, and after a restart has it once, charged once',
    { timeout: 600_000 },
    async () => {
      const relay = await answerHoldingProxy(sandbox.url, (method, path) => method === 'POST' && path === '/charges');
      try {
        // Fifteen seconds of drain: readiness is seen failing while the port is still open.
        const first = await startApi({ SANDBOX_URL: relay.url, SHUTDOWN_DRAIN_MS: '15000', PROVIDER_TIMEOUT_MS: PATIENT_PROVIDER_MS });
        const email = uniqueEmail('shutdown');
        const customer = await postJson<{ customer_id: string; customer_handle: string }>(`${first.url}/payment/non-member-credit`, {
          token: await sandbox.tokenize(SUCCESS_CARD),
          email,
        });
        expect(customer.status).toBe(200);
        const request = { donor: donorPayload({ email }), amount: 3_000, associate_id: 1, ...customer.body, client_uri: CLIENT_URI };
        const key = randomUUID();
        const inFlight = postJson<api.CardDonationResponse>(`${first.url}/donation/`, request, { 'idempotency-key': key });
        // The gateway has made the charge; the API waits for its answer.
        await eventually(async () => (relay.held() === 1 ? true : undefined), { timeoutMs: 60_000 });

        first.child.process.kill('SIGTERM');
        await expect
          .poll(() => probe(`${first.url}/health/ready`), { timeout: 14_000, interval: 100 })
          .toEqual({ status: 503, body: { code: 'service_unavailable', detail: 'shutting down' } });
        // After the drain no new connection is taken, though the gift is still in flight.
        await expect.poll(() => probe(`${first.url}/health/live`), { timeout: 60_000, interval: 250 }).toBe('refused');
        expect(stillRunning(first.child)).toBe(true);

        relay.release();
        const answered = await inFlight;
        expect(answered.status).toBe(200);
        expect(answered.body.authorize_uri).toBeTruthy();
        expect(await first.child.exited, first.child.stderr() + first.child.stdout()).toEqual(exitedNormally);

        const restarted = await startApi();
        // The web's retry of the same submission (same key) gets the same gift back, and charges nothing.
        const retried = await postJson<api.CardDonationResponse>(`${restarted.url}/donation/`, request, { 'idempotency-key': key });
        expect(retried.status).toBe(200);
        expect(retried.body.donation.id).toBe(answered.body.donation.id);
        const charges = (await sandboxCharges(sandbox)).filter((charge) => charge.customer === customer.body.customer_id);
        expect(charges).toHaveLength(1);
        const { rows } = await db.query<{ id: number; payment_id: string | null }>(
          'select d.id, d.payment_id from donations d join donors o on o.id = d.donor_id where o.email = $1',
          [email],
        );
        expect(rows).toEqual([{ id: answered.body.donation.id, payment_id: charges[0]!.id }]);

        restarted.child.process.kill('SIGTERM');
        expect(await restarted.child.exited, restarted.child.stderr() + restarted.child.stdout()).toEqual(exitedNormally);
      } finally {
        await relay.close();
      }
    },
  );

  it('finishes the mail in hand on SIGTERM, exits 0, and never sends it again after a restart', { timeout: 600_000 }, async () => {
    const relay = await smtpAcceptanceHoldingRelay({ host: '127.0.0.1', port: sandbox.app.mailbox.smtpPort() });
    try {
      const address = uniqueEmail('thanks');
      const mailId = await queueOutboxMail(database.handle.db, {
        to: address,
        locale: 'ja',
        template: 'shutdown-test',
        subject: 'ご寄付ありがとうございます',
        text: 'ご寄付ありがとうございます。',
      });
      const healthPort = await freePort();
      const health = `http://127.0.0.1:${healthPort}`;
      const worker = start('dist/worker.js', { SMTP_URL: relay.url, WORKER_HEALTH_PORT: String(healthPort) });
      // The worker has claimed the mail's job, sent the mail, and waits to hear it was accepted.
      await eventually(async () => (relay.held() === 1 ? true : undefined), { timeoutMs: 180_000 });
      expect(await probe(`${health}/health/ready`)).toEqual({ status: 200, body: { status: 'ok' } });

      worker.process.kill('SIGTERM');
      await expect
        .poll(() => probe(`${health}/health/ready`), { timeout: 30_000, interval: 100 })
        .toEqual({ status: 503, body: { code: 'service_unavailable', detail: 'shutting down' } });
      expect(await probe(`${health}/health/live`)).toEqual({ status: 200, body: { status: 'ok' } });
      expect(stillRunning(worker)).toBe(true);

      relay.release();
      expect(await worker.exited, worker.stderr() + worker.stdout()).toEqual(exitedNormally);
      const { rows } = await db.query<{ status: string }>('select status from mail_outbox where id = $1', [mailId]);
      expect(rows).toEqual([{ status: 'sent' }]);
      expect(await sandbox.mailsTo(address)).toHaveLength(1);

      // Restarted, it works the queue (a mail queued now arrives) and leaves the sent one alone.
      const restarted = start('dist/worker.js', {});
      const marker = uniqueEmail('marker');
      await queueOutboxMail(database.handle.db, {
        to: marker,
        locale: 'en',
        template: 'shutdown-test',
        subject: 'Thank you',
        text: 'Thank you.',
      });
      await eventually(async () => ((await sandbox.mailsTo(marker)).length === 1 ? true : undefined), { timeoutMs: 180_000, everyMs: 250 });
      expect(await sandbox.mailsTo(address)).toHaveLength(1);
      restarted.process.kill('SIGTERM');
      expect(await restarted.exited, restarted.stderr() + restarted.stdout()).toEqual(exitedNormally);
    } finally {
      await relay.close();
    }
  });

  it('charges each due wallet month once when a billing run is killed with SIGKILL and restarted', { timeout: 900_000 }, async () => {
    const DUE = 30;
    const BATCH = 10;
    /** Answered at once; the charges after them are made at the provider, their answers held back. */
    const ANSWERED = 12;

    const api = await startApi({ JOBS_IN_PROCESS: 'false' });
    const template = await monthlyWalletGift(
      { api: api.url, sandbox: sandbox.url, proxySecret: PROXY_SECRET },
      { buyer, botSiteKey: SANDBOX_CREDENTIALS.botCheck.siteKey },
    );
    api.child.process.kill('SIGTERM');
    expect(await api.child.exited, api.child.stderr() + api.child.stdout()).toEqual(exitedNormally);
    const ids = await seedDue(db, template, DUE);
    const recorded = async () =>
      (
        await db.query<{ done: number }>(
          `select count(*)::int as done from recurring_donations where id = any($1) and next_occurrence_date > (now() at time zone 'Asia/Tokyo')::date`,
          [ids],
        )
      ).rows[0]!.done;

    const ledger = walletStores.get(sandbox.app.sandbox)!.charges;
    const before = new Set(ledger.keys());
    let charges = 0;
    const relay = await answerHoldingProxy(
      sandbox.url,
      (method, path) => method === 'POST' && path.endsWith('/v2/charges') && ++charges > ANSWERED,
    );
    try {
      const killed = start('dist/worker.js', { SANDBOX_URL: relay.url, WALLET_RECURRING_BATCH: String(BATCH) });
      await queueRun(db);
      await eventually(async () => (relay.held() >= 1 ? true : undefined), { timeoutMs: 300_000, everyMs: 100 });
      killed.process.kill('SIGKILL');
      expect(await killed.exited).toEqual({ code: null, signal: 'SIGKILL' });
    } finally {
      await relay.close();
    }
    // The first batch was recorded; the provider holds charges Kifu never heard of.
    const atKill = await recorded();
    expect(atKill).toBeGreaterThanOrEqual(BATCH);
    expect(atKill).toBeLessThan(DUE);
    expect(ledger.size - before.size).toBeGreaterThan(atKill);

    const restarted = start('dist/worker.js', { WALLET_RECURRING_BATCH: String(BATCH) });
    await queueRun(db);
    await eventually(async () => ((await recorded()) === DUE ? true : undefined), { timeoutMs: 600_000, everyMs: 500 });

    const { rows: months } = await db.query<{ recurring_donation_id: number; payment_id: string; status: string }>(
      'select recurring_donation_id, payment_id, status from donations where recurring_donation_id = any($1)',
      [ids],
    );
    expect(months).toHaveLength(DUE);
    expect(new Set(months.map((month) => month.recurring_donation_id)).size).toBe(DUE);
    expect(months.every((month) => month.status === 'paid')).toBe(true);
    const made = [...ledger.keys()].filter((id) => !before.has(id));
    expect(made.sort()).toEqual(months.map((month) => month.payment_id).sort());

    restarted.process.kill('SIGTERM');
    expect(await restarted.exited, restarted.stderr() + restarted.stdout()).toEqual(exitedNormally);
  });
});

describe('stopping the API on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kifu-shutdown-pglite-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('closes PGlite on SIGTERM and exits 0, leaving a data folder that opens with what was written', { timeout: 600_000 }, async () => {
    await bundleIfStale('api');
    const seeded = await openPglite({ dataDir: join(dataDir, 'pglite'), loadDataDir: await pgliteTemplate() });
    await seeded.close();
    const port = await freePort();
    const api = startChild('dist/server.js', {
      DATABASE_URL: undefined,
      DATA_DIR: dataDir,
      API_PORT: String(port),
      LOG_LEVEL: 'warn',
      KIFU_ENV: 'test',
      SEED_DEMO_DATA: 'false',
      REDIS_URL: undefined,
    });
    try {
      await ready(`http://127.0.0.1:${port}/health/ready`, api);
      const feedback = `shutdown-${randomUUID()}`;
      const logged = await fetch(`http://127.0.0.1:${port}/donation/submission-log/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payment_method: 1, frequency: 1, success: true, feedback_message: feedback }),
      });
      expect(logged.status).toBe(204);
      api.process.kill('SIGTERM');
      expect(await api.exited, api.stderr() + api.stdout()).toEqual(exitedNormally);

      const reopened = await openPglite({ dataDir: join(dataDir, 'pglite') });
      try {
        const { rows } = await reopened.client.query('select success from donation_submission_logs where feedback_message = $1', [
          feedback,
        ]);
        expect(rows).toEqual([{ success: true }]);
      } finally {
        await reopened.close();
      }
    } finally {
      if (stillRunning(api)) api.process.kill('SIGKILL');
    }
  });
});
