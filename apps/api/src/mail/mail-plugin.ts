// Mail on the app: the SMTP transport (SMTP_URL; `npm start` points it at the sandbox's mailbox)
// and the `send-mail` job (send-mail.ts). A periodic sweep queues a job for any mail still pending
// that nobody is sending (written before its job could be queued, whose job was lost, or claimed by
// a run that died: ADR 054), so nothing waits forever; a mail whose job waits for its retry keeps
// that job (its dedupe key).
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { mailOutbox } from '../db/schema/index';
import { enqueueJob } from '../jobs/enqueue-job';
import { SEND_MAIL_JOB, SEND_MAIL_MAX_ATTEMPTS } from './enqueue-mail';
import { mailUnclaimed, sendOutboxMail } from './send-mail';

export const SWEEP_MAIL_JOB = 'sweep-mail-outbox';
const SWEEP_EVERY_MS = 5 * 60_000;
/** A mail pending this long that nobody is sending may have lost its job. */
const SWEEP_AFTER = sql`interval '5 minutes'`;
/** Short timeouts: a stuck SMTP server must not hold a worker; the job retries. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export async function mailPlugin(app: FastifyInstance): Promise<void> {
  const url = new URL(app.config.SMTP_URL);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 25)),
    secure: url.protocol === 'smtps:',
    // A plain smtp:// URL is a local server (the sandbox's mailbox) unless it offers STARTTLS itself.
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    ...SMTP_TIMEOUTS,
    // Connections kept open and reused, as many as jobs run side by side: a connection, greeting
    // and (with a real server) TLS handshake per mail made the server's latency, not Kifu, pace
    // mail after a billing run.
    pool: true,
    maxConnections: app.config.JOB_CONCURRENCY,
  });
  app.addHook('onClose', async () => transport.close());
  const deps = { db: app.db, transport, from: app.config.MAIL_FROM, log: app.log.child({ job: SEND_MAIL_JOB }), metrics: app.metrics };
  app.jobs.handle(SEND_MAIL_JOB, async (payload, job) => {
    const mailId = Number(payload.mailId);
    if (!Number.isInteger(mailId)) throw new Error(`${SEND_MAIL_JOB}: payload has no mailId`);
    await sendOutboxMail(deps, mailId, job);
  });
  app.jobs.handle(SWEEP_MAIL_JOB, async () => {
    const stranded = await app.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), mailUnclaimed, lt(mailOutbox.createdAt, sql`now() - ${SWEEP_AFTER}`)))
      .limit(500);
    for (const { id } of stranded) {
      await enqueueJob(app.db, {
        kind: SEND_MAIL_JOB,
        payload: { mailId: id },
        dedupeKey: `mail:${id}`,
        maxAttempts: SEND_MAIL_MAX_ATTEMPTS,
      });
    }
  });
  app.jobs.every(SWEEP_MAIL_JOB, SWEEP_EVERY_MS);
}
