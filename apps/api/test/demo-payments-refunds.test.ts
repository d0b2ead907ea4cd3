// The demo's seeded gifts are refunded from the console (ADR 072): with SEND_DEMO_PAYMENTS_TO_SANDBOX
// on, the job queued when the API is ready tells the real sandbox, over HTTP, the seed's paid
// payments, and hanako then refunds a seeded card gift, a seeded bank transfer and a seeded wallet
// gift of her associate through the providers as she would a new gift. Sent again (a restart), the
// history adds nothing and undoes no refund. With the flag off the job does not exist and nothing
// reaches the sandbox's history calls.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { api } from '@kifu/domain';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryPendingRefunds, REFUND_METADATA_KEY } from '../src/console/refund-gift';
import { refundDeps } from '../src/console/refund-jobs';
import { loadConfig } from '../src/config/env';
import { associates, donations, jobs } from '../src/db/schema/index';
import { demoPayments, SEND_DEMO_PAYMENTS_JOB, sendDemoPayments } from '../src/seed/send-demo-payments';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { demoSignIn } from './helpers/demo-sign-in';
import { clientAddress, donationRow } from './helpers/donation-requests';
import { sandboxTestApp } from './helpers/sandbox-test-app';

const ON = { SEND_DEMO_PAYMENTS_TO_SANDBOX: 'true', BOT_CHECK_ENABLED: 'false' };
const on = sandboxTestApp({ env: ON });
const OWNED = 'kodomo-shokudo-mirai';

/** The oldest seeded gift of hanako's associate paid through `prefix` and kept whole. */
async function seededGift(t: TestApp, prefix: string) {
  const [gift] = await t.database.db
    .select({ id: donations.id, amount: donations.amount, paymentId: donations.paymentId })
    .from(donations)
    .innerJoin(associates, eq(associates.id, donations.associateId))
    .where(
      and(
        eq(associates.uid, OWNED),
        eq(donations.status, 'paid'),
        eq(donations.refundedAmount, 0),
        sql`starts_with(${donations.paymentId}, ${prefix})`,
      ),
    )
    .orderBy(asc(donations.paidAt))
    .limit(1);
  if (!gift) throw new Error(`the demo has no paid ${prefix} gift of ${OWNED}`);
  return { ...gift, paymentId: gift.paymentId! };
}

