// The apps/api folder, found from this module's own file so that it is the same whether the code
// runs from its sources (tsx: src/lib/api-root.ts) or from the bundle (dist/server.js, ADR 044),
// where every module shares the bundle's `import.meta.url`: the nearest folder up with a package.json.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function packageFolderOf(file: string): string {
  let folder = dirname(file);
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`no package.json above ${file}`);
    folder = parent;
  }
  return folder;
}

export const API_ROOT = packageFolderOf(fileURLToPath(import.meta.url));
