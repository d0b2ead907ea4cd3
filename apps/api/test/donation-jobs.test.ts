// The donation jobs against the wallet sandbox: the monthly wallet charge on its day (paid with
// its thank-you mail, declined recorded failed, a repeated run charging once), abandoned wallet
// checkouts failed and their reward released after the provider's 24 h, and the clean-up of
// expired form states and old idempotency keys. Our clock is moved by passing `now` (or back-dating
// rows), the sandbox's with its control API.
import { japanIsoDate } from '@kifu/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignRewards, campaigns, donationFormStates, donations, idempotencyKeys, recurringDonations } from '../src/db/schema/index';
import { enqueueJob } from '../src/jobs/enqueue-job';
import { CHARGE_WALLET_RECURRING_JOB, chargeWalletRecurringDonations } from '../src/recurring/charge-wallet-recurring';
import { cleanUpExpired, IDEMPOTENCY_KEY_RETENTION_MS } from '../src/donations/clean-up-expired';
import { releaseAbandonedWalletDonations } from '../src/payments/release-abandoned-donations';
import { WALLET_CHECKOUT_SESSION_TTL_MS } from '../src/providers/wallet/wallet-gateway';
import { donationRow, mailsTo, rewardRow, submit } from './helpers/donation-requests';
import { approvedDonation, COMPLETE } from './helpers/wallet-donation';
import { startWalletSandbox, TEST_WEB_ORIGIN } from './helpers/start-wallet-sandbox';
import { demoSignIn } from './helpers/demo-sign-in';
import { sandboxTestApp } from './helpers/sandbox-test-app';

/** A small billing batch, so a run of a few batches stays quick. */
const BATCH = 5;
const h = sandboxTestApp({
  startSandbox: startWalletSandbox,
  env: { WEB_ORIGIN: TEST_WEB_ORIGIN, BOT_CHECK_ENABLED: 'false', WALLET_RECURRING_BATCH: String(BATCH) },
});

const DAY_MS = 86_400_000;
const deps = () => ({ db: h.t.database.db, gateway: h.t.app.walletPay.gateway, log: h.t.app.log, batch: BATCH });

async function recurringRow(id: number) {
  return (await h.t.database.db.select().from(recurringDonations).where(eq(recurringDonations.id, id)))[0]!;
}

async function occurrences(recurringDonationId: number) {
  return (await h.t.database.db.select().from(donations).where(eq(donations.recurringDonationId, recurringDonationId))).filter(
    (row) => row.isFromSchedule,
  );
}

/** A monthly wallet gift paid for its first month, its recurring donation active. */
async function activeMonthlyGift(buyer: 'hanako' | 'limited', amount: number) {
  const { sessionId, updated, request } = await approvedDonation(h.t, h.sandbox, buyer, 'monthly', { amount });
  expect((await submit(h.t, COMPLETE.monthly, { checkout_session_id: sessionId })).status).toBe(200);
  return { recurringDonationId: updated.recurring_donation_id!, email: request.donor.email };
}

/** The instant in Japan's noon of a YYYY-MM-DD date. */
const japanNoon = (on: string) => new Date(`${on}T12:00:00+09:00`);

