// Managing recurring support (ADR 034, ADR 053) against the sandbox card gateway and its clock:
// a new amount, a pause, a skip and a stop, each as the owner (another supporter gets 404,
// anonymous 401); the provider holds exactly one schedule matching the donation after any change,
// a changed amount is charged once at the new amount, and nothing is charged while paused, on a
// skipped date, or after a stop — even on the very day a charge was due.
import { api, RECURRING_ERRORS } from '@kifu/domain';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { donations, jobs, recurringDonationChanges, recurringDonations, userCreditCards } from '../src/db/schema/index';
import { SCHEDULE_OWNER_KEY } from '../src/recurring/activate-recurring-donation';
import { reconcileCardSchedules } from '../src/recurring/reconcile-card-schedules';
import { syncSchedule } from '../src/recurring/record-scheduled-charge';
import { remindExpiringCards } from '../src/recurring/recurring-mails';
import { ownedSchedules, REPLACE_CARD_SCHEDULE_JOB, replaceCardSchedule } from '../src/recurring/replace-card-schedule';
import { activeCardGift, type ActiveCardGift } from './helpers/active-card-gift';
import { clientAddress } from './helpers/donation-requests';
import { eventually } from './helpers/eventually';
import { runSchedulesOn, sandboxNow } from './helpers/sandbox-clock';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { uniqueEmail } from './helpers/start-sandbox';

const h = sandboxTestApp({
  env: { BOT_CHECK_ENABLED: 'false' },
  receiveWebhooks: (sandbox, apiUrl) => sandbox.receiveCardWebhooksAt(`${apiUrl}/webhooks/card/`),
  afterEachTest: (sandbox) => sandbox.setFaults({ errorRate: 0, timeoutRate: 0, dropWebhookRate: 0 }),
});
beforeEach(() => h.sandbox.reset());

const db = () => h.t.database.db;
const drain = () => h.t.app.jobs.worker.drain();

async function call(method: 'GET' | 'POST', url: string, token?: string, payload?: Record<string, unknown>) {
  const response = await h.t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: clientAddress(),
  });
  return { status: response.statusCode, body: response.json() };
}

async function supporter(): Promise<{ token: string; userId: number }> {
  const created = await call('POST', '/auth/register', undefined, { email: uniqueEmail('recurring'), password: 'kifu-pass-123' });
  expect(created.status).toBe(201);
  const token = created.body.accessToken as string;
  return { token, userId: (await call('GET', '/user/me/', token)).body.id };
}

/** An active monthly card gift belonging to a new signed-in supporter. */
async function ownGift(amount = 3_000): Promise<ActiveCardGift & { token: string }> {
  const gift = await activeCardGift(h.t, h.sandbox, '/donation/recurring/', { amount });
  const { token, userId } = await supporter();
  await db().update(recurringDonations).set({ userId }).where(eq(recurringDonations.id, gift.recurringId));
  return { ...gift, token };
}

const recurringRow = async (id: number) => (await db().select().from(recurringDonations).where(eq(recurringDonations.id, id)))[0]!;
const schedulesOf = (gift: ActiveCardGift) =>
  ownedSchedules(h.t.app.cardPayments.gateway, { id: gift.recurringId, customerId: gift.customerId });
const months = (gift: ActiveCardGift) =>
  db()
    .select({ amount: donations.amount, status: donations.status })
    .from(donations)
    .where(and(eq(donations.recurringDonationId, gift.recurringId), eq(donations.isFromSchedule, true)))
    .orderBy(asc(donations.id));

/** Runs the sandbox's schedules on `date` and waits for what they charged to be recorded. */
async function chargesOn(gift: ActiveCardGift, date: string) {
  const recorded = (await months(gift)).length;
  const ran = (await runSchedulesOn(h.sandbox, date)).ran as { schedule: string; charge: string | null }[];
  const schedules = new Set((await schedulesOf(gift)).map((schedule) => schedule.id));
  const ours = ran.filter((run) => schedules.has(run.schedule));
  // The sandbox delivers the charge's webhook on its own; the jobs it queues run when drained.
  if (ours.length > 0)
    await eventually(async () => {
      await drain();
      return (await months(gift)).length >= recorded + ours.length || undefined;
    });
  await drain();
  return ours;
}

