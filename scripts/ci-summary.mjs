// Sums the JSON reports of every suite .ci/run ran into its last line, "N passed, N failed".
// Arguments: the reports folder, the number of failed steps that are not test suites (typecheck,
// lint), then "report.json:exit-status" per suite. A suite that exited non-zero without reporting a
// failed test (a crash, a missing report) counts as one failure, so a broken run never sums to 0.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, nonTestFailures, ...suites] = process.argv.slice(2);
let passed = 0;
let failed = Number(nonTestFailures ?? 0);

function count(name, report) {
  if (name.startsWith('playwright')) {
    return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0) };
}

for (const suite of suites) {
  const [name, status] = suite.split(':');
  const path = join(dir, name);
  const result = existsSync(path) ? count(name, JSON.parse(readFileSync(path, 'utf8'))) : { passed: 0, failed: 0 };
  if (Number(status) !== 0 && result.failed === 0) result.failed = 1;
  passed += result.passed;
  failed += result.failed;
}
console.log(`${passed} passed, ${failed} failed`);
