// Mail, delivered (ADR 030): what Kifu queues reaches a real SMTP server — the sandbox mailbox —
// through the mail worker, and the tests read it there over HTTP, not from the database. A mail
// claimed by a job run that died is sent by the job's next run, or found by the outbox sweep
// (ADR 054).
import type { api } from '@kifu/domain';
import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { donationThanksMails, jobs, mailOutbox } from '../src/db/schema/index';
import type { Job } from '../src/jobs/claim-jobs';
import { enqueueJob } from '../src/jobs/enqueue-job';
import { JobWorker, type JobHandler } from '../src/jobs/job-worker';
import { enqueueMail, SEND_MAIL_JOB } from '../src/mail/enqueue-mail';
import { SWEEP_MAIL_JOB } from '../src/mail/mail-plugin';
import { sendOutboxMail, type SendMailDeps } from '../src/mail/send-mail';
import { donorPayload, guestCardRequest, status, submit, type CardDonationReply, type Reply } from './helpers/donation-requests';
import { paidMonthlyGift } from './helpers/paid-monthly-gift';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { startBankSandbox } from './helpers/start-bank-sandbox';
import { uniqueEmail, type TestSandbox } from './helpers/start-sandbox';

const h = sandboxTestApp({ startSandbox: startBankSandbox, env: { BOT_CHECK_ENABLED: 'false' } });
const db = () => h.t.database.db;
const drain = () => h.t.app.jobs.worker.drain();

async function paidCardGift(lang: 'ja' | 'en') {
  const request = await guestCardRequest(h.t, h.sandbox, { lang, donor: donorPayload({ email: uniqueEmail('thanks') }) });
  const started = (await submit(h.t, '/donation/', request)) as CardDonationReply;
  expect(started.status).toBe(200);
  await h.sandbox.authorize(started.body.authorize_uri, 'authenticate');
  expect((await status(h.t, started.body.donation.id, started.body.status_token ?? undefined)).body).toMatchObject({ result: 'PAID' });
  return request.donor.email;
}

describe('the thank-you mail of a paid gift', () => {
  it("reaches the supporter's mailbox in Japanese, as plain text, from Kifu", async () => {
    const email = await paidCardGift('ja');
    await drain();
    const mails = await h.sandbox.mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      subject: 'ご寄付ありがとうございました',
      from: expect.stringContaining('no-reply@kifu.example'),
      html: null,
    });
    // Associate 1 wrote its own thank-you (donation_thanks_mails): its wording, with the supporter's name filled in.
    expect(mails[0]!.text).toMatch(/^山田 花子様\n\n.*こども食堂ネットワークみらい/s);
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(row).toMatchObject({ status: 'sent', sentAt: expect.any(Date), messageId: expect.any(String), sendingAt: null });
  });

  it('is in English for a gift made in English', async () => {
    const email = await paidCardGift('en');
    await drain();
    const [mail] = await h.sandbox.mailsTo(email);
    expect(mail).toMatchObject({ subject: 'Thank you for your donation' });
    expect(mail!.text).toMatch(/^Dear 花子 山田,/);
  });

  it("says a monthly gift is monthly, in the platform's words where the associate wrote none", async () => {
    await db().delete(donationThanksMails).where(eq(donationThanksMails.associateId, 1));
    const gift = await paidMonthlyGift(h.t, h.sandbox as unknown as TestSandbox, 2_000);
    await drain();
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.template, 'donation-thanks-monthly')).orderBy(mailOutbox.id);
    expect(gift.firstDonationId).toBeGreaterThan(0);
    const mails = await h.sandbox.mailsTo(row!.toAddress);
    expect(mails.map((mail) => mail.subject)).toEqual(['毎月のご寄付ありがとうございます']);
    expect(mails[0]!.text).toContain('毎月2,000円のご寄付');
  });
});

