// `npm run docs:env`: writes the tables of environment variables in docs/operations.md, between
// <!-- env:start --> and <!-- env:end -->, from what each process parses at boot (ADR 051): the
// API's and the sandbox's zod schemas, the web's (src/lib/env.ts and its server's
// graceful-close.ts) with the list of what its server reads elsewhere (src/server/server-variables.ts),
// and `npm start`'s own list (local-stack.mjs). Every description lives beside its variable, in a
// `.describe()` or `.meta()`; env-table.test.ts fails when the file differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EnvVariableDoc } from '@kifu/domain/env';
import { envBoolean } from '@kifu/domain/env';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { z } from 'zod';
import { baseSchema as apiVariables, configSchema as apiConfigSchema } from '../apps/api/src/config/env';
import { sandboxVariables } from '../apps/sandbox/src/config/env';
import { envSchema as webVariables } from '../apps/web/src/lib/env';
import { shutdownVariables as webShutdownVariables } from '../apps/web/src/server/graceful-close';
import { webServerVariables } from '../apps/web/src/server/server-variables';
import { stackVariables } from './local-stack.mjs';

export const OPERATIONS_DOC = fileURLToPath(new URL('../docs/operations.md', import.meta.url));
export const START_MARKER = '<!-- env:start -->';
export const END_MARKER = '<!-- env:end -->';

interface Row extends EnvVariableDoc {
  name: string;
}

interface Section {
  title: string;
  intro: string;
  rows: Row[];
  /** Whether the table has a production column (the development tools have none). */
  production: boolean;
}

type AnySchema = z.core.$ZodType;

/** Follows defaults, optionals and pipes inward, e.g. to the enum or the default under a transform. */
function layers(schema: AnySchema): AnySchema[] {
  const found: AnySchema[] = [];
  let current: AnySchema | undefined = schema;
  while (current) {
    found.push(current);
    const def = current._zod.def as { type: string; innerType?: AnySchema; in?: AnySchema };
    current = def.type === 'default' || def.type === 'optional' ? def.innerType : def.type === 'pipe' ? def.in : undefined;
  }
  return found;
}

/** Every value of the sandbox's public test credentials: a default among them is shown as such, not printed. */
function sandboxValues(value: unknown): string[] {
  return typeof value === 'string' ? [value] : Object.values(value as object).flatMap(sandboxValues);
}
const SANDBOX_VALUES = new Set(sandboxValues(SANDBOX_CREDENTIALS));

function shownDefault(schema: AnySchema): string | undefined {
  for (const layer of layers(schema)) {
    const def = layer._zod.def as { type: string; defaultValue?: unknown };
    if (def.type !== 'default') continue;
    const value = def.defaultValue;
    if (typeof value === 'string' && SANDBOX_VALUES.has(value)) return "the sandbox's test value";
    return `\`${String(value)}\``;
  }
  return undefined;
}

