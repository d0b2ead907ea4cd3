// A payout run as of a later day (ADR 079), on a server that allows it (the demo's and the browser
// tests'; never production): Kifu's staff ask for it over HTTP, the job closes the month a gift was
// paid in as that day would and pays its net into the sandbox bank once — asking again pays nothing
// more. A day in the past, too far ahead or not on the calendar is refused at its field; only staff
// may ask, and a server that does not allow it refuses the day (statements-payouts.test.ts).
import { api, japanIsoDate, payoutDateOf, platformFee, PaymentMethodId, statementMonthAt } from '@kifu/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { associatePayoutAccounts, donations, payouts, statements } from '../src/db/schema/index';
import { payoutReference } from '../src/statements/payout-run';
import { consoleAssociate, consoleCall } from './helpers/console-callers';
import { eventually } from './helpers/eventually';
import { sandboxTestApp } from './helpers/sandbox-test-app';

const h = sandboxTestApp({ env: { STAFF_PAYOUT_RUN_AS_OF: 'true' } });
const DAY_MS = 86_400_000;
const AMOUNT = 3_000;

let associate: Awaited<ReturnType<typeof consoleAssociate>>;
const month = statementMonthAt(new Date());
/** The day this month's statement is paid: the run acts as of it. */
const asOf = payoutDateOf(month);

beforeAll(async () => {
  associate = await consoleAssociate(h.t, 'payout-as-of', '日付指定の会');
  const fee = platformFee(AMOUNT, { campaign: false });
  await h.t.database.db.insert(donations).values({
    associateId: associate.associate.id,
    type: 1,
    amount: AMOUNT,
    commission: fee,
    transferAmount: AMOUNT - fee,
    paymentMethod: PaymentMethodId.CREDIT_CARD,
    status: 'paid',
    paidAt: new Date(),
  });
  await h.t.database.db.insert(associatePayoutAccounts).values({
    associateId: associate.associate.id,
    bankCode: '0005',
    bankName: 'サンドボックス銀行',
    branchCode: '123',
    branchName: '本店',
    accountType: 'ordinary',
    accountNumber: '1230001',
    accountHolder: 'トクヒ）ヒヅケシテイノカイ',
  });
});

const start = (body: unknown, token = associate.tokens.staff) =>
  consoleCall<{ queued: boolean }>(h.t, 'POST', '/staff/payout-runs/', token, body);
const payoutsOfAssociate = () => h.t.database.db.select().from(payouts).where(eq(payouts.associateId, associate.associate.id));

describe('a payout run as of a later day', () => {
  it('is refused for a day before today, too far ahead or not on the calendar, at its field, and to anyone but staff', async () => {
    const today = japanIsoDate(new Date());
    const day = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
    for (const [asOfDay, rule] of [
      [day(-1), 'pastDate'],
      [day(401), 'payoutRun.asOfTooFar'],
      ['2027-02-30', 'validate.date'],
      ['25/12/2026', 'validate.date'],
    ] as const) {
      const answer = await start({ as_of: asOfDay });
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toEqual({ as_of: [rule] });
    }
    expect((await start({ as_of: asOf, also: 1 })).status).toBe(400);
    expect((await start({ as_of: asOf }, associate.tokens.owner)).status).toBe(403);
    expect((await start({ as_of: asOf }, associate.tokens.plain)).status).toBe(403);
    expect((await consoleCall(h.t, 'POST', '/staff/payout-runs/', undefined, { as_of: asOf })).status).toBe(401);
    expect(await payoutsOfAssociate()).toEqual([]);
  });

  it("closes the gift's month as that day would, pays its net into the bank once, and says so in the run", async () => {
    const list = await consoleCall<api.PayoutRunListView>(h.t, 'GET', '/staff/payout-runs/', associate.tokens.staff);
    expect(list.body.may_run_as_of).toBe(true);
    expect(await start({ as_of: asOf })).toMatchObject({ status: 202, body: { queued: true } });
    // Asked twice before it runs: queued once.
    expect((await start({ as_of: asOf })).body.queued).toBe(false);
    await h.t.app.jobs.worker.runOnce();

    const [statement] = await h.t.database.db
      .select()
      .from(statements)
      .where(and(eq(statements.associateId, associate.associate.id), eq(statements.month, month)));
    // ¥3,000 less its fee with tax (spec §9: 5 % × 1.1, floored: 165) is ¥2,835.
    expect(statement).toMatchObject({ gross: AMOUNT, fees: 165, net: 2_835, payable: 2_835, payoutDate: asOf });
    const reference = payoutReference(associate.associate.id, month);
    const paid = await eventually(
      async () => {
        // A later run (as of the same day) reads the bank's answer if its webhook has not come yet.
        await start({ as_of: asOf });
        await h.t.app.jobs.worker.runOnce();
        const [row] = await payoutsOfAssociate();
        return row?.status === 'succeeded' ? row : undefined;
      },
      { everyMs: 250 },
    );
    expect(paid).toMatchObject({ amount: 2_835, reference, accountNumber: '1230001' });
    expect(await payoutsOfAssociate()).toHaveLength(1);
    const response = await fetch(`${h.sandbox.url}/bank/v1/transfers?reference=${encodeURIComponent(reference)}`, {
      headers: { authorization: `Bearer ${loadConfig({}).BANK_API_KEY}` },
    });
    expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(1);

    const runs = await consoleCall<api.PayoutRunListView>(h.t, 'GET', '/staff/payout-runs/', associate.tokens.staff);
    expect(runs.body.results.find((row) => row.id === paid.runId)).toMatchObject({ trigger: 'staff', as_of: asOf });
    // The demo's seeded associates were paid in the same run: ours is one transfer among them.
    const detail = await consoleCall<api.PayoutRunDetailView>(h.t, 'GET', `/staff/payout-runs/${paid.runId}/`, associate.tokens.staff);
    expect(detail.body.results.filter((payout) => payout.associate_uid === 'payout-as-of')).toMatchObject([{ amount: 2_835, month }]);
  });

  it('is refused in production, where it would pay before the payout date', () => {
    expect(() => loadConfig({ KIFU_ENV: 'production', STAFF_PAYOUT_RUN_AS_OF: 'true' })).toThrow(/STAFF_PAYOUT_RUN_AS_OF/);
  });
});