describe('a bank-transfer gift', () => {
  it('mails where to transfer, how much and by when as soon as the account is issued', async () => {
    const email = uniqueEmail('bank');
    const started = (await submit(h.t, '/donation/deposit/', {
      donor: donorPayload({ email }),
      amount: 5_000,
      associate_id: 1,
      lang: 'ja',
    })) as Reply<api.BankTransferDonationResponse>;
    expect(started.status).toBe(200);
    await drain();
    const [mail] = await h.sandbox.mailsTo(email);
    const account = started.body.virtual_account;
    expect(mail).toMatchObject({ subject: 'お振込先のご案内' });
    expect(mail!.text).toContain(`口座番号: ${account.account_number}`);
    expect(mail!.text).toContain(`口座名義: ${account.account_holder}`);
    expect(mail!.text).toContain('金額: 5,000円');
    expect(mail!.text).toMatch(/振込期限: \d{4}年\d{1,2}月\d{1,2}日/);
  });
});

describe('signing up', () => {
  it('mails a welcome in the language of the sign-up', async () => {
    const email = uniqueEmail('welcome');
    const response = await h.t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email, password: 'secret123', locale: 'en' },
      remoteAddress: '10.9.0.1',
    });
    expect(response.statusCode).toBe(201);
    await drain();
    const [mail] = await h.sandbox.mailsTo(email);
    expect(mail).toMatchObject({ subject: 'Welcome to Kifu' });
    expect(mail!.text).toContain(`Your e-mail address: ${email}`);
  });
});

