// The later months of a recurring card gift (ADR 015), end to end against the sandbox and its clock:
// the sandbox's schedule runner charges the customer on the day, signs and delivers the charge's
// events to the listening API, and the webhook job records the month as a donation of the
// recurring donation — or, when the webhook is dropped, the schedule reconciliation does. Failed
// months are retried by the provider the next day and suspend the gift after its retries; a
// replayed or out-of-order event records nothing twice; a portfolio gift's month is split like its
// first payment; an annual membership's year likewise.
import { randomBytes } from 'node:crypto';
import { platformFee } from '@kifu/domain';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { donations, membershipPlans, portfolioDonations, portfolios, providerEvents, recurringDonations } from '../src/db/schema/index';
import { reconcileCardSchedules } from '../src/recurring/reconcile-card-schedules';
import { hmacHex } from '../src/providers/signed-webhook';
import { eventually } from './helpers/eventually';
import { mailsTo } from './helpers/donation-requests';
import { activeCardGift, type ActiveCardGift } from './helpers/active-card-gift';
import { sandboxTestApp } from './helpers/sandbox-test-app';

const SUCCESS_CARD = '4242424242424242';
const INSUFFICIENT_FUND_CARD = '4111111111140011';

const h = sandboxTestApp({
  env: { BOT_CHECK_ENABLED: 'false' },
  receiveWebhooks: (sandbox, apiUrl) => sandbox.receiveCardWebhooksAt(`${apiUrl}/webhooks/card/`),
});
let childrenFuture: number;

beforeAll(async () => {
  [{ id: childrenFuture }] = (await h.t.database.db
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(eq(portfolios.nameEn, "Children's Future Portfolio"))) as [{ id: number }];
});
// Each test starts from the sandbox's real-time clock, so its schedule starts in the sandbox's future.
beforeEach(() => h.sandbox.reset());

const db = () => h.t.database.db;
const drain = () => h.t.app.jobs.worker.drain();
const scheduleDeps = () => ({ db: db(), gateway: h.t.app.cardPayments.gateway, log: h.t.app.log });

type Gift = ActiveCardGift;

/** A recurring card gift, its first payment authenticated and paid, its schedule made (active). */
const activeGift = (path: '/donation/recurring/' | '/donation/recurring/annual/', body: Record<string, unknown>): Promise<Gift> =>
  activeCardGift(h.t, h.sandbox, path, body);

const recurringRow = async (id: number) => (await db().select().from(recurringDonations).where(eq(recurringDonations.id, id)))[0]!;
const scheduledDonations = (recurringId: number) =>
  db()
    .select()
    .from(donations)
    .where(and(eq(donations.recurringDonationId, recurringId), eq(donations.isFromSchedule, true)))
    .orderBy(asc(donations.id));

interface Run {
  schedule: string;
  status: string;
  charge: string | null;
  attempt: number;
}

async function sandboxNow(): Promise<Date> {
  const response = await fetch(`${h.sandbox.url}/__control/clock`);
  return new Date(((await response.json()) as { now: string }).now);
}

/** Moves the sandbox clock to 10:00 in Japan on `date` (YYYY-MM-DD) and runs the due schedules. */
async function runSchedulesOn(date: string): Promise<Run[]> {
  const target = Date.parse(`${date}T10:00:00+09:00`);
  const now = await sandboxNow();
  if (target > now.getTime()) await h.sandbox.advanceClock(target - now.getTime());
  const response = await fetch(`${h.sandbox.url}/card/__run-schedules`, { method: 'POST' });
  return ((await response.json()) as { ran: Run[] }).ran;
}