function allowedValues(schema: AnySchema): string | undefined {
  const all = layers(schema);
  if (all.includes(envBoolean)) return '`true` or `false` (`1`, `0`).';
  const enumeration = all.find((layer) => layer._zod.def.type === 'enum') as z.ZodEnum | undefined;
  if (enumeration) return `One of ${enumeration.options.map((option) => `\`${String(option)}\``).join(', ')}.`;
  return undefined;
}

/** The rows of a zod object whose keys carry `.describe()` or `.meta({ description, shownDefault, production })`. */
export function rowsOf(object: z.ZodObject, where: string, refusedInProduction: ReadonlyMap<string, string> = new Map()): Row[] {
  return Object.entries(object.shape).map(([name, schema]) => {
    const meta = (z.globalRegistry.get(schema) ?? {}) as { description?: unknown; shownDefault?: unknown; production?: unknown };
    if (typeof meta.description !== 'string' || meta.description.trim() === '')
      throw new Error(`${name} has no description: add .describe('what it does') to it in ${where}, then run npm run docs:env.`);
    const allowed = allowedValues(schema);
    const refusal = refusedInProduction.get(name);
    const production = [refusal, typeof meta.production === 'string' ? meta.production : undefined].filter(Boolean).join('; ');
    return {
      name,
      description: allowed ? `${meta.description} ${allowed}` : meta.description,
      default: typeof meta.shownDefault === 'string' ? meta.shownDefault : shownDefault(schema),
      production: production || undefined,
    };
  });
}

function rowsOfList(list: Record<string, EnvVariableDoc>): Row[] {
  return Object.entries(list).map(([name, doc]) => ({ name, ...doc }));
}

/** What the API refuses in production when left at its default: found by asking it, so the table cannot claim otherwise. */
function apiProductionRefusals(): Map<string, string> {
  const parsed = apiConfigSchema.safeParse({ KIFU_ENV: 'production' });
  const refused = new Map<string, string>();
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    refused.set(String(issue.path[0]), '**yes**: its default is refused');
  }
  return refused;
}

function uniqueRows(rows: Row[], title: string): Row[] {
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.name)) throw new Error(`${row.name} is documented twice for ${title}`);
    seen.add(row.name);
  }
  return rows;
}

export function envSections(): Section[] {
  const web = 'Web';
  return [
    {
      title: 'API and worker',
      intro:
        '`apps/api/src/config/env.ts`: the API (`npm start -w @kifu/api`), `npm run worker`, `npm run db:migrate`, `npm run db:seed`, `npm run backup` and `npm run restore` all read it.',
      rows: rowsOf(apiVariables, 'apps/api/src/config/env.ts', apiProductionRefusals()),
      production: true,
    },
    {
      title: web,
      intro:
        '`apps/web/src/lib/env.ts` and `src/server/graceful-close.ts` (parsed at boot), and `src/server/server-variables.ts` (read where they are used).',
      rows: uniqueRows(
        [
          ...rowsOf(webVariables, 'apps/web/src/lib/env.ts'),
          ...rowsOf(webShutdownVariables, 'apps/web/src/server/graceful-close.ts'),
          ...rowsOfList(webServerVariables),
        ],
        web,
      ),
      production: true,
    },
    {
      title: 'Provider sandbox',
      intro: '`apps/sandbox/src/config/env.ts`. A development and test tool: production runs no sandbox.',
      rows: rowsOf(sandboxVariables, 'apps/sandbox/src/config/env.ts'),
      production: false,
    },
    {
      title: '`npm start` and `npm run dev`',
      intro:
        '`scripts/local-stack.mjs`: what they read themselves and what they give the three parts when it is unset; everything else is passed on as it is.',
      rows: rowsOfList(stackVariables),
      production: false,
    },
  ];
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function renderSection(section: Section): string {
  const columns = section.production ? ['variable', 'default', 'production', 'what it does'] : ['variable', 'default', 'what it does'];
  const cells = (row: Row) => [
    `\`${row.name}\``,
    cell(row.default ?? 'unset'),
    ...(section.production ? [cell(row.production ?? '—')] : []),
    cell(row.description),
  ];
  return [
    `### ${section.title}`,
    '',
    section.intro,
    '',
    `| ${columns.join(' | ')} |`,
    `|${columns.map(() => '---').join('|')}|`,
    ...section.rows.map((row) => `| ${cells(row).join(' | ')} |`),
  ].join('\n');
}

/** The Markdown that belongs between the markers. */
export function renderEnvTables(): string {
  return [
    '<!-- Generated by `npm run docs:env` from the schemas (ADR 051): edit the descriptions there, not here. -->',
    '',
    envSections().map(renderSection).join('\n\n'),
  ].join('\n');
}

/** `document` with the text between its markers replaced by the tables. */
export function withEnvTables(document: string): string {
  const start = document.indexOf(START_MARKER);
  const end = document.indexOf(END_MARKER);
  if (start === -1 || end < start) throw new Error(`docs/operations.md needs the markers ${START_MARKER} and ${END_MARKER}, in that order`);
  return `${document.slice(0, start + START_MARKER.length)}\n${renderEnvTables()}\n${document.slice(end)}`;
}

// `npm run docs:env` writes the tables; `npm run docs:env -- --check` only says whether they are up to date (exit 1 if not).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const before = readFileSync(OPERATIONS_DOC, 'utf8');
  const after = withEnvTables(before);
  if (after === before) console.info('docs/operations.md: the environment tables are up to date.');
  else if (process.argv.includes('--check')) {
    console.error('docs/operations.md: the environment tables are out of date; run npm run docs:env.');
    process.exitCode = 1;
  } else {
    writeFileSync(OPERATIONS_DOC, after);
    console.info('docs/operations.md: wrote the environment tables.');
  }
}