describe('monthly wallet pay charges', () => {
  it('charges on its day once, records the paid month with its mail, and moves to the next month', async () => {
    const { recurringDonationId, email } = await activeMonthlyGift('hanako', 4_000);
    const before = await recurringRow(recurringDonationId);
    const on = before.nextOccurrenceDate!;

    // The day before: nothing is due.
    expect(await chargeWalletRecurringDonations(deps(), new Date(japanNoon(on).getTime() - DAY_MS))).toMatchObject({ paid: 0, failed: 0 });
    const result = await chargeWalletRecurringDonations(deps(), japanNoon(on));
    expect(result.paid).toBeGreaterThanOrEqual(1);
    const [month] = await occurrences(recurringDonationId);
    expect(month).toMatchObject({
      status: 'paid',
      amount: 4_000,
      paymentMethod: 4,
      paymentProvider: 'wallet',
      isRecurring: true,
      associateId: 1,
    });
    expect(month!.transferAmount).toBe(4_000 - month!.commission);
    const after = await recurringRow(recurringDonationId);
    expect(after.nextOccurrenceDate).not.toBe(on);
    expect(after.nextOccurrenceDate! > on).toBe(true);
    expect(after.lastChargedAt).not.toBeNull();
    // First month's mail plus this month's.
    expect(await mailsTo(h.t, email)).toHaveLength(2);

    // Run again the same day: nothing more is charged or recorded.
    await chargeWalletRecurringDonations(deps(), japanNoon(on));
    expect(await occurrences(recurringDonationId)).toHaveLength(1);
  });

  it('a run repeated before our commit replays the provider’s charge instead of charging twice', async () => {
    const { recurringDonationId } = await activeMonthlyGift('hanako', 2_500);
    const { nextOccurrenceDate: on } = await recurringRow(recurringDonationId);
    const recurring = await recurringRow(recurringDonationId);
    // A first run that charged and then died before recording: same key, same charge back.
    const first = await h.t.app.walletPay.gateway.createRecurringCharge({
      chargePermissionId: recurring.walletPayChargePermissionId!,
      amount: 2_500,
      idempotencyKey: `recurring:${recurringDonationId}:${on}`,
    });
    await chargeWalletRecurringDonations(deps(), japanNoon(on!));
    const [month] = await occurrences(recurringDonationId);
    expect(month).toMatchObject({ status: 'paid', paymentId: first.id });
  });

  it('records a declined month as failed with the provider’s reason, tries it the next two days, then suspends the gift', async () => {
    const { recurringDonationId } = await activeMonthlyGift('limited', 5_000);
    // The supporter raised the monthly amount above what this buyer's wallet accepts (¥50,000).
    await h.t.database.db.update(recurringDonations).set({ amount: 60_000 }).where(eq(recurringDonations.id, recurringDonationId));
    const { nextOccurrenceDate: on } = await recurringRow(recurringDonationId);
    await chargeWalletRecurringDonations(deps(), japanNoon(on!));
    const [month] = await occurrences(recurringDonationId);
    expect(month).toMatchObject({ status: 'failed', reasonOfPaymentFailed: 'HardDeclined', commission: 0 });
    const after = await recurringRow(recurringDonationId);
    expect(after.nextOccurrenceDate! > on!).toBe(true);
    expect(after).toMatchObject({ status: 'active', lastFailedAt: expect.any(Date), firstPaymentFailedAt: expect.any(Date) });

    // The next two days: the same month again (ADR 034), declined again, and the gift is suspended.
    const retry1 = after.nextOccurrenceDate!;
    expect(retry1).toBe(new Date(japanNoon(on!).getTime() + DAY_MS + 9 * 3_600_000).toISOString().slice(0, 10));
    await chargeWalletRecurringDonations(deps(), japanNoon(retry1));
    const retry2 = (await recurringRow(recurringDonationId)).nextOccurrenceDate!;
    await chargeWalletRecurringDonations(deps(), japanNoon(retry2));
    const suspended = await recurringRow(recurringDonationId);
    expect(suspended).toMatchObject({ status: 'suspended', suspendedAt: expect.any(Date) });
    expect((await occurrences(recurringDonationId)).map((row) => row.status)).toEqual(['failed', 'failed', 'failed']);
    // Suspended: nothing more is tried.
    await chargeWalletRecurringDonations(deps(), japanNoon(suspended.nextOccurrenceDate!));
    expect(await occurrences(recurringDonationId)).toHaveLength(3);
  });
});

describe('a billing run with more months due than one batch', () => {
  it('queues its next batch at once until every due month is recorded, each once', async () => {
    const { recurringDonationId } = await activeMonthlyGift('hanako', 3_000);
    const today = japanIsoDate(new Date());
    // Copies of the gift stand for other supporters, all due today: three batches and one more.
    await h.t.database.db.execute(sql`
      insert into recurring_donations (associate_id, donor_id, amount, type, period, on_days, status, payment_method,
        payment_provider, wallet_pay_charge_permission_id, start_date, next_occurrence_date)
      select associate_id, donor_id, amount, type, period, on_days, 'active', payment_method, payment_provider,
        wallet_pay_charge_permission_id, start_date, ${today}::date
      from recurring_donations, generate_series(1, ${3 * BATCH + 1}) where id = ${recurringDonationId}`);
    const { walletPayChargePermissionId } = await recurringRow(recurringDonationId);
    const ids = (
      await h.t.database.db
        .select({ id: recurringDonations.id })
        .from(recurringDonations)
        .where(eq(recurringDonations.walletPayChargePermissionId, walletPayChargePermissionId!))
    )
      .map((row) => row.id)
      .filter((id) => id !== recurringDonationId);
    expect(ids).toHaveLength(3 * BATCH + 1);

    const first = await chargeWalletRecurringDonations(deps());
    expect(first).toMatchObject({ paid: BATCH, more: true });
    // Queued once, the job runs itself again at once, batch after batch, rather than at its next hourly turn.
    await enqueueJob(h.t.database.db, { kind: CHARGE_WALLET_RECURRING_JOB, maxAttempts: 1 });
    await h.t.app.jobs.worker.drain();

    const charged = await h.t.database.db
      .select({ recurringDonationId: donations.recurringDonationId, status: donations.status })
      .from(donations)
      .where(inArray(donations.recurringDonationId, ids));
    expect(charged).toHaveLength(ids.length);
    expect(new Set(charged.map((row) => row.recurringDonationId)).size).toBe(ids.length);
    expect(charged.every((row) => row.status === 'paid')).toBe(true);
    expect(await chargeWalletRecurringDonations(deps())).toMatchObject({ paid: 0, more: false });
    // The copies share one charge permission: stopped, they stay out of the other tests' runs.
    await h.t.database.db
      .update(recurringDonations)
      .set({ status: 'stopped' })
      .where(inArray(recurringDonations.id, [...ids, recurringDonationId]));
  });
});

