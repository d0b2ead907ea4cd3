// Job `send-mail`: delivers one outbox mail over SMTP (nodemailer). Sent once by live workers, even
// with several of them: the row is claimed with a conditional UPDATE before the SMTP call, and only
// the claimant sends. The claim names the job run that made it (its job id and attempt) and lasts
// as long as that run holds its job's lease (ADR 054): a claim whose run died with its worker
// (kill -9, a lost machine) is taken by the job's next run, which sends the mail.
//   pending ── claimed ── SMTP accepted ──────────────────▶ sent (sent_at, message_id)
//   pending ── claimed ── SMTP refused or unreachable ────▶ pending, claim released, last_error;
//                                                           the job retries with backoff
//   pending ── claimed ── the run dies ───────────────────▶ pending, claimed by a dead run: the
//                                                           job's next run claims and sends it
//   pending ── … ── no attempts left ─────────────────────▶ failed, for a person to look at
// A worker that dies between the SMTP server's acceptance and the UPDATE leaves its claim: the
// mail is sent again by the next run, which delivers it twice — SMTP offers nothing better, and a
// duplicate thank-you beats a lost one (ADR 054). Logs name the mail id only, never the address or
// the text.
import { and, eq, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema/index';
import type { Job } from '../jobs/claim-jobs';
import { jobRunHoldsLease } from '../jobs/job-lease';
import type { ApiMetrics } from '../metrics/api-metrics';

export interface SendMailDeps {
  db: Database;
  transport: Pick<Transporter, 'sendMail'>;
  from: string;
  log: FastifyBaseLogger;
  /** Each delivery attempt's outcome, by template (ADR 048). */
  metrics: Pick<ApiMetrics, 'mails'>;
}

/** 'not-pending': nothing for this run to send — sent or failed already, or being sent by a live run. */
export type SendOutcome = 'sent' | 'not-pending';

/** The run of the send-mail job this is. */
export type SendingRun = Pick<Job, 'id' | 'attempts' | 'maxAttempts'>;

/** Nobody is sending the mail: unclaimed, or claimed by a job run that no longer holds its lease. */
export const mailUnclaimed: SQL = or(
  isNull(mailOutbox.sendingAt),
  not(jobRunHoldsLease(mailOutbox.sendingJobId, mailOutbox.sendingJobAttempt)),
)!;

/** The row is still pending under this run's claim. */
const claimedBy = (mailId: number, run: SendingRun) =>
  and(
    eq(mailOutbox.id, mailId),
    eq(mailOutbox.status, 'pending'),
    eq(mailOutbox.sendingJobId, run.id),
    eq(mailOutbox.sendingJobAttempt, run.attempts),
  );

export async function sendOutboxMail(deps: SendMailDeps, mailId: number, run: SendingRun): Promise<SendOutcome> {
  const [mail] = await deps.db
    .update(mailOutbox)
    .set({
      sendingAt: sql`now()`,
      sendingJobId: run.id,
      sendingJobAttempt: run.attempts,
      attempts: sql`${mailOutbox.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'pending'), mailUnclaimed))
    .returning();
  if (!mail) return 'not-pending';
  const released = { sendingAt: null, sendingJobId: null, sendingJobAttempt: null };
  try {
    const info = await deps.transport.sendMail({
      from: deps.from,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.textBody,
      ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
      headers: { 'Content-Language': mail.locale },
    });
    // The server has it, whoever holds the claim now: a run that took over after this one lost
    // its lease may send it too, but a mail recorded sent stays so.
    await deps.db
      .update(mailOutbox)
      .set({ ...released, status: 'sent', sentAt: sql`now()`, messageId: info.messageId ?? null, lastError: null, updatedAt: sql`now()` })
      .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, 'pending')));
    deps.log.info({ mailId: mail.id, template: mail.template }, 'mail sent');
    deps.metrics.mails.inc({ template: mail.template ?? 'none', outcome: 'sent' });
    return 'sent';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const lastAttempt = run.attempts >= run.maxAttempts;
    // Only under this run's claim: a failure never undoes another run's claim or its success.
    await deps.db
      .update(mailOutbox)
      .set({ ...released, lastError: message.slice(0, 500), updatedAt: sql`now()`, ...(lastAttempt ? { status: 'failed' as const } : {}) })
      .where(claimedBy(mail.id, run));
    deps.log.warn({ mailId: mail.id, template: mail.template, lastAttempt }, 'mail could not be sent');
    deps.metrics.mails.inc({ template: mail.template ?? 'none', outcome: lastAttempt ? 'failed' : 'retry' });
    throw error;
  }
}
