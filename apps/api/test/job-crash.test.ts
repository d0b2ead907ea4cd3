// A worker process killed with SIGKILL in the middle of a burst of mail loses nothing and sends
// nothing twice (ADR 054): real `npm run worker` processes on a PostgreSQL database of this file's
// own, the sandbox's mailbox behind a relay that keeps the last chunk of each mail's text until the
// test lets it go, so the killed worker is provably mid-mail — the server never got those mails
// whole, and the worker had claimed them and a batch of jobs besides:
// - restarted on the same machine, the new process takes back at once what the dead one held,
//   though its leases would last ten minutes more: every mail arrives, once, within 30 s;
// - with a second worker running beside it and nothing restarted, the live one takes the dead
//   one's jobs once their leases run out (JOB_LEASE_MS, 15 s): every mail arrives, once, within 30 s.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queueOutboxMail } from '../src/mail/enqueue-mail';
import { postgresDatabase } from './helpers/build-test-app';
import { freePort, startChild, stillRunning, type TestChild } from './helpers/child-process';
import { eventually } from './helpers/eventually';
import { smtpTextHoldingRelay, type HoldingRelay } from './helpers/holding-proxy';
import { describeWithPostgres, postgresReachable } from './helpers/postgres-server';
import { processesOnPostgres } from './helpers/processes-on-postgres';
import { startSandbox, uniqueEmail, type TestSandbox } from './helpers/start-sandbox';

/** ADR 054's bound: from the moment the jobs are free to run to every mail delivered. */
const ALL_DONE_MS = 30_000;
const MAILS = 24;
/** Mails in DATA at once per worker: its SMTP pool and its lanes (JOB_CONCURRENCY). */
const LANES = 4;

