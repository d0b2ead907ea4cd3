// Sums the JSON reports of every suite .ci/run ran into its last line, "N passed, N failed".
// Arguments: the reports folder, the number of failed steps that are not test suites (typecheck,
// lint), then "report.json:exit-status" per suite. A suite that exited non-zero without reporting a
// failed test (a crash, a missing report) counts as one failure, so a broken run never sums to 0.
// Each failed test is named above that line with the first line of its error, so the tail of a
// long CI log says what to look at.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const [dir, nonTestFailures, ...suites] = process.argv.slice(2);
let passed = 0;
let failed = Number(nonTestFailures ?? 0);

/** "file › test: first line of the error" for each failed test of a report. */
function failures(name, report) {
  const firstLine = (text) =>
    stripVTControlCharacters(String(text ?? ''))
      .trim()
      .split('\n')[0]
      .slice(0, 300);
  if (name.startsWith('playwright')) {
    const found = [];
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected') continue;
          const error = test.results?.at(-1)?.error?.message;
          found.push(`${spec.file ?? file} › ${spec.title}: ${firstLine(error)}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
    };
    for (const suite of report.suites ?? []) walk(suite, suite.file);
    return found;
  }
  const found = [];
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) found.push(`${file.name} › ${test.fullName ?? test.title}: ${firstLine(test.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed') found.push(`${file.name}: ${firstLine(file.message)}`);
  }
  return found;
}

function count(name, report) {
  if (name.startsWith('playwright')) {
    return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0) };
}

for (const suite of suites) {
  const [name, status] = suite.split(':');
  const path = join(dir, name);
  const report = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
  const result = report ? count(name, report) : { passed: 0, failed: 0 };
  for (const line of report ? failures(name, report) : []) console.log(`failed test (${name}): ${line}`);
  if (Number(status) !== 0 && result.failed === 0) result.failed = 1;
  passed += result.passed;
  failed += result.failed;
}
console.log(`${passed} passed, ${failed} failed`);