const replaceDeps = () => ({ db: db(), gateway: h.t.app.cardPayments.gateway, log: h.t.app.log });

/** A new amount written as the change route writes it, with its replacement requested. */
async function requestNewAmount(gift: ActiveCardGift, amount: number) {
  await db()
    .update(recurringDonations)
    .set({ amount, scheduleChangeRequestedAt: new Date() })
    .where(eq(recurringDonations.id, gift.recurringId));
}

/** Runs the queued jobs until the donation's replacement is recorded (a busy run looks again seconds later). */
async function settleReplacement(gift: ActiveCardGift) {
  await eventually(
    async () => {
      await drain();
      return (await recurringRow(gift.recurringId)).scheduleChangeRequestedAt === null || undefined;
    },
    { timeoutMs: 30_000 },
  );
}

/** Counts the donation's live schedules at the provider over and over until stopped; answers the most seen at once. */
function watchLiveSchedules(gift: ActiveCardGift) {
  let most = 0;
  let watching = true;
  // A test that failed ends its watch at the next call (the sandbox is reset between tests).
  const done = (async () => {
    while (watching) most = Math.max(most, (await schedulesOf(gift)).length);
  })().catch(() => undefined);
  return {
    async stop() {
      watching = false;
      await done;
      return Math.max(most, (await schedulesOf(gift)).length);
    },
  };
}

