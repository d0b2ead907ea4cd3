// A reader has only the repository (ADR 059): what the code and docs cite must be in it. This fails,
// listing each file and line, when a tracked file cites a task of the project's tracker by number or
// a path beside the repository (the old specification's folder), when "spec §N" names a section
// docs/product-reference.md does not have, when an ADR number is missing without a note or an ADR
// lacks the template's headings, and when the benchmark's table markers leave docs/performance.md.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** Tracked text files a reader of the code meets. */
function trackedFiles(): string[] {
  const listed = spawnSync(
    'git',
    ['ls-files', '-z', 'apps', 'packages', 'scripts', 'bench', 'docs', '.ci', '*.md', '*.ts', '*.js', '*.json'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  return listed.stdout
    .split('\0')
    .filter(Boolean)
    .filter((path) => !/\.(png|jpe?g|gif|webp|ico|pdf|ttf|otf|woff2?|zip|gz)$/i.test(path) && !path.endsWith('package-lock.json'))
    .filter((path) => !path.includes('/db/migrations/meta/'));
}

/** Every line of the tracked files that matches, as "path:line: text". */
function offenders(pattern: RegExp): string[] {
  return trackedFiles().flatMap((path) => {
    let text: string;
    try {
      text = read(path);
    } catch {
      return []; // listed but deleted in the working copy
    }
    return text.split('\n').flatMap((line, at) => (pattern.test(line) ? [`${path}:${at + 1}: ${line.trim().slice(0, 160)}`] : []));
  });
}

// Built from parts so that this file does not match itself.
const TRACKER_NUMBER = new RegExp(['\\b', 'issues?', '\\s+', '#?\\d'].join(''), 'i');
const BESIDE_THE_REPOSITORY = new RegExp(['\\.\\./', 'shared/(spec|design|hooks)', '|', 'platform-', 'spec\\.md'].join(''));

describe('what the repository cites is in the repository', () => {
  it('cites ADRs and docs/, never a tracker number', () => {
    expect(offenders(TRACKER_NUMBER), 'name the ADR or docs/ file that holds the reason instead').toEqual([]);
  });

  it('never points beside the repository (the old specification and design folders)', () => {
    expect(offenders(BESIDE_THE_REPOSITORY), 'cite docs/product-reference.md, docs/providers.md, docs/architecture.md').toEqual([]);
  });

  it('"spec §N" names one of the nine sections of docs/product-reference.md', () => {
    const sections = [...read('docs/product-reference.md').matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1]));
    expect(sections).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(offenders(/spec §(0|[1-9]\d+)/)).toEqual([]);
  });
});

describe('the ADRs', () => {
  const dir = join(root, 'docs', 'decisions');
  const files = readdirSync(dir).filter((file) => /^\d{3}-.*\.md$/.test(file));

  it('leave no number out without a note saying why', () => {
    const numbers = new Set(files.map((file) => Number(file.slice(0, 3))));
    const missing = Array.from({ length: Math.max(...numbers) }, (_, i) => i + 1).filter((n) => !numbers.has(n));
    expect(
      missing.map(
        (n) =>
          `ADR ${String(n).padStart(3, '0')} is missing: write it, or docs/decisions/${String(n).padStart(3, '0')}-not-used.md saying why`,
      ),
    ).toEqual([]);
  });

  it('each have a Status line and the Context, Decision and Consequences (or Tests) headings', () => {
    const lacking = files.flatMap((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const needs = [
        [/^Status: \S/m, 'a "Status:" line'],
        [/^## Context\b/m, '"## Context"'],
        [/^## Decision\b/m, '"## Decision"'],
        [/^## (Consequences|Tests)\b/m, '"## Consequences" or "## Tests"'],
      ] as const;
      return needs.filter(([pattern]) => !pattern.test(text)).map(([, what]) => `${file} has no ${what}`);
    });
    expect(lacking).toEqual([]);
  });
});

describe('the benchmark table', () => {
  it('lives in docs/performance.md, where npm run bench writes it, and no longer in the README', () => {
    expect(read('docs/performance.md')).toMatch(/<!-- bench:start -->[\s\S]+<!-- bench:end -->/);
    expect(read('README.md')).not.toContain('<!-- bench:start -->');
    expect(read('bench/run.mjs')).toContain("join(root, 'docs', 'performance.md')");
  });
});
