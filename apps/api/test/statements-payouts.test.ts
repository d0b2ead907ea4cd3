// Monthly statements and payouts (ADR 073, ADR 075) against the sandbox bank over real HTTP: a month
// closes on the 5th into a statement written once, with the sums of the money model worked by hand
// here; a refund made after the close lands on the next month; the payout run sends what is owed
// once — run twice, interrupted after the bank accepted, or answered late — and a transfer the bank
// refuses is failed, mailed to the owners and carried into the next statement. Each route is tried
// as an owner, staff, a viewer, a member of another associate, a plain user and anonymous.
import { api, PaymentMethodId } from '@kifu/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import {
  associatePayoutAccounts,
  associates,
  auditEvents,
  donations,
  giftRefunds,
  mailOutbox,
  payouts,
  statementLines,
  statements,
} from '../src/db/schema/index';
import { closeDueStatements } from '../src/statements/close-statements';
import { payoutReference, runPayouts, type PayoutDeps } from '../src/statements/payout-run';
import { consoleAssociate, consoleCall, type ConsoleCaller } from './helpers/console-callers';
import { eventually } from './helpers/eventually';
import { pdfText } from './helpers/pdf-text';
import { sandboxTestApp } from './helpers/sandbox-test-app';

const h = sandboxTestApp();
/** An instant in Japan. */
const jst = (local: string) => new Date(`${local}+09:00`);

let paid: Awaited<ReturnType<typeof consoleAssociate>>;
let refused: Awaited<ReturnType<typeof consoleAssociate>>;
const deps = (): PayoutDeps => ({ db: h.t.database.db, bank: h.t.app.bankGateway, mailLinks: h.t.app.mailLinks, log: h.t.app.log });

/** A paid gift as the payment flows record it: its fee with tax (spec §9: 5 % × 1.1) and the rest. */
async function gift(associateId: number, amount: number, paidAt: Date, commission: number) {
  const [row] = await h.t.database.db
    .insert(donations)
    .values({
      associateId,
      type: 1,
      amount,
      commission,
      transferAmount: amount - commission,
      paymentMethod: PaymentMethodId.CREDIT_CARD,
      status: 'paid',
      paidAt,
      createdAt: paidAt,
    })
    .returning();
  return row!;
}

/** A refund the console completed: the gift keeps what is left and the fee on it (ADR 064). */
async function refund(donation: typeof donations.$inferSelect, amount: number, completedAt: Date, feeAfter: number) {
  const db = h.t.database.db;
  await db.insert(giftRefunds).values({
    donationId: donation.id,
    amount,
    reason: 'テスト',
    status: 'completed',
    requestKey: `refund-${donation.id}-${amount}`,
    requestedByLabel: 'test',
    provider: 'card',
    feeReturned: donation.commission - feeAfter,
    completedAt,
  });
  await db
    .update(donations)
    .set({ refundedAmount: donation.refundedAmount + amount, commission: feeAfter, transferAmount: donation.amount - amount - feeAfter })
    .where(eq(donations.id, donation.id));
}

async function account(associateId: number, accountNumber: string) {
  await h.t.database.db.insert(associatePayoutAccounts).values({
    associateId,
    bankCode: '0005',
    bankName: 'サンドボックス銀行',
    branchCode: '123',
    branchName: '本店',
    accountType: 'ordinary',
    accountNumber,
    accountHolder: 'トクヒ）サクラノキキン',
  });
}

const statementOf = async (associateId: number, month: string) =>
  (
    await h.t.database.db
      .select()
      .from(statements)
      .where(and(eq(statements.associateId, associateId), eq(statements.month, month)))
  )[0];

/** How many transfers the bank holds under a reference, read over raw HTTP. */
async function transfersAtBank(reference: string): Promise<number> {
  const response = await fetch(`${h.sandbox.url}/bank/v1/transfers?reference=${encodeURIComponent(reference)}`, {
    headers: { authorization: `Bearer ${loadConfig({}).BANK_API_KEY}` },
  });
  return ((await response.json()) as { data: unknown[] }).data.length;
}

