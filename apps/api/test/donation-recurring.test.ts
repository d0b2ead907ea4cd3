// Monthly gifts and annual memberships by card (spec §4, §7 "Start monthly or annual", §9
// membership settlement): the first payment is charged at once with 3-D Secure; only once it is
// paid does the provider get a schedule for the later cycles, and the recurring donation become
// active. A failed first payment stops it and schedules nothing.
import { japanDateOf, nextMembershipSettlementDate, type api } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { donations, membershipPlans, recurringDonations } from '../src/db/schema/index';
import { activateRecurringDonation, scheduleTiming } from '../src/recurring/activate-recurring-donation';
import { guestCardRequest, mailsTo, sandboxSchedules, status, submit, type Reply } from './helpers/donation-requests';
import { sandboxTestApp } from './helpers/sandbox-test-app';

const h = sandboxTestApp({ env: { BOT_CHECK_ENABLED: 'false' } });

const db = () => h.t.database.db;
const recurringRow = async (id: number) => (await db().select().from(recurringDonations).where(eq(recurringDonations.id, id)))[0]!;
const isoOf = (date: Date) => {
  const { year, month, day } = japanDateOf(date);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

async function startMonthly(amount = 1_000, overrides: Parameters<typeof guestCardRequest>[2] = {}) {
  const request = await guestCardRequest(h.t, h.sandbox, { amount, ...overrides });
  const response = (await submit(h.t, '/donation/recurring/', request)) as Reply<api.RecurringDonationResponse>;
  expect(response.status).toBe(200);
  return { request, ...response.body, donationId: response.body.recurring_donation.donations[0]!.id };
}

describe('a monthly gift by card', () => {
  it('charges the first payment now, then schedules the following months once it is paid', async () => {
    const before = new Date();
    const { request, recurring_donation, authorize_uri, status_token, donationId } = await startMonthly(1_000, { need_receipt: true });
    expect(recurring_donation).toEqual({
      id: expect.any(Number),
      donations: [{ id: donationId, is_anonymous: false, donation_message: null }],
    });
    expect(await recurringRow(recurring_donation.id)).toMatchObject({
      status: 'pending',
      period: 'monthly',
      every: 1,
      amount: 1_000,
      customerId: request.customer_id,
      recurringId: null,
      startDate: isoOf(before),
      needReceipt: true,
    });
    const [first] = await db().select().from(donations).where(eq(donations.id, donationId));
    expect(first).toMatchObject({ status: 'authorizing', isRecurring: true, recurringDonationId: recurring_donation.id, amount: 1_000 });

    // Nothing is scheduled before the first payment is made.
    await h.t.app.jobs.worker.drain();
    expect(await sandboxSchedules(h.sandbox, request.customer_id)).toEqual([]);

    await h.sandbox.authorize(authorize_uri, 'authenticate');
    expect((await status(h.t, donationId, status_token)).body).toMatchObject({ result: 'PAID', frequency: 'monthly', amount: 1_000 });
    await h.t.app.jobs.worker.drain();

    const schedules = await sandboxSchedules(h.sandbox, request.customer_id);
    expect(schedules).toHaveLength(1);
    const [paid] = await db().select().from(donations).where(eq(donations.id, donationId));
    const day = Math.min(japanDateOf(paid!.paidAt!).day, 28);
    expect(schedules[0]).toMatchObject({
      status: 'active',
      every: 1,
      period: 'month',
      on: { days_of_month: [day] },
      start_on: isoOf(new Date(Date.now() + 86_400_000)),
      charge: { amount: 1_000, customer: request.customer_id, metadata: { recurring_donation_id: recurring_donation.id } },
    });
    expect(await recurringRow(recurring_donation.id)).toMatchObject({
      status: 'active',
      paymentProvider: 'omise',
      recurringId: schedules[0]!.id,
      onDays: [day],
      nextOccurrenceDate: schedules[0]!.next_occurrences_on[0],
      lastChargedAt: expect.any(Date),
    });
    expect(await mailsTo(h.t, request.donor.email)).toHaveLength(1);

    // Activating again (a retried job) schedules nothing more.
    expect(
      await activateRecurringDonation({ db: db(), gateway: h.t.app.cardPayments.gateway, log: h.t.app.log }, recurring_donation.id),
    ).toBe('unchanged');
    expect(await sandboxSchedules(h.sandbox, request.customer_id)).toHaveLength(1);
  });

  it('stops, with nothing scheduled, when the first payment fails', async () => {
    const { request, recurring_donation, authorize_uri, status_token, donationId } = await startMonthly(2_000);
    await h.sandbox.authorize(authorize_uri, 'fail');
    expect((await status(h.t, donationId, status_token)).body).toMatchObject({ result: 'FAILED', frequency: 'monthly' });
    await h.t.app.jobs.worker.drain();
    expect(await recurringRow(recurring_donation.id)).toMatchObject({
      status: 'stopped',
      firstPaymentFailedAt: expect.any(Date),
      recurringId: null,
    });
    expect(await sandboxSchedules(h.sandbox, request.customer_id)).toEqual([]);
  });

  it('stops when the first charge cannot be made at all', async () => {
    const request = await guestCardRequest(h.t, h.sandbox, { amount: 1_000, card: '4111111111150002' });
    const response = await submit(h.t, '/donation/recurring/', request);
    expect(response).toMatchObject({ status: 422, body: { detail: expect.stringMatching(/^payment_rejected/) } });
    const [recurring] = await db().select().from(recurringDonations).where(eq(recurringDonations.customerId, request.customer_id));
    expect(recurring).toMatchObject({ status: 'stopped' });
  });
});

describe('an annual membership', () => {
  it('charges the plan price now and schedules it yearly on day 1 of the plan month', async () => {
    const [plan] = await db().select().from(membershipPlans).where(eq(membershipPlans.associateId, 1)).limit(1);
    const price = plan!.unit * plan!.unitAmount;
    const request = { ...(await guestCardRequest(h.t, h.sandbox, { amount: price })), membership_plan_id: plan!.id };
    const response = (await submit(h.t, '/donation/recurring/annual/', request)) as Reply<api.RecurringDonationResponse>;
    expect(response.status).toBe(200);
    const { recurring_donation, authorize_uri, status_token } = response.body;
    expect(await recurringRow(recurring_donation.id)).toMatchObject({
      status: 'pending',
      period: 'annual',
      every: 12,
      membershipPlanId: plan!.id,
      amount: price,
    });

    await h.sandbox.authorize(authorize_uri, 'authenticate');
    expect((await status(h.t, recurring_donation.donations[0]!.id, status_token)).body).toMatchObject({
      result: 'PAID',
      frequency: 'annual',
      amount: price,
      membership_plan_id: plan!.id,
      is_anonymous: false,
    });
    await h.t.app.jobs.worker.drain();

    const [schedule] = await sandboxSchedules(h.sandbox, request.customer_id);
    const nextSettlement = isoOf(nextMembershipSettlementDate(new Date(), plan!.onMonth));
    expect(schedule).toMatchObject({
      every: 12,
      period: 'month',
      on: { days_of_month: [1] },
      start_on: nextSettlement,
      charge: { amount: price },
    });
    expect(await recurringRow(recurring_donation.id)).toMatchObject({
      status: 'active',
      onDays: [1],
      nextOccurrenceDate: nextSettlement,
      recurringId: schedule!.id,
    });
  });
});

describe('schedule timing', () => {
  // 2025-01-31 10:00 in Japan.
  const paidAt = new Date('2025-01-31T01:00:00Z');

  it('monthly: on the day of the first payment, at most the 28th, from tomorrow', () => {
    expect(scheduleTiming('monthly', paidAt, paidAt, null)).toEqual({ dayOfMonth: 28, startOn: '2025-02-01', endOn: '2055-12-31' });
    const fifteenth = new Date('2025-03-15T14:59:00Z'); // 23:59 on the 15th in Japan
    expect(scheduleTiming('monthly', fifteenth, fifteenth, null)).toMatchObject({ dayOfMonth: 15, startOn: '2025-03-16' });
    // A job that runs late never asks for a start in the past.
    expect(scheduleTiming('monthly', fifteenth, new Date('2025-03-20T00:00:00Z'), null)).toMatchObject({
      dayOfMonth: 15,
      startOn: '2025-03-21',
    });
  });

  it('annual: day 1 of the plan month, this year while it is still ahead, otherwise next year', () => {
    expect(scheduleTiming('annual', paidAt, paidAt, 4)).toEqual({ dayOfMonth: 1, startOn: '2025-04-01', endOn: '2055-12-31' });
    expect(scheduleTiming('annual', new Date('2025-04-10T00:00:00Z'), paidAt, 4)).toMatchObject({ startOn: '2026-04-01' });
  });
});
