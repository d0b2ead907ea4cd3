// The demo's money history (ADR 075): every associate has a payout account, the months its seeded
// gifts fall in are closed into statements as the hourly job would have closed them, and each
// statement whose payout date has passed was paid by the run of that day. So the console opens on
// a real history, and the first payout run of `npm start` finds nothing owed twice.
import { japanIsoDate } from '@kifu/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema/index';
import { closeDueStatements } from '../statements/close-statements';

/** 09:00 in Japan on a statement's payout date. */
const AT_NINE = sql.raw(`(payout_date + time '09:00') at time zone 'Asia/Tokyo'`);

/** Full-width digits, as a bank prints them in a holder's name. */
const fullWidth = (value: number) => String(value).replace(/\d/g, (digit) => String.fromCharCode(0xff10 + Number(digit)));

export async function seedStatements(db: Database, associateIds: readonly number[], now: Date) {
  const accounts = await db
    .insert(t.associatePayoutAccounts)
    .values(
      associateIds.map((associateId) => ({
        associateId,
        bankCode: '0005',
        bankName: 'サンドボックス銀行',
        branchCode: '001',
        branchName: '本店',
        accountType: 'ordinary',
        // Never ending 7777, 8888 or 9999: the bank sandbox's accounts that refuse (ADR 074).
        accountNumber: String(1_000_000 + associateId * 1_013).slice(0, 7),
        accountHolder: `トクヒ）キフデモダンタイ${fullWidth(associateId)}`,
      })),
    )
    .returning();
  const statements = await closeDueStatements(db, now);
  const today = japanIsoDate(now);
  // One run on each past payout date, at 09:00 in Japan, that paid every statement due that day.
  await db.execute(sql`
    insert into payout_runs (trigger, started_at, finished_at)
    select 'schedule', ${AT_NINE}, ${AT_NINE} + interval '1 minute'
    from (select distinct payout_date from statements where payout_date <= ${today}::date and payable > 0) due
    order by payout_date`);
  await db.execute(sql`
    insert into payouts (associate_id, statement_id, run_id, amount, reference, status,
      bank_code, branch_code, account_type, account_number, account_holder, bank_transfer_id, completed_at, created_at, updated_at)
    select s.associate_id, s.id, r.id, s.payable, 'kifu-payout-' || s.associate_id || '-' || replace(s.month, '-', ''), 'succeeded',
      a.bank_code, a.branch_code, a.account_type, a.account_number, a.account_holder,
      'tr_demo_' || s.id, r.finished_at, r.started_at, r.finished_at
    from statements s
    join associate_payout_accounts a on a.associate_id = s.associate_id
    join payout_runs r on r.started_at = ${sql.raw(`(s.payout_date + time '09:00') at time zone 'Asia/Tokyo'`)}
    where s.payout_date <= ${today}::date and s.payable > 0`);
  return { payoutAccounts: accounts, statements };
}