let octoberGift: typeof donations.$inferSelect;
/** The run that paid October's statements. */
let octoberRunId: number;
beforeAll(async () => {
  paid = await consoleAssociate(h.t, 'statement-paid', '明細の会');
  refused = await consoleAssociate(h.t, 'statement-refused', '解約口座の会');
  const a = paid.associate.id;
  // October: ¥10,000 (fee 550) and ¥8,000 at 23:30 on the 31st in Japan (fee 440), and ¥2,000 of
  // the first given back on the 20th: it keeps ¥8,000, whose fee is 440, so 110 comes back.
  octoberGift = await gift(a, 10_000, jst('2026-10-10T12:00:00'), 550);
  await gift(a, 8_000, jst('2026-10-31T23:30:00'), 440);
  await refund(octoberGift, 2_000, jst('2026-10-20T09:00:00'), 440);
  // 00:30 on 1 November in Japan: November's.
  await gift(a, 3_000, jst('2026-11-01T00:30:00'), 165);
  await account(a, '1234567');
  await gift(refused.associate.id, 5_000, jst('2026-10-15T10:00:00'), 275);
  await account(refused.associate.id, '1238888');
});

describe('closing a month', () => {
  it('writes nothing before midnight in Japan on the 5th, then one statement with the sums worked by hand', async () => {
    await closeDueStatements(h.t.database.db, jst('2026-11-04T23:59:00'));
    expect(await statementOf(paid.associate.id, '2026-10')).toBeUndefined();

    expect(await closeDueStatements(h.t.database.db, jst('2026-11-05T00:10:00'))).toBeGreaterThanOrEqual(2);
    const october = await statementOf(paid.associate.id, '2026-10');
    // fees = 550 + 440 − 110 = 880 with tax; tax = floor(880 × 10 / 110) = 80; net = 18,000 − 2,000 − 880.
    expect(october).toMatchObject({
      gross: 18_000,
      refunds: 2_000,
      fees: 880,
      tax: 80,
      commission: 800,
      net: 15_120,
      carriedIn: 0,
      payable: 15_120,
      carriedOut: 0,
      payoutDate: '2026-11-25',
    });
    const lines = await h.t.database.db.select().from(statementLines).where(eq(statementLines.statementId, october!.id));
    expect(lines.map((line) => [line.kind, line.amount, line.fee]).sort()).toEqual(
      [
        ['gift', 10_000, 550],
        ['gift', 8_000, 440],
        ['refund', -2_000, -110],
      ].sort(),
    );
    // spec §3's transferable time: midnight in Japan on the payout date.
    const [gifted] = await h.t.database.db.select().from(donations).where(eq(donations.id, octoberGift.id));
    expect(gifted!.transferableTime?.toISOString()).toBe(jst('2026-11-25T00:00:00').toISOString());
    // November's gift is on no statement yet.
    expect(await statementOf(paid.associate.id, '2026-11')).toBeUndefined();
  });

  it('never changes a closed month: closing again writes nothing, and a refund made after the close lands on the next month', async () => {
    expect(await closeDueStatements(h.t.database.db, jst('2026-11-06T00:00:00'))).toBe(0);
    const [kept] = await h.t.database.db.select().from(donations).where(eq(donations.id, octoberGift.id));
    // ¥1,000 more of October's gift given back on 10 November: it keeps ¥7,000, whose fee is 385.
    await refund(kept!, 1_000, jst('2026-11-10T10:00:00'), 385);
    expect(await closeDueStatements(h.t.database.db, jst('2026-12-05T00:00:00'))).toBeGreaterThanOrEqual(1);
    expect((await statementOf(paid.associate.id, '2026-10'))!.net).toBe(15_120);
    // November: ¥3,000 (fee 165), less the ¥1,000 refund giving back 55 of fee: fees 110, tax 10.
    expect(await statementOf(paid.associate.id, '2026-11')).toMatchObject({
      gross: 3_000,
      refunds: 1_000,
      fees: 110,
      tax: 10,
      net: 1_890,
      payable: 1_890,
      payoutDate: '2026-12-25',
    });
  });
  it('closes many associates at once, each month once and in order, even with two closers at the same time', async () => {
    const db = h.t.database.db;
    const many = await db
      .insert(associates)
      .values(
        Array.from({ length: 10 }, (_, n) => ({
          uid: `statement-many-${n}`,
          name: `一斉締めの会${n}`,
          logoPath: 'demo/logo.png',
          mainVisualPath: 'demo/main.png',
        })),
      )
      .returning({ id: associates.id });
    for (const [n, { id }] of many.entries()) {
      for (const month of ['08', '09', '10']) await gift(id, 1_000 * (n + 1), jst(`2026-${month}-15T12:00:00`), 55 * (n + 1));
    }
    // The first test closed everything due up to November already: only these associates' months are left.
    const [first, second] = await Promise.all([
      closeDueStatements(db, jst('2026-12-05T00:00:00')),
      closeDueStatements(db, jst('2026-12-05T00:00:00')),
    ]);
    expect(first + second).toBe(30);
    for (const [n, { id }] of many.entries()) {
      const written = await db.select().from(statements).where(eq(statements.associateId, id)).orderBy(statements.id);
      expect(written.map((statement) => [statement.month, statement.gross])).toEqual(
        ['2026-08', '2026-09', '2026-10'].map((month) => [month, 1_000 * (n + 1)]),
      );
    }
  });
});

