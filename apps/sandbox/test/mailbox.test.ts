// The development mailbox: a real SMTP server (nodemailer, the API's own client, sends to it) and
// the HTTP API tests and people read mail through.
import { connect } from 'node:net';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../src/app';
import { MAILBOX_LIMIT, MailboxStore } from '../src/mail/mailbox-store';

let app: Awaited<ReturnType<typeof buildSandbox>>;
beforeAll(async () => {
  app = await buildSandbox();
  await app.ready();
});
afterAll(() => app.close());

const send = (message: SendMailOptions) =>
  nodemailer.createTransport({ host: '127.0.0.1', port: app.mailbox.smtpPort(), secure: false, ignoreTLS: true }).sendMail(message);

describe('the sandbox mailbox', () => {
  it('receives a mail over SMTP and answers it over HTTP, text and html parts, by recipient', async () => {
    await send({
      from: '"Kifu" <no-reply@kifu.example>',
      to: 'Hanako@Example.com',
      subject: 'ご寄付ありがとうございました',
      text: '花子様\n\nありがとうございました。',
      html: '<p>花子様</p>',
    });
    await send({ from: 'no-reply@kifu.example', to: 'someone-else@example.com', subject: 'other', text: 'x' });

    const listed = (await app.inject({ url: '/mailbox/api/messages?to=hanako@example.com' })).json() as {
      messages: { id: string; subject: string; text: string; html: string; to: string[]; from: string }[];
    };
    expect(listed.messages).toHaveLength(1);
    expect(listed.messages[0]).toMatchObject({
      subject: 'ご寄付ありがとうございました',
      text: '花子様\n\nありがとうございました。',
      html: '<p>花子様</p>',
      to: ['hanako@example.com'],
      from: '"Kifu" <no-reply@kifu.example>',
    });
    const one = await app.inject({ url: `/mailbox/api/messages/${listed.messages[0]!.id}` });
    expect(one.json()).toMatchObject({ subject: 'ご寄付ありがとうございました' });
    expect((await app.inject({ url: '/mailbox/api/messages' })).json().messages).toHaveLength(2);

    const pageHtml = (await app.inject({ url: '/mailbox/' })).body;
    expect(pageHtml).toContain('ご寄付ありがとうございました');
    expect(pageHtml).not.toContain('<p>花子様</p>'); // the html part is shown as text, never rendered
  });

  it('is emptied by DELETE and by the control reset; an unknown id is a 404', async () => {
    await send({ from: 'no-reply@kifu.example', to: 'a@example.com', subject: 's', text: 't' });
    expect((await app.inject({ method: 'DELETE', url: '/mailbox/api/messages' })).statusCode).toBe(204);
    expect((await app.inject({ url: '/mailbox/api/messages' })).json().messages).toEqual([]);
    await send({ from: 'no-reply@kifu.example', to: 'a@example.com', subject: 's', text: 't' });
    await app.inject({ method: 'POST', url: '/__control/reset' });
    expect((await app.inject({ url: '/mailbox/api/messages' })).json().messages).toEqual([]);
    expect((await app.inject({ url: '/mailbox/api/messages/nope' })).statusCode).toBe(404);
  });
});

describe('a client that goes away in the middle of a mail', () => {
  it('does not end the sandbox: the next mail is received', async () => {
    // As a killed API leaves its pooled connection: reset after MAIL FROM, mid-transaction.
    const socket = connect(app.mailbox.smtpPort(), '127.0.0.1');
    const said: string[] = [];
    socket.on('data', (chunk) => said.push(chunk.toString()));
    const answered = async (code: string) => expect.poll(() => said.join(''), { timeout: 10_000 }).toMatch(new RegExp(`^${code}`, 'm'));
    await answered('220');
    socket.write('EHLO client.example\r\n');
    await answered('250');
    said.length = 0;
    socket.write('MAIL FROM:<no-reply@kifu.example>\r\n');
    await answered('250');
    socket.resetAndDestroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await send({ from: 'no-reply@kifu.example', to: 'after-reset@example.com', subject: 'after', text: 't' });
    expect((await app.inject({ url: '/mailbox/api/messages?to=after-reset@example.com' })).json().messages).toHaveLength(1);
  });
});

describe('MailboxStore', () => {
  it(`keeps the newest ${MAILBOX_LIMIT} mails`, () => {
    const store = new MailboxStore();
    for (let i = 0; i < MAILBOX_LIMIT + 5; i++)
      store.add({ to: ['a@example.com'], from: 'x', subject: `#${i}`, text: '', html: null, date: '', headers: {} });
    const kept = store.list();
    expect(kept).toHaveLength(MAILBOX_LIMIT);
    expect(kept[0]!.subject).toBe(`#${MAILBOX_LIMIT + 4}`);
  });
});
