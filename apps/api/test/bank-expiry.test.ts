// Bank transfers past their deadline (spec §9: "the account has an expiration date; payment after it
// may be refunded minus the fee"). The sandbox clock is moved past the deadline, so the sandbox is
// reset after each test; our own clock is moved by back-dating the stored deadline or by passing
// `now` to the sweep.
import { platformFee } from '@kifu/domain';
import { signBankWebhook } from '@kifu/sandbox/bank/webhook-signature';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { providerEvents, virtualAccounts } from '../src/db/schema/index';
import { enqueueJob } from '../src/jobs/enqueue-job';
import { RECONCILE_BANK_TRANSFERS_JOB } from '../src/payments/bank-transfer/bank-transfer-jobs';
import { SHORT_EXPIRY_GRACE_MS } from '../src/payments/bank-transfer/bank-transfer-state';
import { expireOverdueTransfers } from '../src/payments/bank-transfer/expire-overdue-transfers';
import { donationRow, makeBankTransferDonation, virtualAccountRow } from './helpers/make-bank-transfer-donation';
import { eventually } from './helpers/eventually';
import { startBankSandbox } from './helpers/start-bank-sandbox';
import { sandboxTestApp } from './helpers/sandbox-test-app';

const h = sandboxTestApp({
  startSandbox: startBankSandbox,
  afterEachTest: (sandbox) => sandbox.reset(),
  receiveWebhooks: (sandbox, apiUrl) => sandbox.receiveBankWebhooksAt(`${apiUrl}/webhooks/bank/`),
});

const DAY_MS = 86_400_000;
const db = () => h.t.database.db;
const open = (options: Parameters<typeof makeBankTransferDonation>[2] = {}) => makeBankTransferDonation(db(), h.t.app.bankGateway, options);

/** Past any 7-day deadline (which ends 23:59:59 Japan time, up to 8 days away). */
const pastTheDeadline = () => h.sandbox.advanceClock(9 * DAY_MS);

async function depositAndSettle(accountId: string, kind: 'exact' | 'short' | 'late') {
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
  return event;
}

/** Our side of the clock: the stored deadline has passed. */
const deadlinePassedHere = (donationId: number) =>
  db()
    .update(virtualAccounts)
    .set({ expirationDate: sql`now() - interval '1 minute'` })
    .where(eq(virtualAccounts.donationId, donationId));

const runReconciliation = async () => {
  await enqueueJob(db(), { kind: RECONCILE_BANK_TRANSFERS_JOB });
  await h.t.app.jobs.worker.drain();
};

describe('late transfers', () => {
  it('expires the donation and owes the late money back minus the fee', async () => {
    const { donationId, accountId } = await open({ amount: 10_000 });
    await pastTheDeadline();
    const event = await depositAndSettle(accountId, 'exact');
    expect(event.data.virtual_account.status).toBe('late');

    expect(await donationRow(db(), donationId)).toMatchObject({
      status: 'expired',
      paidAt: null,
      transferAmount: null,
      reasonOfPaymentFailed: 'transfer_late',
    });
    expect(await virtualAccountRow(db(), donationId)).toMatchObject({
      status: 'late',
      depositedAmount: 10_000,
      refundDueAmount: 10_000 - platformFee(10_000, { campaign: false }),
      paidAt: null,
    });
  });

  it("uses the campaign rate for a campaign gift's late refund", async () => {
    const { donationId, accountId } = await open({ amount: 3_000, campaign: true });
    await depositAndSettle(accountId, 'late');
    expect(await virtualAccountRow(db(), donationId)).toMatchObject({
      status: 'late',
      refundDueAmount: 3_000 - platformFee(3_000, { campaign: true }),
    });
  });
});

describe('accounts the bank forgot', () => {
  it('marks an event about them processed instead of retrying for ever', async () => {
    const { donationId, accountId } = await open({ amount: 5_000 });
    await h.sandbox.reset();
    const body = JSON.stringify({
      id: `evt_forgotten_${donationId}`,
      type: 'virtual_account.deposited',
      created_at: new Date().toISOString(),
      data: { virtual_account: { id: accountId } },
    });
    const headers = {
      'content-type': 'application/json',
      'x-bank-signature': signBankWebhook(body, Math.floor(Date.now() / 1000), h.t.config.BANK_WEBHOOK_SECRET),
    };
    expect((await h.t.app.inject({ method: 'POST', url: '/webhooks/bank/', payload: body, headers })).statusCode).toBe(200);
    await h.t.app.jobs.worker.drain();
    const [event] = await db()
      .select()
      .from(providerEvents)
      .where(eq(providerEvents.eventId, `evt_forgotten_${donationId}`));
    expect(event?.processedAt).toBeInstanceOf(Date);
    expect((await donationRow(db(), donationId)).status).toBe('awaiting_transfer');
  });
});

describe('the expiry sweep', () => {
  it('expires an unpaid donation once the bank says so; a late deposit then leaves it expired', async () => {
    const overdue = await open({ amount: 5_000 });
    const notYet = await open({ amount: 5_000 });
    await pastTheDeadline();
    await deadlinePassedHere(overdue.donationId);
    await runReconciliation();

    expect(await donationRow(db(), overdue.donationId)).toMatchObject({ status: 'expired', reasonOfPaymentFailed: 'transfer_expired' });
    expect(await virtualAccountRow(db(), overdue.donationId)).toMatchObject({ status: 'expired', depositedAmount: 0, refundDueAmount: 0 });
    // Its deadline has not passed by our clock: not even asked about.
    expect((await donationRow(db(), notYet.donationId)).status).toBe('awaiting_transfer');

    await depositAndSettle(overdue.accountId, 'exact');
    expect((await donationRow(db(), overdue.donationId)).status).toBe('expired');
    expect(await virtualAccountRow(db(), overdue.donationId)).toMatchObject({
      status: 'late',
      depositedAmount: 5_000,
      refundDueAmount: 5_000 - platformFee(5_000, { campaign: false }),
    });
  });

  it('leaves an account the bank still calls waiting for the next run', async () => {
    const { donationId } = await open({ amount: 5_000 });
    await deadlinePassedHere(donationId);
    await runReconciliation();
    expect((await donationRow(db(), donationId)).status).toBe('awaiting_transfer');
    expect((await virtualAccountRow(db(), donationId)).status).toBe('issued');
  });

  it('expires a short account after the grace, owing back what came minus the fee', async () => {
    const { donationId, accountId } = await open({ amount: 10_000 });
    await depositAndSettle(accountId, 'short');
    await pastTheDeadline();
    const { expirationDate } = await virtualAccountRow(db(), donationId);
    const deps = { db: db(), bank: h.t.app.bankGateway, log: h.t.app.log };

    await expireOverdueTransfers(deps, new Date(expirationDate.getTime() + SHORT_EXPIRY_GRACE_MS - 1));
    expect((await donationRow(db(), donationId)).status).toBe('awaiting_transfer');
    expect(await virtualAccountRow(db(), donationId)).toMatchObject({ status: 'short', depositedAmount: 9_000 });

    // Earlier tests' accounts are overdue by this clock too, but the reset bank no longer knows them.
    expect(await expireOverdueTransfers(deps, new Date(expirationDate.getTime() + SHORT_EXPIRY_GRACE_MS + 1))).toMatchObject({
      expired: 1,
    });
    expect((await donationRow(db(), donationId)).status).toBe('expired');
    expect(await virtualAccountRow(db(), donationId)).toMatchObject({
      status: 'expired',
      depositedAmount: 9_000,
      refundDueAmount: 9_000 - platformFee(9_000, { campaign: false }),
    });
  });
});
