// The load of the bench's pages and API reads (bench/run.mjs): `wrk`, a load generator written in C
// (Debian's package, which .ci/run installs), when the machine has it; autocannon otherwise.
// autocannon is one Node process on the same two cores as what it measures: a bare Node server
// answered it 1,800–4,300 times a second where wrk measured 15,000–35,000 for the same bytes, so it,
// not the server, was the limit of the rows it loaded (docs/performance.md).
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

const run = promisify(execFile);

/** wrk's path, or undefined where it is not installed. */
function findWrk() {
  try {
    return execFileSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

const WRK = findWrk();
/** One wrk thread per core of this 2-core machine (wrk's threads each drive their share of the connections). */
const WRK_THREADS = 2;

/** Which load generator `load` uses, for the table's heading. */
export const LOAD_GENERATOR = WRK ? `wrk (${WRK_THREADS} threads)` : 'autocannon';

const UNIT_MS = { us: 0.001, ms: 1, s: 1_000, m: 60_000 };

/** wrk's "99%   16.83ms" as milliseconds. */
function latencyMs(text, percentile) {
  const match = new RegExp(`^\\s*${percentile}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(text);
  if (!match) throw new Error(`wrk printed no ${percentile}th percentile:\n${text}`);
  return Number(match[1]) * UNIT_MS[match[2]];
}

/** What wrk printed, as the bench reads it: requests a second, p99 in ms, answers that were not 2xx or 3xx and socket errors. */
export function readWrkOutput(text) {
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(text);
  if (!rps) throw new Error(`wrk printed no requests a second:\n${text}`);
  const non2xx = Number(/^\s*Non-2xx or 3xx responses:\s+(\d+)/m.exec(text)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const socketErrors = socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  return { rps: Number(rps[1]), p99: latencyMs(text, 99), failed: non2xx + socketErrors };
}

/** Loads `url` for `durationS` with `connections` sending `headers`; answers req/s, p99 latency (ms) and the failed answers. */
export async function load(url, { connections, durationS, headers = {} }) {
  if (WRK) {
    const args = [`-t${Math.min(WRK_THREADS, connections)}`, `-c${connections}`, `-d${durationS}s`, '--latency'];
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
    const { stdout } = await run(WRK, [...args, url]);
    return readWrkOutput(stdout);
  }
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: durationS, headers }, (error, result) => {
      if (error) return reject(error);
      resolve({ rps: result.requests.average, p99: result.latency.p99, failed: result.non2xx + result.errors + result.timeouts });
    });
  });
}
