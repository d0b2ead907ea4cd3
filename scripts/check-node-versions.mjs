#!/usr/bin/env node
// Kifu supports Node 22 and 24 (ADR 059) while this project's machines run Node 20: this runs, under
// each supported line, the smoke test of the native dependencies (scripts/native-deps-smoke.mjs) and
// the domain's unit tests, against the node_modules already installed. Each Node comes from the npm
// registry's `node` package through npx (cached after the first run), so nothing else is downloaded.
//
//   node scripts/check-node-versions.mjs          Node 22 and 24
//   node scripts/check-node-versions.mjs 24       one line only
//
// The full `npm ci && npm start && npm test` on each line was run by hand in a clone (ADR 059); CI runs
// this short check (about a minute) so that a dependency that stops working on a supported line shows.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The Node lines Kifu supports; scripts/node-engines.test.ts checks package.json declares them. */
export const SUPPORTED_NODE_LINES = ['22', '24'];

// Imported by that test for the list above: run the check only when started as a command.
if (process.argv[1] === fileURLToPath(import.meta.url))
  checkLines(process.argv.slice(2).length ? process.argv.slice(2) : SUPPORTED_NODE_LINES);

function checkLines(lines) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const failed = [];
  for (const line of lines) {
    console.info(`\n── Node ${line} ──`);
    const run = spawnSync(
      'npx',
      [
        '--yes',
        `--package=node@${line}`,
        '-c',
        'node --version && node scripts/native-deps-smoke.mjs && node node_modules/vitest/vitest.mjs run --project domain',
      ],
      { cwd: root, stdio: 'inherit', env: { ...process.env, npm_config_update_notifier: 'false' } },
    );
    if (run.status !== 0) failed.push(line);
  }
  if (failed.length) {
    console.error(`\nFailed on Node ${failed.join(', ')}.`);
    process.exit(1);
  }
  console.info(`\nNode ${lines.join(' and ')}: native dependencies and the domain tests pass.`);
}
