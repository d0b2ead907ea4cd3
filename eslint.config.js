import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// Import directions (conventions.md "Layout", ADR 027). Paths are from this folder, so the rules
// hold whatever folder ESLint is started from.
const root = fileURLToPath(new URL('.', import.meta.url));
const web = 'apps/web/src';
const api = 'apps/api/src';
const webFeatures = readdirSync(new URL(`${web}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const importZones = [
  // web: components/ui (and lib) → features → app.
  {
    target: [`${web}/components`, `${web}/lib`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared pieces import no feature and no route: move what both need into components/, lib/ or packages/domain.',
  },
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'A feature imports no route: move the piece into the feature, components/ or lib/.',
  },
  // A feature imports no other feature: share through packages/domain, components/ or lib/.
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'A feature imports no other feature: share through packages/domain, components/ or lib/.',
  })),
  // api: donations/ is the ledger every payment method writes to; a method (payments/<method>/)
  // owns its charge from start to settlement, and recurring/ runs the later charges of both.
  {
    target: `${api}/donations`,
    from: [`${api}/payments`, `${api}/recurring`],
    message:
      'donations/ imports no payment method and no recurring job: hook the method in from payments/ (e.g. onSettled) or move the shared piece into donations/.',
  },
  {
    target: `${api}/payments`,
    from: `${api}/recurring`,
    message: 'payments/ never imports recurring/: recurring/ uses a payment method, not the other way round.',
  },
  // api: the browse side reads totals through read-models/, not through the donation use cases.
  {
    target: ['associates', 'campaigns', 'portfolios', 'site-config', 'public-pages'].map((module) => `${api}/${module}`),
    from: [`${api}/donations`, `${api}/payments`, `${api}/recurring`],
    message: 'Browsing reads donations through read-models/, not through donations/, payments/ or recurring/.',
  },
  // domain: shared by every app, so it imports none.
  { target: 'packages/domain', from: 'apps', message: 'packages/domain imports no app.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next/**',
      '**/dist/**',
      'data/**',
      '**/migrations/**',
      'test-results/**',
      'playwright-report/**',
      '**/next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['info'] }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Resolves `@/…` and extensionless paths as each workspace's tsconfig does.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [`${root}apps/*/tsconfig.json`, `${root}packages/*/tsconfig.json`],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: importZones }] },
  },
  {
    files: ['packages/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@kifu/(api|web|sandbox)(/|$)', message: 'packages/domain imports no app.' }] },
      ],
    },
  },
  // A page's own message provider adds to the root layout's namespaces through ClientMessages: a
  // NextIntlClientProvider of its own would replace them, and show raw keys (ADR 056).
  {
    files: ['apps/web/src/**'],
    ignores: ['apps/web/src/i18n/client-messages.tsx', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'next-intl',
              importNames: ['NextIntlClientProvider'],
              message:
                "Use ClientMessages from '@/i18n/client-messages': it adds to the root layout's messages instead of replacing them (ADR 056).",
            },
          ],
        },
      ],
    },
  },
  // Browser specs take `test` from their fixtures, which fail a test whose page misses a message (ADR 056).
  {
    files: ['apps/web/e2e/**'],
    ignores: ['apps/web/e2e/fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from './fixtures': it fails a test whose page could not find a message (ADR 056).",
            },
          ],
        },
      ],
    },
  },
  // Kebab-case names (conventions.md habit 5). `.test`, `.config`, `.d` are middle extensions.
  // Next's route folders under app/ are URL segments ([locale], _components, and the camelCase
  // paths the old site published), so folder names are checked everywhere else.
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js,mjs,cjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': [
        'error',
        { '{apps/api,apps/sandbox,packages/domain}/src/**/': 'KEBAB_CASE', 'apps/web/src/!(app)/**/': 'KEBAB_CASE' },
      ],
    },
  },
  // Command-line scripts talk to the person running them.
  { files: ['scripts/**', '.ci/**'], rules: { 'no-console': 'off' } },
);
