// docs/operations.md lists every environment variable, generated from the schemas (ADR 051): this
// fails when the file and the schemas disagree, and when a process reads a variable that no schema
// or list documents.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envBoolean } from '@kifu/domain/env';
import { z } from 'zod';
import { envSections, OPERATIONS_DOC, rowsOf, withEnvTables } from './env-table';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Set by the platform or npm, not by an operator. */
const NOT_OURS = new Set(['NODE_ENV', 'INIT_CWD', 'NEXT_RUNTIME']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.(test|spec)\./.test(entry.name) && !entry.name.endsWith('.d.mts') ? [path] : [];
  });
}

/** Names read as `process.env.NAME`, `process.env['NAME']` or `port('NAME', …)` (local-stack.mjs). */
function variablesRead(files: string[]): Map<string, string> {
  const read = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])|\bport\('([A-Z][A-Z0-9_]*)'/g)) {
      const name = match[1] ?? match[2] ?? match[3]!;
      if (!NOT_OURS.has(name) && !read.has(name)) read.set(name, relative(root, file));
    }
  }
  return read;
}

describe('docs/operations.md, "Environment variables"', () => {
  it('is what npm run docs:env writes from the schemas', () => {
    const document = readFileSync(OPERATIONS_DOC, 'utf8');
    const expected = withEnvTables(document);
    if (document !== expected) {
      expect.fail(
        'docs/operations.md does not list the environment variables as the schemas describe them: run `npm run docs:env` and commit docs/operations.md.',
      );
    }
  });

  it('is checked by the npm script itself', () => {
    const run = spawnSync('npm', ['run', '--silent', 'docs:env', '--', '--check'], { cwd: root, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('up to date');
  });

  it('documents every variable a process reads outside its schema', () => {
    const documented = new Map(envSections().map((section) => [section.title, new Set(section.rows.map((row) => row.name))]));
    const all = new Set([...documented.values()].flatMap((names) => [...names]));
    const web = documented.get('Web')!;
    const undocumented = (read: Map<string, string>, names: ReadonlySet<string>) =>
      [...read].filter(([name]) => !names.has(name)).map(([name, file]) => `${name} (${file})`);

    // The web server's own reads belong in src/lib/env.ts or src/server/server-variables.ts.
    const webReads = variablesRead([...sourceFiles(join(root, 'apps/web/src')), join(root, 'apps/web/next.config.ts')]);
    expect(undocumented(webReads, web), 'describe them in apps/web/src/server/server-variables.ts, then run npm run docs:env').toEqual([]);
    // npm start / npm run dev, the API and the sandbox: anything they read is in one of the tables.
    const otherReads = variablesRead([
      ...['start.mjs', 'dev.mjs', 'local-stack.mjs'].map((file) => join(root, 'scripts', file)),
      ...sourceFiles(join(root, 'apps/api/src')),
      ...sourceFiles(join(root, 'apps/sandbox/src')),
    ]);
    expect(
      undocumented(otherReads, all),
      'describe them where they are read (a schema, or scripts/local-stack.mjs), then run npm run docs:env',
    ).toEqual([]);
  });

  it('refuses a variable without a description, saying where to add one', () => {
    const schema = z.object({ DOCUMENTED: z.string().default('x').describe('Says what it does.'), NEW_SETTING: z.string().optional() });
    expect(() => rowsOf(schema, 'apps/api/src/config/env.ts')).toThrow(
      "NEW_SETTING has no description: add .describe('what it does') to it in apps/api/src/config/env.ts, then run npm run docs:env.",
    );
    expect(rowsOf(z.object({ ON: envBoolean.default(true).describe('Turns it on.') }), 'here')).toEqual([
      { name: 'ON', description: 'Turns it on. `true` or `false` (`1`, `0`).', default: '`true`', production: undefined },
    ]);
  });
});
