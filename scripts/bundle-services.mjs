#!/usr/bin/env node
// The compiled builds of our Node servers (ADR 044): esbuild bundles each entry point into one
// plain JavaScript file, so production runs `node dist/…js` instead of transpiling TypeScript through
// tsx at every start. Our own code and @kifu/domain (TypeScript source, ADR 001) are bundled; every
// other package stays in node_modules and is loaded as usual (argon2's and sharp's native modules,
// PGlite's wasm and data files, Next itself, fonts resolved by path). Files the code reads at run
// time are found from the package folder in both modes (apps/api/src/lib/api-root.ts, serve.ts).
//
//   node scripts/bundle-services.mjs api|web [--if-stale]
//
// api → apps/api/dist/{server,worker,migrate,seed,backup,restore}.js; web → apps/web/dist/serve.js (the custom
// server around Next's handler; `next build` still builds the pages). --if-stale builds only when a
// bundle is missing or one of the files it was built from (esbuild's metafile) is newer.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export const BUNDLES = {
  api: {
    dir: join(root, 'apps/api'),
    entryPoints: {
      server: 'src/server.ts',
      worker: 'src/worker.ts',
      migrate: 'src/db/migrate-cli.ts',
      seed: 'src/seed/seed-cli.ts',
      backup: 'src/backups/backup-cli.ts',
      restore: 'src/backups/restore-cli.ts',
    },
  },
  web: { dir: join(root, 'apps/web'), entryPoints: { serve: 'src/server/serve.ts' } },
};

/** What each bundle was built from, beside the bundles: for `--if-stale`. */
const INPUTS_FILE = 'dist/.inputs.json';

/** Bare imports stay external, except our own workspace packages, which ship TypeScript source. */
const externalPackages = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@kifu/') ? undefined : { path: args.path, external: true }));
  },
};

/** Builds `part`'s bundles into its dist/; answers the milliseconds it took. */
export async function bundle(part) {
  const { dir, entryPoints } = BUNDLES[part];
  const started = performance.now();
  // Loaded only to build: a production install without devDependencies runs the bundles it was
  // shipped with (`--if-stale` then finds nothing to do).
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: dir,
    entryPoints,
    outdir: 'dist',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Run with `node --enable-source-maps`: logged stack traces then name the TypeScript lines.
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  // Each file replaced in one rename, so a process starting meanwhile (another `npm start`, a
  // second worker) reads the old bundle or the new one, never half of one.
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  // Paths relative to the package folder, e.g. src/server.ts, ../../packages/domain/src/index.ts.
  const inputs = Object.keys(result.metafile.inputs);
  writeFileSync(join(dir, INPUTS_FILE), `${JSON.stringify({ inputs }, null, 1)}\n`);
  return performance.now() - started;
}

/** Whether `part`'s bundles are missing or older than a file they were built from (or this script). */
export function bundleIsStale(part) {
  const { dir, entryPoints } = BUNDLES[part];
  const inputsFile = join(dir, INPUTS_FILE);
  const outputs = Object.keys(entryPoints).map((name) => join(dir, 'dist', `${name}.js`));
  if (!existsSync(inputsFile) || outputs.some((output) => !existsSync(output))) return true;
  const built = Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  const { inputs } = JSON.parse(readFileSync(inputsFile, 'utf8'));
  const sources = [...inputs.map((input) => join(dir, input)), fileURLToPath(import.meta.url)];
  // A deleted input means the sources moved on since this build.
  return sources.some((source) => !existsSync(source) || statSync(source).mtimeMs > built);
}

/** Builds `part` if its bundles are missing or stale; answers whether it built. */
export async function bundleIfStale(part) {
  if (!bundleIsStale(part)) return false;
  await bundle(part);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const part = process.argv[2];
  if (!(part in BUNDLES)) {
    console.error(`usage: node scripts/bundle-services.mjs ${Object.keys(BUNDLES).join('|')} [--if-stale]`);
    process.exit(2);
  }
  if (process.argv.includes('--if-stale') && !bundleIsStale(part)) process.exit(0);
  const took = await bundle(part);
  console.info(
    `Built ${relative(root, BUNDLES[part].dir)}/dist (${Object.keys(BUNDLES[part].entryPoints).join(', ')}) in ${Math.round(took)} ms`,
  );
}
