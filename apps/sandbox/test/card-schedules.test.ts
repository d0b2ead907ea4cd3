// Contract of recurring schedules: occurrences run when the sandbox clock reaches them and
// POST /card/__run-schedules is called; a failed occurrence is retried the next two days, then the
// schedule is suspended (providers.md). Created and read with the official omise SDK.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, startCardSandbox, type CardSandbox } from './card-harness';
import { withoutListTimes } from './list-times';

let sandbox: CardSandbox;
beforeAll(async () => {
  sandbox = await startCardSandbox();
});
afterAll(() => sandbox.close());
afterEach(() => sandbox.reset());

interface RunResult {
  ran: { schedule: string; scheduled_on: string; attempt: number; status: string; charge: string | null }[];
}

const run = () => sandbox.control<RunResult>('/card/__run-schedules');

/** The sandbox clock's date in Japan time. */
async function today(): Promise<string> {
  const { now } = await sandbox.control<{ now: string }>('/__control/clock', 'GET');
  return new Date(Date.parse(now) + 9 * 3_600_000).toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

async function moveTo(date: string): Promise<void> {
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${await today()}T00:00:00Z`)) / DAY_MS);
  if (days > 0) await sandbox.advanceClock(days * DAY_MS);
}

/** A monthly schedule whose first occurrence is today when the day allows it (Omise takes days 1–28). */
async function monthlySchedule(number: string, amount = 3_000) {
  const customer = await sandbox.omise.customers.create({ email: 'monthly@example.com', card: (await sandbox.tokenize(number)).id });
  const start = await today();
  const day = Number(start.slice(8));
  const startOn = day <= 28 ? start : `${addDays(start, 5).slice(0, 8)}01`;
  const schedule = await sandbox.omise.schedules.create({
    every: 1,
    period: 'month',
    on: { days_of_month: [Number(startOn.slice(8))] },
    start_date: startOn,
    end_date: addDays(startOn, 364),
    charge: { customer: customer.id, amount, description: 'monthly gift', metadata: { recurring_donation_id: 'r1' } },
  });
  return { customer, schedule, startOn };
}

describe('schedules', () => {
  it('creates an active monthly schedule in Omise’s shape', async () => {
    const { customer, schedule, startOn } = await monthlySchedule('4242424242424242');
    expect(schedule).toMatchObject({
      object: 'schedule',
      id: expect.stringMatching(/^schd_/),
      livemode: false,
      status: 'active',
      active: true,
      every: 1,
      period: 'month',
      on: { days_of_month: [Number(startOn.slice(8))] },
      in_words: expect.stringMatching(/^Every 1 month\(s\) on the \d+(st|nd|rd|th)$/),
      start_on: startOn,
      end_on: addDays(startOn, 364),
      charge: {
        customer: customer.id,
        amount: 3_000,
        currency: 'jpy',
        description: 'monthly gift',
        default_card: true,
        metadata: { recurring_donation_id: 'r1' },
      },
      occurrences: { object: 'list', total: 0, data: [] },
    });
    expect(schedule.next_occurrences_on).toHaveLength(12);
    expect(schedule.next_occurrences_on[0]).toBe(startOn);
    expect(withoutListTimes(await sandbox.omise.schedules.retrieve(schedule.id))).toEqual(withoutListTimes(schedule));
  });

  it('charges the default card each month when the clock reaches the date', async () => {
    const { customer, schedule, startOn } = await monthlySchedule('4242424242424242');
    await moveTo(startOn);
    const first = await run();
    expect(first.ran).toEqual([
      expect.objectContaining({ schedule: schedule.id, scheduled_on: startOn, attempt: 1, status: 'successful' }),
    ]);
    expect((await run()).ran).toEqual([]);

    const charge = await sandbox.omise.charges.retrieve(first.ran[0]!.charge!);
    expect(charge).toMatchObject({
      status: 'successful',
      paid: true,
      amount: 3_000,
      customer: customer.id,
      schedule: schedule.id,
      metadata: { recurring_donation_id: 'r1' },
    });

    const afterFirst = await sandbox.omise.schedules.retrieve(schedule.id);
    const nextMonth = afterFirst.next_occurrences_on[0]!;
    expect(nextMonth.slice(8)).toBe(startOn.slice(8));
    expect(nextMonth > startOn).toBe(true);
    await moveTo(nextMonth);
    expect((await run()).ran).toEqual([expect.objectContaining({ scheduled_on: nextMonth, status: 'successful' })]);

    const occurrences = await sandbox.api<{ object: string; total: number; data: Record<string, unknown>[] }>(
      `/schedules/${schedule.id}/occurrences`,
    );
    expect(occurrences.body).toMatchObject({ object: 'list', total: 2 });
    expect(occurrences.body.data[0]).toMatchObject({
      object: 'occurrence',
      id: expect.stringMatching(/^occu_/),
      schedule: schedule.id,
      scheduled_on: startOn,
      status: 'successful',
      retry_on: null,
      result: charge.id,
    });
    expect((await sandbox.api(`/occurrences/${occurrences.body.data[0]!.id as string}`)).body).toMatchObject({ scheduled_on: startOn });
  });

  it('retries a failed occurrence the next day and the day after, then suspends the schedule', async () => {
    const { schedule, startOn } = await monthlySchedule('4111111111140011');
    await moveTo(startOn);
    expect((await run()).ran).toEqual([expect.objectContaining({ attempt: 1, status: 'failed' })]);
    let current = await sandbox.omise.schedules.retrieve(schedule.id);
    expect(current.status).toBe('active');
    expect(current.occurrences.data[0]).toMatchObject({
      status: 'failed',
      retry_on: addDays(startOn, 1),
      message: 'insufficient funds in the account or the card has reached the credit limit',
    });

    expect((await run()).ran).toEqual([]);
    await sandbox.advanceClock(DAY_MS);
    expect((await run()).ran).toEqual([expect.objectContaining({ attempt: 2, status: 'failed' })]);
    current = await sandbox.omise.schedules.retrieve(schedule.id);
    expect(current.occurrences.data[0]).toMatchObject({ status: 'failed', retry_on: addDays(startOn, 2) });

    await sandbox.advanceClock(DAY_MS);
    const third = await run();
    expect(third.ran).toEqual([expect.objectContaining({ attempt: 3, status: 'failed' })]);
    current = await sandbox.omise.schedules.retrieve(schedule.id);
    expect(current).toMatchObject({ status: 'suspended', active: false, next_occurrences_on: [] });
    expect(current.occurrences.data[0]).toMatchObject({ status: 'failed', retry_on: null, result: third.ran[0]!.charge });

    const charges = await sandbox.omise.charges.list({ limit: 100 });
    expect(charges.data.filter((charge) => charge.schedule === schedule.id).map((charge) => charge.failure_code)).toEqual([
      'insufficient_fund',
      'insufficient_fund',
      'insufficient_fund',
    ]);
    await sandbox.advanceClock(40 * DAY_MS);
    expect((await run()).ran).toEqual([]);
  });

  it('charges the card attached in between on the retry', async () => {
    const { customer, schedule, startOn } = await monthlySchedule('4111111111130012');
    await moveTo(startOn);
    expect((await run()).ran[0]).toMatchObject({ status: 'failed' });
    await sandbox.omise.customers.update(customer.id, { card: (await sandbox.tokenize('5555555555554444')).id });
    await sandbox.advanceClock(DAY_MS);
    expect((await run()).ran[0]).toMatchObject({ attempt: 2, status: 'successful' });
    const current = await sandbox.omise.schedules.retrieve(schedule.id);
    expect(current).toMatchObject({ status: 'active', occurrences: { data: [{ status: 'successful', retry_on: null }] } });
  });

  it('skips an occurrence whose customer is gone', async () => {
    const { customer, schedule, startOn } = await monthlySchedule('4242424242424242');
    await sandbox.omise.customers.destroy(customer.id);
    await moveTo(startOn);
    expect((await run()).ran).toEqual([expect.objectContaining({ status: 'skipped', charge: null })]);
    expect((await sandbox.omise.schedules.retrieve(schedule.id)).occurrences.data[0]).toMatchObject({
      status: 'skipped',
      message: `customer ${customer.id} was not found`,
    });
  });

  it('deletes a schedule, which then never runs', async () => {
    const { schedule, startOn } = await monthlySchedule('4242424242424242');
    expect(await sandbox.omise.schedules.destroy(schedule.id)).toMatchObject({ id: schedule.id, status: 'deleted', deleted: true });
    await moveTo(startOn);
    expect((await run()).ran).toEqual([]);
  });

  it('runs daily and weekly schedules too', async () => {
    const customer = await sandbox.omise.customers.create({
      email: 'daily@example.com',
      card: (await sandbox.tokenize('4242424242424242')).id,
    });
    const start = await today();
    const daily = await sandbox.omise.schedules.create({
      every: 2,
      period: 'day',
      start_date: start,
      end_date: addDays(start, 4),
      charge: { customer: customer.id, amount: 500, description: 'every other day' },
    });
    expect(daily.next_occurrences_on).toEqual([start, addDays(start, 2), addDays(start, 4)]);
    const weekly = await sandbox.api('/schedules', {
      json: {
        every: 1,
        period: 'week',
        on: { weekdays: ['monday', 'friday'] },
        start_on: start,
        end_on: addDays(start, 13),
        charge: { customer: customer.id, amount: 700 },
      },
    });
    expect(weekly.body).toMatchObject({ in_words: 'Every 1 week(s) on Monday and Friday' });
    expect(weekly.body.next_occurrences_on).toHaveLength(4);
    await sandbox.advanceClock(4 * DAY_MS);
    const ran = (await run()).ran.filter((item) => item.schedule === daily.id);
    expect(ran.map((item) => item.scheduled_on)).toEqual([start, addDays(start, 2), addDays(start, 4)]);
    expect((await sandbox.omise.schedules.retrieve(daily.id)).status).toBe('expired');
  });

  it('lists schedules: all, by customer, and through charges.schedules()', async () => {
    const { customer, schedule } = await monthlySchedule('4242424242424242');
    expect((await sandbox.api('/schedules')).body).toMatchObject({ object: 'list', total: 1, data: [{ id: schedule.id }] });
    expect(await sandbox.omise.customers.schedules(customer.id)).toMatchObject({ total: 1, data: [{ id: schedule.id }] });
    // charges.schedules() exists in the SDK (lib/resources/Charge.js) but not in its type definitions.
    const charges = sandbox.omise.charges as typeof sandbox.omise.charges & { schedules(): Promise<{ data: { id: string }[] }> };
    expect((await charges.schedules()).data.map((item) => item.id)).toEqual([schedule.id]);
  });

  it('speaks the old field names to a client pinned before Omise-Version 2017-11-02', async () => {
    const { schedule, startOn } = await monthlySchedule('4242424242424242');
    const old = await sandbox.api(`/schedules/${schedule.id}`, { headers: { 'omise-version': '2015-11-17' } });
    expect(old.body).toMatchObject({ start_date: startOn, end_date: addDays(startOn, 364) });
    expect(old.body).toHaveProperty('next_occurrence_dates');
    expect(old.body).not.toHaveProperty('start_on');
  });

  it.each([
    [{ on: { days_of_month: [31] } }, 400, 'bad_request'],
    [{ period: 'year' }, 400, 'bad_request'],
    [{ end_date: undefined }, 400, 'bad_request'],
    [{ start_date: '2000-01-01' }, 400, 'bad_request'],
    [{ charge: { customer: 'cust_test_missing', amount: 1_000 } }, 404, 'not_found'],
    [{ charge: { customer: 'CUSTOMER', amount: 50 } }, 400, 'invalid_amount'],
  ])('refuses %j', async (overrides, status, code) => {
    const customer = await sandbox.omise.customers.create({
      email: 'x@example.com',
      card: (await sandbox.tokenize('4242424242424242')).id,
    });
    const start = await today();
    const body = {
      every: 1,
      period: 'month',
      on: { days_of_month: [1] },
      start_date: start,
      end_date: addDays(start, 90),
      charge: { customer: customer.id, amount: 1_000 },
      ...overrides,
    };
    if (body.charge.customer === 'CUSTOMER') body.charge = { ...body.charge, customer: customer.id };
    const answer = await sandbox.api('/schedules', { json: body });
    expect(answer).toMatchObject({ status, body: { object: 'error', code } });
  });
});

describe('running one schedule as of a later day (as_of)', () => {
  it('charges that schedule for the day named, and leaves the clock and every other schedule alone', async () => {
    const first = await monthlySchedule('4242424242424242');
    const other = await monthlySchedule('4242424242424242', 1_000);
    const clockBefore = await today();
    const day = first.schedule.next_occurrences_on[1] as string;
    const result = await sandbox.control<RunResult>('/card/__run-schedules', 'POST', { as_of: day, schedule: first.schedule.id });
    // Every date of this schedule up to that day, and nothing of the other one.
    expect(result.ran.map((run) => run.schedule)).toEqual(result.ran.map(() => first.schedule.id));
    expect(result.ran.map((run) => run.scheduled_on)).toEqual(first.schedule.next_occurrences_on.slice(0, result.ran.length));
    expect(result.ran.at(-1)).toMatchObject({ scheduled_on: day, status: 'successful' });
    expect(await today()).toBe(clockBefore);
    expect((await sandbox.omise.schedules.retrieve(other.schedule.id)).occurrences.total).toBe(0);
  });

  it('refuses a malformed day', async () => {
    const response = await fetch(`${sandbox.base}/card/__run-schedules`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ as_of: 'tomorrow' }),
    });
    expect(response.status).toBe(400);
  });
});