async function refund(t: TestApp, donationId: number, amount: number) {
  const { token } = await demoSignIn(t, 'hanako');
  const response = await t.app.inject({
    method: 'POST',
    url: `/associate/${OWNED}/console/gifts/${donationId}/refunds/`,
    headers: { authorization: `Bearer ${token}` },
    payload: { amount, reason: '寄付者からの取り消し依頼', request_key: randomUUID() },
    remoteAddress: clientAddress(),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as api.GiftRefund;
}

async function sandboxGet(url: string, authorization: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the provider's wire JSON
  return (await (await fetch(url, { headers: { authorization } })).json()) as any;
}
const cardCharge = (id: string) =>
  sandboxGet(`${on.sandbox.url}/charges/${id}`, `Basic ${Buffer.from(`${SANDBOX_CREDENTIALS.card.secretKey}:`).toString('base64')}`);
const bankAccount = (id: string) =>
  sandboxGet(`${on.sandbox.url}/bank/v1/virtual-accounts/${id}`, `Bearer ${SANDBOX_CREDENTIALS.bank.apiKey}`);
const historyCalls = async (sandboxUrl: string) =>
  ((await (await fetch(`${sandboxUrl}/__control/activity`)).json()) as { activity: { action: string; detail: string }[] }).activity.filter(
    (entry) => entry.action === 'payment history held',
  );

describe('with SEND_DEMO_PAYMENTS_TO_SANDBOX on', () => {
  it('the job queued at start tells each emulator the seeded paid payments, and only those', async () => {
    const [queued] = await on.t.database.db.select().from(jobs).where(eq(jobs.kind, SEND_DEMO_PAYMENTS_JOB));
    expect(queued).toMatchObject({ status: 'queued', maxAttempts: 12 });
    await on.t.app.jobs.worker.drain();
    const [ran] = await on.t.database.db.select().from(jobs).where(eq(jobs.kind, SEND_DEMO_PAYMENTS_JOB));
    expect(ran!.status).toBe('succeeded');

    const cards = await demoPayments(on.t.database.db, 'card');
    expect(cards.map((payment) => payment.id)).toContain('chrg_demo_portfolio');
    // A gift the seed refunded in full is held as refunded in full.
    const refunded = cards.find((payment) => payment.id.startsWith('chrg_demo_console_') && payment.refunded_amount === payment.amount)!;
    expect(await cardCharge(refunded.id)).toMatchObject({ paid: true, amount: refunded.amount, refunded_amount: refunded.amount });
    // Held by each emulator, and only the seed's ids were sent.
    const calls = await historyCalls(on.sandbox.url);
    expect(calls.length).toBeGreaterThanOrEqual(3);
    for (const emulator of ['card', 'wallet', 'bank'] as const) {
      const payments = await demoPayments(on.t.database.db, emulator);
      expect(payments.length).toBeGreaterThan(10);
      expect(payments.every((payment) => /^(chrg_demo_|demo-wallet-|va_demo_)/.test(payment.id))).toBe(true);
    }
  });

  it('hanako refunds a seeded card gift through the gateway', async () => {
    await on.t.app.jobs.worker.drain();
    const gift = await seededGift(on.t, 'chrg_demo_console_');
    const made = await refund(on.t, gift.id, 1_000);
    expect(made).toMatchObject({ status: 'completed', amount: 1_000, error: null });
    expect(await donationRow(on.t, gift.id)).toMatchObject({ status: 'paid', refundedAmount: 1_000 });
    const charge = await cardCharge(gift.paymentId);
    expect(charge.refunded_amount).toBe(1_000);
    expect(charge.refunds.data[0].metadata[REFUND_METADATA_KEY]).toBe(made.id);

    // The API restarts: the same history again holds nothing twice and keeps the refund.
    const again = await sendDemoPayments({ db: on.t.database.db, sandboxUrl: on.sandbox.url, timeoutMs: 10_000, log: on.t.app.log });
    expect(again.card.held).toBe(0);
    expect(again.card.known).toBeGreaterThan(10);
    expect((await cardCharge(gift.paymentId)).refunded_amount).toBe(1_000);
    // The rest of it, in full: the gift is refunded.
    expect((await refund(on.t, gift.id, gift.amount - 1_000)).status).toBe('completed');
    expect(await donationRow(on.t, gift.id)).toMatchObject({ status: 'refunded', refundedAmount: gift.amount });
  });

  it('hanako refunds a seeded bank transfer through the bank', async () => {
    await on.t.app.jobs.worker.drain();
    const gift = await seededGift(on.t, 'va_demo_console_');
    expect(await refund(on.t, gift.id, gift.amount)).toMatchObject({ status: 'completed', error: null });
    expect(await donationRow(on.t, gift.id)).toMatchObject({ status: 'refunded', refundedAmount: gift.amount });
    expect(await bankAccount(gift.paymentId)).toMatchObject({ status: 'paid', refunded_amount: gift.amount });
  });

  it('hanako refunds a seeded wallet gift: under way at first, completed once the wallet says refunded', async () => {
    await on.t.app.jobs.worker.drain();
    const gift = await seededGift(on.t, 'demo-wallet-console-');
    expect(await refund(on.t, gift.id, 500)).toMatchObject({ status: 'pending', error: null });
    expect(await retryPendingRefunds(refundDeps(on.t.app), new Date(Date.now() + 5 * 60_000))).toMatchObject({ completed: 1 });
    expect(await donationRow(on.t, gift.id)).toMatchObject({ status: 'paid', refundedAmount: 500 });
  });
});

describe('with SEND_DEMO_PAYMENTS_TO_SANDBOX off (production)', () => {
  // A stand-in sandbox that notes every path asked of it: a second real sandbox in this process
  // would share the card SDK's host with the first (providers/http-port-shim.ts).
  const asked: string[] = [];
  const recorder = createServer((request, response) => {
    asked.push(request.url ?? '');
    response.writeHead(503).end();
  });
  let t: TestApp;
  beforeAll(async () => {
    await new Promise<void>((done) => recorder.listen(0, '127.0.0.1', done));
    const sandboxUrl = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
    t = await buildTestApp({ SANDBOX_URL: sandboxUrl, BOT_CHECK_ENABLED: 'false' });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((done) => recorder.close(done));
  });

  it('has no such job and sends the sandbox nothing', async () => {
    expect(t.app.jobs.kinds()).not.toContain(SEND_DEMO_PAYMENTS_JOB);
    await t.app.jobs.worker.drain();
    expect(await t.database.db.$count(jobs, eq(jobs.kind, SEND_DEMO_PAYMENTS_JOB))).toBe(0);
    expect(asked.filter((path) => path.includes('__payment-history'))).toEqual([]);
  });

  it('cannot be turned on in production', () => {
    expect(() => loadConfig({ KIFU_ENV: 'production', SEND_DEMO_PAYMENTS_TO_SANDBOX: 'true' })).toThrow(/SEND_DEMO_PAYMENTS_TO_SANDBOX/);
    expect(() => loadConfig({ KIFU_ENV: 'production' })).not.toThrow(/SEND_DEMO_PAYMENTS_TO_SANDBOX/);
  });
});
