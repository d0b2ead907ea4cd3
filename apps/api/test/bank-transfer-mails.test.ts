// The mails that see a bank transfer to its end (ADR 035): a reminder two days before the deadline
// while the money has not arrived (once, and not to a gift already paid), and when the deadline
// passed unpaid, a note that offers to give by card instead.
import type { api } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { virtualAccounts } from '../src/db/schema/index';
import { remindBankTransfers } from '../src/payments/bank-transfer/bank-transfer-mails';
import { RECONCILE_BANK_TRANSFERS_JOB, reconcileBankTransfers } from '../src/payments/bank-transfer/bank-transfer-jobs';
import { enqueueJob } from '../src/jobs/enqueue-job';
import { donorPayload, submit, type Reply } from './helpers/donation-requests';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { startBankSandbox } from './helpers/start-bank-sandbox';
import { uniqueEmail } from './helpers/start-sandbox';

const h = sandboxTestApp({
  startSandbox: startBankSandbox,
  env: { BOT_CHECK_ENABLED: 'false' },
  afterEachTest: (sandbox) => sandbox.reset(),
});
const db = () => h.t.database.db;
const drain = () => h.t.app.jobs.worker.drain();
const DAY_MS = 86_400_000;

async function transferGift(lang: 'ja' | 'en' = 'ja') {
  const email = uniqueEmail('transfer');
  const started = (await submit(h.t, '/donation/deposit/', {
    donor: donorPayload({ email }),
    amount: 8_000,
    associate_id: 1,
    lang,
  })) as Reply<api.BankTransferDonationResponse>;
  expect(started.status).toBe(200);
  return { email, donationId: started.body.donation.id, account: started.body.virtual_account };
}

const subjects = async (email: string) => (await h.sandbox.mailsTo(email)).map((mail) => mail.subject);

describe('the reminder', () => {
  it('goes out once, two days before the deadline, with the account; not before, not twice', async () => {
    const gift = await transferGift();
    const [row] = await db().select().from(virtualAccounts).where(eq(virtualAccounts.donationId, gift.donationId));
    const deadline = row!.expirationDate.getTime();
    const reminders = async () => (await subjects(gift.email)).filter((subject) => subject === 'お振込期限が近づいています').length;
    await remindBankTransfers(db(), new Date(deadline - 3 * DAY_MS));
    await drain();
    expect(await reminders()).toBe(0);
    await remindBankTransfers(db(), new Date(deadline - DAY_MS));
    await remindBankTransfers(db(), new Date(deadline - DAY_MS / 2));
    await drain();
    expect(await reminders()).toBe(1);
    const mails = await h.sandbox.mailsTo(gift.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(['お振込先のご案内', 'お振込期限が近づいています'].sort());
    const reminder = mails.find((mail) => mail.subject === 'お振込期限が近づいています')!;
    expect(reminder.text).toContain(`口座番号: ${gift.account.account_number}`);
    expect(reminder.text).toContain('金額: 8,000円');
  });

  it('is not sent for a gift whose money arrived', async () => {
    const gift = await transferGift();
    const [row] = await db().select().from(virtualAccounts).where(eq(virtualAccounts.donationId, gift.donationId));
    await h.sandbox.deposit(row!.providerAccountId, { kind: 'exact' });
    // No webhook reaches this app: the reconciliation's pull of the bank's events settles it.
    await reconcileBankTransfers({ db: db(), bank: h.t.app.bankGateway, log: h.t.app.log });
    await drain();
    expect((await db().select().from(virtualAccounts).where(eq(virtualAccounts.donationId, gift.donationId)))[0]).toMatchObject({
      status: 'paid',
    });
    await remindBankTransfers(db(), new Date(row!.expirationDate.getTime() - DAY_MS));
    await drain();
    expect(await subjects(gift.email)).not.toContain('お振込期限が近づいています');
  });
});

describe('when the deadline passes unpaid', () => {
  it('the supporter is told, in their language, with the way to give by card instead', async () => {
    const gift = await transferGift('en');
    // Past the deadline at the bank and here; the reconciliation job, which runs every few minutes, expires it.
    await h.sandbox.advanceClock(9 * DAY_MS);
    await db()
      .update(virtualAccounts)
      .set({ expirationDate: new Date(Date.now() - DAY_MS) })
      .where(eq(virtualAccounts.donationId, gift.donationId));
    await enqueueJob(db(), { kind: RECONCILE_BANK_TRANSFERS_JOB });
    await drain();
    await drain();
    expect(await subjects(gift.email)).toContain('Your transfer deadline has passed');
    const [mail] = (await h.sandbox.mailsTo(gift.email)).filter((candidate) => candidate.subject === 'Your transfer deadline has passed');
    expect(mail!.text).toContain(`${h.t.config.WEB_ORIGIN}/en/associate/kodomo-shokudo-mirai/donate`);
    expect(mail!.text).toContain('¥8,000');
  });
});
