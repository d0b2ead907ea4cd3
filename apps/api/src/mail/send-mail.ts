// Job `send-mail`: delivers one outbox mail over SMTP (nodemailer). Sent once, even with several
// workers: the row is claimed with a conditional UPDATE (pending, and nobody's claim younger than
// SENDING_CLAIM_STALE) before the SMTP call, and only the claimant sends.
//   pending ── claimed ── SMTP accepted ──────────────────▶ sent (sent_at, message_id)
//   pending ── claimed ── SMTP refused or unreachable ────▶ pending, claim released, last_error;
//                                                           the job retries with backoff
//   pending ── … ── no attempts left ─────────────────────▶ failed, for a person to look at
// A worker that dies between the SMTP server's acceptance and the UPDATE leaves its claim: the
// mail is retried once the claim is stale, which can deliver it twice — SMTP offers nothing
// better, and a duplicate thank-you beats a lost one. Logs name the mail id only, never the
// address or the text.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema/index';
import type { Job } from '../jobs/claim-jobs';
import type { ApiMetrics } from '../metrics/api-metrics';

/** Longer than any SMTP conversation (the transport's own timeouts are shorter). */
const SENDING_CLAIM_STALE_MS = 10 * 60_000;

export interface SendMailDeps {
  db: Database;
  transport: Pick<Transporter, 'sendMail'>;
  from: string;
  log: FastifyBaseLogger;
  /** Each delivery attempt's outcome, by template (ADR 048). */
  metrics: Pick<ApiMetrics, 'mails'>;
}

export type SendOutcome = 'sent' | 'not-pending';

export async function sendOutboxMail(
  deps: SendMailDeps,
  mailId: number,
  job?: Pick<Job, 'attempts' | 'maxAttempts'>,
): Promise<SendOutcome> {
  const staleBefore = new Date(Date.now() - SENDING_CLAIM_STALE_MS);
  const [mail] = await deps.db
    .update(mailOutbox)
    .set({ sendingAt: sql`now()`, attempts: sql`${mailOutbox.attempts} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(mailOutbox.id, mailId),
        eq(mailOutbox.status, 'pending'),
        or(isNull(mailOutbox.sendingAt), lt(mailOutbox.sendingAt, staleBefore)),
      ),
    )
    .returning();
  if (!mail) return 'not-pending';
  try {
    const info = await deps.transport.sendMail({
      from: deps.from,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.textBody,
      ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
      headers: { 'Content-Language': mail.locale },
    });
    await deps.db
      .update(mailOutbox)
      .set({
        status: 'sent',
        sentAt: sql`now()`,
        messageId: info.messageId ?? null,
        sendingAt: null,
        lastError: null,
        updatedAt: sql`now()`,
      })
      .where(eq(mailOutbox.id, mail.id));
    deps.log.info({ mailId: mail.id, template: mail.template }, 'mail sent');
    deps.metrics.mails.inc({ template: mail.template ?? 'none', outcome: 'sent' });
    return 'sent';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const lastAttempt = job !== undefined && job.attempts >= job.maxAttempts;
    await deps.db
      .update(mailOutbox)
      .set({
        sendingAt: null,
        lastError: message.slice(0, 500),
        updatedAt: sql`now()`,
        ...(lastAttempt ? { status: 'failed' as const } : {}),
      })
      .where(eq(mailOutbox.id, mail.id));
    deps.log.warn({ mailId: mail.id, template: mail.template, lastAttempt }, 'mail could not be sent');
    deps.metrics.mails.inc({ template: mail.template ?? 'none', outcome: lastAttempt ? 'failed' : 'retry' });
    throw error;
  }
}
