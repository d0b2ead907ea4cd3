// The development mailbox (architecture.md "mail": a real SMTP server with a web mailbox, offline).
//
//   SMTP on SANDBOX_SMTP_HOST:SANDBOX_SMTP_PORT (0: any free port; the port in use is
//   app.mailbox.smtpPort() once the sandbox is ready). Plain SMTP, no TLS and no login: a local
//   development server (nodemailer: ignoreTLS). Every accepted mail is parsed and kept in memory.
//   GET    /mailbox/                       the mails, newest first, for a person (HTML)
//   GET    /mailbox/api/messages?to=addr   {messages: [{id, to, from, subject, text, html, date, headers}]}
//   GET    /mailbox/api/messages/:id       one of them; 404 {error:'not-found'}
//   DELETE /mailbox/api/messages           empties the mailbox (also POST /__control/reset)
// Tests read delivered mail here, over HTTP, not from Kifu's database.
import type { FastifyInstance } from 'fastify';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { z } from 'zod';
import type { EmulatorOptions } from '../shared/context';
import { escapeHtml, page } from '../shared/html';
import { MailboxStore, type StoredMail } from './mailbox-store';

/** A mail bigger than this is refused at the SMTP level (the sandbox keeps mails in memory). */
const MAX_MAIL_BYTES = 5 * 1024 * 1024;

export interface Mailbox {
  store: MailboxStore;
  /** The SMTP port in use (resolved once the sandbox is ready). */
  smtpPort(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailbox: Mailbox;
  }
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.map((entry) => entry.text).join(', ');
}

function mailboxPage(mails: StoredMail[]): string {
  const rows = mails
    .map(
      (mail) => `<article style="border-top:1px solid #ccc;padding:.75rem 0" data-mail-id="${escapeHtml(mail.id)}">
<p style="margin:0;font-size:.85rem;color:#555">${escapeHtml(mail.date)} — to ${escapeHtml(mail.to.join(', '))}</p>
<h2 style="font-size:1rem;margin:.25rem 0">${escapeHtml(mail.subject)}</h2>
<pre style="white-space:pre-wrap;font-family:inherit;margin:0">${escapeHtml(mail.text)}</pre></article>`,
    )
    .join('\n');
  return page(
    'Sandbox mailbox',
    `<h1>Sandbox mailbox</h1><p>${mails.length} mail(s), newest first. Mail Kifu sends in development lands here.</p>${rows}`,
  );
}

export async function mailEmulator(app: FastifyInstance, { context, onReset }: EmulatorOptions) {
  const store = new MailboxStore();
  onReset(() => store.clear());
  let port = context.config.SANDBOX_SMTP_PORT;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'Kifu sandbox mailbox',
    size: MAX_MAIL_BYTES,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
          const headers: Record<string, string> = {};
          for (const [name, value] of parsed.headerLines.map((line) => [line.key, line.line.slice(line.key.length + 1).trim()] as const))
            headers[name] = value;
          const stored = store.add({
            to,
            from: addressesOf(parsed.from),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            date: context.clock.now().toISOString(),
            headers,
          });
          context.activity.record('mail', 'mail received', `${stored.subject} → ${to.join(', ')}`);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      smtp.once('error', reject);
      smtp.listen(port, context.config.SANDBOX_SMTP_HOST, () => {
        smtp.off('error', reject);
        // A client that goes away mid-connection (a killed API's pooled connection is reset) is
        // the client's trouble: without a listener the error would end the sandbox.
        smtp.on('error', (error) => app.log.warn({ err: error }, 'mailbox: SMTP connection error'));
        const address = smtp.server.address();
        if (address && typeof address === 'object') port = address.port;
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  app.decorate('mailbox', { store, smtpPort: () => port } satisfies Mailbox);

  app.get('/mailbox/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(mailboxPage(store.list())));
  app.get('/mailbox/api/messages', async (request) => {
    const { to } = z.object({ to: z.string().max(320).optional() }).parse(request.query);
    return { messages: store.list(to) };
  });
  app.get('/mailbox/api/messages/:id', async (request, reply) => {
    const { id } = z.object({ id: z.string().max(64) }).parse(request.params);
    const mail = store.find(id);
    return mail ?? reply.code(404).send({ error: 'not-found' });
  });
  app.delete('/mailbox/api/messages', async (_request, reply) => {
    store.clear();
    return reply.code(204).send();
  });
}
