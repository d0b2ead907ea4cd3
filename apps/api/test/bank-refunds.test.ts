// Paying back bank-transfer donors (ADR 035) against the sandbox bank: the excess of an
// over deposit and a late transfer minus the fee are refunded once — two runs at once, a run after
// a lost answer, or a run while the bank is down and again after, all end with one refund of the
// amount due at the bank, and what was due, asked and paid back stays on Kifu's rows. The donor gets
// one mail per refund, in the gift's language, saying how much came back and why.
import { platformFee, type api } from '@kifu/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankRefunds, providerEvents } from '../src/db/schema/index';
import { refundBankTransfers } from '../src/payments/bank-transfer/refund-bank-transfers';
import { donorPayload, submit, type Reply } from './helpers/donation-requests';
import { eventually } from './helpers/eventually';
import { makeBankTransferDonation, virtualAccountRow } from './helpers/make-bank-transfer-donation';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { startBankSandbox } from './helpers/start-bank-sandbox';
import { uniqueEmail } from './helpers/start-sandbox';

const h = sandboxTestApp({
  startSandbox: startBankSandbox,
  env: { BOT_CHECK_ENABLED: 'false' },
  afterEachTest: async (sandbox) => {
    await sandbox.setFaults({ errorRate: 0, timeoutRate: 0, dropWebhookRate: 0 });
    await sandbox.reset();
  },
  receiveWebhooks: (sandbox, apiUrl) => sandbox.receiveBankWebhooksAt(`${apiUrl}/webhooks/bank/`),
});
const db = () => h.t.database.db;
const deps = () => ({ db: db(), bank: h.t.app.bankGateway, log: h.t.app.log });
const DAY_MS = 86_400_000;

async function settledDeposit(accountId: string, kind: 'over' | 'exact') {
  const event = await h.sandbox.deposit(accountId, { kind });
  await eventually(
    async () =>
      (
        await db()
          .select()
          .from(providerEvents)
          .where(and(eq(providerEvents.provider, 'bank'), eq(providerEvents.eventId, event.id)))
      )[0],
  );
  await h.t.app.jobs.worker.drain();
}

async function bankAccount(accountId: string) {
  return h.t.app.bankGateway.retrieveVirtualAccount(accountId);
}

describe('refunds of bank transfers', () => {
  it('sends the excess of an over deposit back once, however often the job runs, even two at once', async () => {
    const { donationId, accountId } = await makeBankTransferDonation(db(), h.t.app.bankGateway, { amount: 10_000 });
    await settledDeposit(accountId, 'over');
    expect(await virtualAccountRow(db(), donationId)).toMatchObject({ status: 'over', refundDueAmount: 1_000 });

    await Promise.all([refundBankTransfers(deps()), refundBankTransfers(deps())]);
    await refundBankTransfers(deps());
    const account = await virtualAccountRow(db(), donationId);
    expect(await db().select().from(bankRefunds).where(eq(bankRefunds.virtualAccountId, account.id))).toMatchObject([
      { amount: 1_000, status: 'completed', providerRefundId: expect.stringMatching(/^rfd_/) },
    ]);
    const raw = await fetch(`${h.sandbox.url}/bank/v1/virtual-accounts/${accountId}`, {
      headers: { authorization: `Bearer ${h.t.config.BANK_API_KEY}` },
    });
    expect(((await raw.json()) as { refunded_amount: number }).refunded_amount).toBe(1_000);
    expect((await bankAccount(accountId)).depositedAmount).toBe(11_000);
  });

  it('pays a late transfer back minus the fee', async () => {
    const { donationId, accountId } = await makeBankTransferDonation(db(), h.t.app.bankGateway, { amount: 10_000 });
    await h.sandbox.advanceClock(9 * DAY_MS);
    await settledDeposit(accountId, 'exact');
    const due = 10_000 - platformFee(10_000, { campaign: false });
    expect(await virtualAccountRow(db(), donationId)).toMatchObject({ status: 'late', refundDueAmount: due });
    expect(await refundBankTransfers(deps())).toEqual({ refunded: 1, failed: 0 });
    const account = await virtualAccountRow(db(), donationId);
    expect(await db().select().from(bankRefunds).where(eq(bankRefunds.virtualAccountId, account.id))).toMatchObject([
      { amount: due, status: 'completed' },
    ]);
  });

  it('while the bank is down the refund waits, pending with the error; the next run pays it once', async () => {
    const { donationId, accountId } = await makeBankTransferDonation(db(), h.t.app.bankGateway, { amount: 10_000 });
    await settledDeposit(accountId, 'over');
    await h.sandbox.setFaults({ errorRate: 1 });
    expect(await refundBankTransfers(deps())).toEqual({ refunded: 0, failed: 1 });
    const account = await virtualAccountRow(db(), donationId);
    expect(await db().select().from(bankRefunds).where(eq(bankRefunds.virtualAccountId, account.id))).toMatchObject([
      { amount: 1_000, status: 'pending', lastError: expect.any(String) },
    ]);
    await h.sandbox.setFaults({ errorRate: 0 });
    expect(await refundBankTransfers(deps())).toEqual({ refunded: 1, failed: 0 });
    expect(await db().select().from(bankRefunds).where(eq(bankRefunds.virtualAccountId, account.id))).toMatchObject([
      { status: 'completed', lastError: null },
    ]);
  });

  it('nothing is refunded on an exact transfer', async () => {
    const { accountId } = await makeBankTransferDonation(db(), h.t.app.bankGateway, { amount: 10_000 });
    await settledDeposit(accountId, 'exact');
    const before = (await db().select().from(bankRefunds)).length;
    await refundBankTransfers(deps());
    expect((await db().select().from(bankRefunds)).length).toBe(before);
  });

  it.each([
    ['ja', 'over', 'お振込みの返金のお知らせ', ['1,000円を', '超えてお振り込みいただいた分']],
    [
      'en',
      'late',
      'Your transfer has been refunded',
      [`We have sent ¥${(10_000 - platformFee(10_000, { campaign: false })).toLocaleString('en')} back`, 'after the deadline'],
    ],
  ] as const)('tells the donor once (%s, %s deposit) how much came back and why', async (lang, kind, subject, says) => {
    const email = uniqueEmail('refunded');
    const started = (await submit(h.t, '/donation/deposit/', {
      donor: donorPayload({ email }),
      amount: 10_000,
      associate_id: 1,
      lang,
    })) as Reply<api.BankTransferDonationResponse>;
    expect(started.status).toBe(200);
    const accountId = (await virtualAccountRow(db(), started.body.donation.id)).providerAccountId;
    if (kind === 'late') await h.sandbox.advanceClock(9 * DAY_MS);
    await settledDeposit(accountId, kind === 'over' ? 'over' : 'exact');
    await refundBankTransfers(deps());
    await refundBankTransfers(deps());
    await h.t.app.jobs.worker.drain();
    await eventually(async () => ((await h.sandbox.mailsTo(email)).some((mail) => mail.subject === subject) ? true : undefined));
    const refunds = (await h.sandbox.mailsTo(email)).filter((mail) => mail.subject === subject);
    expect(refunds).toHaveLength(1);
    for (const text of says) expect(refunds[0]!.text).toContain(text);
  });
});
