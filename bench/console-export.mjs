// The console's CSV export (ADR 065): 100,000 gifts of one associate exported by the job's code on
// PostgreSQL — keyset pages of 1,000, each stored as a part with its progress recorded — next to
// PostgreSQL writing the same rows itself with `COPY (select …) TO STDOUT WITH CSV` (psql, output
// thrown away), and the worker process's peak memory (it must not grow with the export).
//
// Set-up (not timed): a database of its own, migrated, and the gifts and their donors written with
// generate_series in two statements.
//
//   node bench/console-export.mjs [--smoke]     prints the row (2,000 gifts with --smoke)
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { root, scratchDatabase } from './stack.mjs';

const GOAL = { ratio: 0.1, rssMiB: 256 };

function worker(args) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/console-export-worker.mts', ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 2 ** 20,
  });
  if (result.status !== 0) throw new Error(`console-export-worker ${args[0]} failed: ${result.stderr || result.error}`);
  return result.stdout;
}

/** Seconds psql takes to COPY the export's rows to its standard output. */
function copySeconds(url) {
  const query = `copy (select d.id, d.created_at, d.paid_at, case when d.is_anonymous then null else dn.last_name || ' ' || dn.first_name end,
      case when d.is_anonymous then null else dn.email end, case when d.is_anonymous then null else dn.area || dn.city || dn.address1 end,
      d.amount, d.refunded_amount, d.commission, d.payment_method, d.status
    from donations d left join donors dn on dn.id = d.donor_id
    where d.associate_id = (select id from associates where uid = 'bench-export')
    order by d.created_at desc, d.id desc) to stdout with csv header`;
  const started = performance.now();
  const result = spawnSync('psql', [url, '-q', '-c', query], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql copy failed: ${result.stderr || result.error}`);
  return (performance.now() - started) / 1000;
}

export async function measureConsoleExport({ smoke = false, count = smoke ? 2_000 : 100_000 } = {}) {
  const database = await scratchDatabase('kifu_bench_export');
  try {
    worker(['seed', database.url, String(count)]);
    // The best of three: psql's own start-up is part of a COPY this short, and it varies.
    const copy = Math.min(...[1, 2, 3].map(() => copySeconds(database.url)));
    const run = JSON.parse(worker(['export', database.url]).trim().split('\n').at(-1));
    const rate = run.rows / run.seconds;
    const baseline = count / copy;
    return [
      {
        what: `console export, ${count.toLocaleString('en-US')} gifts of one associate on PostgreSQL, rows/s`,
        kifu: { rps: rate, p99: 0, failed: run.rows === count && run.status === 'ready' ? 0 : Math.abs(count - run.rows) || 1 },
        baselineName: 'COPY … TO STDOUT WITH CSV (psql)',
        baseline: { rps: baseline, p99: 0, failed: 0 },
        goal: `≥ ${GOAL.ratio}, peak RSS < ${GOAL.rssMiB} MiB`,
        met: run.rows === count && rate / baseline >= GOAL.ratio && run.maxRssMiB < GOAL.rssMiB,
        note: `${run.rows.toLocaleString('en-US')} rows in ${run.seconds.toFixed(2)} s against COPY's ${copy.toFixed(2)} s (${(rate / baseline).toFixed(2)} × COPY); worker peak RSS ${Math.round(run.maxRssMiB)} MiB`,
      },
    ];
  } finally {
    await database.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.info(JSON.stringify(await measureConsoleExport({ smoke: process.argv.includes('--smoke') }), null, 2));
}
