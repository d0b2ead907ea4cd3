// The Node versions package.json declares (`engines.node`, ADR 059) are true: every installed
// package that names the Node versions it runs on accepts the oldest release of each line Kifu
// declares, and every line that scripts/check-node-versions.mjs runs in CI is declared. A dependency
// that raises its floor above ours (as cookie 2 and sanitize-html did, to Node 22) fails here with
// its name, until package.json, the README and ADR 059 say what is true again.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module of the tooling, without types
import { SUPPORTED_NODE_LINES } from './check-node-versions.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const declared = (readJson(join(root, 'package.json')).engines as { node: string }).node;

/** The oldest release of each line the range lets in: `^22.19.0 || >=24` → 22.19.0 and 24.0.0. */
function floorsOf(range: string): string[] {
  return new semver.Range(range).set.map((comparators) => {
    const floor = semver.minVersion(new semver.Range(comparators.map((c) => c.value).join(' ')));
    if (!floor) throw new Error(`no version satisfies ${range}`);
    return floor.version;
  });
}

/** Every package under node_modules (nested ones too) with the Node range it declares. */
function installedEngines(dir = join(root, 'node_modules')): { name: string; range: string; path: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.name.startsWith('@')) return installedEngines(path);
    let found: { name: string; range: string; path: string }[] = [];
    try {
      const pkg = readJson(join(path, 'package.json')) as { name?: string; engines?: { node?: unknown } };
      if (typeof pkg.engines?.node === 'string') found = [{ name: pkg.name ?? entry.name, range: pkg.engines.node, path }];
    } catch {
      // A folder without a package.json of its own (a package's data) declares nothing.
    }
    try {
      return [...found, ...installedEngines(join(path, 'node_modules'))];
    } catch {
      return found;
    }
  });
}

describe('the Node versions package.json declares', () => {
  const floors = floorsOf(declared);

  it('are accepted by every installed package that declares its own', () => {
    const refusing = installedEngines().flatMap(({ name, range, path }) =>
      floors
        .filter((floor) => !semver.satisfies(floor, range, { includePrerelease: true }))
        .map((floor) => `${name} (${path.slice(root.length)}) declares node "${range}", which refuses ${floor}`),
    );
    expect(refusing, `package.json declares node "${declared}"`).toEqual([]);
  });

  it('include each line CI runs the check on, and no line past its end of life (20)', () => {
    for (const line of SUPPORTED_NODE_LINES as string[]) {
      expect(semver.satisfies(`${line}.99.0`, declared), `Node ${line}`).toBe(true);
    }
    expect(semver.satisfies('20.99.0', declared), 'Node 20').toBe(false);
  });
});
