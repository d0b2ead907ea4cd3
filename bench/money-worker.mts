// The worker side of the money benchmarks (bench/money.mjs), Kifu's own code in a process of its own:
//   payouts <db-url> <sandbox-url> <count>   <count> associates, each with a payout account and one
//     gift in a closed month: the statements are closed and the payout run sends every payout to the
//     sandbox bank, run again until the bank has answered them all; then, as the baseline, the same
//     number of transfers sent straight to the bank with the same concurrency. Prints the seconds.
//   tracker <db-url> <count>   one associate with <count> gifts from as many named supporters over
//     five fiscal years: the tracker's answer (publicSupportTestOf) timed, beside one SQL statement
//     grouping the same gifts per supporter and year. Prints the seconds.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../apps/api/src/config/env';
import { openPostgres } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { publicSupportTestOf } from '../apps/api/src/console/public-support-test';
import { inLanes } from '../apps/api/src/lib/in-lanes';
import { mailLinks } from '../apps/api/src/mail/mail-links';
import { SandboxBankGateway } from '../apps/api/src/providers/bank/sandbox-bank-gateway';
import { closeDueStatements } from '../apps/api/src/statements/close-statements';
import { runPayouts } from '../apps/api/src/statements/payout-run';

const [mode, url, ...rest] = process.argv.slice(2);
const handle = openPostgres(url!);
const { db } = handle;
const seconds = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
};
const jst = (local: string) => new Date(`${local}+09:00`);

try {
  await migrateDatabase(handle);
  if (mode === 'payouts') {
    const [sandboxUrl, count] = [rest[0]!, Number(rest[1])];
    await db.execute(sql`insert into associates (uid, name, logo_path, main_visual_path)
      select 'bench-payout-' || g, '振込計測の会' || g, 'demo/logo.png', 'demo/main.png' from generate_series(1, ${count}::int) g`);
    await db.execute(sql`insert into associate_payout_accounts (associate_id, bank_code, bank_name, branch_code, branch_name, account_type, account_number, account_holder)
      select id, '0005', 'サンドボックス銀行', '123', '本店', 'ordinary', lpad((1000000 + id)::text, 7, '0'), 'トクヒ）ケイソクノカイ'
        from associates where uid like 'bench-payout-%'`);
    await db.execute(sql`insert into donations (associate_id, type, amount, commission, transfer_amount, payment_method, status, paid_at, created_at)
      select id, 1, 10000, 550, 9450, 1, 'paid', ${jst('2026-10-12T12:00:00')}, ${jst('2026-10-12T12:00:00')} from associates where uid like 'bench-payout-%'`);
    await db.execute(sql`analyze`);
    const config = loadConfig({ SANDBOX_URL: sandboxUrl });
    const bank = new SandboxBankGateway(config);
    const deps = { db, bank, mailLinks: mailLinks(config), log: pino({ level: 'silent' }) };
    const close = await seconds(() => closeDueStatements(db, jst('2026-11-05T01:00:00')));
    const send = await seconds(() => runPayouts(deps, { trigger: 'staff', now: jst('2026-11-25T09:00:00') }));
    // The bank answers each transfer a moment later: runs read them until every payout is final.
    const settle = await seconds(async () => {
      for (;;) {
        const [row] = (await db.execute(sql`select count(*)::int as open from payouts where status in ('pending', 'processing')`)).rows as {
          open: number;
        }[];
        if (row!.open === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
        await runPayouts(deps, { trigger: 'schedule', now: jst('2026-11-25T09:00:00') });
      }
    });
    const [paid] = (
      await db.execute(sql`select count(*) filter (where status = 'succeeded')::int as paid, count(*)::int as payouts from payouts`)
    ).rows as { paid: number; payouts: number }[];
    const references = Array.from({ length: count }, (_, n) => `bench-direct-${process.pid}-${n}`);
    const direct = await seconds(() =>
      inLanes(references, 8, async (reference) => {
        await bank.createTransfer({
          bankCode: '0005',
          branchCode: '123',
          accountType: 'ordinary',
          accountNumber: '1234567',
          accountHolder: 'トクヒ）ケイソクノカイ',
          amount: 9_450,
          reference,
        });
      }),
    );
    console.info(JSON.stringify({ count, close, send, settle, direct, paid: paid!.paid, payouts: paid!.payouts }));
  } else {
    const count = Number(rest[0]);
    const [associate] = // Certified: its assessment period is five years (ADR 071).
      (
        await db.execute(sql`insert into associates (uid, name, logo_path, main_visual_path, certification_number, certification_expires_on)
        values ('bench-tracker', '集計計測の会', 'demo/logo.png', 'demo/main.png', 'BENCH-1', (now() + interval '2 years')::date) returning id`)
      ).rows as { id: number }[];
    await db.execute(sql`insert into donors (email, last_name, first_name, last_name_kana, first_name_kana, zip_code, area, city, address1)
      select 'tracker-' || g || '@example.com', '集計', '花子' || g, 'シュウケイ', 'ハナコ', '1500001', '東京都', '渋谷区', g || '-1'
        from generate_series(1, ${count}::int) g`);
    // One gift per supporter, spread over the last five years; amounts either side of ¥3,000.
    await db.execute(sql`insert into donations (associate_id, type, amount, commission, payment_method, status, paid_at, created_at, donor_id)
      select ${associate!.id}, 1, 1000 + (d.id % 5) * 1000, 0, 1, 'paid', now() - (d.id % 1800) * interval '1 day', now() - (d.id % 1800) * interval '1 day', d.id
        from donors d where d.email like 'tracker-%'`);
    await db.execute(sql`analyze`);
    const tracker = await seconds(() => publicSupportTestOf(db, associate!.id, 'ja'));
    const grouped = await seconds(() =>
      db.execute(sql`select extract(year from d.paid_at at time zone 'Asia/Tokyo') as year, dn.email, sum(d.amount)
        from donations d join donors dn on dn.id = d.donor_id where d.associate_id = ${associate!.id} and d.status = 'paid'
        group by 1, 2`),
    );
    console.info(JSON.stringify({ count, tracker, grouped }));
  }
} finally {
  await handle.close();
}