describe('the mail worker', () => {
  const deps = (transport: SendMailDeps['transport']): SendMailDeps => ({
    db: db(),
    transport,
    from: 'Kifu <no-reply@kifu.example>',
    log: h.t.app.log,
    metrics: h.t.app.metrics,
  });
  const liveTransport = () => nodemailer.createTransport({ url: h.sandbox.smtpUrl, ignoreTLS: true } as never);

  it('retries with backoff while the SMTP server is away, then delivers once', async () => {
    const email = uniqueEmail('retry');
    const id = await enqueueMail(db(), { to: email, locale: 'en', template: 'welcome', values: { email } });
    // A server that is not there: nothing listens on port 9.
    let transport: SendMailDeps['transport'] = nodemailer.createTransport({
      host: '127.0.0.1',
      port: 9,
      ignoreTLS: true,
      connectionTimeout: 2_000,
    });
    const worker = new JobWorker(
      db(),
      {
        [SEND_MAIL_JOB]: async (payload, job) =>
          void (await sendOutboxMail(deps({ sendMail: (mail) => transport.sendMail(mail) }), Number(payload.mailId), job)),
      },
      h.t.app.log,
    );
    await worker.runOnce();
    const [waiting] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(waiting).toMatchObject({
      status: 'pending',
      attempts: 1,
      sendingAt: null,
      lastError: expect.stringMatching(/ECONNREFUSED|connect/),
    });
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `mail:${id}`));
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(await h.sandbox.mailsTo(email)).toEqual([]);

    transport = liveTransport();
    await db().update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id)); // the backoff has passed
    await worker.runOnce();
    expect((await h.sandbox.mailsTo(email)).map((mail) => mail.subject)).toEqual(['Welcome to Kifu']);
    expect((await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sends a mail once even when two workers both hold a job for it', async () => {
    const email = uniqueEmail('twice');
    const id = await enqueueMail(db(), { to: email, locale: 'ja', template: 'welcome', values: { email } });
    // A second job for the same mail, as the outbox sweep would queue next to a running one.
    await db()
      .insert(jobs)
      .values({ kind: SEND_MAIL_JOB, payload: { mailId: id } });
    const handler = async (payload: Record<string, unknown>, job: Job) =>
      void (await sendOutboxMail(deps(liveTransport()), Number(payload.mailId), job));
    const one = new JobWorker(db(), { [SEND_MAIL_JOB]: handler }, h.t.app.log);
    const two = new JobWorker(db(), { [SEND_MAIL_JOB]: handler }, h.t.app.log);
    await Promise.all([one.runOnce(), two.runOnce()]);
    await Promise.all([one.runOnce(), two.runOnce()]);
    expect(await h.sandbox.mailsTo(email)).toHaveLength(1);
  });

  it('marks a mail failed when its last attempt fails, for a person to look at', async () => {
    const email = uniqueEmail('failed');
    const id = await enqueueMail(db(), { to: email, locale: 'ja', template: 'welcome', values: { email } });
    const refused = { sendMail: async () => Promise.reject(new Error('550 mailbox unavailable')) };
    await expect(sendOutboxMail(deps(refused), id, { id: 0, attempts: 30, maxAttempts: 30 })).rejects.toThrow('550');
    expect((await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]).toMatchObject({
      status: 'failed',
      lastError: '550 mailbox unavailable',
    });
    // Nothing pending is sent again.
    expect(await sendOutboxMail(deps(liveTransport()), id, { id: 0, attempts: 31, maxAttempts: 30 })).toBe('not-pending');
  });

  const outboxRow = async (id: number) => (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
  const jobOf = async (mailId: number) =>
    (
      await db()
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `mail:${mailId}`))
    )[0]!;
  const sender =
    (transport: SendMailDeps['transport']): JobHandler =>
    async (payload, job) =>
      void (await sendOutboxMail(deps(transport), Number(payload.mailId), job));

  it('sends a mail claimed by a run that died when its job runs again, and the dead run undoes nothing (ADR 054)', async () => {
    await drain();
    const email = uniqueEmail('orphan');
    const id = await enqueueMail(db(), { to: email, locale: 'ja', template: 'welcome', values: { email } });
    // A worker that claims the mail and is never heard of again: its SMTP call hangs and it renews
    // no lease (a killed or frozen process).
    let fail: (error: Error) => void = () => undefined;
    const hanging = { sendMail: () => new Promise<never>((_, reject) => (fail = reject)) };
    const dying = new JobWorker(db(), { [SEND_MAIL_JOB]: sender(hanging) }, h.t.app.log, [], undefined, {
      leaseMs: 1_000,
      heartbeatMs: 3_600_000,
    });
    const dyingRun = dying.runOnce(1);
    await expect.poll(async () => (await outboxRow(id)).sendingAt, { timeout: 30_000 }).not.toBeNull();

    // Once the lease has run out, the next claim runs the job again, and that run sends the mail.
    const live = new JobWorker(db(), { [SEND_MAIL_JOB]: sender(liveTransport()) }, h.t.app.log);
    await expect.poll(async () => (await live.runOnce(1)) > 0, { timeout: 60_000, interval: 200 }).toBe(true);
    expect((await h.sandbox.mailsTo(email)).map((mail) => mail.subject)).toEqual(['Kifuへようこそ']);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2, sendingAt: null });
    expect(await jobOf(id)).toMatchObject({ status: 'succeeded', attempts: 2 });

    fail(new Error('connection closed'));
    await dyingRun;
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', lastError: null });
    expect(await jobOf(id)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('has the outbox sweep send a mail left pending under the claim of a run whose job has ended (ADR 054)', async () => {
    await drain();
    const email = uniqueEmail('stranded');
    const id = await enqueueMail(db(), { to: email, locale: 'en', template: 'welcome', values: { email } });
    const job = await jobOf(id);
    // What the version before left behind after a kill -9: the job ran again, saw its dead first
    // run's claim, and recorded success without sending.
    await db().update(jobs).set({ status: 'succeeded', attempts: 2 }).where(eq(jobs.id, job.id));
    await db()
      .update(mailOutbox)
      .set({
        sendingAt: sql`now() - interval '1 hour'`,
        sendingJobId: job.id,
        sendingJobAttempt: 1,
        attempts: 1,
        createdAt: sql`now() - interval '1 hour'`,
      })
      .where(eq(mailOutbox.id, id));

    await enqueueJob(db(), { kind: SWEEP_MAIL_JOB });
    await drain();
    expect((await h.sandbox.mailsTo(email)).map((mail) => mail.subject)).toEqual(['Welcome to Kifu']);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent' });
  });
});