describe('abandoned wallet checkouts', () => {
  it('are failed with their reward released once the provider session has expired', async () => {
    const [campaign] = await h.t.database.db
      .select({ id: campaigns.id, associateId: campaigns.associateId })
      .from(campaigns)
      .where(eq(campaigns.status, 'published'))
      .limit(1);
    const [reward] = await h.t.database.db
      .insert(campaignRewards)
      .values({ campaignId: campaign!.id, title: 'お礼状', amount: 1_000, stock: 5, imagePath: '/x.svg', shippingMonth: '2030-01' })
      .returning();
    const { updated } = await approvedDonation(h.t, h.sandbox, 'hanako', 'single', {
      associate_id: campaign!.associateId,
      campaign_id: campaign!.id,
      reward_id: reward!.id,
    });
    expect(await rewardRow(h.t, reward!.id)).toMatchObject({ appliedCount: 1 });

    // Not yet: the session may still be completed.
    expect(await releaseAbandonedWalletDonations(h.t.database.db, new Date(Date.now() + WALLET_CHECKOUT_SESSION_TTL_MS - 60_000))).toBe(0);
    expect((await donationRow(h.t, updated.id)).status).toBe('authorizing');

    await h.sandbox.advanceClock(WALLET_CHECKOUT_SESSION_TTL_MS + 60_000);
    try {
      expect(
        await releaseAbandonedWalletDonations(h.t.database.db, new Date(Date.now() + WALLET_CHECKOUT_SESSION_TTL_MS + 60_000)),
      ).toBeGreaterThanOrEqual(1);
      expect(await donationRow(h.t, updated.id)).toMatchObject({ status: 'failed', reasonOfPaymentFailed: 'checkout_expired' });
      expect(await rewardRow(h.t, reward!.id)).toMatchObject({ appliedCount: 0 });
      // The provider agrees: the session can no longer be completed.
      expect((await h.t.app.walletPay.gateway.getCheckoutSession((await donationRow(h.t, updated.id)).paymentId!)).state).toBe('Canceled');
    } finally {
      await h.sandbox.reset();
    }
  });
});

describe('clean-up', () => {
  it('deletes expired form states and idempotency keys past their retention, keeping the rest and the mail markers', async () => {
    const now = new Date();
    const [kept, expired] = await h.t.database.db
      .insert(donationFormStates)
      .values([
        { key: `kept-${now.getTime()}`, kind: 'wallet_pay', state: 'x', expiresAt: new Date(now.getTime() + 60_000) },
        { key: `expired-${now.getTime()}`, kind: 'wallet_pay', state: 'x', expiresAt: new Date(now.getTime() - 60_000) },
      ])
      .returning();
    const old = new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_MS - 60_000);
    const [recent, stale, marker] = await h.t.database.db
      .insert(idempotencyKeys)
      .values([
        { scope: 'donation:card', key: `recent-${now.getTime()}`, requestHash: 'h' },
        { scope: 'donation:card', key: `stale-${now.getTime()}`, requestHash: 'h', createdAt: old },
        { scope: 'mail:donation-thanks', key: `marker-${now.getTime()}`, requestHash: '', createdAt: old },
      ])
      .returning();
    const deleted = await cleanUpExpired(h.t.database.db, now);
    expect(deleted.formStates).toBeGreaterThanOrEqual(1);
    expect(deleted.idempotencyKeys).toBeGreaterThanOrEqual(1);
    const states = await h.t.database.db
      .select({ id: donationFormStates.id })
      .from(donationFormStates)
      .where(sql`${donationFormStates.id} in (${kept!.id}, ${expired!.id})`);
    expect(states.map((row) => row.id)).toEqual([kept!.id]);
    const keys = await h.t.database.db
      .select({ id: idempotencyKeys.id })
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.id} in (${recent!.id}, ${stale!.id}, ${marker!.id})`);
    expect(keys.map((row) => row.id).sort()).toEqual([recent!.id, marker!.id].sort());
  });
});

describe('stopping a monthly wallet gift (ADR 034)', () => {
  it('closes the charge permission at the provider first, and its day then charges nothing', async () => {
    const { recurringDonationId } = await activeMonthlyGift('hanako', 2_000);
    const { token, userId } = await demoSignIn(h.t, 'hanako');
    await h.t.database.db.update(recurringDonations).set({ userId }).where(eq(recurringDonations.id, recurringDonationId));
    const on = (await recurringRow(recurringDonationId)).nextOccurrenceDate!;
    const stopped = await h.t.app.inject({
      method: 'POST',
      url: `/donation/recurring/${recurringDonationId}/stop/`,
      headers: { authorization: `Bearer ${token}` },
      payload: { reason: 'other', lang: 'ja' },
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ state: 'stopped' });
    const permission = await h.t.app.walletPay.gateway.getChargePermission(
      (await recurringRow(recurringDonationId)).walletPayChargePermissionId!,
    );
    expect(permission.state).toBe('Closed');
    expect(await chargeWalletRecurringDonations(deps(), japanNoon(on))).toMatchObject({ paid: 0, failed: 0 });
    expect(await occurrences(recurringDonationId)).toEqual([]);
  });
});