describe('the payout run', () => {
  it('pays nothing before the payout date, then sends each payable statement once, however often it runs', async () => {
    const before = await runPayouts(deps(), { trigger: 'staff', now: jst('2026-11-24T12:00:00') });
    expect(before?.created).toBe(0);

    const reference = payoutReference(paid.associate.id, '2026-10');
    const first = await runPayouts(deps(), { trigger: 'schedule', now: jst('2026-11-25T09:00:00') });
    expect(first?.created).toBe(2);
    octoberRunId = first!.runId;
    const payout = await eventually(
      async () => {
        await runPayouts(deps(), { trigger: 'schedule', now: jst('2026-11-25T09:00:00') });
        const [row] = await h.t.database.db.select().from(payouts).where(eq(payouts.reference, reference));
        return row?.status === 'succeeded' ? row : undefined;
      },
      { everyMs: 250 },
    );
    expect(payout).toMatchObject({ amount: 15_120, accountNumber: '1234567' });
    expect(await transfersAtBank(reference)).toBe(1);
    // Once everything is final, a scheduled run has nothing to do and leaves no run behind.
    await eventually(async () =>
      (await runPayouts(deps(), { trigger: 'schedule', now: jst('2026-11-26T09:00:00') })) === null ? true : undefined,
    );
  });

  it('fails a transfer the bank refuses, mails the owners once, and carries the amount into the next statement', async () => {
    const reference = payoutReference(refused.associate.id, '2026-10');
    const failed = await eventually(async () => {
      const [row] = await h.t.database.db.select().from(payouts).where(eq(payouts.reference, reference));
      return row?.status === 'failed' ? row : undefined;
    });
    expect(failed.failureCode).toBe('account_closed');
    const mails = await h.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'payout-failed'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('口座が解約されていました');
    expect(mails[0]!.textBody).toContain('/dashboard/statement-refused/statements');
    // The bank's answer came on 26 November (on this test's calendar). November had no gifts, but
    // the money is still owed: its statement carries it, and December has nothing to state.
    await h.t.database.db
      .update(payouts)
      .set({ completedAt: jst('2026-11-26T10:00:00') })
      .where(eq(payouts.id, failed.id));
    await closeDueStatements(h.t.database.db, jst('2027-01-05T00:00:00'));
    expect(await statementOf(refused.associate.id, '2026-11')).toMatchObject({ gross: 0, carriedIn: 4_725, payable: 4_725 });
    expect(await statementOf(refused.associate.id, '2026-12')).toBeUndefined();
  });

  it('sends nothing twice when a run died after the bank accepted the transfer and before it was recorded', async () => {
    const [statement] = await h.t.database.db
      .select()
      .from(statements)
      .where(and(eq(statements.associateId, paid.associate.id), eq(statements.month, '2026-11')));
    // What a run killed between the bank's answer and our commit leaves: the pending row, and the
    // transfer at the bank under its reference.
    const first = await runPayouts(deps(), { trigger: 'staff', now: jst('2026-11-20T00:00:00') });
    const [pending] = await h.t.database.db
      .insert(payouts)
      .values({
        associateId: paid.associate.id,
        statementId: statement!.id,
        runId: first!.runId,
        amount: statement!.payable,
        reference: payoutReference(paid.associate.id, '2026-11'),
        bankCode: '0005',
        branchCode: '123',
        accountType: 'ordinary',
        accountNumber: '1234567',
        accountHolder: 'トクヒ）サクラノキキン',
      })
      .returning();
    await h.t.app.bankGateway.createTransfer({ ...pending!, accountType: 'ordinary', amount: pending!.amount });
    await eventually(
      async () => {
        await runPayouts(deps(), { trigger: 'schedule', now: jst('2026-12-25T09:00:00') });
        const [row] = await h.t.database.db.select().from(payouts).where(eq(payouts.id, pending!.id));
        return row?.status === 'succeeded' ? row : undefined;
      },
      { everyMs: 250 },
    );
    expect(await transfersAtBank(pending!.reference)).toBe(1);
    expect(await h.t.database.db.select().from(payouts).where(eq(payouts.statementId, statement!.id))).toHaveLength(1);
  });
});

