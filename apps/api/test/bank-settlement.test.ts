// Bank transfers settled end to end: the API listens on a port of its own, the sandbox bank sends
// it signed webhooks, and the jobs re-fetch the account and apply it. Exact, short-then-rest and
// over-paid transfers; a duplicate or stale event changes nothing; a dropped webhook is caught by
// the reconciliation job's pull of the bank's event log.
import { platformFee } from '@kifu/domain';
import { signBankWebhook } from '@kifu/sandbox/bank/webhook-signature';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, providerEvents } from '../src/db/schema/index';
import { enqueueJob } from '../src/jobs/enqueue-job';
import { applyBankAccountState } from '../src/payments/bank-transfer/bank-transfer-state';
import { RECONCILE_BANK_TRANSFERS_JOB } from '../src/payments/bank-transfer/bank-transfer-jobs';
import { donationRow, makeBankTransferDonation, virtualAccountRow } from './helpers/make-bank-transfer-donation';
import { eventually } from './helpers/eventually';
import { startBankSandbox } from './helpers/start-bank-sandbox';
import { sandboxTestApp } from './helpers/sandbox-test-app';

const h = sandboxTestApp({
  startSandbox: startBankSandbox,
  afterEachTest: (sandbox) => sandbox.setFaults({ errorRate: 0, timeoutRate: 0, dropWebhookRate: 0 }),
  receiveWebhooks: (sandbox, apiUrl) => sandbox.receiveBankWebhooksAt(`${apiUrl}/webhooks/bank/`),
});

const db = () => h.t.database.db;
const open = (options: Parameters<typeof makeBankTransferDonation>[2] = {}) => makeBankTransferDonation(db(), h.t.app.bankGateway, options);

const storedEvent = async (eventId: string) =>
  (
    await db()
      .select()
      .from(providerEvents)
      .where(and(eq(providerEvents.provider, 'bank'), eq(providerEvents.eventId, eventId)))
  )[0];

/** Deposits, waits for the signed webhook to land in the inbox, and runs the jobs it queued. */
async function depositAndSettle(accountId: string, kind: 'exact' | 'short' | 'over') {
  const event = await h.sandbox.deposit(accountId, { kind });
  await eventually(() => storedEvent(event.id));
  await h.t.app.jobs.worker.drain();
  return event;
}

describe('opening a bank transfer', () => {
  it('issues an ordinary account for the donation and waits for the transfer', async () => {
    const { donationId, accountId } = await open({ amount: 12_000 });
    expect(await donationRow(db(), donationId)).toMatchObject({
      status: 'awaiting_transfer',
      paymentProvider: 'bank',
      paymentId: accountId,
    });
    const account = await virtualAccountRow(db(), donationId);
    expect(account).toMatchObject({
      provider: 'bank',
      accountType: 'ordinary',
      bankName: 'サンドボックス銀行',
      bankNameEn: 'Sandbox Bank',
      amount: 12_000,
      status: 'issued',
    });
    expect(account.accountNumber).toMatch(/^\d{7}$/);
    // 23:59:59 in Japan, 7 days on.
    expect(new Date(account.expirationDate.getTime() + 9 * 3_600_000).toISOString().slice(11, 19)).toBe('23:59:59');
  });
});

describe('settlement by webhook', () => {
  it('pays the donation on an exact transfer, with paid_at and the transfer amount', async () => {
    const { donationId, accountId } = await open({ amount: 10_000 });
    const event = await depositAndSettle(accountId, 'exact');

    const commission = platformFee(10_000, { campaign: false });
    const donation = await donationRow(db(), donationId);
    expect(donation).toMatchObject({ status: 'paid', commission, transferAmount: 10_000 - commission });
    expect(donation.paidAt).toEqual(new Date(event.data.deposit.deposited_at));
    expect(await virtualAccountRow(db(), donationId)).toMatchObject({
      status: 'paid',
      depositedAmount: 10_000,
      refundDueAmount: 0,
      paidAt: donation.paidAt,
    });
    expect((await storedEvent(event.id))?.processedAt).toBeInstanceOf(Date);
  });

  it('waits while short, then pays when the rest arrives', async () => {
    const { donationId, accountId } = await open({ amount: 10_000 });
    await depositAndSettle(accountId, 'short');
    expect(await donationRow(db(), donationId)).toMatchObject({ status: 'awaiting_transfer', paidAt: null });
    expect(await virtualAccountRow(db(), donationId)).toMatchObject({ status: 'short', depositedAmount: 9_000, refundDueAmount: 0 });

    const rest = await depositAndSettle(accountId, 'exact');
    expect(rest.data.deposit.amount).toBe(1_000);
    expect(await donationRow(db(), donationId)).toMatchObject({ status: 'paid', paidAt: new Date(rest.data.deposit.deposited_at) });
    expect(await virtualAccountRow(db(), donationId)).toMatchObject({ status: 'paid', depositedAmount: 10_000 });
  });

  it('pays an over-paid donation for its amount and records the excess as due back', async () => {
    const { donationId, accountId } = await open({ amount: 10_000, campaign: true });
    await depositAndSettle(accountId, 'over');
    const commission = platformFee(10_000, { campaign: true });
    expect(await donationRow(db(), donationId)).toMatchObject({
      status: 'paid',
      amount: 10_000,
      commission,
      transferAmount: 10_000 - commission,
    });
    expect(await virtualAccountRow(db(), donationId)).toMatchObject({ status: 'over', depositedAmount: 11_000, refundDueAmount: 1_000 });

    // Paying again after the gift is complete only adds to what goes back.
    await depositAndSettle(accountId, 'exact');
    expect(await donationRow(db(), donationId)).toMatchObject({ status: 'paid', commission });
    expect(await virtualAccountRow(db(), donationId)).toMatchObject({ status: 'over', depositedAmount: 21_000, refundDueAmount: 11_000 });
  });
});

