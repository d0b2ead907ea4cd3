// The worker side of the export benchmark (bench/console-export.mjs), in a process of its own so
// its peak memory is the export's: `seed <url> <count>` migrates the database and writes one
// associate's gifts with generate_series; `export <url>` runs the export job's code
// (apps/api/src/console/console-export.ts) over them into a scratch file storage and prints
// { rows, seconds, maxRssMiB }.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { consoleExports } from '../apps/api/src/db/schema/index';
import { buildExport, BUILD_CONSOLE_EXPORT_JOB } from '../apps/api/src/console/console-export';
import { claimJobs } from '../apps/api/src/jobs/claim-jobs';
import { enqueueJob } from '../apps/api/src/jobs/enqueue-job';
import { diskStorage } from '../apps/api/src/media/file-storage';

export const BENCH_ASSOCIATE = 'bench-export';
const [mode, url, count] = process.argv.slice(2);
const handle = openPostgres(url!);
const { db } = handle;
try {
  if (mode === 'seed') {
    await migrateDatabase(handle);
    await db.execute(sql`insert into associates (uid, name, logo_path, main_visual_path)
      values (${BENCH_ASSOCIATE}, 'エクスポート計測の会', 'demo/logo.png', 'demo/main.png')`);
    await db.execute(sql`insert into donors (email, last_name, first_name, last_name_kana, first_name_kana, area, city, address1)
      select 'bench-' || g || '@example.com', '寄付', '太郎' || g, 'キフ', 'タロウ', '東京都', '港区', g || '-1'
        from generate_series(1, ${Number(count)}::int) g`);
    // One gift per donor, a minute apart; every tenth anonymous.
    await db.execute(sql`insert into donations (associate_id, type, amount, commission, payment_method, status, created_at, paid_at, donor_id, is_anonymous)
      select a.id, 1, 1000 + (dn.id % 10) * 500, 0, 1, 'paid', now() - dn.id * interval '1 minute', now() - dn.id * interval '1 minute', dn.id, dn.id % 10 = 0
        from donors dn cross join (select id from associates where uid = ${BENCH_ASSOCIATE}) a`);
    await db.execute(sql`analyze`);
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'kifu-bench-export-'));
    try {
      const [row] = await db
        .insert(consoleExports)
        .values({
          associateId: sql`(select id from associates where uid = ${BENCH_ASSOCIATE})`,
          requestedByLabel: 'bench@example.com',
          kind: 'gifts',
          filters: { sort: 'date_desc' },
          fileKey: 'console-exports/bench',
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .returning();
      await enqueueJob(db, { kind: BUILD_CONSOLE_EXPORT_JOB, payload: { exportId: row!.id } });
      const [job] = await claimJobs(db, `worker-${process.pid}-bench@bench`, 1, 600_000);
      const started = performance.now();
      await buildExport(
        { db, storage: diskStorage(dir), mailLinks: { page: (path) => path, history: () => '', guestReceipt: () => '' } },
        row!.id,
        {
          jobId: job!.id,
          attempt: job!.attempts,
          lastAttempt: true,
        },
      );
      const seconds = (performance.now() - started) / 1000;
      const [done] = await db
        .select({ rows: consoleExports.rowsDone, status: consoleExports.status })
        .from(consoleExports)
        .where(sql`${consoleExports.id} = ${row!.id}`);
      console.info(JSON.stringify({ rows: done!.rows, status: done!.status, seconds, maxRssMiB: process.resourceUsage().maxRSS / 1024 }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  await handle.close();
}