const expectations: [ConsoleCaller | 'anonymous', number][] = [
  ['owner', 200],
  ['staff', 200],
  ['viewer', 200],
  ['otherMember', 404],
  ['plain', 404],
  ['anonymous', 401],
];

describe('who reads statements and payout runs', () => {
  it.each(expectations)("the associate's statements as %s: %i", async (as, status) => {
    const token = as === 'anonymous' ? undefined : paid.tokens[as];
    const list = await consoleCall<api.StatementListView>(h.t, 'GET', '/associate/statement-paid/console/statements/?lang=ja', token);
    expect(list.status).toBe(status);
    const detail = await consoleCall<api.StatementDetailView>(h.t, 'GET', '/associate/statement-paid/console/statements/2026-10/', token);
    expect(detail.status).toBe(status);
    if (status === 200) {
      expect(api.statementList.parse(list.body).results.map((row) => row.month)).toEqual(['2026-11', '2026-10']);
      expect(list.body.has_payout_account).toBe(true);
      expect(detail.body).toMatchObject({ month: '2026-10', net: 15_120, payout: { status: 'succeeded', amount: 15_120 } });
      expect(detail.body.lines).toHaveLength(3);
    }
  });

  it('gives a statement as a CSV and a PDF that say the same sums, to every member and nobody else', async () => {
    const download = (format: string, token?: string, lang = 'ja') =>
      h.t.app.inject({
        url: `/associate/statement-paid/console/statements/2026-10/${format}/?lang=${lang}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const csv = await download('csv', paid.tokens.viewer);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain(`2026-10-10,寄付,${octoberGift.id},10000,550,9450`);
    expect(csv.body).toContain(',お支払額,,,,15120');
    const pdf = await download('pdf', paid.tokens.owner, 'en');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const said of ['精算明細書', 'Statement', '明細の会', '¥15,120', '2026年11月25日', 'Payable']) expect(text).toContain(said);
    expect((await download('csv', paid.tokens.otherMember)).statusCode).toBe(404);
    expect((await download('pdf')).statusCode).toBe(401);
    expect((await download('xls', paid.tokens.owner)).statusCode).toBe(400);
  });

  it('answers 404 for a month without a statement and 400 for a month that is not one', async () => {
    expect((await consoleCall(h.t, 'GET', '/associate/statement-paid/console/statements/2025-01/', paid.tokens.owner)).status).toBe(404);
    for (const month of ['2026-13', '2026-1', 'x'.repeat(30), '2026-10%00']) {
      expect((await consoleCall(h.t, 'GET', `/associate/statement-paid/console/statements/${month}/`, paid.tokens.owner)).status).toBe(400);
    }
  });

  it("lets only Kifu's staff see and start payout runs", async () => {
    // sho is one of Kifu's staff (the demo's isStaff user); yumi owns the associate, misaki only views.
    for (const [token, status] of [
      [paid.tokens.staff, 200],
      [paid.tokens.owner, 403],
      [paid.tokens.plain, 403],
      [undefined, 401],
    ] as const) {
      expect((await consoleCall(h.t, 'GET', '/staff/payout-runs/', token)).status).toBe(status);
      expect((await consoleCall(h.t, 'POST', '/staff/payout-runs/', token)).status).toBe(status === 200 ? 202 : status);
    }
    const runs = await consoleCall<api.PayoutRunListView>(h.t, 'GET', '/staff/payout-runs/', paid.tokens.staff);
    // This server, like production, runs payouts as of their own day only (ADR 079).
    expect(runs.body.may_run_as_of).toBe(false);
    expect((await consoleCall(h.t, 'POST', '/staff/payout-runs/', paid.tokens.staff, { as_of: '2099-01-01' })).status).toBe(403);
    const withPayouts = runs.body.results.find((run) => run.id === octoberRunId)!;
    expect(withPayouts).toMatchObject({ trigger: 'schedule', payouts: 2, succeeded: 1, failed: 1, amount: 15_120 + 4_725 });
    const detail = await consoleCall<api.PayoutRunDetailView>(
      h.t,
      'GET',
      `/staff/payout-runs/${withPayouts.id}/?lang=ja`,
      paid.tokens.staff,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.results.map((payout) => payout.associate_uid).sort()).toEqual(['statement-paid', 'statement-refused']);
    expect((await consoleCall(h.t, 'GET', `/staff/payout-runs/${withPayouts.id}/`, paid.tokens.owner)).status).toBe(403);
    expect((await consoleCall(h.t, 'GET', '/staff/payout-runs/99999999/', paid.tokens.staff)).status).toBe(404);
    expect((await consoleCall(h.t, 'GET', '/staff/payout-runs/abc/', paid.tokens.staff)).status).toBe(400);
  });
});

describe("the associate's payout account", () => {
  const account = {
    bank_code: '0005',
    bank_name: 'サンドボックス銀行',
    branch_code: '200',
    branch_name: '渋谷支店',
    account_type: 'ordinary',
    account_number: '7654321',
    account_holder: 'トクヒ）メイサイノカイ',
  };
  const change = (token: string | undefined, body: Record<string, unknown>) =>
    consoleCall<api.PayoutAccountView>(h.t, 'PUT', '/associate/statement-paid/console/payout-account/', token, body);
  const stored = async () =>
    (await h.t.database.db.select().from(associatePayoutAccounts).where(eq(associatePayoutAccounts.associateId, paid.associate.id)))[0]!;

  it.each(expectations)('is read, its number masked, as %s: %i', async (as, status) => {
    const read = await consoleCall<api.PayoutAccountView>(
      h.t,
      'GET',
      '/associate/statement-paid/console/payout-account/',
      as === 'anonymous' ? undefined : paid.tokens[as],
    );
    expect(read.status).toBe(status);
    if (status === 200) expect(read.body.account).toMatchObject({ account_number: '****567', account_holder: 'トクヒ）サクラノキキン' });
  });

  it('is changed only by an owner with their password, and only to an account the bank says is theirs', async () => {
    expect((await change(paid.tokens.staff, { ...account, current_password: 'kifu-demo-2026' })).status).toBe(403);
    expect((await change(undefined, { ...account, current_password: 'kifu-demo-2026' })).status).toBe(401);
    const wrongPassword = await change(paid.tokens.owner, { ...account, current_password: 'not-my-password' });
    expect([wrongPassword.status, wrongPassword.body.fields]).toEqual([400, { current_password: ['value'] }]);
    // The bank's test accounts (ADR 074): 8888 is closed, 9999 does not exist, 7777 is held by サンドボックス\u3000ハナコ (a full-width space).
    for (const [number, holder, fields] of [
      ['7658888', account.account_holder, { account_number: ['bankAccount.closed'] }],
      ['7659999', account.account_holder, { account_number: ['bankAccount.notFound'] }],
      ['7657777', 'トクヒ）メイサイノカイ', { account_holder: ['bankAccount.holderMismatch'] }],
    ] as const) {
      const refused = await change(paid.tokens.owner, {
        ...account,
        account_number: number,
        account_holder: holder,
        current_password: 'kifu-demo-2026',
      });
      expect([refused.status, refused.body.fields]).toEqual([400, fields]);
    }
    for (const hostile of [
      { ...account, account_number: '12\u00004567' },
      { ...account, bank_name: 'x'.repeat(5_000) },
      { ...account, account_type: 'gold' },
      {},
    ]) {
      expect((await change(paid.tokens.owner, { ...hostile, current_password: 'kifu-demo-2026' })).status).toBe(400);
    }
    expect((await stored()).accountNumber).toBe('1234567');

    const mailsBefore = (await h.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'payout-account-changed'))).length;
    const changed = await change(paid.tokens.owner, {
      ...account,
      account_holder: 'とくひ）めいさいのかい',
      current_password: 'kifu-demo-2026',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.account).toMatchObject({
      account_number: '****321',
      branch_name: '渋谷支店',
      account_holder: 'トクヒ）メイサイノカイ',
    });
    expect(await stored()).toMatchObject({ accountNumber: '7654321', branchCode: '200' });
    const mails = await h.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'payout-account-changed'));
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)!.textBody).toContain('****321');
    expect(mails.at(-1)!.textBody).not.toContain('7654321');
    const audit = await h.t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'payout_account.change'));
    expect(audit.at(-1)).toMatchObject({ associateId: paid.associate.id, actorLabel: 'yumi@kifu.example' });
  });
});
