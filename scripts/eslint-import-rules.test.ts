// The import directions and file names of conventions.md are rules ESLint runs (ADR 027): each
// wrong-way import below must fail `npx eslint .`, and the right-way ones must pass. The imported
// modules are looked up, not named, so moving a file does not silently turn a case into a no-op.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const eslint = new ESLint({ cwd: root });

/** Some source file (not a test) inside `folder`, as an absolute path. */
function moduleIn(folder: string): string {
  const entry = readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .sort()
    .find((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));
  if (!entry) throw new Error(`no module in ${folder}`);
  return path.join(root, folder, entry);
}

/** How `from` imports `module`: through web's `@/` alias, or a relative path. */
function specifier(from: string, module: string): string {
  const bare = module.replace(/\.tsx?$/, '');
  const webSrc = path.join(root, 'apps/web/src');
  if (from.startsWith('apps/web/src/') && bare.startsWith(webSrc)) return `@/${path.relative(webSrc, bare)}`;
  const relative = path.relative(path.dirname(path.join(root, from)), bare);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** The rules broken by a file at `file` (made up, from the repository root) that imports `imports`. */
async function brokenRules(file: string, imports: string[] = []): Promise<(string | null)[]> {
  const code = [...imports.map((name) => `import '${name}';`), 'export {};', ''].join('\n');
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => message.ruleId);
}

const ZONE = 'import-x/no-restricted-paths';

describe('import directions', () => {
  const wrongWay: [string, string, string][] = [
    ['a feature imports another feature', 'apps/web/src/features/campaign/probe.ts', 'apps/web/src/features/associate'],
    ['components/ui imports a feature', 'apps/web/src/components/ui/probe.tsx', 'apps/web/src/features/associate'],
    ['a feature imports a route', 'apps/web/src/features/campaign/probe.ts', 'apps/web/src/app/[locale]/_components'],
    ['donations/ imports payments/', 'apps/api/src/donations/probe.ts', 'apps/api/src/payments'],
    ['donations/ imports recurring/', 'apps/api/src/donations/probe.ts', 'apps/api/src/recurring'],
    ['payments/ imports recurring/', 'apps/api/src/payments/card/probe.ts', 'apps/api/src/recurring'],
    ['browsing imports recurring/', 'apps/api/src/campaigns/probe.ts', 'apps/api/src/recurring'],
    ['packages/domain imports an app', 'packages/domain/src/probe.ts', 'apps/api/src/lib'],
  ];
  it.each(wrongWay)('fails when %s', async (_, file, folder) => {
    expect(await brokenRules(file, [specifier(file, moduleIn(folder))])).toEqual([ZONE]);
  });

  // By name, even where the name resolves to no file (the zone above needs a file).
  it.each(['@kifu/api', '@kifu/web/next.config', '@kifu/sandbox'])('fails when packages/domain imports %s', async (name) => {
    expect(await brokenRules('packages/domain/src/probe.ts', [name])).toContain('no-restricted-imports');
  });

  it('passes the right way: a route imports features and ui, a feature its own files and ui, a payment method and recurring/ write to donations/', async () => {
    const route = 'apps/web/src/app/[locale]/[...rest]/page.tsx';
    expect(
      await brokenRules(
        route,
        [moduleIn('apps/web/src/features/associate'), moduleIn('apps/web/src/components/ui')].map((m) => specifier(route, m)),
      ),
    ).toEqual([]);
    const feature = 'apps/web/src/features/associate/probe.ts';
    expect(
      await brokenRules(
        feature,
        [moduleIn('apps/web/src/features/associate'), moduleIn('apps/web/src/lib')].map((m) => specifier(feature, m)),
      ),
    ).toEqual([]);
    const method = 'apps/api/src/payments/card/probe.ts';
    expect(await brokenRules(method, [specifier(method, moduleIn('apps/api/src/donations'))])).toEqual([]);
    const recurring = 'apps/api/src/recurring/probe.ts';
    expect(
      await brokenRules(
        recurring,
        [moduleIn('apps/api/src/donations'), moduleIn('apps/api/src/payments')].map((m) => specifier(recurring, m)),
      ),
    ).toEqual([]);
  });
});

describe('kebab-case names', () => {
  it('fails on a file or folder name that is not kebab-case', async () => {
    expect(await brokenRules('apps/web/src/lib/sharePercent.ts')).toEqual(['check-file/filename-naming-convention']);
    expect(await brokenRules('apps/api/src/readModels/donation-totals.ts')).toEqual(['check-file/folder-naming-convention']);
  });

  it.each([
    'apps/web/src/app/[locale]/[...rest]/page.tsx',
    'apps/web/src/app/[locale]/associate/[uid]/donate/[[...step]]/page.tsx',
    'apps/web/src/app/[locale]/_components/card-grid.tsx',
    'apps/web/src/app/[locale]/portfolio/[id]/opengraph-image.tsx',
    'apps/web/src/app/kifuConfig/top/route.ts',
    'apps/api/src/donations/record-donation.test.ts',
    'vitest.config.ts',
  ])('passes Next route folders and special files, tests and configs: %s', async (file) => {
    expect(await brokenRules(file)).toEqual([]);
  });
});