describeWithPostgres(await postgresReachable(), 'a worker killed with SIGKILL during a burst of mail', () => {
  const processes = processesOnPostgres('kifu_job_crash');
  const { children } = processes;
  let database: Awaited<ReturnType<typeof postgresDatabase>>;
  let db: pg.Client;
  let sandbox: TestSandbox;

  beforeAll(async () => {
    ({ database, db } = processes);
    sandbox = await startSandbox();
  }, 300_000);
  afterAll(() => sandbox?.app.close(), 120_000);

  /** `npm run worker`, ready (its health port answers) when this resolves. */
  async function startWorker(smtpUrl: string, env: Record<string, string> = {}): Promise<TestChild> {
    const healthPort = await freePort();
    const child = startChild('src/worker.ts', {
      DATABASE_URL: database.url,
      SANDBOX_URL: sandbox.url,
      SMTP_URL: smtpUrl,
      LOG_LEVEL: 'warn',
      KIFU_ENV: 'test',
      SEED_DEMO_DATA: 'false',
      REDIS_URL: undefined,
      DATA_DIR: undefined,
      JOB_CONCURRENCY: String(LANES),
      JOB_BATCH: '10',
      WORKER_HEALTH_PORT: String(healthPort),
      ...env,
    });
    children.push(child);
    await eventually(
      async () => {
        if (!stillRunning(child)) throw new Error(`the worker exited: ${child.stderr().slice(-2_000)}`);
        const answer = await fetch(`http://127.0.0.1:${healthPort}/health/ready`).catch(() => undefined);
        return answer?.status === 200 ? true : undefined;
      },
      { timeoutMs: 180_000, everyMs: 250 },
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}: the worker never answered ready; stderr: ${child.stderr().slice(-2_000)}`);
    });
    return child;
  }

  async function queueBurst(name: string): Promise<string[]> {
    const addresses = Array.from({ length: MAILS }, () => uniqueEmail(name));
    for (const to of addresses)
      await queueOutboxMail(database.handle.db, {
        to,
        locale: 'ja',
        template: 'crash-test',
        subject: 'ご寄付ありがとうございます',
        text: to,
      });
    return addresses;
  }

  /** Waits until the relay holds `held` mails; a wait that runs out says what the worker and the queue were doing. */
  async function untilHeld(worker: TestChild, relay: HoldingRelay, held: number): Promise<void> {
    try {
      await eventually(async () => (relay.held() >= held ? true : undefined), { timeoutMs: 180_000, everyMs: 50 });
    } catch (error) {
      const { rows } = await db.query(`select kind, status, attempts, last_error from jobs where status <> 'succeeded' order by id`);
      throw new Error(
        `${String(error)}: the relay held ${relay.held()} of ${held}; worker running: ${stillRunning(worker)}; jobs: ${JSON.stringify(rows)}; worker stderr: ${worker.stderr().slice(-2_000)}; stdout: ${worker.stdout().slice(-2_000)}`,
      );
    }
  }

  async function killMidMail(worker: TestChild, relay: HoldingRelay, held: number): Promise<void> {
    await untilHeld(worker, relay, held);
    worker.process.kill('SIGKILL');
    expect(await worker.exited).toEqual({ code: null, signal: 'SIGKILL' });
  }

  /** What the dead worker left: mails claimed for sending, jobs running under its leases. */
  async function stranded(): Promise<{ claimed: number; running: number }> {
    const { rows } = await db.query<{ claimed: number; running: number }>(
      `select (select count(*)::int from mail_outbox where status = 'pending' and sending_at is not null) as claimed,
              (select count(*)::int from jobs where kind = 'send-mail' and status = 'running') as running`,
    );
    return rows[0]!;
  }

  /** Every mail sent, each received once: polled for at most ALL_DONE_MS. */
  async function expectAllDeliveredOnce(addresses: string[]): Promise<void> {
    const sent = async () =>
      (
        await db.query<{ sent: number }>(`select count(*)::int as sent from mail_outbox where status = 'sent' and to_address = any($1)`, [
          addresses,
        ])
      ).rows[0]!.sent;
    await eventually(async () => ((await sent()) === MAILS ? true : undefined), { timeoutMs: ALL_DONE_MS, everyMs: 250 });
    const received = await Promise.all(addresses.map(async (address) => (await sandbox.mailsTo(address)).length));
    expect(received).toEqual(addresses.map(() => 1));
    // This test's mails' jobs only: a test before it that failed may have left its own behind.
    const { rows } = await db.query<{ status: string }>(
      `select j.status from jobs j join mail_outbox m on m.id = (j.payload->>'mailId')::int
        where j.kind = 'send-mail' and j.status <> 'succeeded' and m.to_address = any($1)`,
      [addresses],
    );
    expect(rows).toEqual([]);
  }

  it('restarted, takes back at once what the killed process held: every mail once, within 30 s', { timeout: 600_000 }, async () => {
    const relay = await smtpTextHoldingRelay({ host: '127.0.0.1', port: sandbox.app.mailbox.smtpPort() });
    try {
      const addresses = await queueBurst('restart');
      // Leases of ten minutes: only the restart's release can bring the jobs back within 30 s.
      const lease = { JOB_LEASE_MS: '600000' };
      await killMidMail(await startWorker(relay.url, lease), relay, LANES);
      const left = await stranded();
      expect(left.claimed).toBeGreaterThanOrEqual(1);
      expect(left.running).toBeGreaterThanOrEqual(LANES);

      relay.release();
      const restarted = await startWorker(relay.url, lease);
      await expectAllDeliveredOnce(addresses);
      restarted.process.kill('SIGTERM');
      expect(await restarted.exited).toEqual({ code: 0, signal: null });
    } finally {
      await relay.close();
    }
  });

  it(
    'beside a live worker, which takes the killed one’s jobs once their leases run out: every mail once, within 30 s',
    { timeout: 600_000 },
    async () => {
      const relay = await smtpTextHoldingRelay({ host: '127.0.0.1', port: sandbox.app.mailbox.smtpPort() });
      try {
        const addresses = await queueBurst('peer');
        const doomed = await startWorker(relay.url);
        await untilHeld(doomed, relay, LANES);
        // Started while the other lives: it has nothing to take back, and takes what is still queued.
        const live = await startWorker(relay.url);
        await killMidMail(doomed, relay, 2 * LANES);
        expect((await stranded()).claimed).toBeGreaterThanOrEqual(2 * LANES);

        relay.release();
        await expectAllDeliveredOnce(addresses);
        live.process.kill('SIGTERM');
        expect(await live.exited).toEqual({ code: 0, signal: null });
      } finally {
        await relay.close();
      }
    },
  );
});
