// What the provider holds and no donation owns is seen (ADR 022): the schedule reconciliation
// reports (an error with ids only, ADR 053) and deletes a live card schedule no recurring donation names, so
// it never charges a supporter with nobody recording it — but leaves one whose recurring donation
// is still waiting for its activation, which takes it over; and a card charge no donation owns is
// reported once.
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { recurringDonations } from '../src/db/schema/index';
import { reconcileCardSchedules } from '../src/recurring/reconcile-card-schedules';
import { reportUnownedCharges } from '../src/payments/card/reconcile-card-charges';
import type { CardGateway } from '../src/providers/card/card-gateway';
import { guestCustomer, sandboxSchedules } from './helpers/donation-requests';
import { paidMonthlyGift } from './helpers/paid-monthly-gift';
import { sandboxNow } from './helpers/sandbox-clock';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { uniqueEmail } from './helpers/start-sandbox';

const h = sandboxTestApp({ env: { BOT_CHECK_ENABLED: 'false' } });
let gateway: CardGateway;
beforeAll(() => {
  gateway = h.t.app.cardPayments.gateway;
});

/** A logger that keeps what it writes at warn and above. */
function recordingLog() {
  const lines: { msg: string; [field: string]: unknown }[] = [];
  return { lines, log: pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) }) };
}

const monthlySchedule = (customerId: string, metadata: Record<string, number>) =>
  gateway.createSchedule({ customerId, amount: 1_000, frequency: 'monthly', dayOfMonth: 1, endOn: '2040-12-31', metadata });

describe('the schedule reconciliation', () => {
  it('reports and deletes a live schedule no recurring donation owns, and leaves one an activation will take over', async () => {
    const stranger = (await guestCustomer(h.t, h.sandbox, uniqueEmail('stranger'))).customer_id;
    const orphan = await monthlySchedule(stranger, { recurring_donation_id: 999_999 });
    const gift = await paidMonthlyGift(h.t, h.sandbox);
    // An activation that died after the provider made this one: the gift is still pending.
    const awaiting = await monthlySchedule(gift.customerId, { recurring_donation_id: gift.recurringDonationId });

    const { lines, log } = recordingLog();
    const result = await reconcileCardSchedules({ db: h.t.database.db, gateway, log });
    expect(result.stopped).toBe(1);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: expect.stringContaining('no recurring donation names'),
        scheduleId: orphan.id,
        customerId: stranger,
        recurringDonationId: 999_999,
      }),
    );
    expect((await sandboxSchedules(h.sandbox, stranger)).map((schedule) => schedule.status)).toEqual(['deleted']);
    expect(await sandboxSchedules(h.sandbox, gift.customerId)).toEqual([expect.objectContaining({ id: awaiting.id, status: 'active' })]);

    await h.t.app.jobs.worker.drain();
    const [recurring] = await h.t.database.db.select().from(recurringDonations).where(eq(recurringDonations.id, gift.recurringDonationId));
    expect(recurring).toMatchObject({ status: 'active', recurringId: awaiting.id });
    expect((await sandboxSchedules(h.sandbox, gift.customerId)).map((schedule) => schedule.id)).toEqual([awaiting.id]);
    expect((await reconcileCardSchedules({ db: h.t.database.db, gateway, log })).stopped).toBe(0);
  });
});

describe('the unowned charge report', () => {
  it('reports once each charge no donation owns, and none a donation records', async () => {
    const gift = await paidMonthlyGift(h.t, h.sandbox);
    const stranger = (await guestCustomer(h.t, h.sandbox, uniqueEmail('stranger'))).customer_id;
    const unowned = await gateway.createCharge({ amount: 2_000, customerId: stranger });
    expect(unowned.status).toBe('successful');

    const { lines, log } = recordingLog();
    const deps = { db: h.t.database.db, gateway, log };
    const later = new Date((await sandboxNow(h.sandbox)).getTime() + 60_000);
    const reported = await reportUnownedCharges(deps, 0, later);
    expect(reported).toContain(unowned.id);
    const recordedCharges = (await gateway.listCharges({ from: new Date(0), to: later })).filter(
      (charge) => charge.customerId === gift.customerId,
    );
    expect(recordedCharges).toHaveLength(1);
    expect(reported).not.toContain(recordedCharges[0]!.id);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 40, chargeId: unowned.id, status: 'successful', customerId: stranger, scheduleId: null }),
    );

    expect(await reportUnownedCharges(deps, 0, later)).toEqual([]);
  });
});