function addMonths(date: string, n: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + month - 1 + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

describe('the list of recurring support', () => {
  it("shows the owner's donation with its state, next charge, what may change and its first charge; nobody else's", async () => {
    const gift = await ownGift();
    const { body } = await call('GET', '/user/my_page/recurring_donation/associate/', gift.token);
    const row = await recurringRow(gift.recurringId);
    expect((body as api.RecurringSupportList).results).toMatchObject([
      {
        id: gift.recurringId,
        associate: { uid: 'kodomo-shokudo-mirai' },
        amount: 3_000,
        period: 'monthly',
        payment_method: 'creditCard',
        state: 'active',
        next_charge_on: row.nextOccurrenceDate,
        allowed: { amount: true, pause: true, skip: true, resume: false, stop: true },
        charges: [{ donation_id: gift.firstId, amount: 3_000, status: 'paid' }],
      },
    ]);
    const stranger = await supporter();
    expect((await call('GET', '/user/my_page/recurring_donation/associate/', stranger.token)).body).toEqual({ results: [] });
    expect((await call('GET', '/user/my_page/recurring_donation/associate/')).status).toBe(401);
  });

  it("refuses another supporter's and anonymous changes, and changes nothing", async () => {
    const gift = await ownGift();
    const stranger = await supporter();
    for (const [path, body] of [
      ['stop', {}],
      ['amount', { amount: 1_000 }],
      ['pause', { months: 1 }],
      ['skip', {}],
      ['resume', {}],
    ] as const) {
      expect((await call('POST', `/donation/recurring/${gift.recurringId}/${path}/`, stranger.token, body)).status, path).toBe(404);
      expect((await call('POST', `/donation/recurring/${gift.recurringId}/${path}/`, undefined, body)).status, path).toBe(401);
    }
    expect(await recurringRow(gift.recurringId)).toMatchObject({ status: 'active', amount: 3_000, pausedUntil: null });
    expect(await schedulesOf(gift)).toHaveLength(1);
  });
});

describe('changing the amount', () => {
  it('replaces the schedule (never two) and the next charge is made once, at the new amount', async () => {
    const gift = await ownGift();
    const before = await recurringRow(gift.recurringId);
    const changed = await call('POST', `/donation/recurring/${gift.recurringId}/amount/`, gift.token, { amount: 5_000 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ amount: 5_000, state: 'active', next_charge_on: before.nextOccurrenceDate });
    const schedules = await schedulesOf(gift);
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({ amount: 5_000 });
    expect(schedules[0]!.nextOccurrencesOn[0]).toBe(before.nextOccurrenceDate);
    expect(await recurringRow(gift.recurringId)).toMatchObject({ recurringId: schedules[0]!.id, scheduleChangeRequestedAt: null });

    expect(await chargesOn(gift, before.nextOccurrenceDate!)).toHaveLength(1);
    expect(await months(gift)).toEqual([{ amount: 5_000, status: 'paid' }]);
    expect(
      await db().select().from(recurringDonationChanges).where(eq(recurringDonationChanges.recurringDonationId, gift.recurringId)),
    ).toMatchObject([{ kind: 'amount', fromAmount: 3_000, toAmount: 5_000, actor: 'supporter', onDate: before.nextOccurrenceDate }]);
  });

  it('outside the limits, or the same amount, is a 400 with the field', async () => {
    const gift = await ownGift();
    for (const amount of [50, 7_000_000, 3_000]) {
      const reply = await call('POST', `/donation/recurring/${gift.recurringId}/amount/`, gift.token, { amount });
      expect(reply.status, String(amount)).toBe(400);
      expect(reply.body.fields).toHaveProperty('amount');
    }
    expect(await recurringRow(gift.recurringId)).toMatchObject({ amount: 3_000, scheduleChangeRequestedAt: null });
  });

  it('a replacement run twice in a row makes one schedule, and the second run changes nothing', async () => {
    const gift = await ownGift();
    await requestNewAmount(gift, 4_000);
    expect(await replaceCardSchedule(replaceDeps(), gift.recurringId)).toBe('replaced');
    const [made] = await schedulesOf(gift);
    expect(await replaceCardSchedule(replaceDeps(), gift.recurringId)).toBe('nothing_to_do');
    expect(await schedulesOf(gift)).toEqual([made]);
    expect(await recurringRow(gift.recurringId)).toMatchObject({
      recurringId: made!.id,
      scheduleChangeRequestedAt: null,
      scheduleLeaseHolder: null,
    });
  });

  it('replacements running at once never leave two live schedules, not even for a moment', async () => {
    const gift = await ownGift();
    await requestNewAmount(gift, 4_000);
    const watch = watchLiveSchedules(gift);
    const results = await Promise.all([1, 2, 3].map(() => replaceCardSchedule(replaceDeps(), gift.recurringId)));
    expect(await watch.stop()).toBeLessThanOrEqual(1);
    expect(results.filter((result) => result === 'replaced')).toHaveLength(1);
    const schedules = await schedulesOf(gift);
    expect(schedules).toMatchObject([{ amount: 4_000 }]);
    expect(await recurringRow(gift.recurringId)).toMatchObject({ recurringId: schedules[0]!.id, scheduleChangeRequestedAt: null });
  });

  it('a change, a pause and a resume with a worker running, as in a running API: one live schedule at every moment', async () => {
    const gift = await ownGift();
    const watch = watchLiveSchedules(gift);
    // The worker claims the job each change queues as soon as the change commits, while the request
    // replaces the schedule itself: before ADR 053 both made a new schedule, and the supporter had two.
    h.t.app.jobs.worker.start({ pollMs: 1, concurrency: 4 });
    try {
      for (const [path, body, amount] of [
        ['amount', { amount: 2_300 }, 2_300],
        ['pause', { months: 1 }, 2_300],
        ['resume', {}, 2_300],
      ] as const) {
        expect((await call('POST', `/donation/recurring/${gift.recurringId}/${path}/`, gift.token, body)).status, path).toBe(200);
        await eventually(async () => (await recurringRow(gift.recurringId)).scheduleChangeRequestedAt === null || undefined, {
          timeoutMs: 30_000,
        });
        expect(await schedulesOf(gift), path).toMatchObject([{ amount }]);
      }
    } finally {
      await h.t.app.jobs.worker.stop();
    }
    expect(await watch.stop()).toBeLessThanOrEqual(1);
    expect((await recurringRow(gift.recurringId)).recurringId).toBe((await schedulesOf(gift))[0]!.id);
  });

  it('copies of the replacement job run by several workers at once leave one live schedule at every moment', async () => {
    const gift = await ownGift();
    await requestNewAmount(gift, 4_000);
    const watch = watchLiveSchedules(gift);
    for (let copy = 0; copy < 4; copy++)
      await db()
        .insert(jobs)
        .values({ kind: REPLACE_CARD_SCHEDULE_JOB, payload: { recurringDonationId: gift.recurringId } });
    await h.t.app.jobs.worker.runOnce(10, 4);
    await settleReplacement(gift);
    expect(await watch.stop()).toBeLessThanOrEqual(1);
    expect(await schedulesOf(gift)).toMatchObject([{ amount: 4_000 }]);
  });

  it('a stop while a replacement runs leaves no live schedule', async () => {
    const gift = await ownGift();
    await requestNewAmount(gift, 4_000);
    const [replaced, stopped] = await Promise.all([
      replaceCardSchedule(replaceDeps(), gift.recurringId),
      call('POST', `/donation/recurring/${gift.recurringId}/stop/`, gift.token, { lang: 'en' }),
    ]);
    expect(['replaced', 'busy', 'nothing_to_do']).toContain(replaced);
    expect(stopped.status).toBe(200);
    await drain();
    expect(await schedulesOf(gift)).toEqual([]);
    expect(await recurringRow(gift.recurringId)).toMatchObject({
      status: 'stopped',
      scheduleChangeRequestedAt: null,
      scheduleLeaseHolder: null,
    });
  });

  it('a replacement whose process died holding the lease is finished by its job once the lease lapses', async () => {
    const gift = await ownGift();
    await requestNewAmount(gift, 4_000);
    // A run that died: its lease is still on the row.
    await db()
      .update(recurringDonations)
      .set({ scheduleLeaseHolder: 'dead-process', scheduleLeaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(recurringDonations.id, gift.recurringId));
    expect(await replaceCardSchedule(replaceDeps(), gift.recurringId)).toBe('busy');
    expect(await schedulesOf(gift)).toMatchObject([{ amount: 3_000 }]);
    await db()
      .update(recurringDonations)
      .set({ scheduleLeaseUntil: new Date(Date.now() - 1_000) })
      .where(eq(recurringDonations.id, gift.recurringId));
    expect(await replaceCardSchedule(replaceDeps(), gift.recurringId)).toBe('replaced');
    expect(await schedulesOf(gift)).toMatchObject([{ amount: 4_000 }]);
  });

  it('reconciliation deletes a live schedule beside the one the donation names, and keeps that one', async () => {
    const gift = await ownGift();
    const named = (await recurringRow(gift.recurringId)).recurringId!;
    const [original] = await schedulesOf(gift);
    const extra = await h.t.app.cardPayments.gateway.createSchedule({
      customerId: gift.customerId,
      amount: original!.amount!,
      frequency: 'monthly',
      dayOfMonth: original!.daysOfMonth[0]!,
      startOn: original!.nextOccurrencesOn[0]!,
      endOn: '2055-12-31',
      description: 'a second schedule',
      metadata: { [SCHEDULE_OWNER_KEY]: gift.recurringId },
    });
    const result = await reconcileCardSchedules({
      db: db(),
      gateway: h.t.app.cardPayments.gateway,
      log: h.t.app.log,
      mailLinks: h.t.app.mailLinks,
      metrics: h.t.app.metrics,
    });
    expect(result.stopped).toBe(1);
    expect((await schedulesOf(gift)).map((schedule) => schedule.id)).toEqual([named]);
    expect((await h.t.app.cardPayments.gateway.retrieveSchedule(extra.id)).status).toBe('deleted');
  });

  it('when the provider fails after the old schedule went, the queued job makes the new one later', async () => {
    const gift = await ownGift();
    const before = await recurringRow(gift.recurringId);
    await h.sandbox.setFaults({ errorRate: 1 });
    const changed = await call('POST', `/donation/recurring/${gift.recurringId}/amount/`, gift.token, { amount: 2_000 });
    // The change is kept: it is the supporter's; the provider catches up.
    expect(changed.status).toBe(200);
    expect(await recurringRow(gift.recurringId)).toMatchObject({ amount: 2_000, scheduleChangeRequestedAt: expect.any(Date) });
    await h.sandbox.setFaults({ errorRate: 0 });
    await drain();
    const schedules = await schedulesOf(gift);
    expect(schedules).toMatchObject([{ amount: 2_000 }]);
    expect(schedules[0]!.nextOccurrencesOn[0]).toBe(before.nextOccurrenceDate);
    expect(await recurringRow(gift.recurringId)).toMatchObject({ scheduleChangeRequestedAt: null, recurringId: schedules[0]!.id });
  });
});

describe('pausing and skipping', () => {
  it('a two-month pause charges nothing on the next two charge days and resumes by itself on the third', async () => {
    const gift = await ownGift();
    const next = (await recurringRow(gift.recurringId)).nextOccurrenceDate!;
    const paused = await call('POST', `/donation/recurring/${gift.recurringId}/pause/`, gift.token, { months: 2 });
    expect(paused.body).toMatchObject({
      state: 'paused',
      paused_until: addMonths(next, 2),
      next_charge_on: addMonths(next, 2),
      allowed: { resume: true, pause: false },
    });
    expect(await chargesOn(gift, next)).toEqual([]);
    expect(await chargesOn(gift, addMonths(next, 1))).toEqual([]);
    expect(await chargesOn(gift, addMonths(next, 2))).toHaveLength(1);
    expect(await months(gift)).toEqual([{ amount: 3_000, status: 'paid' }]);
  });

  it('a pause ended early charges from the next charge day', async () => {
    const gift = await ownGift();
    const next = (await recurringRow(gift.recurringId)).nextOccurrenceDate!;
    await call('POST', `/donation/recurring/${gift.recurringId}/pause/`, gift.token, { months: 3 });
    const resumed = await call('POST', `/donation/recurring/${gift.recurringId}/resume/`, gift.token, {});
    expect(resumed.body).toMatchObject({ state: 'active', paused_until: null, next_charge_on: next });
    expect(await chargesOn(gift, next)).toHaveLength(1);
  });

  it('a skip leaves out the next charge only', async () => {
    const gift = await ownGift();
    const next = (await recurringRow(gift.recurringId)).nextOccurrenceDate!;
    expect((await call('POST', `/donation/recurring/${gift.recurringId}/skip/`, gift.token, {})).body).toMatchObject({
      next_charge_on: addMonths(next, 1),
    });
    expect(await chargesOn(gift, next)).toEqual([]);
    expect(await chargesOn(gift, addMonths(next, 1))).toHaveLength(1);
    expect(
      await db().select().from(recurringDonationChanges).where(eq(recurringDonationChanges.recurringDonationId, gift.recurringId)),
    ).toMatchObject([{ kind: 'skip', onDate: next }]);
  });

  it('a pause longer than three months is a 400', async () => {
    const gift = await ownGift();
    expect((await call('POST', `/donation/recurring/${gift.recurringId}/pause/`, gift.token, { months: 4 })).status).toBe(400);
  });
});

describe('stopping', () => {
  it('on the day a charge is due, before the provider runs: nothing is charged, the reason is kept', async () => {
    const gift = await ownGift();
    const next = (await recurringRow(gift.recurringId)).nextOccurrenceDate!;
    // The sandbox's day has come; its daily runner has not run yet.
    const stopped = await call('POST', `/donation/recurring/${gift.recurringId}/stop/`, gift.token, { reason: '家計の見直しのため' });
    expect(stopped.body).toMatchObject({ state: 'stopped', next_charge_on: null, allowed: { stop: false, amount: false } });
    expect(await schedulesOf(gift)).toEqual([]);
    expect(await chargesOn(gift, next)).toEqual([]);
    expect(await chargesOn(gift, addMonths(next, 1))).toEqual([]);
    expect(await months(gift)).toEqual([]);
    expect(await recurringRow(gift.recurringId)).toMatchObject({
      status: 'stopped',
      stopReason: '家計の見直しのため',
      stoppedAt: expect.any(Date),
    });
    expect((await call('POST', `/donation/recurring/${gift.recurringId}/stop/`, gift.token, {})).body).toMatchObject({
      detail: RECURRING_ERRORS.alreadyStopped.en,
    });
  });

  it('when the provider cannot be reached: 502 and the donation goes on unchanged', async () => {
    const gift = await ownGift();
    await h.sandbox.setFaults({ errorRate: 1 });
    const reply = await call('POST', `/donation/recurring/${gift.recurringId}/stop/`, gift.token, {});
    expect(reply.status).toBe(502);
    expect(reply.body).toMatchObject({ detail: RECURRING_ERRORS.providerFailed.en });
    await h.sandbox.setFaults({ errorRate: 0 });
    expect(await recurringRow(gift.recurringId)).toMatchObject({ status: 'active' });
    expect(await schedulesOf(gift)).toHaveLength(1);
  });

  it('a reason longer than 500 characters is a 400', async () => {
    const gift = await ownGift();
    expect((await call('POST', `/donation/recurring/${gift.recurringId}/stop/`, gift.token, { reason: 'あ'.repeat(501) })).status).toBe(
      400,
    );
  });
});

describe('when later charges fail', () => {
  it('mails the supporter once with the card page link, and after the retries suspends and tells the supporter and the organisation', async () => {
    const gift = await ownGift();
    await h.t.app.cardPayments.gateway.attachCard(gift.customerId, await h.sandbox.tokenize('4111111111140011'));
    const next = (await recurringRow(gift.recurringId)).nextOccurrenceDate!;
    expect(await chargesOn(gift, next)).toHaveLength(1);
    await drain();
    const failed = await eventually(async () => {
      const mails = await h.sandbox.mailsTo(gift.email);
      return mails.find((mail) => mail.subject === '継続的なご寄付のお支払いができませんでした');
    });
    expect(failed.text).toContain(`${h.t.config.WEB_ORIGIN}/mypage/credit-card`);
    expect(failed.text).toMatch(/理由: .+/);

    // The provider retries the next two days; both fail and it suspends the schedule.
    const day = (offset: number) => new Date(Date.parse(`${next}T12:00:00+09:00`) + offset * 86_400_000).toISOString().slice(0, 10);
    await chargesOn(gift, day(1));
    await chargesOn(gift, day(2));
    await eventually(async () => {
      await drain();
      return (await recurringRow(gift.recurringId)).status === 'suspended' || undefined;
    });
    const list = (await call('GET', '/user/my_page/recurring_donation/associate/', gift.token)).body as api.RecurringSupportList;
    expect(list.results[0]).toMatchObject({ state: 'suspended', next_charge_on: null });
    await drain();
    const mails = await eventually(async () => {
      const all = await h.sandbox.mailsTo(gift.email);
      return all.some((mail) => mail.subject === '継続的なご寄付を一時停止しました') ? all : undefined;
    });
    // One failure mail for the streak, not one per retry.
    expect(mails.filter((mail) => mail.subject === '継続的なご寄付のお支払いができませんでした')).toHaveLength(1);
    const staff = await h.sandbox.mailsTo('hanako@kifu.example');
    expect(staff.some((mail) => mail.subject === '継続寄付がカード決済エラーで一時停止されました')).toBe(true);

    // The supporter saves a new card: the donation goes on, and the unpaid month is charged once, now.
    const [owner] = await db()
      .select({ userId: recurringDonations.userId })
      .from(recurringDonations)
      .where(eq(recurringDonations.id, gift.recurringId));
    await db().insert(userCreditCards).values({
      userId: owner!.userId!,
      provider: 'omise',
      customerCode: gift.customerId,
      brand: 'Visa',
      lastDigits: '0011',
      name: 'HANAKO YAMADA',
    });
    const saved = await call('POST', '/payment/credit', gift.token, {
      token: await h.sandbox.tokenize('4242424242424242'),
      move_recurring: true,
    });
    expect(saved.status).toBe(200);
    const reactivated = await recurringRow(gift.recurringId);
    expect(reactivated).toMatchObject({ status: 'active', scheduleChangeRequestedAt: expect.any(Date) });
    // The suspended schedule's own event, delivered late (or a reconciliation reading it), comes
    // after the new card: the support stays active and keeps the date the new schedule will start on.
    const scheduled = { db: db(), gateway: h.t.app.cardPayments.gateway, log: h.t.app.log, mailLinks: h.t.app.mailLinks };
    const old = await h.t.app.cardPayments.gateway.retrieveSchedule(reactivated.recurringId!);
    expect(old.status).toBe('suspended');
    expect(await syncSchedule(scheduled, old)).toBe(true);
    expect(await recurringRow(gift.recurringId)).toMatchObject({
      status: 'active',
      suspendedAt: null,
      nextOccurrenceDate: reactivated.nextOccurrenceDate,
    });
    // The sandbox's clock ran a month ahead of the API's to reach the failed days: the new schedule
    // is made here on the sandbox's today, as the job does on the real one.
    const deps = { db: db(), gateway: h.t.app.cardPayments.gateway, log: h.t.app.log };
    expect(await replaceCardSchedule(deps, gift.recurringId, await sandboxNow(h.sandbox))).toBe('replaced');
    await drain();
    const back = await recurringRow(gift.recurringId);
    expect(back).toMatchObject({ status: 'active', suspendedAt: null, firstPaymentFailedAt: null, scheduleChangeRequestedAt: null });
    expect(await schedulesOf(gift)).toHaveLength(1);
    const retried = await db()
      .select()
      .from(donations)
      .where(and(eq(donations.recurringDonationId, gift.recurringId), isNotNull(donations.originalId)));
    expect(retried).toMatchObject([{ status: 'paid', amount: 3_000 }]);
    const [failedMonth] = await db().select().from(donations).where(eq(donations.id, retried[0]!.originalId!));
    expect(failedMonth).toMatchObject({ status: 'failed', recurringDonationId: gift.recurringId });
    // Asking again (a second card) charges nothing more: nothing is suspended now.
    await call('POST', '/payment/credit', gift.token, { token: await h.sandbox.tokenize('4242424242424242'), move_recurring: true });
    await drain();
    expect(
      await db()
        .select()
        .from(donations)
        .where(and(eq(donations.recurringDonationId, gift.recurringId), isNotNull(donations.originalId))),
    ).toHaveLength(1);
  });
});

describe('a card that will have expired by the next charge', () => {
  it('gets one reminder a month ahead, with the way to change it; a card good for the charge gets none', async () => {
    const gift = await ownGift();
    const deps = { db: db(), gateway: h.t.app.cardPayments.gateway, links: h.t.app.mailLinks };
    const next = (await recurringRow(gift.recurringId)).nextOccurrenceDate!;
    const now = new Date(Date.parse(`${next}T12:00:00+09:00`) - 20 * 86_400_000);
    await remindExpiringCards(deps, now);
    await drain();
    expect((await h.sandbox.mailsTo(gift.email)).map((mail) => mail.subject)).not.toContain('ご登録のカードの有効期限が近づいています');

    // A card that expires the month before the next charge.
    const [year, month] = next.split('-').map(Number) as [number, number];
    const expiry =
      month === 1 ? { expiration_month: 12, expiration_year: year - 1 } : { expiration_month: month - 1, expiration_year: year };
    await h.t.app.cardPayments.gateway.attachCard(gift.customerId, await h.sandbox.tokenize('4242424242424242', expiry));
    await remindExpiringCards(deps, now);
    await remindExpiringCards(deps, new Date(now.getTime() + 86_400_000));
    await drain();
    const reminders = (await h.sandbox.mailsTo(gift.email)).filter((mail) => mail.subject === 'ご登録のカードの有効期限が近づいています');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain(next);
    expect(reminders[0]!.text).toContain(`${h.t.config.WEB_ORIGIN}/mypage/credit-card`);
  });
});
