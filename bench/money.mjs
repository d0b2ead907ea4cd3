// The organisation's money at scale (ADR 075, ADR 071): a payout run for 1,000 associates next to
// the same number of transfers sent straight to the sandbox bank with the same concurrency, and the
// public-support test tracker of an associate with 100,000 gifts next to PostgreSQL grouping the
// same gifts per supporter and year in one statement. Kifu's code runs in bench/money-worker.mts.
//
// Set-up (not timed): a database of its own, migrated by the API started on it (jobs off, no demo
// data) with its sandbox; associates, accounts, gifts and supporters written with generate_series.
//
//   node bench/money.mjs [--smoke]     prints the rows (100 associates and 5,000 gifts with --smoke)
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { root, scratchDatabase, startServices } from './stack.mjs';

const PORTS = { api: 4660, sandbox: 4670 };
// A payout is one bank call and one transaction recording it; the baseline is the bank call alone.
const GOAL = { payoutRatio: 0.25, trackerRatio: 0.05 };

function worker(args) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/money-worker.mts', ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 2 ** 20,
  });
  if (result.status !== 0) throw new Error(`money-worker ${args[0]} failed: ${result.stderr || result.error}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

export async function measureMoney({ smoke = false, associates = smoke ? 100 : 1_000, gifts = smoke ? 5_000 : 100_000 } = {}) {
  const rows = [];
  const database = await scratchDatabase('kifu_bench_money');
  let services;
  try {
    services = await startServices(PORTS, { DATABASE_URL: database.url, SEED_DEMO_DATA: 'false', JOBS_IN_PROCESS: 'false' });
    const run = worker(['payouts', database.url, services.sandbox, String(associates)]);
    const rate = run.count / run.send;
    const baseline = run.count / run.direct;
    rows.push({
      what: `payout run, ${run.count.toLocaleString('en-US')} associates (transfers sent to the sandbox bank), payouts/s`,
      kifu: { rps: rate, p99: 0, failed: run.payouts - run.paid },
      baselineName: 'the same transfers sent straight to the bank, 8 at a time',
      baseline: { rps: baseline, p99: 0, failed: 0 },
      goal: `≥ ${GOAL.payoutRatio}, every payout once`,
      met: run.paid === run.count && run.payouts === run.count && rate / baseline >= GOAL.payoutRatio,
      note: `${run.paid} of ${run.count} paid; statements closed in ${run.close.toFixed(2)} s, sent in ${run.send.toFixed(2)} s, the bank's answers read in ${run.settle.toFixed(2)} s`,
    });
    const tracker = worker(['tracker', database.url, String(gifts)]);
    rows.push({
      what: `public-support test tracker, one associate with ${tracker.count.toLocaleString('en-US')} gifts over five years, answers/s`,
      kifu: { rps: 1 / tracker.tracker, p99: 0, failed: 0 },
      baselineName: 'one SQL statement grouping the same gifts per supporter and year',
      baseline: { rps: 1 / tracker.grouped, p99: 0, failed: 0 },
      goal: `≥ ${GOAL.trackerRatio}`,
      met: tracker.grouped / tracker.tracker >= GOAL.trackerRatio,
      note: `${tracker.tracker.toFixed(2)} s against ${tracker.grouped.toFixed(2)} s`,
    });
    return rows;
  } finally {
    await services?.stop();
    await database.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.info(JSON.stringify(await measureMoney({ smoke: process.argv.includes('--smoke') }), null, 2));
}