describe('duplicates and stale events', () => {
  it('changes nothing on a redelivered webhook or an older snapshot applied late', async () => {
    const { donationId, accountId } = await open({ amount: 10_000 });
    const first = await depositAndSettle(accountId, 'short');
    const staleSnapshot = await h.t.app.bankGateway.retrieveVirtualAccount(accountId);
    await depositAndSettle(accountId, 'exact');
    const donation = await donationRow(db(), donationId);
    const account = await virtualAccountRow(db(), donationId);
    expect(account.status).toBe('paid');

    // The bank redelivers the first event, signed afresh: stored once, nothing queued again.
    const body = JSON.stringify(first);
    const redelivered = await h.t.app.inject({
      method: 'POST',
      url: '/webhooks/bank/',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-bank-signature': signBankWebhook(body, Math.floor(Date.now() / 1000), h.t.config.BANK_WEBHOOK_SECRET),
      },
    });
    expect(redelivered.json()).toEqual({ received: true, duplicate: true });
    await h.t.app.jobs.worker.drain();

    // A slow worker applying the 'short' snapshot after the 'paid' one is refused.
    expect(await applyBankAccountState(db(), staleSnapshot)).toMatchObject({
      outcome: 'unchanged',
      donationStatus: 'paid',
      accountStatus: 'paid',
    });
    expect(await donationRow(db(), donationId)).toEqual(donation);
    expect(await virtualAccountRow(db(), donationId)).toEqual(account);
  });
});

describe('concurrency', () => {
  it('settles a donation once when the same snapshot is applied twice at the same time', async () => {
    const { donationId, accountId } = await open({ amount: 4_000 });
    await h.sandbox.setFaults({ dropWebhookRate: 1 });
    await h.sandbox.deposit(accountId, { kind: 'exact' });
    const snapshot = await h.t.app.bankGateway.retrieveVirtualAccount(accountId);
    const outcomes = await Promise.all([applyBankAccountState(db(), snapshot), applyBankAccountState(db(), snapshot)]);
    expect(outcomes.map((applied) => applied.outcome).sort()).toEqual(['settled', 'unchanged']);
    expect(await donationRow(db(), donationId)).toMatchObject({ status: 'paid' });
  });
});

describe('reconciliation', () => {
  it("catches a dropped webhook from the bank's event log, and stores each event once", async () => {
    const { donationId, accountId } = await open({ amount: 7_000 });
    await h.sandbox.setFaults({ dropWebhookRate: 1 });
    const event = await h.sandbox.deposit(accountId, { kind: 'exact' });
    await h.t.app.jobs.worker.drain();
    expect(await storedEvent(event.id)).toBeUndefined();
    expect((await donationRow(db(), donationId)).status).toBe('awaiting_transfer');

    await enqueueJob(db(), { kind: RECONCILE_BANK_TRANSFERS_JOB });
    await h.t.app.jobs.worker.drain();
    expect((await storedEvent(event.id))?.processedAt).toBeInstanceOf(Date);
    expect(await donationRow(db(), donationId)).toMatchObject({ status: 'paid', paidAt: new Date(event.data.deposit.deposited_at) });

    // Pulling again finds every event already in the inbox.
    const before = await db().select().from(providerEvents).where(eq(providerEvents.provider, 'bank'));
    await enqueueJob(db(), { kind: RECONCILE_BANK_TRANSFERS_JOB });
    await h.t.app.jobs.worker.drain();
    expect(await db().select().from(providerEvents).where(eq(providerEvents.provider, 'bank'))).toHaveLength(before.length);
  });

  it('leaves the event for a retry while the bank is down', async () => {
    const { donationId, accountId } = await open({ amount: 6_000 });
    await h.sandbox.setFaults({ errorRate: 1 });
    const event = await h.sandbox.deposit(accountId, { kind: 'exact' });
    await eventually(() => storedEvent(event.id));
    await h.t.app.jobs.worker.drain();
    expect((await storedEvent(event.id))?.processedAt).toBeNull();
    expect((await donationRow(db(), donationId)).status).toBe('awaiting_transfer');

    // The bank recovers; the retried job (backoff skipped here) settles it.
    await h.sandbox.setFaults({ errorRate: 0 });
    await db()
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(and(eq(jobs.kind, 'process-bank-event'), eq(jobs.status, 'queued')));
    await h.t.app.jobs.worker.drain();
    expect((await donationRow(db(), donationId)).status).toBe('paid');
  });
});
