// A billing run (ADR 042): N monthly gifts due today, charged and recorded by Kifu's own job.
//
// Which run: a monthly wallet pay gift has no provider schedule, so Kifu charges each one itself
// (apps/api/src/recurring/charge-wallet-recurring.ts: a signed provider charge with a per-cycle
// idempotency key, then one transaction recording the month and moving the next date). A card
// gift's months are charged by the gateway's own schedule and only recorded by us from its webhooks,
// so the wallet run is the one whose cost is ours from end to end.
//
// Set-up (not timed): one real monthly wallet gift through the API and the sandbox's buyer pages
// (button signature, sign-in, update, approve, complete), then N copies of its recurring donation,
// due today, inserted with one SQL statement — N supporters sharing one charge permission, which
// the sandbox does not mind. Timed: from queueing the job as its hourly timer does until every copy
// has its month recorded.
//
//   node bench/billing.mjs [--smoke]     own database, own sandbox + API, prints the rows
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { monthlyWalletGift, queueRun, seedDue } from './due-wallet-gifts.mjs';
import { cpuSeconds, scratchDatabase, startServices } from './stack.mjs';

const PORTS = { api: 4560, sandbox: 4570 };
/** docs/performance.md: charges/s, the API's CPU per charge, and the time per charge of the largest run within 1.1 × the smallest's. */
const GOAL = { perSecond: 300, cpuMsPerCharge: 2, linearWithin: 1.1 };
const WEB_ORIGIN = 'http://localhost:3000';
/** A run that takes longer than this is reported as it stands. */
const TIMEOUT_MS = 20 * 60_000;

const { SANDBOX_CREDENTIALS } = await tsImport('@kifu/domain/sandbox-credentials', import.meta.url);
const buyer = await tsImport('../apps/sandbox/src/wallet/buyer-browser.ts', import.meta.url);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until every recurring donation of `ids` has today's month recorded; answers how many made it. */
async function recorded(db, ids, deadline) {
  let done = 0;
  while (Date.now() < deadline) {
    const { rows } = await db.query(
      `select count(*)::int as done from recurring_donations where id = any($1) and next_occurrence_date > (now() at time zone 'Asia/Tokyo')::date`,
      [ids],
    );
    done = rows[0].done;
    if (done >= ids.length) break;
    await sleep(250);
  }
  return done;
}

async function billingRun(services, db, template, count) {
  const ids = await seedDue(db, template, count);
  // The statistics PostgreSQL's autovacuum gathers after a bulk insert, which this machine's server
  // (autovacuum off) would never gather: without them the planner takes the due gifts for a few.
  await db.query('analyze recurring_donations');
  const cpuBefore = services.pids ? cpuSeconds(services.pids.api) : null;
  const started = performance.now();
  await queueRun(db);
  const done = await recorded(db, ids, Date.now() + TIMEOUT_MS);
  const seconds = (performance.now() - started) / 1000;
  const { rows } = await db.query(
    `select count(*) filter (where status = 'paid')::int as paid, count(*)::int as months from donations where recurring_donation_id = any($1)`,
    [ids],
  );
  const apiCpu = cpuBefore === null ? null : cpuSeconds(services.pids.api) - cpuBefore;
  return { count, done, seconds, rate: done / seconds, paid: rows[0].paid, months: rows[0].months, apiCpu };
}

/**
 * Charges/s of billing runs of `sizes` due monthly wallet gifts, and whether the cost per charge
 * stays flat from the smallest to the largest. `stack`: a running { api, sandbox, databaseUrl,
 * proxySecret, pids? } to use instead of starting one (its API must believe `proxySecret`).
 */
export async function measureBilling({ smoke = false, stack, sizes = smoke ? [200] : [10_000, 100_000] } = {}) {
  const own = stack ? undefined : await scratchDatabase('kifu_bench_billing');
  let services;
  try {
    services = stack ?? { ...(await startServices(PORTS, { DATABASE_URL: own.url, WEB_ORIGIN })), databaseUrl: own.url };
    const db = new pg.Client({ connectionString: services.databaseUrl });
    await db.connect();
    try {
      const template = await monthlyWalletGift(services, { buyer, botSiteKey: SANDBOX_CREDENTIALS.botCheck.siteKey });
      // The template's own month was paid at once; the copies stand for other supporters' months.
      const runs = [];
      for (const size of sizes) runs.push(await billingRun(services, db, template, size));
      return rows(runs);
    } finally {
      await db.end();
    }
  } finally {
    if (!stack) {
      await services?.stop();
      await own.drop();
    }
  }
}

function rows(runs) {
  const first = runs[0];
  return runs.map((run) => {
    // Time per charge recorded relative to the smallest run: 1.0 is linear (a run cut off by the
    // timeout counts the charges it recorded).
    const growth = run.seconds / Math.max(run.done, 1) / (first.seconds / Math.max(first.done, 1));
    const complete = run.done === run.count && run.months === run.count;
    const linear = growth <= GOAL.linearWithin;
    const cpuMs = run.apiCpu === null ? null : (run.apiCpu * 1000) / Math.max(run.done, 1);
    return {
      what: `billing run, ${run.count.toLocaleString('en-US')} due monthly wallet gifts, charges/s`,
      // Failed: months recorded as declined; months not recorded in time are said apart below.
      kifu: { rps: run.rate, p99: 0, failed: Math.max(0, run.done - run.paid) },
      baselineName: 'goal',
      baseline: { rps: GOAL.perSecond, p99: 0, failed: 0 },
      goal: `≥ ${GOAL.perSecond}/s, ≤ ${GOAL.cpuMsPerCharge} ms CPU per charge, time per charge ≤ ${GOAL.linearWithin} × the smallest run's`,
      met: complete && run.rate >= GOAL.perSecond && linear && cpuMs !== null && cpuMs <= GOAL.cpuMsPerCharge,
      note:
        `${run.done.toLocaleString('en-US')} of ${run.count.toLocaleString('en-US')} recorded in ${run.seconds.toFixed(1)} s` +
        (run === first ? '' : `; per-charge time ×${growth.toFixed(2)} of the ${first.count.toLocaleString('en-US')} run`) +
        (run.apiCpu === null ? '' : `; API CPU ${run.apiCpu.toFixed(1)} s, ${cpuMs.toFixed(1)} ms per charge`) +
        (complete ? '' : `; **${run.count - run.done} not recorded within ${TIMEOUT_MS / 60_000} min**`),
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await measureBilling({ smoke: process.argv.includes('--smoke') });
  console.info(JSON.stringify(result, null, 2));
}
