// Mail is queued, never sent inline: a row in mail_outbox and a `send-mail` job, both in the
// caller's transaction, so a mail goes out exactly when what it tells about was committed (a paid
// gift, a sign-up). The mail worker (send-mail.ts) delivers it.
import type { Locale } from '@kifu/domain';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema/index';
import { enqueueJob } from '../jobs/enqueue-job';
import { renderMail, type MailTemplate } from './mail-templates';

export const SEND_MAIL_JOB = 'send-mail';
/** Retries with the job runner's backoff (1 s doubling, capped at an hour): about a day in all. */
export const SEND_MAIL_MAX_ATTEMPTS = 30;

export interface OutboxMail {
  to: string;
  locale: Locale;
  /** Which mail it is (a MailTemplate or the associate's own thanks), for the outbox and logs. */
  template: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The gift it tells about, if any (its timeline in the console shows the mail). */
  donationId?: number;
}

/** Queues a mail already written; answers its outbox id. */
export async function queueOutboxMail(tx: Database, mail: OutboxMail): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      template: mail.template,
      locale: mail.locale,
      donationId: mail.donationId ?? null,
    })
    .returning({ id: mailOutbox.id });
  await enqueueJob(tx, {
    kind: SEND_MAIL_JOB,
    payload: { mailId: row!.id },
    dedupeKey: `mail:${row!.id}`,
    maxAttempts: SEND_MAIL_MAX_ATTEMPTS,
  });
  return row!.id;
}

/** Queues one of the platform's mails (mail-templates.ts) in the recipient's language. */
export function enqueueMail(
  tx: Database,
  mail: { to: string; locale: Locale; template: MailTemplate; values: Record<string, string>; donationId?: number },
): Promise<number> {
  return queueOutboxMail(tx, {
    to: mail.to,
    locale: mail.locale,
    template: mail.template,
    donationId: mail.donationId,
    ...renderMail(mail.template, mail.locale, mail.values),
  });
}