/** The next day of the sandbox clock, in Japan. */
async function sandboxTomorrow(): Promise<string> {
  return new Date((await sandboxNow()).getTime() + 9 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
}

/** Runs the gift's next occurrence date; returns the one attempt it made for this gift. */
async function runNextOccurrence(gift: Gift): Promise<Run> {
  const recurring = await recurringRow(gift.recurringId);
  const ran = (await runSchedulesOn(recurring.nextOccurrenceDate!)).filter((run) => run.schedule === recurring.recurringId);
  expect(ran).toHaveLength(1);
  return ran[0]!;
}

async function runRetry(gift: Gift): Promise<Run> {
  const recurring = await recurringRow(gift.recurringId);
  const ran = (await runSchedulesOn(await sandboxTomorrow())).filter((run) => run.schedule === recurring.recurringId);
  expect(ran).toHaveLength(1);
  return ran[0]!;
}

const storedEvent = async (objectId: string, key: string) =>
  (
    await db()
      .select({ id: providerEvents.id })
      .from(providerEvents)
      .where(
        and(eq(providerEvents.provider, 'card'), eq(providerEvents.kind, key), sql`${providerEvents.payload}->'data'->>'id' = ${objectId}`),
      )
  )[0];

/** The sandbox delivers webhooks without waiting: poll the inbox for the event, then run the jobs. */
async function eventProcessed(objectId: string, key = 'charge.complete') {
  await eventually(() => storedEvent(objectId, key));
  return drain();
}

/** Delivers a charge event as the provider would (signed over the exact body), then runs the jobs. */
async function deliverChargeEvent(chargeId: string, key: string) {
  const body = JSON.stringify({
    object: 'event',
    livemode: false,
    id: `evnt_test_${randomBytes(8).toString('hex')}`,
    key,
    data: { object: 'charge', id: chargeId },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = hmacHex(Buffer.from(SANDBOX_CREDENTIALS.card.webhookSecret, 'base64'), timestamp, body);
  const response = await h.t.app.inject({
    method: 'POST',
    url: '/webhooks/card/',
    headers: { 'content-type': 'application/json', 'omise-signature': signature, 'omise-signature-timestamp': timestamp },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  await drain();
}

async function switchCard(gift: Gift, number: string) {
  await h.t.app.cardPayments.gateway.attachCard(gift.customerId, await h.sandbox.tokenize(number));
}

describe('a month of a monthly card gift', () => {
  it('is recorded as a paid donation of the recurring donation when the schedule charges it, with a thank-you mail', async () => {
    const gift = await activeGift('/donation/recurring/', { amount: 3_000, need_receipt: true });
    const before = await recurringRow(gift.recurringId);
    const [first] = await db().select().from(donations).where(eq(donations.id, gift.firstId));

    const run = await runNextOccurrence(gift);
    expect(run).toMatchObject({ status: 'successful', attempt: 1 });
    await eventProcessed(run.charge!);

    const months = await scheduledDonations(gift.recurringId);
    const commission = platformFee(3_000, { campaign: false });
    expect(months).toEqual([
      expect.objectContaining({
        status: 'paid',
        paymentId: run.charge,
        paymentProvider: 'omise',
        amount: 3_000,
        associateId: first!.associateId,
        campaignId: null,
        donorId: first!.donorId,
        type: first!.type,
        paymentMethod: first!.paymentMethod,
        needReceipt: true,
        isDeductible: first!.isDeductible,
        isRecurring: true,
        isFromSchedule: true,
        commission,
        transferAmount: 3_000 - commission,
        paidAt: expect.any(Date),
        reasonOfPaymentFailed: null,
      }),
    ]);
    const after = await recurringRow(gift.recurringId);
    expect(after.status).toBe('active');
    expect(after.lastChargedAt!.getTime()).toBe(months[0]!.paidAt!.getTime());
    expect(after.nextOccurrenceDate! > before.nextOccurrenceDate!).toBe(true);
    expect(after.firstPaymentFailedAt).toBeNull();
    // One mail for the first payment, one for this month.
    expect(await mailsTo(h.t, gift.email)).toHaveLength(2);
  });

  it('records a failed month with its reason, and the paid retry of the next day', async () => {
    const gift = await activeGift('/donation/recurring/', {});
    await switchCard(gift, INSUFFICIENT_FUND_CARD);
    const failed = await runNextOccurrence(gift);
    expect(failed).toMatchObject({ status: 'failed', attempt: 1 });
    await eventProcessed(failed.charge!);

    expect(await scheduledDonations(gift.recurringId)).toEqual([
      expect.objectContaining({
        status: 'failed',
        paymentId: failed.charge,
        reasonOfPaymentFailed: 'insufficient_fund',
        commission: 0,
        transferAmount: null,
      }),
    ]);
    const failing = await recurringRow(gift.recurringId);
    expect(failing).toMatchObject({ status: 'active', lastFailedAt: expect.any(Date), firstPaymentFailedAt: expect.any(Date) });
    // The first payment's thank-you, and the failed month's notice with the way to fix the card (ADR 034).
    expect((await mailsTo(h.t, gift.email)).map((mail) => mail.template).sort()).toEqual([
      'donation-thanks-monthly',
      'recurring-charge-failed',
    ]);

    await switchCard(gift, SUCCESS_CARD);
    const retry = await runRetry(gift);
    expect(retry).toMatchObject({ status: 'successful', attempt: 2 });
    expect(retry.charge).not.toBe(failed.charge);
    await eventProcessed(retry.charge!);

    expect((await scheduledDonations(gift.recurringId)).map((month) => [month.paymentId, month.status])).toEqual([
      [failed.charge, 'failed'],
      [retry.charge, 'paid'],
    ]);
    const recovered = await recurringRow(gift.recurringId);
    expect(recovered).toMatchObject({ status: 'active', firstPaymentFailedAt: null, suspendedAt: null });
    expect(recovered.lastChargedAt!.getTime()).toBeGreaterThan(recovered.lastFailedAt!.getTime());
    expect(await mailsTo(h.t, gift.email)).toHaveLength(3);
  });

  it('suspends the recurring donation when the provider suspends the schedule after its retries', async () => {
    const gift = await activeGift('/donation/recurring/', {});
    await switchCard(gift, INSUFFICIENT_FUND_CARD);
    const attempts = [await runNextOccurrence(gift), await runRetry(gift), await runRetry(gift)];
    expect(attempts.map((run) => [run.status, run.attempt])).toEqual([
      ['failed', 1],
      ['failed', 2],
      ['failed', 3],
    ]);
    for (const run of attempts) await eventProcessed(run.charge!);
    const { recurringId: scheduleId } = await recurringRow(gift.recurringId);
    await eventProcessed(scheduleId!, 'schedule.suspend');

    // One failed donation per attempt; their webhooks may be processed in any order, so compare as sets.
    const byCharge = (rows: (string | null)[][]) => [...rows].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(
      byCharge((await scheduledDonations(gift.recurringId)).map((month) => [month.paymentId, month.status, month.reasonOfPaymentFailed])),
    ).toEqual(byCharge(attempts.map((run) => [run.charge ?? null, 'failed', 'insufficient_fund'])));
    expect(await recurringRow(gift.recurringId)).toMatchObject({
      status: 'suspended',
      suspendedAt: expect.any(Date),
      firstPaymentFailedAt: expect.any(Date),
    });
    // A suspended gift is charged no more.
    const later = await runSchedulesOn('2099-01-01');
    expect(later.filter((run) => run.schedule === scheduleId)).toEqual([]);
  });

  it('is recovered by the schedule reconciliation when its webhook never came, and recorded once however often it is told', async () => {
    const gift = await activeGift('/donation/recurring/', {});
    // The schedule's own creation event is not the one lost here: processed after the month ran, it
    // would move the next date past the unrecorded month before the reconciliation looks.
    await eventProcessed((await recurringRow(gift.recurringId)).recurringId!, 'schedule.create');
    await h.sandbox.setFaults({ dropWebhookRate: 1 });
    // The sandbox decides to drop an event when it emits it, before the run answers.
    const run = await runNextOccurrence(gift);
    await h.sandbox.setFaults({ dropWebhookRate: 0 });
    expect(await storedEvent(run.charge!, 'charge.complete')).toBeUndefined();
    await drain();
    expect(await scheduledDonations(gift.recurringId)).toEqual([]);

    const reconciled = await reconcileCardSchedules(scheduleDeps(), await sandboxNow());
    expect(reconciled.recorded).toBe(1);
    const months = await scheduledDonations(gift.recurringId);
    expect(months).toEqual([expect.objectContaining({ status: 'paid', paymentId: run.charge })]);
    const after = await recurringRow(gift.recurringId);
    expect(after.lastChargedAt).not.toBeNull();
    expect(after.nextOccurrenceDate! > (await sandboxTomorrow())).toBe(true);

    // Late, replayed and out-of-order events, and another reconciliation, change nothing.
    await deliverChargeEvent(run.charge!, 'charge.complete');
    await deliverChargeEvent(run.charge!, 'charge.complete');
    await deliverChargeEvent(run.charge!, 'charge.create');
    expect((await reconcileCardSchedules(scheduleDeps(), await sandboxNow())).recorded).toBe(0);
    expect(await scheduledDonations(gift.recurringId)).toEqual(months);
    expect(await mailsTo(h.t, gift.email)).toHaveLength(2);
  });

  it('records the month once when the webhook and the reconciliation race', async () => {
    const gift = await activeGift('/donation/recurring/', {});
    const run = await runNextOccurrence(gift);
    await Promise.all([
      eventProcessed(run.charge!),
      reconcileCardSchedules(scheduleDeps(), await sandboxNow()),
      deliverChargeEvent(run.charge!, 'charge.complete'),
    ]);
    expect((await scheduledDonations(gift.recurringId)).map((month) => month.paymentId)).toEqual([run.charge]);
  });
});

describe('a month of a monthly portfolio gift', () => {
  it('is split across the associates like its first payment, with one portfolio row and one mail', async () => {
    const donor = { last_name_kana: 'ヤマダ', first_name_kana: 'ハナコ' };
    const gift = await activeGift('/donation/recurring/', { amount: 10_001, associate_id: 1, portfolio_id: childrenFuture, donor });
    const [first] = await db().select().from(donations).where(eq(donations.id, gift.firstId));
    const firstParts = await db()
      .select()
      .from(donations)
      .where(eq(donations.portfolioDonationId, first!.portfolioDonationId!))
      .orderBy(asc(donations.id));
    expect(firstParts.length).toBeGreaterThan(1);

    const run = await runNextOccurrence(gift);
    await eventProcessed(run.charge!);

    const parts = await scheduledDonations(gift.recurringId);
    expect(parts.map((part) => [part.associateId, part.amount, part.isDeductible])).toEqual(
      firstParts.map((part) => [part.associateId, part.amount, part.isDeductible]),
    );
    expect(
      parts.every((part) => part.status === 'paid' && part.type === 3 && part.commission === platformFee(part.amount, { campaign: false })),
    ).toBe(true);
    expect(parts[0]!.paymentId).toBe(run.charge);
    expect(parts.slice(1).every((part) => part.paymentId === null)).toBe(true);
    const [row] = await db().select().from(portfolioDonations).where(eq(portfolioDonations.id, parts[0]!.portfolioDonationId!));
    expect(row).toMatchObject({
      portfolioId: childrenFuture,
      revisionId: (await db().select().from(portfolioDonations).where(eq(portfolioDonations.id, first!.portfolioDonationId!)))[0]!
        .revisionId,
      amount: 10_001,
      status: 'paid',
      paymentId: run.charge,
      recurringDonationId: gift.recurringId,
    });
    expect(new Set(parts.map((part) => part.portfolioDonationId)).size).toBe(1);
    expect(await mailsTo(h.t, gift.email)).toHaveLength(2);
  });
});

describe('a year of an annual membership', () => {
  it("is recorded when the yearly schedule charges it on the plan month's first day", async () => {
    const [plan] = await db().select().from(membershipPlans).where(eq(membershipPlans.associateId, 1)).limit(1);
    const price = plan!.unit * plan!.unitAmount;
    const gift = await activeGift('/donation/recurring/annual/', { amount: price, membership_plan_id: plan!.id });
    const { nextOccurrenceDate } = await recurringRow(gift.recurringId);
    expect(nextOccurrenceDate!.slice(5)).toBe(`${String(plan!.onMonth).padStart(2, '0')}-01`);

    const run = await runNextOccurrence(gift);
    await eventProcessed(run.charge!);
    expect(await scheduledDonations(gift.recurringId)).toEqual([
      expect.objectContaining({ status: 'paid', amount: price, paymentId: run.charge, isFromSchedule: true }),
    ]);
    const after = await recurringRow(gift.recurringId);
    expect(Number(after.nextOccurrenceDate!.slice(0, 4))).toBe(Number(nextOccurrenceDate!.slice(0, 4)) + 1);
  });
});
